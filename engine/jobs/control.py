"""State changes made straight in the database: crash recovery, resume, cross-process cancel.

Each runs in one ``BEGIN IMMEDIATE`` transaction, so two processes cannot both act on a job.
"""

from __future__ import annotations

from typing import Literal

from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from engine.events import Done, Event, Resume, StateChanged, utcnow
from engine.jobs.eventlog import append_now, update_job
from engine.jobs.jobstore import alive, to_info
from engine.jobs.runner import Checkpoint
from engine.jobs.states import LIVE, JobInfo, JobNotFoundError, JobState, JobStateError
from engine.storage.database import transaction
from engine.storage.tables import JobRow

CancelOutcome = Literal["cancelled", "requested", "finished"]


def recover(engine: Engine, *, me: str, stale_after: float) -> list[JobInfo]:
    """Jobs left queued/running by a process that is gone become ``interrupted``.

    A job whose dead owner had been asked to cancel becomes ``cancelled`` (with ``done``).

    Returns:
        The jobs changed, as they are now.
    """
    changed = []
    with transaction(engine) as session:
        live = select(JobRow).where(col(JobRow.state).in_([s.value for s in LIVE]))
        for row in session.exec(live).all():
            if row.owner == me or alive(row, stale_after=stale_after):
                continue
            info = to_info(row)
            if row.cancel_requested:
                _cancel(session, info, row.cancel_requested)
            else:
                _interrupt(session, info, "process_ended")
            session.refresh(row)
            changed.append(to_info(row))
    return changed


def _interrupt(session: Session, info: JobInfo, reason: str) -> None:
    append_now(session, info.id, StateChanged("interrupted", info.state.value, reason))
    update_job(session, info.id, {"state": "interrupted", "owner": None, "cancel_requested": None})


def _cancel(session: Session, info: JobInfo, reason: str) -> None:
    append_now(session, info.id, StateChanged("cancelled", info.state.value, reason))
    append_now(session, info.id, Done("cancelled", itinerary_id=info.itinerary_id))
    update_job(
        session,
        info.id,
        {"state": "cancelled", "owner": None, "cancel_requested": None, "finished_at": utcnow()},
    )


def load_checkpoint(engine: Engine, job_id: str) -> Checkpoint | None:
    """The job's last committed checkpoint, or None."""
    with Session(engine) as session:
        row = session.get(JobRow, job_id)
        return _checkpoint(row)


def _checkpoint(row: JobRow | None) -> Checkpoint | None:
    raw = row.checkpoint_data if row is not None else None
    return Checkpoint.from_json(raw) if raw else None


def prepare_resume(
    engine: Engine, job_id: str, *, owner: str
) -> tuple[JobInfo, Checkpoint | None, Event]:
    """Move an interrupted job back to ``queued`` under `owner`.

    The ``state_changed`` event carries `Resume` (stage, seq): events after that seq and before
    this one belong to the attempt that was cut off (e.g. a partial guide).

    Returns:
        (the job, now queued; its last checkpoint; the ``state_changed`` event).

    Raises:
        JobNotFoundError: no such job.
        JobStateError: the job is not interrupted.
    """
    with transaction(engine) as session:
        row = session.get(JobRow, job_id)
        if row is None:
            raise JobNotFoundError(job_id)
        if row.state != JobState.INTERRUPTED.value:
            raise JobStateError(f"job {job_id} is {row.state}, not interrupted")
        checkpoint = _checkpoint(row)
        resume = Resume(checkpoint.stage, checkpoint.seq) if checkpoint else Resume("", 0)
        event = append_now(session, job_id, StateChanged("queued", "interrupted", resume=resume))
        update_job(
            session,
            job_id,
            {"state": "queued", "owner": owner, "heartbeat_at": utcnow(), "cancel_requested": None},
        )
        session.refresh(row)
        return to_info(row), checkpoint, event


def cancel_job(
    engine: Engine, job_id: str, reason: str, *, stale_after: float
) -> tuple[CancelOutcome, JobInfo]:
    """Cancel a job from any process.

    Returns:
        ``("cancelled", job)`` when done here (interrupted, or its owner is gone);
        ``("requested", job)`` when a live process runs it: it sees the flag and stops it;
        ``("finished", job)`` when it had already ended.

    Raises:
        JobNotFoundError: no such job.
    """
    with transaction(engine) as session:
        row = session.get(JobRow, job_id)
        if row is None:
            raise JobNotFoundError(job_id)
        info = to_info(row)
        if info.state.is_terminal:
            return "finished", info
        if info.state.is_live and alive(row, stale_after=stale_after):
            update_job(session, job_id, {"cancel_requested": reason})
            return "requested", info
        _cancel(session, info, reason)
        session.refresh(row)
        return "cancelled", to_info(row)
