"""Plan jobs' turns in a worker process (engine.jobs.turn_process). The same events, checkpoints,
stored plan and history as on a thread, and resume after a cancelled turn, are tested with the
real Agent's jobs in test_plan_runner (the `turns` fixture runs them both ways); here, a worker
that died before its turn is dropped."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.cancellation import CancellationToken
from engine.events import Done, Event
from engine.jobs import turn_process
from engine.jobs.plan_request import PlanRequest


@pytest.fixture
def workers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("LVTU_HOME", str(tmp_path))
    turn_process.start()
    yield
    turn_process.stop()


async def test_a_worker_that_died_before_the_turn_is_dropped_and_the_turn_runs_here(
    workers: None, tmp_path: Path
) -> None:
    assert turn_process.wait_ready(120)  # (the worker has loaded: it answers to a turn)
    worker = turn_process.lease()
    assert worker is not None and worker.ready.is_set()
    worker.process.kill()
    worker.process.wait()

    class Here:
        async def astream(self, request: Any, *, cancellation_token: Any) -> Any:
            yield Event("j", 1, Done("succeeded"))

        async def aclose(self) -> None:
            return None

    async def here() -> Here:
        return Here()

    session = turn_process.ProcessSession(
        worker, job_id="j", conversation_id=None, database=tmp_path / "lvtu.db", fallback=here
    )
    stream = session.astream(
        PlanRequest("上海出发去黄山玩两天"), cancellation_token=CancellationToken()
    )
    events = [event async for event in stream]
    await session.aclose()
    assert [e.payload for e in events] == [Done("succeeded")]
    assert worker not in turn_process._idle and not worker.alive
