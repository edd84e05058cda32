"""Bench: why the event log's append and replay are raw SQL (engine/jobs/eventlog.py).

Appends 10 000 guide deltas and replays them three ways: the raw ``executemany`` / ``SELECT``
the log uses, the SQLModel ORM, and SQLAlchemy Core; prints the best of three of each.

    python bench/event_log_sql.py [--events N]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlalchemy import delete, insert
from sqlmodel import Session, col, select

from engine.events import Event, GuideDelta, decode, encode
from engine.jobs.eventlog import insert_events, read_events
from engine.storage.database import transaction
from engine.storage.db import close_all, open_database
from engine.storage.tables import JobEventRow, JobRow


def best_ms(fn: Callable[[], object]) -> float:
    times = []
    for _ in range(3):
        began = time.perf_counter()
        fn()
        times.append(time.perf_counter() - began)
    return min(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=10_000)
    count = parser.parse_args().events
    with tempfile.TemporaryDirectory() as home:
        engine = open_database(Path(home) / "bench.db")
        with Session(engine) as session:
            session.add_all([JobRow(id=way, request={}) for way in ("raw", "orm", "core")])
            session.commit()
        deltas = [GuideDelta(f"第{i}段：黄山云海，日出 05:30。") for i in range(count)]

        def fresh(session: Session, job_id: str) -> list[Event]:
            session.execute(delete(JobEventRow).where(col(JobEventRow.job_id) == job_id))
            return [Event(job_id, seq, delta) for seq, delta in enumerate(deltas, 1)]

        def append_raw() -> None:
            with transaction(engine) as session:
                insert_events(session, fresh(session, "raw"))

        def append_orm() -> None:
            with transaction(engine) as session:
                session.add_all(
                    JobEventRow(
                        job_id=e.job_id,
                        seq=e.seq,
                        type=e.type.value,
                        at=e.at,
                        data=encode(e.payload),
                    )
                    for e in fresh(session, "orm")
                )

        def append_core() -> None:
            with transaction(engine) as session:
                rows = [
                    {
                        "job_id": e.job_id,
                        "seq": e.seq,
                        "type": e.type.value,
                        "at": e.at,
                        "data": encode(e.payload),
                    }
                    for e in fresh(session, "core")
                ]
                session.execute(insert(JobEventRow), rows)

        def replay_raw() -> None:
            assert len(read_events(engine, "raw")) == count

        def replay_orm() -> None:
            query = select(JobEventRow).where(JobEventRow.job_id == "orm")
            with Session(engine) as session:
                rows = session.exec(query.order_by(col(JobEventRow.seq))).all()
                events = [Event(r.job_id, r.seq, decode(r.type, r.data), r.at) for r in rows]
            assert len(events) == count

        print(f"{count:,} guide deltas, best of 3 (ms)")
        print(f"append  raw executemany {best_ms(append_raw):7.0f}   (engine/jobs/eventlog.py)")
        print(f"append  SQLModel ORM    {best_ms(append_orm):7.0f}")
        print(f"append  SQLAlchemy Core {best_ms(append_core):7.0f}")
        print(f"replay  raw SELECT      {best_ms(replay_raw):7.0f}   (engine/jobs/eventlog.py)")
        print(f"replay  SQLModel ORM    {best_ms(replay_orm):7.0f}")
        close_all()


if __name__ == "__main__":
    main()
