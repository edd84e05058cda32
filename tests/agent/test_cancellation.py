"""Cancellation: checked between and inside steps; what chat/arun return; what is kept."""

from __future__ import annotations

import asyncio
import signal
import threading
from collections.abc import Callable

import pytest
from sqlalchemy.engine import Engine

from engine.agent import agent as agent_module
from engine.agent.agent import Agent
from engine.cancellation import CancellationToken
from engine.domain.request import TripRequest
from engine.events import Event, EventType
from engine.storage import itineraries
from tests.agent.fakes import SEED, FakePipeline
from tests.agent.helpers import loop_event, stored


def test_token_reaches_the_solver_and_the_cut_plan_is_dropped(
    agent: Agent, fake: FakePipeline, db: Engine
) -> None:
    token = CancellationToken()
    seen: list[bool] = []

    def solver(_request: TripRequest, stop: Callable[[], bool]) -> None:
        seen.append(stop())
        token.cancel("user pressed stop")  # e.g. from the GUI thread while the solver runs
        seen.append(stop())

    fake.plan_hook = solver
    assert agent.chat(SEED, cancellation_token=token) == "[Cancelled: user pressed stop]"
    assert seen == [False, True]
    assert agent.last_turn is not None
    assert (agent.last_turn.status, agent.last_turn.reason) == ("cancelled", "user pressed stop")
    assert itineraries.list_summaries(db) == []  # a plan cut short is not kept
    messages = agent.messages
    assert [m["role"] for m in messages] == ["user", "assistant", "tool", "assistant"]
    assert '"cancelled": true' in messages[2]["content"]  # no tool call left without a result
    assert messages[3]["content"] == "[Interrupted]"


def test_token_is_checked_before_the_first_step(agent: Agent, fake: FakePipeline) -> None:
    token = CancellationToken()
    token.cancel("changed my mind")
    assert agent.chat(SEED, cancellation_token=token) == "[Cancelled: changed my mind]"
    assert fake.calls == []
    assert agent.messages == [
        {"role": "user", "content": SEED},
        {"role": "assistant", "content": "[Interrupted]"},
    ]


def test_cancelled_turn_keeps_what_it_produced(agent: Agent, db: Engine) -> None:
    token = CancellationToken()
    tokens: list[str] = []

    def on_event(event: Event) -> None:  # runs on the turn's loop, between steps
        if event.type is EventType.TOKEN:
            tokens.append(event.payload.text)
            if len(tokens) == 2:
                token.cancel("enough")

    agent.subscribe(on_event)
    assert agent.chat(SEED, cancellation_token=token) == "[Cancelled: enough]"
    last = agent.messages[-1]
    assert last["content"] == "".join(tokens) + "\n[Interrupted]"
    saved = itineraries.load(db, last["itinerary_id"])  # the plan and its guide are kept
    assert saved.guide and agent.last_turn is not None
    assert agent.last_turn.itinerary_id == saved.id
    assert [r.content for r in stored(db)][-1] == last["content"]


def test_keyboard_interrupt_in_chat(agent: Agent, fake: FakePipeline) -> None:
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("KeyboardInterrupt is delivered to the main thread only")
    token = CancellationToken()
    cancelled = threading.Event()
    token.on_cancel(lambda _reason: cancelled.set())

    def press_ctrl_c(_request: TripRequest, _stop: Callable[[], bool]) -> None:
        signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)
        assert cancelled.wait(timeout=10)  # chat cancels the turn and waits for it to stop

    fake.plan_hook = press_ctrl_c
    assert agent.chat(SEED, cancellation_token=token) == "[Interrupted by user]"
    assert agent.last_turn is not None and agent.last_turn.status == "interrupted"
    assert agent.messages[-1]["content"] == "[Interrupted]"


async def test_cancelling_arun_cancels_the_turn_and_waits_for_it(
    agent: Agent, fake: FakePipeline
) -> None:
    entered, entered_trigger = loop_event()
    released = threading.Event()
    token = CancellationToken()
    token.on_cancel(lambda _reason: released.set())

    def slow_solver(_request: TripRequest, _stop: Callable[[], bool]) -> None:
        entered_trigger.set()
        released.wait(timeout=10)

    fake.plan_hook = slow_solver
    task = asyncio.create_task(agent.arun(SEED, cancellation_token=token))
    await entered.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert token.reason == "cancelled by caller"
    # arun returned only after the turn had stopped:
    assert agent.last_turn is not None and agent.last_turn.status == "cancelled"
    assert await agent.wait_saved()


async def test_arun_waits_for_a_stuck_turn_only_up_to_the_bound(
    agent: Agent, fake: FakePipeline, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(agent_module, "STOP_TIMEOUT", 0.05)
    entered, entered_trigger = loop_event()
    released = threading.Event()

    def stuck_solver(_request: TripRequest, _stop: Callable[[], bool]) -> None:
        entered_trigger.set()
        released.wait(timeout=10)  # ignores the stop callback

    fake.plan_hook = stuck_solver
    task = asyncio.create_task(agent.arun(SEED))
    await entered.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert agent.last_turn is None  # still running: arun gave up waiting
    released.set()
    assert await agent.wait_saved(timeout=10)
    assert agent.last_turn is not None and agent.last_turn.status == "cancelled"


def test_max_iterations_stops_the_turn(agent: Agent) -> None:
    reply = agent.chat(SEED, max_iterations=1)
    assert agent.last_turn is not None
    assert (agent.last_turn.status, agent.last_turn.reason) == ("failed", "max_iterations")
    assert reply == "这一轮的步骤数已到上限，先停在这里。"
    with pytest.raises(ValueError):
        agent.chat(SEED, max_iterations=0)
