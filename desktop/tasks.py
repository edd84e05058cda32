"""TaskSet: strong references to every asyncio task the desktop starts (qasync keeps none)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any, TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")


class TaskSet:
    """Owns tasks until they finish; logs their failures; cancels the rest on `aclose`.

    qasync 0.28's `asyncSlot` and a bare `asyncio.ensure_future` keep no strong reference, so a
    task can be garbage-collected mid-run (DESIGN.md, "Known traps"). Everything async in the
    desktop goes through one of these.
    """

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()
        self.closed = False

    def spawn(self, coro: Coroutine[Any, Any, T], name: str | None = None) -> asyncio.Task[T]:
        """Start `coro` as a task held here until it ends.

        Once the set is closed (the app is shutting down) a coroutine is refused, never run
        and never an error: signals keep arriving while the window closes (a save landing, a
        job ending), and each handler that spawns would otherwise raise into Qt. The task
        returned is then already cancelled before its first step.
        """
        task = asyncio.get_running_loop().create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._finished)
        if self.closed:
            log.debug("task %s refused: the task set is closed", name)
            task.cancel()  # (the coroutine never starts: no "never awaited" warning)
        return task

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("task %s failed", task.get_name(), exc_info=task.exception())

    def __len__(self) -> int:
        return len(self._tasks)

    async def aclose(self, grace: float = 5.0) -> None:
        """Cancel every task and wait for them (at most `grace` seconds). Idempotent."""
        self.closed = True
        tasks = [t for t in self._tasks if not t.done()]
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks, timeout=grace)
