"""Plan jobs' Agent turns in worker processes, for hosts with a GUI thread.

A turn is CPU work in Python for most of its length — reading the request, the solver, the
validator, the guide writer, storing the itinerary — and holds the GIL while it runs. On a
worker thread of the host that stalls the host's GUI thread, which waits for the GIL: a 7-day
plan made the desktop's 1 ms timer 78–310 ms late even with only the solver in a process
(bench/ui_responsiveness.py on a loaded 2-core machine). Here the whole turn runs in a worker
process (`engine.jobs.turn_child`) and only its events come back: the host's job manager
records them, places checkpoints and serves subscribers as before, so the event log, the
idempotency of submits, resumes and view switches work the same.

A host calls `start()` once (the desktop does, through ``engine.warm_up(turn_process=True)``,
after its first paint): one worker process starts and loads the runtime and the knowledge
base. From then on the plan runner's default sessions (`engine.jobs.plan_runner.agent_sessions`
without a custom ``build``) run each turn in a worker (`ProcessSession`). Without `start()`
(the CLI, tests) turns run on the engine's threads, as before. A worker that dies before the
turn sent anything is replaced and the turn runs here instead; one that dies mid-turn fails the
job (``worker_died``), which the person can run again. Up to `MAX_WORKERS` turns run in workers
at once; more run here. Workers are reused (their knowledge base stays loaded) and reload it
when ours was reloaded (packs imported or removed).
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import itertools
import logging
import os
import subprocess
import sys
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from engine.cancellation import CancellationToken
from engine.events import Event, EventType
from engine.jobs.frames import read_frame, write_frame
from engine.jobs.runner import JobFailed
from engine.jobs.turn_child import TurnOrder
from engine.jobs.worker import worker_env
from engine.knowledge.base import knowledge_generation

__all__ = [
    "MAX_WORKERS",
    "WORKER_FLAG",
    "ProcessSession",
    "lease",
    "running",
    "start",
    "stop",
    "wait_ready",
]

MAX_WORKERS = 4
WORKER_FLAG = "--turn-worker"
STOP_TIMEOUT = 30.0  # s a worker may take to end a turn after its done, or a left or cancelled
# turn (the Agent stores its history meanwhile: a loaded machine can take seconds), then it is killed
log = logging.getLogger(__name__)
_lock = threading.Lock()
_started = False
_idle: list[_Worker] = []
_busy: set[_Worker] = set()
_tasks = itertools.count(1)


def worker_command() -> list[str]:
    """The worker's command line; a frozen app runs its hidden ``--turn-worker`` entry."""
    if getattr(sys, "frozen", False):
        return [sys.executable, WORKER_FLAG]
    return [sys.executable, "-m", "engine.jobs.turn_child"]


