"""`JobManager`: owns every job task, its states, its event log and its subscribers."""

from __future__ import annotations

import asyncio
import builtins
import contextlib
import datetime as dt
import logging
import time
from collections.abc import Collection, Coroutine, Mapping
from pathlib import Path
from types import TracebackType
from typing import Any

from sqlalchemy.engine import Engine

from engine.events import Event, utcnow
from engine.jobs import control, jobstore, retention
from engine.jobs.eventlog import Batch, read_events
from engine.jobs.execution import Recorder
from engine.jobs.handle import LiveJob
from engine.jobs.jobstore import RequestLike
from engine.jobs.liveness import owner_id
from engine.jobs.runner import JobRunner
from engine.jobs.scheduler import Scheduler
from engine.jobs.states import (
    JobInfo,
    JobState,
    ManagerClosedError,
    UnknownJobKindError,
    new_job_id,
)
from engine.jobs.subscription import Subscription
from engine.jobs.writer import LogWriter
from engine.storage.database import Database

log = logging.getLogger(__name__)


class JobManager:
    """Runs jobs (``plan`` …) as tasks it owns; views only submit, subscribe and cancel.

    Every job's events go to ``job_events`` (seq 1, 2, 3 … per job) in batches written on the
    database's writer thread; subscribers get them live from memory and replay from the
    database. Blocking work never runs on the event loop's thread.

    Args:
        database: the host's `engine.storage.Database` (it stays the host's), or a database
            file (opened and migrated on `start`, closed with the manager).
        runners: kind → `JobRunner`.
        max_concurrent: jobs running at once; the rest wait ``queued`` in submit order.
        flush_interval: seconds events may wait before their batch is committed.
        window: events kept in memory per live job beyond what is committed.
        max_pending: uncommitted events after which a runner waits for a commit.
        poll_interval: seconds between checks for cancel requests from other processes, and
            between polls when following a job another process runs.
        heartbeat_interval: seconds between "still alive" marks on this manager's jobs.
        stale_after: seconds without a heartbeat after which an owner on another host is
            presumed dead (on this host the owner's pid and start time tell).
        cancel_grace: seconds a cancelled runner gets to stop by itself before its task is
            cancelled.
        retention: finished jobs' events older than this are compacted at `start` (None: never).
        owner: this manager's owner id (default ``host:pid:birth:nonce``, see
            `engine.jobs.liveness`; worker processes pass the one they were given).
    """

    def __init__(
        self,
        database: Database | Path | Engine,
        *,
        runners: Mapping[str, JobRunner],
        max_concurrent: int = 2,
        flush_interval: float = 0.02,
        window: int = 256,
        max_pending: int = 5000,
        poll_interval: float = 0.25,
        heartbeat_interval: float = 2.0,
        stale_after: float = 30.0,
        cancel_grace: float = 5.0,
        retention: dt.timedelta | None = retention.DEFAULT_RETENTION,
        owner: str | None = None,
    ) -> None:
        if isinstance(database, Engine):
            if not database.url.database or database.url.database == ":memory:":
                raise ValueError("the job log needs a database file")
            database = Path(database.url.database)
        self._owns_database = not isinstance(database, Database)
        self.database = database if isinstance(database, Database) else Database(Path(database))
        self.path = self.database.path
        self.owner = owner or owner_id(nonce=new_job_id()[:6])
        self.poll_interval = poll_interval
        self.stale_after = stale_after
        self.cancel_grace = cancel_grace
        self._kinds = frozenset(runners)
        self._window = window
        self._heartbeat_interval = heartbeat_interval
        self._retention = retention
        self._writer = LogWriter(
            self.database, flush_interval=flush_interval, on_commit=self._trim, on_lost=self._lost
        )
        self._recorder = Recorder(self._writer, max_pending=max_pending)
        self._scheduler = Scheduler(
            self._recorder, dict(runners), limit=max_concurrent, cancel_grace=cancel_grace
        )
        self._live = self._scheduler.live
        self._started: asyncio.Future[list[JobInfo]] | None = None
        self.closed = False
        self._close_state = JobState.CANCELLED

    # -- life ---------------------------------------------------------------------------------

    async def start(self) -> list[JobInfo]:
        """Migrate the database, turn jobs left by dead processes into ``interrupted``, start
        the writer and housekeeping, compact old logs. Idempotent; other methods call it.

        Returns:
            The jobs found interrupted (or cancelled, when a cancel was pending) now.
        """
        if self._started is None:
            self._started = asyncio.ensure_future(self._start())
        return await asyncio.shield(self._started)

    async def _start(self) -> list[JobInfo]:
        await self.database.ready()
        self._writer.start()
        found = await self.database.write(
            control.recover, me=self.owner, stale_after=self.stale_after
        )
        self._scheduler.spawn(self._housekeeping(), "background")
        if self._retention is not None:
            self._scheduler.spawn(self.compact(), "background")
        return found

    async def compact(self, older_than: dt.timedelta | None = None) -> int:
        """Compact the logs of jobs finished more than `older_than` (default: the manager's
        retention) ago, keeping their ``done`` and a summary; returns how many. `start` runs it
        in the background; long-lived hosts may call it now and then."""
        age = older_than or self._retention or retention.DEFAULT_RETENTION
        return await self.database.write(retention.compact, older_than=age)

    async def aclose(self, *, keep: bool = False) -> None:
        """Stop every job and close. Idempotent.

        Args:
            keep: True leaves running and queued jobs ``interrupted`` (resumable by `resume`,
                here or in another process); False cancels them (``cancel_grace`` to stop).
        """
        if self.closed:
            return
        self.closed = True
        if self._started is not None:
            with contextlib.suppress(Exception):
                await self._started
        self._close_state = JobState.INTERRUPTED if keep else JobState.CANCELLED
        await self._scheduler.drain(self._close_state, "shutdown", now=keep)
        await self._scheduler.cancel_all()
        if self._started is not None:
            await self._writer.aclose()
        if self._owns_database:
            await self.database.aclose()

    async def __aenter__(self) -> JobManager:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose(keep=True)

    # -- submit, resume, cancel -----------------------------------------------------------------

    async def submit(
        self,
        request: RequestLike,
        *,
        conversation_id: int | None = None,
        idempotency_key: str | None = None,
        kind: str = "plan",
    ) -> JobInfo:
        """Queue a job; returns at once (the job runs on the manager's tasks).

        While a job submitted with the same `idempotency_key` is queued or running (in any
        process), that job is returned instead of a new one: the database, where every
        submit meets, decides (`engine.jobs.jobstore.create_job`).

        Raises:
            UnknownJobKindError: no runner for `kind`.
            ManagerClosedError: the manager is closed.
        """
        self._check_open()
        if kind not in self._kinds:
            raise UnknownJobKindError(kind)
        await self.start()
        return await self._tracked(self._create(request, conversation_id, idempotency_key, kind))

    async def _tracked(self, coro: Coroutine[Any, Any, JobInfo]) -> JobInfo:
        """Run `coro` as a manager task (it finishes even if the caller is cancelled)."""
        return await asyncio.shield(self._scheduler.spawn(coro, "submit"))

    async def _create(
        self, request: RequestLike, conversation_id: int | None, key: str | None, kind: str
    ) -> JobInfo:
        payload, title, lang = jobstore.request_payload(request)
        info, first = await self.database.write(
            jobstore.create_job,
            job_id=new_job_id(),
            kind=kind,
            request=payload,
            owner=self.owner,
            conversation_id=conversation_id,
            idempotency_key=key,
            title=title,
            lang=lang,
            stale_after=self.stale_after,
        )
        if first is None:  # a live job with this key exists
            handle = self._live.get(info.id)
            return handle.info() if handle else info
        return self._launch(LiveJob(info, window=[first], checkpoint=None))

    async def resume(self, job_id: str) -> JobInfo:
        """Continue an ``interrupted`` job from its last checkpoint, in this process.

        Its log goes on from the next seq; a job already live here is returned as is.

        Raises:
            JobNotFoundError: no such job.
            JobStateError: not interrupted (still live elsewhere, or finished).
            ManagerClosedError: the manager is closed.
        """
        self._check_open()
        await self.start()
        return await self._tracked(self._resume(job_id))

    async def _resume(self, job_id: str) -> JobInfo:
        handle = self._live.get(job_id)
        if handle is not None:
            return handle.info()
        info, checkpoint, event = await self.database.write(
            control.prepare_resume, job_id, owner=self.owner
        )
        return self._launch(LiveJob(info, window=[event], checkpoint=checkpoint))

    async def adopt(self, job_id: str) -> JobInfo:
        """Run a job handed to this manager's owner id (a worker process), or resume it.

        Raises:
            JobNotFoundError: no such job.
            JobStateError: it is not queued for this owner nor interrupted.
        """
        self._check_open()
        await self.start()
        return await self._tracked(self._adopt(job_id))

    async def _adopt(self, job_id: str) -> JobInfo:
        handed = await self.database.read(jobstore.handed_over, job_id, self.owner)
        if handed is not None:
            info, checkpoint = handed
            return self._launch(LiveJob(info, window=[], checkpoint=checkpoint))
        return await self._resume(job_id)

    async def cancel(self, job_id: str, reason: str = "cancelled") -> JobInfo:
        """Cancel a job, wherever it runs; returns it (it may still be stopping).

        A job live here stops at once if queued, else within ``cancel_grace`` seconds; a job of
        another live process gets a cancel request that process acts on; an interrupted job, or
        one whose process died, is cancelled in the database directly.

        Raises:
            JobNotFoundError: no such job.
        """
        handle = self._live.get(job_id)
        if handle is not None:
            self._scheduler.stop(handle, JobState.CANCELLED, reason)
            return handle.info()
        self._check_open()
        await self.start()
        _outcome, info = await self.database.write(
            control.cancel_job, job_id, reason, stale_after=self.stale_after
        )
        return info

    # -- reading ------------------------------------------------------------------------------

    async def get(self, job_id: str) -> JobInfo | None:
        """The job now, or None."""
        handle = self._live.get(job_id)
        if handle is not None:
            return handle.info()
        self._check_open()
        await self.start()
        return await self.database.read(jobstore.get_job, job_id)

    async def by_itinerary(self, itinerary_id: int) -> JobInfo | None:
        """The newest job that produced (or is writing the guide of) itinerary `itinerary_id`."""
        for handle in sorted(self._live.values(), key=_newest, reverse=True):
            if handle.itinerary_id == itinerary_id:
                return handle.info()
        self._check_open()
        await self.start()
        return await self.database.read(jobstore.by_itinerary, itinerary_id)

    async def list(
        self, *, state: JobState | Collection[JobState] | None = None, limit: int = 100
    ) -> builtins.list[JobInfo]:
        """Jobs newest first, optionally in the given state(s)."""
        states = {state} if isinstance(state, JobState) else set(state or ())
        self._check_open()
        await self.start()
        rows = await self.database.read(jobstore.list_jobs, states or None, limit)
        merged = {row.id: row for row in rows}
        merged.update({h.id: h.info() for h in self._live.values()})
        infos = [i for i in merged.values() if not states or i.state in states]
        infos.sort(key=lambda i: i.created_at or utcnow(), reverse=True)
        return infos[:limit]

    def subscribe(self, job_id: str, after_seq: int = 0) -> Subscription:
        """Events of `job_id` with seq > `after_seq`: replay, then live; ends after ``done``.

        See `Subscription` (also an async context manager).
        """
        return Subscription(self, job_id, after_seq)

    async def wait(self, job_id: str) -> JobInfo:
        """Wait until the job ends (or is interrupted); returns it then.

        Raises:
            JobNotFoundError: no such job.
            ManagerClosedError: the manager closed meanwhile.
        """
        handle = self._live.get(job_id)
        async for _event in self.subscribe(job_id, after_seq=handle.next_seq - 1 if handle else 0):
            pass
        info = await self.get(job_id)
        assert info is not None
        return info

    async def events(self, job_id: str, after_seq: int = 0) -> builtins.list[Event]:
        """The stored events (committed ones) of a job, in order."""
        await self.start()
        return await self.database.read(read_events, job_id, after_seq)

    # -- internals ----------------------------------------------------------------------------

    def _launch(self, handle: LiveJob) -> JobInfo:
        info = self._scheduler.launch(handle)
        if self.closed:  # launched while closing: stop it like the others
            self._scheduler.stop(handle, self._close_state, "shutdown", now=True)
        return info

    async def _status(self, job_id: str) -> tuple[JobState, bool] | None:
        return await self.database.read(jobstore.job_status, job_id, stale_after=self.stale_after)

    def _trim(self, batch: Batch) -> None:
        committed: dict[str, int] = {}
        for event in batch.events:
            committed[event.job_id] = event.seq
        for job_id, seq in committed.items():
            handle = self._live.get(job_id)
            if handle is not None:
                handle.trim(seq, self._window)

    def _lost(self, job_id: str) -> None:
        """Another process took the job over: stop it here without writing anything more."""
        handle = self._live.get(job_id)
        if handle is not None:
            handle.lost = True
            self._scheduler.stop(handle, JobState.INTERRUPTED, "taken over", now=True)

    async def _housekeeping(self) -> None:
        last_beat = time.monotonic()
        while True:
            await asyncio.sleep(self.poll_interval)
            if not self._live:
                continue
            try:
                requests = await self.database.read(jobstore.cancel_requests, self.owner)
                for job_id, reason in requests.items():
                    handle = self._live.get(job_id)
                    if handle is not None:
                        self._scheduler.stop(handle, JobState.CANCELLED, reason)
                if time.monotonic() - last_beat >= self._heartbeat_interval:
                    await self.database.write(jobstore.heartbeat, self.owner)
                    last_beat = time.monotonic()
            except Exception:
                log.exception("job housekeeping failed; retrying")

    def _check_open(self) -> None:
        if self.closed:
            raise ManagerClosedError("the job manager is closed")


def _newest(handle: LiveJob) -> dt.datetime:
    return handle.created_at or utcnow()
