"""Retention of the event log: finished jobs' events are compacted after a while.

A compacted job keeps its row, its ``done`` event (so a subscriber still sees how it ended) and a
summary in ``jobs.summary``: event counts by type, first and last event time.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import delete, func
from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from engine.events import utcnow
from engine.jobs.eventlog import update_job
from engine.jobs.states import TERMINAL
from engine.storage.database import transaction
from engine.storage.tables import JobEventRow, JobRow

DEFAULT_RETENTION = dt.timedelta(days=30)


def compact(
    engine: Engine,
    *,
    older_than: dt.timedelta = DEFAULT_RETENTION,
    now: dt.datetime | None = None,
    limit: int = 500,
) -> int:
    """Compact jobs that finished more than `older_than` ago (at most `limit` per call).

    Returns:
        How many jobs were compacted.
    """
    cutoff = (now or utcnow()) - older_than
    query = select(JobRow.id).where(
        col(JobRow.state).in_([s.value for s in TERMINAL]),
        col(JobRow.finished_at) < cutoff,
        col(JobRow.summary).is_(None),
    )
    with Session(engine) as session:
        ids = session.exec(query.limit(limit)).all()
    for job_id in ids:
        with transaction(engine) as session:
            _compact_one(session, job_id)
    return len(ids)


def _compact_one(session: Session, job_id: str) -> None:
    of_job = JobEventRow.job_id == job_id
    counts = select(
        JobEventRow.type, func.count(), func.min(JobEventRow.at), func.max(JobEventRow.at)
    ).where(of_job)
    by_type: dict[str, int] = {}
    first_at: dt.datetime | None = None
    last_at: dt.datetime | None = None
    for kind, count, first, last in session.exec(counts.group_by(JobEventRow.type)).all():
        by_type[kind] = count
        first_at = first if first_at is None or first < first_at else first_at
        last_at = last if last_at is None or last > last_at else last_at
    done = session.exec(
        select(func.max(JobEventRow.seq)).where(of_job, JobEventRow.type == "done")
    ).one()
    keep = done or session.exec(select(func.max(JobEventRow.seq)).where(of_job)).one() or 0
    session.execute(delete(JobEventRow).where(of_job, JobEventRow.seq != keep))  # type: ignore[arg-type]
    summary = {
        "compacted_at": utcnow().isoformat(),
        "events": sum(by_type.values()),
        "by_type": by_type,
        "first_at": first_at.isoformat() if first_at else None,
        "last_at": last_at.isoformat() if last_at else None,
        "kept_seq": keep,
    }
    update_job(session, job_id, {"summary": summary})
