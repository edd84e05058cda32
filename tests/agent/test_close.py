"""close / aclose: background sub-agents, ownership, idempotence, never blocking the loop."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

import httpx
import pytest
from sqlalchemy.engine import Engine

from engine.agent import agent as agent_module
from engine.agent.agent import Agent
from engine.agent.errors import AgentClosedError, BackgroundOwnerClosedError
from engine.agent.memory import MemoryStore
from engine.cancellation import CancellationToken, CancelledError
from engine.domain.request import TripRequest
from engine.events import Event, EventType
from engine.storage import itineraries
from tests.agent.fakes import SEED, FakePipeline
from tests.agent.helpers import loop_event, stored


def test_background_guide_writer_is_cancelled_and_awaited_on_close(
    agent: Agent, fake: FakePipeline
) -> None:
    agent.chat(SEED)
    events: list[Event] = []
    agent.subscribe(events.append)
    gate = threading.Event()
    fake.guide_gate = gate
    task = agent.write_guide_in_background()
    task.token.on_cancel(lambda _reason: gate.set())
    agent.close()
    assert task.future.done() and task.status == "cancelled"  # close waited for it
    with pytest.raises(CancelledError):
        task.future.result()
    mine = [e for e in events if e.job_id == task.id]
    assert mine[-1].type is EventType.DONE and mine[-1].payload.status == "cancelled"
    with pytest.raises(BackgroundOwnerClosedError):
        agent.write_guide_in_background()


def test_background_guide_writer_updates_the_stored_guide(agent: Agent, db: Engine) -> None:
    agent.chat(SEED)
    itinerary_id = agent.last_turn.itinerary_id if agent.last_turn else None
    assert itinerary_id is not None
    events: list[Event] = []
    agent.subscribe(events.append)
    task = agent.write_guide_in_background()
    guide = task.future.result(timeout=30)
    assert task.status == "succeeded" and itineraries.load(db, itinerary_id).guide == guide
    kinds = [e.type for e in events if e.job_id == task.id]
    assert kinds[-3:] == [EventType.GUIDE_WRITTEN, EventType.SUGGESTED_QUESTIONS, EventType.DONE]
    assert [e.seq for e in events if e.job_id == task.id] == list(range(1, len(kinds) + 1))


def test_close_waits_for_sub_agents_only_up_to_the_bound(
    agent: Agent, fake: FakePipeline, monkeypatch: pytest.MonkeyPatch
) -> None:
    agent.chat(SEED)
    monkeypatch.setattr(agent_module, "STOP_TIMEOUT", 0.05)
    gate = threading.Event()  # not tied to cancellation: a sub-agent that does not listen
    fake.guide_gate = gate
    writing = threading.Event()
    agent.subscribe(lambda e: writing.set() if e.type is EventType.GUIDE_DELTA else None)
    task = agent.write_guide_in_background()
    assert writing.wait(timeout=30)  # it is inside the guide, waiting at the gate
    agent.close()
    assert task.status == "running" and agent.closed
    gate.set()
    assert isinstance(task.future.exception(timeout=30), CancelledError)


async def test_close_leaves_what_the_caller_passed_in_open(
    make_agent: Callable[..., Agent], db: Engine
) -> None:
    memory = MemoryStore(db)
    async with httpx.AsyncClient() as client:
        agent = make_agent(memory=memory, llm_client=client)
        await agent.arun("我不吃辣")
        await agent.aclose()
        assert not client.is_closed and not memory.closed
        assert [m.key for m in memory.all()] == ["spicy"]  # still usable, and the turn saved it
    owning = make_agent()
    owning.close()
    assert owning.memory.closed  # the store it created is closed with it


def test_close_is_idempotent_and_refuses_new_turns(agent: Agent) -> None:
    agent.chat(SEED)
    agent.close()
    agent.close()
    with pytest.raises(AgentClosedError):
        agent.chat(SEED)
    assert agent.closed


def test_with_block_closes(make_agent: Callable[..., Agent], db: Engine) -> None:
    with make_agent() as agent:
        agent.chat(SEED)
    assert agent.closed and len(stored(db)) == 4


async def test_async_with_block_closes(make_agent: Callable[..., Agent], db: Engine) -> None:
    async with make_agent() as agent:
        await agent.arun(SEED)
    assert agent.closed and len(stored(db)) == 4


async def test_aclose_never_blocks_the_loop_and_survives_cancellation(
    make_agent: Callable[..., Agent], fake: FakePipeline, db: Engine
) -> None:
    agent = make_agent()
    entered, entered_trigger = loop_event()
    cancelled, cancelled_trigger = loop_event()
    release = threading.Event()

    def stubborn_solver(_request: TripRequest, stop: Callable[[], bool]) -> None:
        entered_trigger.set()
        assert release.wait(timeout=30)  # keeps running after cancellation until released

    fake.plan_hook = stubborn_solver
    token = CancellationToken()
    token.on_cancel(lambda _reason: cancelled_trigger.set())
    turn = asyncio.create_task(agent.arun(SEED, cancellation_token=token))
    await entered.wait()
    closing = asyncio.create_task(agent.aclose())
    # close() cancels the turn and then blocks, on its own thread, waiting for it to stop;
    # meanwhile the loop keeps running (this await returns while close is still waiting):
    await cancelled.wait()
    closing.cancel()
    with pytest.raises(asyncio.CancelledError):
        await closing
    assert not agent.closed  # still closing, on its thread
    release.set()
    assert await turn == "[Cancelled: agent closed]"
    await agent.aclose()  # waits for the first close to finish
    assert agent.closed and agent.memory.closed
    assert [r.role for r in stored(db)] == ["user", "assistant", "tool", "assistant"]
