"""A turn's events and history: the seed scenario, bad input, planning errors, English."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from engine.agent.agent import Agent
from engine.events import Done, ErrorReported, Event, EventType
from engine.storage import itineraries
from tests.agent.fakes import SEED, FakePipeline, FakePlanningError
from tests.agent.helpers import stored

E = EventType
NEW_TRIP = [E.THINKING_STEP, E.THINKING_STEP, E.TOOL_CALL, E.TOOL_RESULT, E.ITINERARY,
            E.FEASIBILITY, E.THINKING_STEP]  # fmt: skip
ENDING = [E.GUIDE_WRITTEN, E.SUGGESTED_QUESTIONS]


def kinds(events: list[Event]) -> list[EventType]:
    """Event types with runs of guide_delta / token collapsed to one."""
    out: list[EventType] = []
    for event in events:
        if not (out and event.type == out[-1] and event.type in (E.GUIDE_DELTA, E.TOKEN)):
            out.append(event.type)
    return out


def assert_well_formed(events: list[Event]) -> None:
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    assert len({e.job_id for e in events}) == 1
    assert events[-1].type is E.DONE
    assert sum(e.type is E.DONE for e in events) == 1


async def test_seed_scenario_streams_the_plan_and_is_stored(agent: Agent, db: Engine) -> None:
    events: list[Event] = []
    async for event in agent.astream(SEED):
        events.append(event)
        if event.type is E.DONE:
            break
    assert_well_formed(events)
    assert kinds(events) == [*NEW_TRIP, E.GUIDE_DELTA, *ENDING, E.TOKEN, E.USAGE, E.DONE]
    by_type = {e.type: e for e in events}
    call, result = by_type[E.TOOL_CALL].payload, by_type[E.TOOL_RESULT].payload
    assert call.name == "plan_trip" and result.id == call.id
    assert call.arguments["request"]["destinations"] == ["huangshan"]
    snapshot = by_type[E.ITINERARY].payload
    itinerary_id = snapshot.itinerary_id
    assert snapshot.itinerary.id == itinerary_id
    assert by_type[E.DONE].payload == Done("succeeded", None, itinerary_id, 1)
    guide = "".join(e.payload.text for e in events if e.type is E.GUIDE_DELTA)
    answer = "".join(e.payload.text for e in events if e.type is E.TOKEN)
    saved = itineraries.load(db, itinerary_id)
    assert saved.guide == guide
    assert saved.suggested_questions == by_type[E.SUGGESTED_QUESTIONS].payload.questions
    assert "黄山2日游" in answer and agent.last_turn is not None and agent.last_turn.text == answer

    assert await agent.wait_saved()
    rows = stored(db, events[0].job_id)
    assert [r.role for r in rows] == ["user", "assistant", "tool", "assistant"]
    assert rows[1].data["tool_calls"][0]["id"] == rows[2].data["tool_call_id"] == call.id
    assert rows[3].content == answer and rows[3].data["itinerary_id"] == itinerary_id


async def test_bad_input_fails_with_a_clear_message_in_the_users_language(
    agent: Agent, db: Engine
) -> None:
    events = [e async for e in agent.astream("随便说点什么")]
    assert_well_formed(events)
    error = next(e.payload for e in events if isinstance(e.payload, ErrorReported))
    assert error.code == "parse" and "上海出发去黄山玩两天" in error.message
    assert events[-1].payload.status == "failed"
    assert agent.messages[-1] == {"role": "assistant", "content": error.message}
    assert "Traceback" not in error.message

    reply = await agent.arun("what?")
    assert reply.startswith("I could not tell where") and agent.last_turn is not None
    assert agent.last_turn.status == "failed" and agent.last_turn.reason == "parse"


async def test_planning_error_pairs_the_tool_call_and_says_why(
    agent: Agent, fake: FakePipeline
) -> None:
    fake.fail_with = FakePlanningError()
    events = [e async for e in agent.astream(SEED)]
    assert_well_formed(events)
    assert kinds(events)[2:5] == [E.TOOL_CALL, E.ERROR, E.TOOL_RESULT]
    assert next(e for e in events if e.type is E.TOOL_RESULT).payload.result == {
        "error": "no_attractions"
    }
    assert agent.last_turn is not None and agent.last_turn.status == "failed"
    assert agent.last_turn.text == "没有符合条件的景点，请放宽限制。"
    assert [m["role"] for m in agent.messages] == ["user", "assistant", "tool", "assistant"]


async def test_unexpected_failure_is_logged_not_shown(
    agent: Agent, fake: FakePipeline, caplog: pytest.LogCaptureFixture
) -> None:
    fake.fail_with = ValueError("solver exploded")
    reply = await agent.arun(SEED)
    assert "solver exploded" not in reply and reply.startswith("抱歉")
    assert agent.last_turn is not None and agent.last_turn.reason == "internal"
    assert any("solver exploded" in (r.exc_text or "") for r in caplog.records)


async def test_english_request_gets_an_english_answer(agent: Agent) -> None:
    reply = await agent.arun("2 days in Huangshan from Shanghai")
    assert reply.startswith('Here is "2 days in Huangshan"')


def test_chat_runs_the_same_turn(agent: Agent, db: Engine) -> None:
    reply = agent.chat(SEED)
    assert reply.startswith("已为你规划好「黄山2日游」")
    assert agent.last_turn is not None and agent.last_turn.is_answer
    assert [r.role for r in stored(db)] == ["user", "assistant", "tool", "assistant"]


def missing(*names: str) -> str | None:
    """Why the real pipeline cannot run here (``module:attribute`` does not import), or None."""
    for name in names:
        module, _, attribute = name.partition(":")
        try:
            getattr(importlib.import_module(module), attribute or "__name__")
        except (ImportError, AttributeError) as exc:
            return f"{name} is not available on this branch ({exc})"
    return None


def _real_pipeline_ready() -> str | None:
    reason = missing(
        "engine.planning:plan_trip", "engine.understanding:parse_request", "engine.guide:iter_guide"
    )
    if reason:
        return reason
    from engine.knowledge.base import default_knowledge

    if "huangshan" not in default_knowledge().destinations:
        return "the curated knowledge base has no huangshan"
    return None


async def test_seed_scenario_on_the_real_pipeline(
    tmp_path: Path, db: Engine, make_agent: Callable[..., Agent]
) -> None:
    reason = _real_pipeline_ready()
    if reason:
        pytest.skip(reason)
    agent = make_agent(pipeline=None)
    events: list[Event] = []
    async for event in agent.astream(SEED):
        events.append(event)
        if event.type is E.DONE:
            break
    assert_well_formed(events)
    assert events[-1].payload.status == "succeeded", [e for e in events if e.type is E.ERROR]
    assert await agent.wait_saved()
    assert [r.role for r in stored(db, events[0].job_id)] == [
        "user",
        "assistant",
        "tool",
        "assistant",
    ]


async def test_real_planner_and_guide_behind_the_adapter(
    make_agent: Callable[..., Agent], db: Engine
) -> None:
    """The adapter drives the real solver and guide writer (fake parser, test knowledge)."""
    reason = missing(
        "engine.planning:plan_trip",
        "engine.guide:iter_guide",
        "engine.guide.questions:suggested_questions",
    )
    if reason:
        pytest.skip(reason)
    from engine.agent.tools import Pipeline
    from engine.guide import iter_guide
    from engine.guide.questions import suggested_questions
    from engine.planning import plan_trip
    from tests.agent.fakes import ParseResult, knowledge, parse

    def parse_there(
        text: str, kb: object, *, today: object = None, options: object = None
    ) -> ParseResult:
        result = parse(text, kb)  # the test knowledge has no intercity links: start there
        request = result.request and result.request.model_copy(update={"departure": None})
        return ParseResult(request, result.problem, result.lang)

    kb = knowledge()
    pipeline = Pipeline(parse_there, plan_trip, iter_guide, suggested_questions, lambda: kb)
    agent = make_agent(pipeline=pipeline)
    assert (await agent.arun(SEED)).startswith("已为你规划好「黄山2日游」")
    assert (await agent.arun("把宏村换成西递")).startswith("已调整（第2版）")
    assert agent.last_turn is not None and agent.last_turn.itinerary_id is not None
    plan = itineraries.load(db, agent.last_turn.itinerary_id)
    planned = {i.poi_id for d in plan.days for i in d.items}
    assert "hongcun" not in planned and plan.feasibility is not None and plan.guide


async def test_a_request_for_another_trip_is_planned_afresh_not_taken_as_a_change(
    make_agent: Callable[..., Agent],
) -> None:
    agent = make_agent(pipeline=None)
    await agent.arun(SEED)
    first = agent.last_turn
    assert first is not None and first.itinerary_id is not None
    await agent.arun("5 days in Chengdu and Chongqing from Guangzhou, packed")
    second = agent.last_turn
    assert second is not None and second.is_answer
    assert second.itinerary_id != first.itinerary_id and second.version == 1
    await agent.arun("第一天轻松一点")  # a change applies to the newest plan
    third = agent.last_turn
    assert third is not None and third.itinerary_id == second.itinerary_id
    assert third.version == 2


async def test_a_place_of_another_city_for_a_day_of_this_trip_keeps_the_trip(
    make_agent: Callable[..., Agent],
) -> None:
    """「第二天下午顺便去青岛栈桥」 on a 黄山 trip is a change to day 2, not a new 青岛 trip: the
    answer says where the place is and how to plan it; the plan and its version are kept."""
    agent = make_agent(pipeline=None)
    await agent.arun(SEED)
    first = agent.last_turn
    assert first is not None and first.itinerary_id is not None
    await agent.arun("第二天下午顺便去青岛栈桥看海")
    second = agent.last_turn
    assert second is not None and second.is_answer
    assert second.itinerary_id in (None, first.itinerary_id) and "青岛" in second.text
    assert "新行程" in second.text and "青岛2日游" not in second.text  # no 青岛 trip planned


async def test_a_place_of_one_city_of_a_two_city_trip_is_added_to_that_trip(
    make_agent: Callable[..., Agent], db: Engine
) -> None:
    """「加上X」 after a 桂林 + 阳朔 plan, X a sight of 桂林 only: the follow-up names one city of
    this trip, not another trip — the plan gets X as a new version (it planned a new one-person
    桂林2日游 without the origin, the party or 阳朔)."""
    from engine.knowledge.base import default_knowledge

    agent = make_agent(pipeline=None)
    await agent.arun("从深圳出发去桂林和阳朔玩3天，两个人")  # 4 days now see every short 桂林 sight
    first = agent.last_turn
    assert first is not None and first.itinerary_id is not None
    plan = itineraries.load(db, first.itinerary_id)
    assert {"guilin", "yangshuo"} <= set(plan.request.destinations)
    visited = {item.poi_id for day in plan.days for item in day.items}
    guilin = default_knowledge().destinations["guilin"]  # (the one the agent planned on)
    extra = next(
        a for a in sorted(guilin.attractions, key=lambda a: -a.popularity)
        if a.id not in visited and a.visit_minutes <= 120 and a.name_zh.isalnum()
    )  # fmt: skip
    await agent.arun(f"加上{extra.name_zh}")
    second = agent.last_turn
    assert second is not None and second.itinerary_id in (None, first.itinerary_id)
    edited = itineraries.load(db, first.itinerary_id)
    assert set(edited.request.destinations) == set(plan.request.destinations)
    assert edited.request.party == plan.request.party
    if second.version == 2:  # added …
        assert extra.id in {item.poi_id for day in edited.days for item in day.items}
    else:  # … or refused with the reason and where it fits, the plan kept
        assert second.is_answer and edited.version == 1
        assert extra.name_zh in second.text and "日游" not in second.text
