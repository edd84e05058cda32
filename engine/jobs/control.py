"""State changes made straight in the database: crash recovery, resume, cross-process cancel.

Each runs in one ``BEGIN IMMEDIATE`` transaction, so two processes cannot both act on a job.
"""

from __future__ import annotations

import sqlite3
from typing import Literal

from engine.events import Done, Event, Resume, StateChanged, utcnow
from engine.jobs.eventlog import append_now, update_job
from engine.jobs.jobstore import COLUMNS, select_row, to_info
from engine.jobs.liveness import owner_alive
from engine.jobs.runner import Checkpoint
from engine.jobs.sqlite import dec_time, loads, write
from engine.jobs.states import JobInfo, JobNotFoundError, JobState, JobStateError

CancelOutcome = Literal["cancelled", "requested", "finished"]


def recover(conn: sqlite3.Connection, *, me: str, stale_after: float) -> list[JobInfo]:
    """Jobs left queued/running by a process that is gone become ``interrupted``.

    A job whose dead owner had been asked to cancel becomes ``cancelled`` (with ``done``).

    Returns:
        The jobs changed, as they are now.
    """
    changed = []
    with write(conn):
        rows = conn.execute(
            f"SELECT {COLUMNS} FROM jobs WHERE state IN ('queued', 'running')"
        ).fetchall()
        for row in rows:
            owner, heartbeat_at, cancel_reason = row[15], dec_time(row[16]), row[17]
            if owner == me or owner_alive(owner, heartbeat_at, stale_after=stale_after):
                continue
            info = to_info(row)
            if cancel_reason:
                _cancel(conn, info, cancel_reason)
            else:
                _interrupt(conn, info, "process_ended")
            new = select_row(conn, info.id)
            assert new is not None
            changed.append(to_info(new))
    return changed


def _interrupt(conn: sqlite3.Connection, info: JobInfo, reason: str) -> None:
    append_now(conn, info.id, StateChanged("interrupted", info.state.value, reason))
    update_job(conn, info.id, {"state": "interrupted", "owner": None, "cancel_requested": None})


def _cancel(conn: sqlite3.Connection, info: JobInfo, reason: str) -> None:
    append_now(conn, info.id, StateChanged("cancelled", info.state.value, reason))
    append_now(conn, info.id, Done("cancelled", itinerary_id=info.itinerary_id))
    update_job(
        conn,
        info.id,
        {"state": "cancelled", "owner": None, "cancel_requested": None, "finished_at": utcnow()},
    )


def load_checkpoint(conn: sqlite3.Connection, job_id: str) -> Checkpoint | None:
    """The job's last committed checkpoint, or None."""
    row = conn.execute("SELECT checkpoint_data FROM jobs WHERE id = ?", (job_id,)).fetchone()
    raw = loads(row[0]) if row else None
    return Checkpoint.from_json(raw) if raw else None


def prepare_resume(
    conn: sqlite3.Connection, job_id: str, *, owner: str
) -> tuple[JobInfo, Checkpoint | None, Event]:
    """Move an interrupted job back to ``queued`` under `owner`.

    The ``state_changed`` event carries ``resume: {stage, seq}``: events after ``seq`` and
    before this one belong to the attempt that was cut off (e.g. a partial guide).

    Returns:
        (the job, now queued; its last checkpoint; the ``state_changed`` event).

    Raises:
        JobNotFoundError: no such job.
        JobStateError: the job is not interrupted.
    """
    with write(conn):
        row = select_row(conn, job_id)
        if row is None:
            raise JobNotFoundError(job_id)
        info = to_info(row)
        if info.state is not JobState.INTERRUPTED:
            raise JobStateError(f"job {job_id} is {info.state}, not interrupted")
        checkpoint = load_checkpoint(conn, job_id)
        resume = Resume(checkpoint.stage, checkpoint.seq) if checkpoint else Resume("", 0)
        event = append_now(conn, job_id, StateChanged("queued", "interrupted", resume=resume))
        update_job(
            conn,
            job_id,
            {"state": "queued", "owner": owner, "heartbeat_at": utcnow(), "cancel_requested": None},
        )
        new = select_row(conn, job_id)
    assert new is not None
    return to_info(new), checkpoint, event


def cancel_job(
    conn: sqlite3.Connection, job_id: str, reason: str, *, stale_after: float
) -> tuple[CancelOutcome, JobInfo]:
    """Cancel a job from any process.

    Returns:
        ``("cancelled", job)`` when done here (interrupted, or its owner is gone);
        ``("requested", job)`` when a live process runs it: it sees the flag and stops it;
        ``("finished", job)`` when it had already ended.

    Raises:
        JobNotFoundError: no such job.
    """
    with write(conn):
        row = select_row(conn, job_id)
        if row is None:
            raise JobNotFoundError(job_id)
        info = to_info(row)
        if info.state.is_terminal:
            return "finished", info
        if info.state.is_live and owner_alive(row[15], dec_time(row[16]), stale_after=stale_after):
            conn.execute("UPDATE jobs SET cancel_requested = ? WHERE id = ?", (reason, job_id))
            return "requested", info
        _cancel(conn, info, reason)
        new = select_row(conn, job_id)
    assert new is not None
    return "cancelled", to_info(new)
