"""In-process plan jobs with the `engine.jobs.JobManager` interface: a temporary stand-in.

Used by `desktop.engine_port` only while the real job manager (persistent event log, resume
after a crash) is not installed. Each job runs the offline planner on a worker thread (named
``lvtu-turn-*``) and emits the same events as a real plan job; the log lives in memory, so
"keep for next start" cannot outlive the process here.
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import uuid
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from engine.agent.cancellation import CancellationToken
from engine.events import Event, EventType, utcnow

LIVE = ("queued", "running")
Emit = Callable[[EventType, dict[str, Any]], None]
Work = Callable[["JobInfo", Emit, CancellationToken], None]


@dataclass(frozen=True)
class JobInfo:
    """A job snapshot, with the field names of `engine.jobs.JobInfo`."""

    id: str
    kind: str
    state: str
    request: dict[str, Any] = field(default_factory=dict)
    conversation_id: int | None = None
    itinerary_id: int | None = None
    last_seq: int = 0
    error: str | None = None
    created_at: dt.datetime | None = None
    finished_at: dt.datetime | None = None

    @property
    def text(self) -> str:
        return str(self.request.get("text") or self.request.get("title") or "")


class _Job:
    def __init__(self, info: JobInfo) -> None:
        self.info = info
        self.events: list[Event] = []
        self.changed = asyncio.Event()
        self.token = CancellationToken()
        self.closed = False  # interrupted: no more events


class InProcessJobs:
    """JobManager-shaped: submit, get, by_itinerary, list, subscribe, cancel, resume, aclose.

    Args:
        work: runs one job on a worker thread, emitting events (see `desktop.fallback_plan`).
        concurrency: jobs running at once; the rest stay ``queued``.
    """

    def __init__(self, work: Work, *, concurrency: int = 2) -> None:
        self._work = work
        self._jobs: dict[str, _Job] = {}
        self._pool = ThreadPoolExecutor(concurrency, thread_name_prefix="lvtu-turn")
        self._runs: set[asyncio.Future[None]] = set()
        self.closed = False

    async def start(self) -> list[JobInfo]:
        return []

    async def submit(
        self,
        request: Any,
        *,
        conversation_id: int | None = None,
        idempotency_key: str | None = None,
    ) -> JobInfo:
        """Queue a plan job for `request` (text or TripRequest); same live key → same job."""
        if self.closed:
            raise RuntimeError("the job manager is closed")
        for job in self._jobs.values():
            if idempotency_key and job.info.request.get("key") == idempotency_key:
                if job.info.state in LIVE:
                    return job.info
        payload: dict[str, Any] = {"key": idempotency_key}
        if isinstance(request, str):
            payload["text"] = request
        else:
            payload["trip_request"] = request.model_dump(mode="json")
            payload["title"] = request.text or "、".join(request.destinations)
        info = JobInfo(
            id=uuid.uuid4().hex[:12],
            kind="plan",
            state="queued",
            request=payload,
            conversation_id=conversation_id,
            created_at=utcnow(),
        )
        job = self._jobs[info.id] = _Job(info)
        self._append(job, EventType.JOB_STARTED, {"kind": "plan", "request": payload})
        self._launch(job)
        return job.info

    def _launch(self, job: _Job) -> None:
        loop = asyncio.get_running_loop()

        def emit(kind: EventType, data: dict[str, Any]) -> None:
            try:
                loop.call_soon_threadsafe(self._append, job, kind, data)
            except RuntimeError:  # the loop is closed: nobody is listening any more
                pass

        future = loop.run_in_executor(self._pool, self._work, job.info, emit, job.token)
        self._runs.add(future)
        future.add_done_callback(self._runs.discard)

    def _append(self, job: _Job, kind: EventType, data: dict[str, Any]) -> None:
        if job.closed:
            return
        event = Event(job_id=job.info.id, seq=len(job.events) + 1, type=kind, data=data)
        job.events.append(event)
        changes: dict[str, Any] = {"last_seq": event.seq}
        if kind is EventType.STATE_CHANGED:
            changes["state"] = data["state"]
        elif kind is EventType.ITINERARY:
            changes["itinerary_id"] = data["itinerary_id"]
            changes["conversation_id"] = data.get("conversation_id", job.info.conversation_id)
        elif kind is EventType.ERROR:
            changes["error"] = f"{data.get('code')}: {data.get('message')}"
        elif kind is EventType.DONE:
            changes["state"] = data.get("status", "succeeded")
            changes["finished_at"] = event.at
        job.info = dataclasses.replace(job.info, **changes)
        job.changed.set()
        job.changed = asyncio.Event()

    async def get(self, job_id: str) -> JobInfo | None:
        job = self._jobs.get(job_id)
        return job.info if job else None

    async def by_itinerary(self, itinerary_id: int) -> JobInfo | None:
        """The newest job that produced itinerary `itinerary_id`."""
        hits = [j.info for j in self._jobs.values() if j.info.itinerary_id == itinerary_id]
        return hits[-1] if hits else None

    async def list(self, *, state: Any = None, limit: int = 100) -> list[JobInfo]:
        infos = [j.info for j in reversed(self._jobs.values())]
        return [i for i in infos if state is None or i.state == state][:limit]

    async def subscribe(self, job_id: str, after_seq: int = 0) -> AsyncIterator[Event]:
        """Replay from `after_seq`, then live; ends after ``done`` (or when interrupted).

        Raises:
            LookupError: no such job.
        """
        job = self._jobs.get(job_id)
        if job is None:
            raise LookupError(job_id)
        cursor = after_seq
        while True:
            while cursor < len(job.events):
                event = job.events[cursor]
                cursor += 1
                yield event
                if event.type is EventType.DONE:
                    return
            if job.closed or self.closed:
                return
            await job.changed.wait()

    async def cancel(self, job_id: str, reason: str = "cancelled") -> JobInfo:
        job = self._jobs[job_id]
        if job.info.state in LIVE:
            job.token.cancel(reason)
        elif job.info.state == "interrupted":
            job.closed = False
            self._append(job, EventType.DONE, {"status": "cancelled", "reason": reason})
        return job.info

    async def resume(self, job_id: str) -> JobInfo:
        """Run an interrupted job again (from the start: no checkpoints in memory)."""
        job = self._jobs[job_id]
        if job.info.state != "interrupted":
            return job.info
        job.closed = False
        job.token = CancellationToken()
        self._append(job, EventType.STATE_CHANGED, {"state": "queued", "previous": "interrupted"})
        self._launch(job)
        return job.info

    async def aclose(self, *, keep: bool = False) -> None:
        """Stop every live job: ``interrupted`` when `keep`, else cancelled (waits <= 5 s)."""
        if self.closed:
            return
        for job in self._jobs.values():
            if job.info.state not in LIVE:
                continue
            if keep:
                state = job.info.state
                self._append(
                    job, EventType.STATE_CHANGED, {"state": "interrupted", "previous": state}
                )
                job.closed = True
            job.token.cancel("shutdown")
        if self._runs:
            await asyncio.wait(list(self._runs), timeout=5.0)
        self.closed = True
        for job in self._jobs.values():
            job.changed.set()
        self._pool.shutdown(wait=False, cancel_futures=True)
