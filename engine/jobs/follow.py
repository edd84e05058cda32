"""Following a job's log from another process: replay, then poll the database cheaply."""

from __future__ import annotations

import time
from collections.abc import Iterator

from sqlalchemy.engine import Connection, Engine

from engine.events import Event, EventType
from engine.jobs.eventlog import read_events
from engine.jobs.jobstore import job_status
from engine.jobs.states import JobNotFoundError

CHUNK = 2000


def data_version(connection: Connection) -> int:
    """``PRAGMA data_version``: changes when another connection commits (a cheap poll)."""
    return int(connection.exec_driver_sql("PRAGMA data_version").scalar_one())


def follow(
    engine: Engine,
    job_id: str,
    *,
    after_seq: int = 0,
    poll_interval: float = 0.1,
    recheck_every: float = 2.0,
    stale_after: float = 30.0,
    timeout: float | None = None,
) -> Iterator[Event]:
    """Events of `job_id` with seq > `after_seq`, whichever process writes them.

    Between reads it polls ``PRAGMA data_version`` every `poll_interval` seconds (no query of
    the log until another connection commits), and re-checks the owner every `recheck_every`
    seconds. Ends after ``done``; ends without it when the job is interrupted or its process
    died, or after `timeout` seconds.

    Raises:
        JobNotFoundError: no such job.
    """
    end = None if timeout is None else time.monotonic() + timeout
    with engine.connect() as watch:
        cursor = after_seq
        while end is None or time.monotonic() < end:
            version = data_version(watch)
            events = read_events(engine, job_id, cursor, CHUNK)
            for event in events:
                yield event
                cursor = event.seq
                if event.type is EventType.DONE:
                    return
            if events:
                continue
            status = job_status(engine, job_id, stale_after=stale_after)
            if status is None:
                raise JobNotFoundError(job_id)
            state, alive = status
            if not (state.is_live and alive):
                tail = read_events(engine, job_id, cursor, CHUNK)
                if not tail:
                    return
                continue
            deadline = time.monotonic() + recheck_every
            if end is not None:
                deadline = min(deadline, end)
            while data_version(watch) == version and time.monotonic() < deadline:
                time.sleep(poll_interval)
