"""`Scheduler`: the job tasks — strong references, a concurrency limit, stopping them."""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Coroutine, Mapping
from typing import Any

from engine.jobs.execution import Recorder, execute
from engine.jobs.handle import LiveJob
from engine.jobs.runner import JobRunner
from engine.jobs.states import JobInfo, JobState

log = logging.getLogger(__name__)


class Scheduler:
    """Owns every task of a manager; runs at most `limit` jobs at once, in launch order.

    Attributes:
        live: job id → `LiveJob`, for jobs queued or running in this process.
        running: how many jobs hold a slot now.
    """

    def __init__(
        self,
        recorder: Recorder,
        runners: Mapping[str, JobRunner],
        *,
        limit: int,
        cancel_grace: float,
    ) -> None:
        if limit < 1:
            raise ValueError("max_concurrent must be at least 1")
        self.live: dict[str, LiveJob] = {}
        self.running = 0
        self._recorder = recorder
        self._runners = runners
        self._limit = limit
        self._grace = cancel_grace
        self._tasks: set[asyncio.Task[Any]] = set()
        self._queue: deque[LiveJob] = deque()

    def spawn(self, coro: Coroutine[Any, Any, Any], name: str) -> asyncio.Task[Any]:
        """Start `coro` as a task the scheduler keeps a strong reference to until it ends."""
        task = asyncio.get_running_loop().create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def launch(self, handle: LiveJob) -> JobInfo:
        """Queue a live job for a slot; returns its snapshot."""
        self.live[handle.id] = handle
        handle.task = self.spawn(self._job_main(handle), f"lvtu-job-{handle.id}")
        self._queue.append(handle)
        self._dispatch()
        return handle.info()

    def stop(self, handle: LiveJob, state: JobState, reason: str, *, now: bool = False) -> None:
        """Ask a live job to stop and end as `state`.

        A queued job stops at once. A running one has its token cancelled, and its task
        cancelled `now` or after the grace period if the runner has not stopped by itself.
        """
        if handle.stop_state is None:
            handle.stop_state, handle.stop_reason = state, reason
            handle.token.cancel(reason)
        if not handle.slot.done():
            handle.slot.set_result(False)
        elif now:
            _force_stop(handle)
        elif handle.timer is None:
            handle.timer = asyncio.get_running_loop().call_later(self._grace, _force_stop, handle)

    async def drain(self, state: JobState, reason: str, *, now: bool) -> None:
        """Stop every live job (also ones launched meanwhile) and wait for all job tasks."""
        while True:
            for handle in list(self.live.values()):
                self.stop(handle, state, reason, now=now)
            pending = [t for t in self._tasks if not t.done() and t.get_name() != "background"]
            if not pending:
                return
            await asyncio.gather(*pending, return_exceptions=True)

    async def cancel_all(self) -> None:
        """Cancel the remaining (background) tasks and wait for them."""
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def _dispatch(self) -> None:
        while self.running < self._limit and self._queue:
            handle = self._queue.popleft()
            if not handle.slot.done():
                self.running += 1
                handle.slot.set_result(True)

    async def _job_main(self, handle: LiveJob) -> None:
        try:
            if not await handle.slot:
                await self._recorder.finish(handle, handle.stop_state or JobState.CANCELLED)
                return
            try:
                await execute(self._recorder, handle, self._runners[handle.kind])
            finally:
                self.running -= 1
                self._dispatch()
        except Exception:
            log.exception("job %s: failed to record its end", handle.id)
        finally:
            if handle.timer is not None:
                handle.timer.cancel()
            self.live.pop(handle.id, None)
            handle.close()


def _force_stop(handle: LiveJob) -> None:
    """Cancel the task of a job whose runner is running (once; never while it records its end).

    Before the runner starts, the cancelled token is enough: `execute` checks it first.
    """
    task = handle.task
    if task is None or task.done() or not handle.executing or handle.finishing:
        return
    if not handle.cancel_sent:
        handle.cancel_sent = True
        task.cancel()
