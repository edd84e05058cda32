"""Retention of the event log: finished jobs' events are compacted after a while.

A compacted job keeps its row, its ``done`` event (so a subscriber still sees how it ended) and a
summary in ``jobs.summary``: event counts by type, first and last event time.
"""

from __future__ import annotations

import datetime as dt
import sqlite3

from engine.events import utcnow
from engine.jobs.sqlite import dumps, enc_time, write

DEFAULT_RETENTION = dt.timedelta(days=30)


def compact(
    conn: sqlite3.Connection,
    *,
    older_than: dt.timedelta = DEFAULT_RETENTION,
    now: dt.datetime | None = None,
    limit: int = 500,
) -> int:
    """Compact jobs that finished more than `older_than` ago (at most `limit` per call).

    Returns:
        How many jobs were compacted.
    """
    cutoff = enc_time((now or utcnow()) - older_than)
    ids = [
        row[0]
        for row in conn.execute(
            "SELECT id FROM jobs WHERE state IN ('succeeded', 'failed', 'cancelled')"
            " AND finished_at < ? AND summary IS NULL LIMIT ?",
            (cutoff, limit),
        )
    ]
    for job_id in ids:
        with write(conn):
            _compact_one(conn, job_id)
    return len(ids)


def _compact_one(conn: sqlite3.Connection, job_id: str) -> None:
    by_type: dict[str, int] = {}
    first_at = last_at = None
    for kind, count, first, last in conn.execute(
        "SELECT type, COUNT(*), MIN(at), MAX(at) FROM job_events WHERE job_id = ? GROUP BY type",
        (job_id,),
    ):
        by_type[kind] = count
        first_at = first if first_at is None or first < first_at else first_at
        last_at = last if last_at is None or last > last_at else last_at
    (keep,) = conn.execute(
        "SELECT COALESCE(MAX(CASE WHEN type = 'done' THEN seq END), MAX(seq))"
        " FROM job_events WHERE job_id = ?",
        (job_id,),
    ).fetchone()
    conn.execute("DELETE FROM job_events WHERE job_id = ? AND seq <> ?", (job_id, keep or 0))
    summary = {
        "compacted_at": enc_time(utcnow()),
        "events": sum(by_type.values()),
        "by_type": by_type,
        "first_at": first_at,
        "last_at": last_at,
        "kept_seq": keep,
    }
    conn.execute("UPDATE jobs SET summary = ? WHERE id = ?", (dumps(summary), job_id))
