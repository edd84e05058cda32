"""Rows of the ``jobs`` table: create (with idempotency), read, list, heartbeat, cancel flags."""

from __future__ import annotations

import sqlite3
from collections.abc import Collection, Mapping, Sequence
from typing import Any, TypeAlias

from engine.domain.request import TripRequest
from engine.events import Event, StateChanged, utcnow
from engine.i18n import text_lang
from engine.jobs.eventlog import insert_events
from engine.jobs.liveness import owner_alive
from engine.jobs.sqlite import dec_time, dumps, enc_time, loads, write
from engine.jobs.states import JobInfo, JobNotFoundError, JobState

COLUMNS = (
    "id, kind, state, request, conversation_id, itinerary_id, idempotency_key, checkpoint,"
    " last_seq, error, input_tokens, output_tokens, created_at, started_at, finished_at,"
    " owner, heartbeat_at, cancel_requested, checkpoint_data"
)
_LIVE = ("queued", "running")

RequestLike: TypeAlias = TripRequest | str | Mapping[str, Any]


def request_payload(request: RequestLike) -> tuple[dict[str, Any], str, str]:
    """(the request as stored in ``jobs.request``, a conversation title, its language)."""
    if isinstance(request, TripRequest):
        title = request.text or "、".join(request.destinations)
        return {"trip_request": request.model_dump(mode="json")}, title, request.lang
    if isinstance(request, str):
        return {"text": request}, request, text_lang(request)
    payload = dict(request)
    return payload, str(payload.get("text", "")), str(payload.get("lang", "zh"))


def to_info(row: Sequence[Any]) -> JobInfo:
    """A row selected with `COLUMNS` → `JobInfo`."""
    return JobInfo(
        id=row[0],
        kind=row[1],
        state=JobState(row[2]),
        request=loads(row[3]) or {},
        conversation_id=row[4],
        itinerary_id=row[5],
        idempotency_key=row[6],
        checkpoint=row[7] or "",
        last_seq=row[8],
        error=row[9],
        input_tokens=row[10],
        output_tokens=row[11],
        created_at=dec_time(row[12]),
        started_at=dec_time(row[13]),
        finished_at=dec_time(row[14]),
    )


def select_row(conn: sqlite3.Connection, job_id: str) -> tuple[Any, ...] | None:
    row = conn.execute(f"SELECT {COLUMNS} FROM jobs WHERE id = ?", (job_id,)).fetchone()
    return tuple(row) if row is not None else None


def get_job(conn: sqlite3.Connection, job_id: str) -> JobInfo | None:
    """The job, or None."""
    row = select_row(conn, job_id)
    return to_info(row) if row is not None else None


def resolve_id(conn: sqlite3.Connection, prefix: str) -> str:
    """The full id of the one job whose id starts with `prefix`.

    Raises:
        JobNotFoundError: none, or more than one.
    """
    rows = conn.execute(
        "SELECT id FROM jobs WHERE id >= ? AND id < ? ORDER BY id LIMIT 2",
        (prefix, prefix + "\uffff"),
    ).fetchall()
    if len(rows) != 1:
        raise JobNotFoundError(prefix)
    return str(rows[0][0])


def list_jobs(
    conn: sqlite3.Connection, states: Collection[JobState] | None = None, limit: int = 100
) -> list[JobInfo]:
    """Jobs newest first, optionally only in `states`."""
    query, params = f"SELECT {COLUMNS} FROM jobs", []
    if states:
        query += f" WHERE state IN ({', '.join('?' * len(states))})"
        params = [s.value for s in states]
    query += " ORDER BY created_at DESC, rowid DESC LIMIT ?"
    return [to_info(r) for r in conn.execute(query, [*params, limit]).fetchall()]


def by_itinerary(conn: sqlite3.Connection, itinerary_id: int) -> JobInfo | None:
    """The newest job that produced or updates itinerary `itinerary_id`."""
    row = conn.execute(
        f"SELECT {COLUMNS} FROM jobs WHERE itinerary_id = ? ORDER BY created_at DESC LIMIT 1",
        (itinerary_id,),
    ).fetchone()
    return to_info(row) if row is not None else None


def live_by_key(conn: sqlite3.Connection, key: str, *, stale_after: float) -> JobInfo | None:
    """The queued/running job submitted with `key` whose owner still lives, if any."""
    rows = conn.execute(
        f"SELECT {COLUMNS} FROM jobs WHERE idempotency_key = ? AND state IN (?, ?)"
        " ORDER BY created_at DESC",
        (key, *_LIVE),
    ).fetchall()
    for row in rows:
        if owner_alive(row[15], dec_time(row[16]), stale_after=stale_after):
            return to_info(row)
    return None


def create_job(
    conn: sqlite3.Connection,
    *,
    job_id: str,
    kind: str,
    request: dict[str, Any],
    owner: str,
    conversation_id: int | None = None,
    idempotency_key: str | None = None,
    title: str = "",
    lang: str = "zh",
    stale_after: float = 30.0,
) -> tuple[JobInfo, Event | None]:
    """Insert a queued job and its first event (seq 1), unless `idempotency_key` is live.

    A conversation is created for it when `conversation_id` is None.

    Returns:
        (the job, its first event) — or (the live job with that key, None).
    """
    with write(conn):
        if idempotency_key:
            existing = live_by_key(conn, idempotency_key, stale_after=stale_after)
            if existing is not None:
                return existing, None
        now = enc_time(utcnow())
        if conversation_id is None:
            cursor = conn.execute(
                "INSERT INTO conversations (title, lang, created_at, updated_at)"
                " VALUES (?, ?, ?, ?)",
                (title[:80], lang, now, now),
            )
            conversation_id = cursor.lastrowid
        conn.execute(
            "INSERT INTO jobs (id, kind, state, idempotency_key, conversation_id, request,"
            " checkpoint, last_seq, input_tokens, output_tokens, created_at, owner,"
            " heartbeat_at) VALUES (?, ?, 'queued', ?, ?, ?, '', 1, 0, 0, ?, ?, ?)",
            (job_id, kind, idempotency_key, conversation_id, dumps(request), now, owner, now),
        )
        first = Event(job_id=job_id, seq=1, payload=StateChanged(JobState.QUEUED.value))
        insert_events(conn, [first])
        row = select_row(conn, job_id)
    assert row is not None
    return to_info(row), first


def job_status(
    conn: sqlite3.Connection, job_id: str, *, stale_after: float
) -> tuple[JobState, bool] | None:
    """(state, whether its owner process still lives), or None when there is no such job."""
    row = conn.execute(
        "SELECT state, owner, heartbeat_at FROM jobs WHERE id = ?", (job_id,)
    ).fetchone()
    if row is None:
        return None
    return JobState(row[0]), owner_alive(row[1], dec_time(row[2]), stale_after=stale_after)


def heartbeat(conn: sqlite3.Connection, owner: str) -> None:
    """Mark every live job of `owner` as alive now."""
    with write(conn):
        conn.execute(
            "UPDATE jobs SET heartbeat_at = ? WHERE owner = ? AND state IN (?, ?)",
            (enc_time(utcnow()), owner, *_LIVE),
        )


def cancel_requests(conn: sqlite3.Connection, owner: str) -> dict[str, str]:
    """Job id → reason, for live jobs of `owner` that another process asked to cancel."""
    rows = conn.execute(
        "SELECT id, cancel_requested FROM jobs WHERE owner = ? AND state IN (?, ?)"
        " AND cancel_requested IS NOT NULL",
        (owner, *_LIVE),
    ).fetchall()
    return {job_id: reason for job_id, reason in rows}
