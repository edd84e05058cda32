"""The turn's history is saved exactly once whatever the stream's consumer does."""

from __future__ import annotations

import asyncio
import gc
import threading
from collections.abc import AsyncIterator

import pytest
from sqlalchemy.engine import Engine

from engine.agent.agent import Agent
from engine.cancellation import CancellationToken
from engine.events import Event, EventType
from tests.agent.fakes import SEED, FakePipeline
from tests.agent.helpers import stored

ROLES = ["user", "assistant", "tool", "assistant"]  # the plan_trip call is always paired


def gated(fake: FakePipeline) -> CancellationToken:
    """Hold the guide after its first chunk until the turn is cancelled (deterministic cancel)."""
    gate = threading.Event()
    fake.guide_gate = gate
    token = CancellationToken()
    token.on_cancel(lambda _reason: gate.set())
    return token


async def saved_once_and_seen(agent: Agent, db: Engine, turn_id: str, status: str) -> None:
    """The turn is stored exactly once, and the next turn builds on it (a revision of its plan)."""
    assert await agent.wait_saved()
    assert agent.last_turn is not None and agent.last_turn.turn_id == turn_id
    assert agent.last_turn.status == status
    rows = stored(db, turn_id)
    assert [r.role for r in rows] == ROLES
    assert rows[0].content == SEED
    assert rows[-1].data["itinerary_id"] == agent.last_turn.itinerary_id
    if status == "cancelled":
        assert (rows[-1].content or "").endswith("[Interrupted]")

    reply = await agent.arun("加一天")
    assert agent.last_turn.status == "succeeded", reply
    assert agent.last_turn.version == 2  # the follow-up revised the first turn's itinerary
    assert await agent.wait_saved()
    assert [r.role for r in stored(db, turn_id)] == ROLES  # still once
    users = [r.content for r in stored(db) if r.role == "user"]
    assert users == [SEED, "加一天"]
    assert [m["content"] for m in agent.messages if m["role"] == "user"] == users


async def test_consumer_reads_to_the_end(agent: Agent, db: Engine) -> None:
    events = [e async for e in agent.astream(SEED)]
    assert events[-1].type is EventType.DONE
    await saved_once_and_seen(agent, db, events[0].job_id, "succeeded")


async def test_consumer_breaks_after_done(agent: Agent, db: Engine) -> None:
    turn_id = ""
    async for event in agent.astream(SEED):
        turn_id = event.job_id
        if event.type is EventType.DONE:
            break
    await saved_once_and_seen(agent, db, turn_id, "succeeded")


async def test_consumer_breaks_mid_stream(agent: Agent, db: Engine, fake: FakePipeline) -> None:
    token = gated(fake)
    turn_id = ""
    async for event in agent.astream(SEED, cancellation_token=token):
        turn_id = event.job_id
        if event.type is EventType.ITINERARY:
            break
    await saved_once_and_seen(agent, db, turn_id, "cancelled")
    assert token.reason == "stream closed"


async def test_outer_of_two_forwarding_generators_breaks(
    agent: Agent, db: Engine, fake: FakePipeline
) -> None:
    token = gated(fake)

    async def inner() -> AsyncIterator[Event]:
        async for event in agent.astream(SEED, cancellation_token=token):
            yield event

    async def outer() -> AsyncIterator[Event]:
        async for event in inner():
            yield event

    turn_id = ""
    async for event in outer():
        turn_id = event.job_id
        if event.type is EventType.ITINERARY:
            break
    await saved_once_and_seen(agent, db, turn_id, "cancelled")


async def test_consuming_task_is_cancelled(agent: Agent, db: Engine, fake: FakePipeline) -> None:
    token = gated(fake)
    seen = asyncio.Event()
    ids: list[str] = []

    async def consume() -> None:
        async for event in agent.astream(SEED, cancellation_token=token):
            ids.append(event.job_id)
            if event.type is EventType.ITINERARY:
                seen.set()

    task = asyncio.create_task(consume())
    await seen.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await saved_once_and_seen(agent, db, ids[0], "cancelled")


async def test_consumer_raises(agent: Agent, db: Engine, fake: FakePipeline) -> None:
    token = gated(fake)
    ids: list[str] = []
    with pytest.raises(RuntimeError, match="consumer failed"):
        async for event in agent.astream(SEED, cancellation_token=token):
            ids.append(event.job_id)
            if event.type is EventType.ITINERARY:
                raise RuntimeError("consumer failed")
    await saved_once_and_seen(agent, db, ids[0], "cancelled")


async def test_generator_dropped_without_aclose(
    agent: Agent, db: Engine, fake: FakePipeline
) -> None:
    token = gated(fake)
    stream = agent.astream(SEED, cancellation_token=token)
    event = await anext(stream)
    turn_id = event.job_id
    while event.type is not EventType.ITINERARY:
        event = await anext(stream)
    del stream, event
    gc.collect()
    await saved_once_and_seen(agent, db, turn_id, "cancelled")
