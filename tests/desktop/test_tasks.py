"""TaskSet: every task held; once closed, a spawn from a late signal is refused quietly."""

from __future__ import annotations

import asyncio
from typing import Any

from PySide6.QtCore import QObject, Signal

from desktop.tasks import TaskSet
from tests.desktop.conftest import run_loop


class _Emitter(QObject):
    ping = Signal()


def test_a_task_spawned_after_close_is_refused_never_run_and_never_raises(app: Any) -> None:
    ran: list[str] = []

    async def body(name: str) -> None:
        ran.append(name)

    async def scenario() -> None:
        tasks = TaskSet()
        await tasks.aclose()
        emitter = _Emitter()  # a save or a job's end landing while the window shuts down
        late: list[asyncio.Task[None]] = []
        emitter.ping.connect(lambda: late.append(tasks.spawn(body("from a signal"), "late")))
        emitter.ping.emit()
        late.append(tasks.spawn(body("called"), name="direct"))
        await asyncio.wait(late)
        assert all(task.cancelled() for task in late)
        assert ran == [] and len(tasks) == 0

    run_loop(app, scenario())


def test_tasks_are_held_until_they_end_and_cancelled_on_close(app: Any) -> None:
    async def scenario() -> None:
        tasks = TaskSet()
        started = asyncio.Event()

        async def forever() -> None:
            started.set()
            await asyncio.Event().wait()

        task = tasks.spawn(forever(), name="forever")
        await started.wait()
        assert len(tasks) == 1
        await tasks.aclose(grace=2)
        assert task.cancelled() and len(tasks) == 0

    run_loop(app, scenario())
