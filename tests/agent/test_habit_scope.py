"""Which wishes become my habits, and how a habit meets a later trip (issue 12, fresh-user
finds): each test plans twice in one home and reads the second plan."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine.agent.agent import Agent


def _last_plan(agent: Agent) -> Any:
    from engine.storage import itineraries

    assert agent.last_turn is not None and agent.last_turn.itinerary_id is not None
    return itineraries.load(agent._state.engine, agent.last_turn.itinerary_id)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("带3岁宝宝去杭州玩3天，宝宝不能吃辣", "一个人去重庆3天，想吃正宗火锅"),
        ("和爸妈去杭州玩2天，爸妈从来不吃辣", "一个人去重庆2天，想吃火锅"),
        ("3 days in Hangzhou with my kids, the kids can't eat spicy food", "2 days in Chengdu"),
        ("2 days in Hangzhou, my wife never eats spicy food", "2 days in Chengdu"),
    ],
)
async def test_a_diet_said_of_someone_else_is_for_that_trip_only(
    make_agent: Callable[..., Agent], first: str, second: str
) -> None:
    agent = make_agent(pipeline=None)
    await agent.arun(first)
    plan = _last_plan(agent)
    assert "spicy" in plan.request.avoid.cuisines  # honoured on the trip it was said for
    assert not [w for w in plan.feasibility.wishes if w.habit]  # and not said to be kept
    assert await agent.wait_saved()
    assert agent.memory.all() == []
    await agent.arun(second)
    later = _last_plan(agent)
    assert "spicy" not in later.request.avoid.cuisines
    assert not [w for w in later.request.wishes if w.remembered]
    assert "鸳鸯锅" not in later.guide.split("## ")[1]  # the wishes section: no 怕辣 advice


async def test_a_remembered_diet_gives_way_to_a_food_wished_now(
    make_agent: Callable[..., Agent],
) -> None:
    """「我吃素」 remembered, then 「想吃火锅」: hotpot is planned, the diet's line says this trip
    does not keep it, and it stays remembered for later trips."""
    agent = make_agent(pipeline=None)
    await agent.arun("我吃素")
    assert await agent.wait_saved()
    await agent.arun("去重庆2天，想吃火锅")
    plan = _last_plan(agent)
    assert [f.cuisine for f in plan.request.food] == ["hotpot"]
    answers = {w.value: w for w in plan.feasibility.wishes if w.kind == "food"}
    assert answers["hotpot"].status == "honoured"
    diet = answers["vegetarian"]
    assert diet.remembered and diet.status == "partly"
    assert "想吃火锅" in diet.message and "不按素食安排" in diet.message
    assert [m.key for m in agent.memory.all()] == ["vegetarian"]


@pytest.mark.parametrize(
    ("trip", "size"),
    [("公司团建20人去杭州2天", "20人"), ("和同事一起去杭州玩2天", "团体餐")],
)
async def test_a_remembered_diet_is_not_bent_onto_a_group(
    make_agent: Callable[..., Agent], trip: str, size: str
) -> None:
    agent = make_agent(pipeline=None)
    await agent.arun("I'm vegetarian")
    assert await agent.wait_saved()
    await agent.arun(trip)
    plan = _last_plan(agent)
    assert "vegetarian" not in [f.cuisine for f in plan.request.food]  # the group eats as usual
    line = next(w for w in plan.feasibility.wishes if w.value == "vegetarian")
    assert line.remembered and line.status == "partly"
    assert size in line.message and "点素菜" in line.message  # the speaker orders their own
    wishes = plan.guide.split("## 你的要求")[1]
    assert "可以吃肉" in next(s for s in wishes.splitlines() if "素食" in s)  # how to drop it


@pytest.mark.parametrize(
    ("habit", "trip", "key"),
    [
        ("我吃素", "去杭州2天，我现在吃肉了", "vegetarian"),
        ("我吃素", "去杭州2天，可以吃肉", "vegetarian"),
        ("我吃素", "去杭州2天，不忌口了", "vegetarian"),
        ("I'm vegetarian", "2 days in Hangzhou, I eat meat now", "vegetarian"),
        ("I'm vegetarian", "2 days in Hangzhou, I'm not vegetarian anymore", "vegetarian"),
        ("我不吃辣", "去成都2天，现在能吃辣了", "spicy"),
        ("我不吃辣", "去成都2天，不忌口了", "spicy"),
    ],
)
async def test_a_habit_taken_back_with_a_trip_is_dropped_and_understood(
    make_agent: Callable[..., Agent], habit: str, trip: str, key: str
) -> None:
    agent = make_agent(pipeline=None)
    await agent.arun(habit)
    assert await agent.wait_saved()
    assert [m.key for m in agent.memory.all()] == [key]
    await agent.arun(trip)
    plan = _last_plan(agent)
    assert key not in plan.request.avoid.cuisines and "vegetarian" not in [
        f.cuisine for f in plan.request.food
    ]
    assert not [w for w in plan.request.wishes if w.remembered]
    assert not [w for w in plan.feasibility.wishes if w.kind == "other"]  # no 没看懂 echo
    assert await agent.wait_saved()
    assert agent.memory.all() == []