class _Worker:
    """One worker process; a thread reads its replies into the queue of the turn it runs."""

    def __init__(self) -> None:
        kwargs: dict[str, Any] = {}
        if sys.platform == "win32":  # pragma: no cover
            kwargs["creationflags"] = subprocess.CREATE_NO_WINDOW
        self.generation = knowledge_generation()
        self.process = subprocess.Popen(
            worker_command(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=worker_env(),
            **kwargs,
        )
        self._lock = threading.Lock()
        self._inbox: tuple[asyncio.AbstractEventLoop, asyncio.Queue[Any]] | None = None
        self._gone = False
        self.ready = threading.Event()  # set once the worker has loaded
        threading.Thread(target=self._read, name="lvtu-turn-replies", daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        try:
            while (message := read_frame(self.process.stdout)) is not None:
                if message == ("ready",):
                    self.ready.set()
                self._deliver(message)
        except Exception:  # a broken frame: the worker is of no more use
            log.exception("turn worker sent a broken reply")
        finally:
            self.process.stdout.close()
        self._deliver(None)

    def _deliver(self, message: tuple[Any, ...] | None) -> None:
        with self._lock:
            self._gone = self._gone or message is None
            inbox = self._inbox
        if inbox is not None:
            loop, replies = inbox
            with contextlib.suppress(RuntimeError):  # (the loop closed)
                loop.call_soon_threadsafe(replies.put_nowait, message)

    def attach(self) -> asyncio.Queue[Any]:
        """A queue on the running loop that gets the worker's replies from now on (None once
        the worker has gone)."""
        replies: asyncio.Queue[Any] = asyncio.Queue()
        with self._lock:
            self._inbox = (asyncio.get_running_loop(), replies)
            if self._gone:
                replies.put_nowait(None)
        return replies

    def detach(self) -> None:
        with self._lock:
            self._inbox = None

    @property
    def alive(self) -> bool:
        return not self._gone and self.process.poll() is None

    def send(self, message: tuple[Any, ...]) -> bool:
        """Send `message`; False when the worker has gone. Any thread may call it."""
        assert self.process.stdin is not None
        try:
            with self._lock:
                write_frame(self.process.stdin, message)
        except (OSError, ValueError):  # (ValueError: stdin already closed)
            return False
        return True

    def close(self, timeout: float = 2.0) -> None:
        with contextlib.suppress(OSError):
            assert self.process.stdin is not None
            self.process.stdin.close()
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def start() -> None:
    """Run plan turns in worker processes from now on, and start the first one (it loads the
    runtime and the knowledge base on its own, in a few seconds; a turn asked for before then
    waits for it)."""
    global _started
    with _lock:
        if not _started:
            atexit.register(stop)
        _started = True
        if not _idle and not _busy:
            _idle.append(_Worker())


def wait_ready(timeout: float) -> bool:
    """Wait (blocking) until the idle workers have loaded, up to `timeout` seconds; whether
    they have."""
    with _lock:
        workers = list(_idle)
    return all(worker.ready.wait(timeout) for worker in workers)


def running() -> bool:
    """Whether `start()` was called (and not `stop()`)."""
    return _started


def stop() -> None:
    """Close the idle workers (a busy one closes when its turn is done); turns run here again."""
    global _started
    with _lock:
        _started = False
        workers = list(_idle)
        _idle.clear()
    for worker in workers:
        worker.close()


def lease() -> _Worker | None:
    """An idle worker (or a new one); None when workers are not started or all are busy."""
    with _lock:
        if not _started:
            return None
        while _idle and not _idle[-1].alive:
            _idle.pop().close()
        if _idle:
            worker = _idle.pop()
        elif len(_busy) < MAX_WORKERS:
            worker = _Worker()
        else:
            return None
        _busy.add(worker)
        return worker


def _release(worker: _Worker) -> None:
    worker.detach()
    with _lock:
        _busy.discard(worker)
        if _started and worker.alive:
            _idle.append(worker)
            return
    worker.close()


class ProcessSession:
    """A `engine.jobs.plan_runner.PlanSession` whose turns run in a leased worker process.

    Args:
        worker: from `lease()`; given back when the turn ends.
        job_id, conversation_id: the job's (as the in-process session has them).
        database: the job manager's database file (the worker's Agent uses it).
        fallback: makes the in-process session, for a turn whose worker died before it began.
    """

    def __init__(
        self,
        worker: _Worker,
        *,
        job_id: str,
        conversation_id: int | None,
        database: Path,
        fallback: Callable[[], Awaitable[Any]],
    ) -> None:
        self._worker: _Worker | None = worker
        self._order = TurnOrder(job_id, conversation_id, database)
        self._fallback = fallback
        self._local: Any = None

    def astream(
        self, request: Any, *, cancellation_token: CancellationToken
    ) -> AsyncIterator[Event]:
        order = TurnOrder(**{**self._order.__dict__, "request": request})
        return self._stream(order, cancellation_token)

    def astream_guide(
        self, itinerary_id: int, *, cancellation_token: CancellationToken
    ) -> AsyncIterator[Event]:
        order = TurnOrder(**{**self._order.__dict__, "guide_for": itinerary_id})
        return self._stream(order, cancellation_token)

    async def _stream(self, order: TurnOrder, token: CancellationToken) -> AsyncIterator[Event]:
        worker, self._worker = self._worker, None
        if worker is None:
            raise RuntimeError("a ProcessSession runs one turn")
        task = next(_tasks)
        replies = worker.attach()
        env = {k: v for k, v in os.environ.items() if k.startswith("LVTU_")}
        generation = knowledge_generation()
        sent = worker.send(("turn", task, env, generation != worker.generation, order))
        worker.generation = generation

        def cancel(reason: str) -> None:
            worker.send(("cancel", task, reason))

        remove = token.on_cancel(cancel)
        began = ended = finished = False
        try:
            while sent:
                reply = await replies.get()
                if reply is None:
                    break
                if len(reply) < 2 or reply[1] != task:
                    continue  # ("ready",), or a reply to an earlier, abandoned turn
                if reply[0] == "event":
                    began, event = True, reply[2]
                    if event.type == EventType.DONE:  # the caller may leave at ``done``: the
                        finished = True
                        ended = await _wait_end(replies, task)  # worker first stores the turn
                        yield event
                        return
                    yield event
                    continue
                ended = True
                if reply[0] == "failed":
                    log.error("turn worker failed on job %s:\n%s", order.job_id, reply[2])
                    raise JobFailed("internal", reply[2].strip().splitlines()[-1])
                return
        finally:
            remove()
            if not ended and worker.alive and not finished:  # left early: cancel, then end
                worker.send(("cancel", task, token.reason or "left"))
                ended = await _wait_end(replies, task)
            if not ended:
                worker.close(timeout=0)
            _release(worker)
        if began:
            raise JobFailed("worker_died", "the planning process ended unexpectedly")
        log.warning(
            "turn worker for job %s died before the turn began; running it here", order.job_id
        )
        self._local = await self._fallback()
        if order.guide_for is not None:
            local = self._local.astream_guide(order.guide_for, cancellation_token=token)
        else:
            local = self._local.astream(order.request, cancellation_token=token)
        async for event in local:
            yield event

    async def aclose(self) -> None:
        if self._worker is not None:  # never streamed
            _release(self._worker)
            self._worker = None
        if self._local is not None:
            await self._local.aclose()


async def _wait_end(replies: asyncio.Queue[Any], task: int) -> bool:
    """Whether the worker reported the end of `task` within `STOP_TIMEOUT`."""
    try:
        async with asyncio.timeout(STOP_TIMEOUT):
            while (reply := await replies.get()) is not None:
                if len(reply) >= 2 and reply[1] == task and reply[0] in ("end", "failed"):
                    return True
    except TimeoutError:
        pass
    return False
