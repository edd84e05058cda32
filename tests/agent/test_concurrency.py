"""One turn at a time per agent; turns run on the engine's own pool, not the default executor."""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor

import pytest

from engine.agent.agent import Agent
from engine.agent.errors import TurnInProgressError
from engine.agent.pool import turn_pool, turn_workers
from engine.domain.request import TripRequest
from tests.agent.fakes import SEED, FakePipeline
from tests.agent.helpers import loop_event


@pytest.fixture
async def one_thread_default_executor() -> AsyncIterator[ThreadPoolExecutor]:
    executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="default")
    asyncio.get_running_loop().set_default_executor(executor)
    yield executor
    executor.shutdown(wait=True)


def blocking_solver(fake: FakePipeline) -> tuple[asyncio.Event, threading.Event]:
    """Make the planner wait for `release`; `entered` is set (on the loop) when it starts."""
    entered, trigger = loop_event()
    release = threading.Event()

    def solver(_request: TripRequest, _stop: Callable[[], bool]) -> None:
        trigger.set()
        assert release.wait(timeout=30)

    fake.plan_hook = solver
    return entered, release


async def test_second_turn_while_one_runs_raises(agent: Agent, fake: FakePipeline) -> None:
    entered, release = blocking_solver(fake)
    first = asyncio.create_task(agent.arun(SEED))
    await entered.wait()
    with pytest.raises(TurnInProgressError):
        agent.chat("加一天")
    with pytest.raises(TurnInProgressError):
        await agent.arun("加一天")
    with pytest.raises(TurnInProgressError):
        await anext(agent.astream("加一天"))
    with pytest.raises(TurnInProgressError):
        agent.add_message("user", "hi")
    with pytest.raises(TurnInProgressError):
        agent.clear_history()
    release.set()
    assert (await first).startswith("已为你规划好")
    assert len(fake.calls) == 1
    assert (await agent.arun("加一天")).startswith("已调整")  # free again


async def test_turns_run_on_the_engines_pool(agent: Agent, fake: FakePipeline) -> None:
    await agent.arun(SEED)
    assert fake.threads[0].startswith("lvtu-turn-")
    assert turn_workers() == min(32, (os.cpu_count() or 1) + 4)
    assert turn_pool()._max_workers == turn_workers()


async def test_busy_default_executor_does_not_stall_a_turn(
    agent: Agent, one_thread_default_executor: ThreadPoolExecutor
) -> None:
    loop = asyncio.get_running_loop()
    blocker = threading.Event()
    busy = loop.run_in_executor(None, blocker.wait)  # the only default worker is taken
    try:
        reply = await asyncio.wait_for(agent.arun(SEED), timeout=30)
        assert reply.startswith("已为你规划好")
        assert await agent.wait_saved()
        assert not busy.done()
    finally:
        blocker.set()
        await busy


async def test_a_turn_does_not_occupy_the_default_executor(
    agent: Agent, fake: FakePipeline, one_thread_default_executor: ThreadPoolExecutor
) -> None:
    entered, release = blocking_solver(fake)
    turn = asyncio.create_task(agent.arun(SEED))
    await entered.wait()  # the turn is now blocked inside the planner
    loop = asyncio.get_running_loop()
    name = await asyncio.wait_for(
        loop.run_in_executor(None, lambda: threading.current_thread().name), timeout=30
    )
    assert name.startswith("default")
    release.set()
    await turn
