"""The job event log (``job_events``): batched appends and ordered reads.

Three statements here are raw SQL, each a measured hot path. bench/event_log_sql.py (10 000
guide deltas, best of 3, two runs on the loaded 2-core dev machine): the append as one
``executemany`` of rows encoded straight to JSON text took 458-471 ms (the SQLModel ORM
2 296-5 013 ms, SQLAlchemy Core 615-952 ms); the replay as one ``SELECT`` on the DB-API cursor
whose JSON is parsed as one array took 97-222 ms (the ORM 754-1 556 ms). And `apply_batch`,
the batch commit: on an SQLAlchemy connection with an UPDATE built per batch it allocated as
many objects as the events themselves, and bench/job_log.py's append rate lost 10-20 % to the
extra garbage collections; on the pooled DB-API connection it is back to main's. Everything
else goes through the SQLModel tables (`engine.storage.tables.JobRow`, `JobEventRow`) like the
rest of the database, and the raw UPDATE binds each value with `JobRow`'s column type.

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
from sqlalchemy.dialects.sqlite.pysqlite import SQLiteDialect_pysqlite
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from engine.events import Event, Payload, decode, dumps, encode
from engine.storage.tables import JobEventRow, JobRow

log = logging.getLogger(__name__)

#: The hot-path statements (see the module docstring for the figures).
_APPEND = "INSERT INTO job_events (job_id, seq, type, at, data) VALUES (?, ?, ?, ?, ?)"
_REPLAY = (
    "SELECT seq, type, at || '+00:00', data FROM job_events WHERE job_id = ? AND seq > ?"
    " ORDER BY seq LIMIT ?"
)
_JOBS: Table = JobRow.__table__  # type: ignore[attr-defined]
_DIALECT = SQLiteDialect_pysqlite()


def _binder(name: str) -> Any:
    """The function turning a value into what SQLite stores for column `name` (`JobRow`'s
    column type: JSON text, UTC time text …)."""
    processor = _JOBS.c[name].type._cached_bind_processor(_DIALECT)
    return processor if processor is not None else (lambda value: value)


#: Columns of ``jobs`` the log may write (`JobRow` attributes).
JOB_COLUMNS = frozenset(
    {"state", "itinerary_id", "checkpoint", "checkpoint_data", "last_seq", "error",
     "input_tokens", "output_tokens", "started_at", "finished_at", "owner", "heartbeat_at",
     "cancel_requested", "summary"}
)  # fmt: skip


_BIND = {name: _binder(name) for name in JOB_COLUMNS}


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


def _dumps(payload: Payload) -> str:
    try:
        return dumps(payload)
    except (TypeError, ValueError):  # e.g. a tool result holding a non-JSON value
        log.warning("event data not JSON-serialisable, stored with repr(): %.200r", payload)
        return json.dumps(encode(payload), ensure_ascii=False, default=repr)


def _rows(events: Iterable[Event]) -> list[tuple[str, int, str, str, str]]:
    return [(e.job_id, e.seq, e.type.value, _stamp(e.at), _dumps(e.payload)) for e in events]


def insert_events(session: Session, events: Iterable[Event]) -> None:
    """Append `events` (inside the caller's transaction): the raw ``executemany``."""
    session.connection().exec_driver_sql(_APPEND, _rows(events))


def update_job(session: Session, job_id: str, values: Mapping[str, Any]) -> None:
    """Set columns of one ``jobs`` row (inside the caller's transaction), named as `JobRow`'s.

    Raises:
        KeyError: a column that the job log may not write.
    """
    if values:
        _check(values)
        session.execute(update(_JOBS).where(_JOBS.c.id == job_id).values(**values))


def _check(values: Mapping[str, Any]) -> None:
    unknown = set(values) - JOB_COLUMNS
    if unknown:
        raise KeyError(f"the job log may not write {sorted(unknown)}")


def apply_batch(engine: Engine, batch: Batch) -> None:
    """Commit a `Batch` in one ``BEGIN IMMEDIATE`` transaction (all or nothing), on the
    pooled DB-API connection (the hot path: see the module docstring).

    Raises:
        sqlite3.IntegrityError: an event's seq is taken (another process took the job over).
    """
    connection = engine.raw_connection()
    try:
        cursor = connection.cursor()
        cursor.execute("BEGIN IMMEDIATE")
        try:
            if batch.events:
                cursor.executemany(_APPEND, _rows(batch.events))
            for job_id, values in batch.updates.items():
                _check(values)
                names = ", ".join(f"{name} = ?" for name in values)
                params = [_BIND[name](value) for name, value in values.items()]
                cursor.execute(f"UPDATE jobs SET {names} WHERE id = ?", [*params, job_id])
        except BaseException:
            cursor.execute("ROLLBACK")
            raise
        cursor.execute("COMMIT")
        cursor.close()
    finally:
        connection.close()  # back to the pool


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
