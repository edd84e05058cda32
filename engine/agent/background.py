"""Background sub-agents owned by an agent (e.g. a guide writer): start, cancel, close.

Each is a coroutine run on a loop of its own, on the turn pool, with its own
`CancellationToken`. `close` cancels them all and waits up to `STOP_TIMEOUT`; afterwards
`start` raises `BackgroundOwnerClosedError`.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import uuid
from collections.abc import Callable, Coroutine
from concurrent.futures import Future, wait
from dataclasses import dataclass, field
from typing import Any

from engine.agent.errors import BackgroundOwnerClosedError
from engine.agent.pool import turn_pool
from engine.cancellation import CancellationToken, CancelledError

log = logging.getLogger(__name__)


@dataclass
class BackgroundTask:
    """A running sub-agent.

    Attributes:
        id: its id (also the ``job_id`` of its events).
        name: what it does, e.g. ``guide``.
        token: cancels it.
        future: its result; ``CancelledError`` (engine.cancellation) when cancelled.
    """

    id: str
    name: str
    token: CancellationToken = field(default_factory=CancellationToken)
    future: Future[Any] = field(default_factory=Future)

    @property
    def status(self) -> str:
        """``running``, ``succeeded``, ``cancelled`` or ``failed``."""
        if not self.future.done():
            return "running"
        exc = self.future.exception()
        if exc is None:
            return "succeeded"
        return "cancelled" if isinstance(exc, CancelledError) else "failed"


class BackgroundRunner:
    """The sub-agents of one owner."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._tasks: set[Future[Any]] = set()
        self._running: dict[str, BackgroundTask] = {}
        self._closed = False

    def start(
        self, name: str, fn: Callable[[BackgroundTask], Coroutine[Any, Any, Any]]
    ) -> BackgroundTask:
        """Run the coroutine ``fn(task)`` on a loop of its own on the turn pool; it should check
        ``task.token`` between steps.

        Raises:
            BackgroundOwnerClosedError: the owner is closed.
        """
        task = BackgroundTask(id=f"{name}-{uuid.uuid4().hex[:10]}", name=name)
        with self._lock:
            if self._closed:
                raise BackgroundOwnerClosedError(f"cannot start {name!r}: its agent is closed")
            self._running[task.id] = task
        work = turn_pool().submit(self._run, task, fn)
        with self._lock:
            self._tasks.add(work)  # a strong reference until it ends
        work.add_done_callback(self._forget)
        return task

    def _run(
        self, task: BackgroundTask, fn: Callable[[BackgroundTask], Coroutine[Any, Any, Any]]
    ) -> None:
        try:
            task.future.set_result(asyncio.run(fn(task)))
        except BaseException as exc:
            if not isinstance(exc, CancelledError):
                log.exception("background %s failed", task.id)
            task.future.set_exception(exc)
        finally:
            with self._lock:
                self._running.pop(task.id, None)

    def _forget(self, work: Future[Any]) -> None:
        with self._lock:
            self._tasks.discard(work)

    def close(self, timeout: float) -> bool:
        """Refuse new tasks, cancel the running ones, wait up to `timeout` s; True if all ended."""
        with self._lock:
            self._closed = True
            running = list(self._running.values())
            work = list(self._tasks)
        for task in running:
            task.token.cancel("agent closed")
        _, not_done = wait(work, timeout=timeout)
        if not_done:
            log.warning("%d background task(s) still running after %.1f s", len(not_done), timeout)
        return not not_done
