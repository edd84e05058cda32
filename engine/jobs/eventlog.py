"""The job event log in SQLite (``job_events``): batched appends and ordered reads.

Functions take a `sqlite3.Connection` from `engine.jobs.sqlite.connect` and block; the manager
calls them on its single database thread, the CLI calls them directly.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.events import Event, Payload, decode, encode, utcnow
from engine.jobs.sqlite import dumps, enc_time, loads, write

_JOB_COLUMNS = {
    "state": str,
    "itinerary_id": None,
    "checkpoint": None,
    "checkpoint_data": dumps,
    "last_seq": None,
    "error": None,
    "input_tokens": None,
    "output_tokens": None,
    "started_at": enc_time,
    "finished_at": enc_time,
    "owner": None,
    "heartbeat_at": enc_time,
    "cancel_requested": None,
    "summary": dumps,
}


@dataclass
class Batch:
    """Writes committed in one transaction.

    Attributes:
        events: new events, any jobs, in seq order per job.
        updates: job id → column → new value (``jobs`` table; see `_JOB_COLUMNS`).
        messages: (conversation id, turn id, OpenAI-style messages) to append.
    """

    events: list[Event] = field(default_factory=list)
    updates: dict[str, dict[str, Any]] = field(default_factory=dict)
    messages: list[tuple[int, str, Sequence[Mapping[str, Any]]]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.events or self.updates or self.messages)


def insert_events(conn: sqlite3.Connection, events: Iterable[Event]) -> None:
    """INSERT events (inside the caller's transaction)."""
    conn.executemany(
        "INSERT INTO job_events (job_id, seq, type, at, data) VALUES (?, ?, ?, ?, ?)",
        [(e.job_id, e.seq, e.type.value, enc_time(e.at), dumps(encode(e.payload))) for e in events],
    )


def update_job(conn: sqlite3.Connection, job_id: str, values: Mapping[str, Any]) -> None:
    """UPDATE one ``jobs`` row (inside the caller's transaction).

    Raises:
        KeyError: a column that the job log may not write.
    """
    if not values:
        return
    names, params = [], []
    for name, value in values.items():
        encode = _JOB_COLUMNS[name]
        names.append(f"{name} = ?")
        params.append(encode(value) if encode is not None and value is not None else value)
    conn.execute(f"UPDATE jobs SET {', '.join(names)} WHERE id = ?", [*params, job_id])


def insert_messages(
    conn: sqlite3.Connection,
    conversation_id: int,
    turn_id: str,
    messages: Sequence[Mapping[str, Any]],
) -> None:
    """Append messages after the conversation's last one (inside the caller's transaction)."""
    if not messages:
        return
    (last,) = conn.execute(
        "SELECT COALESCE(MAX(seq), 0) FROM messages WHERE conversation_id = ?", (conversation_id,)
    ).fetchone()
    now = enc_time(utcnow())
    rows = []
    for offset, message in enumerate(messages, start=1):
        extras = {k: v for k, v in message.items() if k not in ("role", "content")}
        content = message.get("content")
        rows.append(
            (conversation_id, last + offset, message["role"], content, turn_id, dumps(extras), now)
        )
    conn.executemany(
        "INSERT INTO messages (conversation_id, seq, role, content, turn_id, data, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        rows,
    )
    conn.execute("UPDATE conversations SET updated_at = ? WHERE id = ?", (now, conversation_id))


def apply_batch(conn: sqlite3.Connection, batch: Batch) -> None:
    """Commit a `Batch` in one ``BEGIN IMMEDIATE`` transaction (all or nothing)."""
    with write(conn):
        if batch.events:
            insert_events(conn, batch.events)
        for conversation_id, turn_id, messages in batch.messages:
            insert_messages(conn, conversation_id, turn_id, messages)
        for job_id, values in batch.updates.items():
            update_job(conn, job_id, values)


def read_events(
    conn: sqlite3.Connection, job_id: str, after_seq: int = 0, limit: int = -1
) -> list[Event]:
    """The events of `job_id` with seq > `after_seq`, in order (at most `limit`; -1: all)."""
    rows = conn.execute(
        "SELECT seq, type, at || '+00:00', data FROM job_events WHERE job_id = ? AND seq > ?"
        " ORDER BY seq LIMIT ?",
        (job_id, after_seq, limit),
    ).fetchall()
    if not rows:
        return []
    try:  # one JSON array: several times faster than a loads() per row
        datas = json.loads("[" + ",".join([row[3] for row in rows]) + "]")
    except ValueError:
        datas = [loads(row[3]) for row in rows]
    at = dt.datetime.fromisoformat
    return [
        Event(job_id, seq, decode(kind, data), at(when))
        for (seq, kind, when, _), data in zip(rows, datas, strict=True)
    ]


def last_seq(conn: sqlite3.Connection, job_id: str) -> int:
    """The highest stored seq of `job_id` (0 when none)."""
    (value,) = conn.execute(
        "SELECT COALESCE(MAX(seq), 0) FROM job_events WHERE job_id = ?", (job_id,)
    ).fetchone()
    return int(value)


def append_now(conn: sqlite3.Connection, job_id: str, payload: Payload) -> Event:
    """Append one event at ``last_seq + 1`` (inside the caller's transaction); returns it.

    For writers that do not own the job's live stream (recovery, cross-process cancel).
    """
    event = Event(job_id=job_id, seq=last_seq(conn, job_id) + 1, payload=payload)
    insert_events(conn, [event])
    update_job(conn, job_id, {"last_seq": event.seq})
    return event
