"""The job event log (``job_events``): batched appends and ordered reads.

Two statements here are raw SQL, each a measured hot path (bench/event_log_sql.py, 10 000 guide
deltas, best of 3 on the 2-core dev machine under load): the batch append, one ``executemany``
of pre-encoded rows (471 ms; the SQLModel ORM took 5 013 ms, SQLAlchemy Core 952 ms), and the
replay, one ``SELECT`` whose JSON is parsed as one array (222 ms; the ORM took 1 556 ms).
bench/job_log.py measures the whole log (append rate, live delivery, replay). Everything else
goes through the SQLModel tables (`engine.storage.tables.JobRow`, `JobEventRow`) like the rest
of the database.

Functions take the SQLAlchemy engine (`engine.storage.Database` runs them on its threads) or,
inside a transaction, its session.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Table, func, update
from sqlalchemy.engine import Connection, Engine
from sqlmodel import Session, select

from engine.events import Event, Payload, decode, encode
from engine.storage.database import immediate
from engine.storage.tables import JobEventRow, JobRow

log = logging.getLogger(__name__)

#: The hot-path statements (see the module docstring for the figures).
_APPEND = "INSERT INTO job_events (job_id, seq, type, at, data) VALUES (?, ?, ?, ?, ?)"
_REPLAY = (
    "SELECT seq, type, at || '+00:00', data FROM job_events WHERE job_id = ? AND seq > ?"
    " ORDER BY seq LIMIT ?"
)
_JOBS: Table = JobRow.__table__  # type: ignore[attr-defined]
#: Columns of ``jobs`` the log may write (`JobRow` attributes).
JOB_COLUMNS = frozenset(
    {"state", "itinerary_id", "checkpoint", "checkpoint_data", "last_seq", "error",
     "input_tokens", "output_tokens", "started_at", "finished_at", "owner", "heartbeat_at",
     "cancel_requested", "summary"}
)  # fmt: skip


@dataclass
class Batch:
    """Writes committed in one transaction.

    Attributes:
        events: new events, any jobs, in seq order per job.
        updates: job id → `JobRow` column → new value (see `JOB_COLUMNS`).
    """

    events: list[Event] = field(default_factory=list)
    updates: dict[str, dict[str, Any]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.events or self.updates)


def _stamp(value: dt.datetime) -> str:
    """UTC datetime → the text SQLAlchemy stores for `JobEventRow.at` (no offset)."""
    if value.tzinfo is not dt.UTC:
        value = value.astimezone(dt.UTC)
    return value.isoformat(sep=" ", timespec="microseconds")[:26]


def _dumps(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):  # e.g. a tool result holding a non-JSON value
        log.warning("event data not JSON-serialisable, stored with repr(): %.200r", value)
        return json.dumps(value, ensure_ascii=False, default=repr)


def insert_events(session: Session | Connection, events: Iterable[Event]) -> None:
    """Append `events` (inside the caller's transaction). A hot path: raw ``executemany``."""
    rows = [
        (e.job_id, e.seq, e.type.value, _stamp(e.at), _dumps(encode(e.payload))) for e in events
    ]
    connection = session.connection() if isinstance(session, Session) else session
    connection.exec_driver_sql(_APPEND, rows)


def update_job(session: Session | Connection, job_id: str, values: Mapping[str, Any]) -> None:
    """Set columns of one ``jobs`` row (inside the caller's transaction), named as `JobRow`'s.

    Raises:
        KeyError: a column that the job log may not write.
    """
    if not values:
        return
    unknown = set(values) - JOB_COLUMNS
    if unknown:
        raise KeyError(f"the job log may not write {sorted(unknown)}")
    connection = session.connection() if isinstance(session, Session) else session
    connection.execute(update(_JOBS).where(_JOBS.c.id == job_id).values(**values))


def apply_batch(engine: Engine, batch: Batch) -> None:
    """Commit a `Batch` in one ``BEGIN IMMEDIATE`` transaction (all or nothing); on a bare
    connection, as the hot path it is (no ORM session)."""
    with engine.connect() as connection, immediate(connection):
        if batch.events:
            insert_events(connection, batch.events)
        for job_id, values in batch.updates.items():
            update_job(connection, job_id, values)


def read_events(engine: Engine, job_id: str, after_seq: int = 0, limit: int = -1) -> list[Event]:
    """The events of `job_id` with seq > `after_seq`, in order (at most `limit`; -1: all).
    A hot path (every replay): one raw ``SELECT``, its JSON parsed as one array."""
    with engine.connect() as connection:  # the DB-API cursor: plain tuples, no Row objects
        cursor = connection.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        try:
            rows = cursor.execute(_REPLAY, (job_id, after_seq, limit)).fetchall()
        finally:
            cursor.close()
    if not rows:
        return []
    try:  # one JSON array: several times faster than a loads() per row
        datas = json.loads("[" + ",".join([row[3] for row in rows]) + "]")
    except ValueError:
        datas = [json.loads(row[3]) for row in rows]
    at = dt.datetime.fromisoformat
    return [
        Event(job_id, seq, decode(kind, data), at(when))
        for (seq, kind, when, _), data in zip(rows, datas, strict=True)
    ]


def last_seq(session: Session, job_id: str) -> int:
    """The highest stored seq of `job_id` (0 when none)."""
    found = session.exec(select(func.max(JobEventRow.seq)).where(JobEventRow.job_id == job_id))
    return int(found.one() or 0)


def append_now(session: Session, job_id: str, payload: Payload) -> Event:
    """Append one event at ``last_seq + 1`` (inside the caller's transaction); returns it.

    For writers that do not own the job's live stream (recovery, cross-process cancel).
    """
    event = Event(job_id=job_id, seq=last_seq(session, job_id) + 1, payload=payload)
    insert_events(session, [event])
    update_job(session, job_id, {"last_seq": event.seq})
    return event
