"""Follow-up chat edits the plan: parsing (zh/en) and new, re-validated itinerary versions."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy.engine import Engine

from engine.agent.agent import Agent
from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Pace, TripRequest
from engine.events import Event, EventType
from engine.storage import itineraries
from engine.understanding.revision import parse_revision, wants_restore
from tests.agent.fakes import SEED, FakePipeline, knowledge, parse

_parsed = parse(SEED, None).request
assert _parsed is not None
REQUEST: TripRequest = _parsed


@pytest.mark.parametrize(
    ("said", "field", "value"),
    [
        ("第二天轻松一点", "day_pace", {2: Pace.RELAXED}),
        ("第二天不要安排太多", "day_pace", {2: Pace.RELAXED}),
        ("Make day 2 more relaxed", "day_pace", {2: Pace.RELAXED}),
        ("最后一天紧凑一点", "day_pace", {2: Pace.PACKED}),
        ("整体轻松一些", "pace", Pace.RELAXED),
        ("把宏村换成西递", "must_see", ("xidi",)),
        ("Replace Hongcun with Xidi", "must_see", ("xidi",)),
        ("不去宏村，改去西递", "must_see", ("xidi",)),
        ("加一天", "days", 3),
        ("add a day", "days", 3),
        ("多玩两天", "days", 4),
        ("减一天", "days", 1),
        ("改成4天", "days", 4),
        ("预算降到2000", "budget_cny", 2000),
        ("预算两千五", "budget_cny", 2500),
        ("lower the budget to 2k", "budget_cny", 2000),
        ("不要去博物馆", "avoid", ("tags", ("museum",))),
        ("no museums", "avoid", ("tags", ("museum",))),
        ("skip Hongcun", "avoid", ("places", ("hongcun",))),
    ],
)
def test_parse_revision(said: str, field: str, value: Any) -> None:
    revision = parse_revision(said, REQUEST, knowledge(), "en" if said.isascii() else "zh")
    assert revision is not None and revision.changes and not revision.problems
    got = getattr(revision.request, field)
    if field == "avoid":
        got, value = getattr(got, value[0]), value[1]
    assert got == value
    if field == "must_see":
        assert revision.request.avoid.places == ("hongcun",)


@pytest.mark.parametrize("said", ["怎么去机场？", "hello", "去杭州玩三天", "第二天几点出发？"])
def test_not_a_revision(said: str) -> None:
    assert parse_revision(said, REQUEST, knowledge(), "zh") is None


def test_unknown_place_is_a_problem_not_a_change() -> None:
    revision = parse_revision("把宏村换成火星", REQUEST, knowledge(), "zh")
    assert revision is not None and revision.changes == ()
    assert revision.problems == ("知识库里没找到「火星」",)


@pytest.mark.parametrize("said", ["恢复上一版", "撤销", "undo", "go back to the previous version"])
def test_restore_intent(said: str) -> None:
    assert wants_restore(said)


def attractions(itinerary: Itinerary) -> list[str]:
    return [
        i.poi_id or "" for d in itinerary.days for i in d.items if i.kind == ItemKind.ATTRACTION
    ]


async def run(agent: Agent, text: str) -> list[Event]:
    return [e async for e in agent.astream(text)]


async def test_follow_ups_make_new_versions(agent: Agent, db: Engine, fake: FakePipeline) -> None:
    await agent.arun(SEED)
    assert agent.last_turn is not None
    itinerary_id = agent.last_turn.itinerary_id
    assert itinerary_id is not None and "hongcun" in attractions(itineraries.load(db, itinerary_id))

    events = await run(agent, "把宏村换成西递")
    call = next(e for e in events if e.type is EventType.TOOL_CALL).payload
    assert call.arguments["changes"] == ["把宏村换成西递"]
    snapshot = next(e for e in events if e.type is EventType.ITINERARY).payload
    assert (snapshot.itinerary_id, snapshot.version) == (itinerary_id, 2)
    v2 = itineraries.load(db, itinerary_id)
    assert v2.version == 2 and "hongcun" not in attractions(v2) and attractions(v2)[0] == "xidi"
    assert "宏村" not in v2.guide and "西递" in v2.guide  # the guide follows the plan
    assert v2.feasibility is not None  # re-validated
    assert agent.last_turn.text.startswith("已调整（第2版）：把宏村换成西递")

    for said in ("第二天轻松一点", "加一天", "预算降到2000", "不要去博物馆"):
        reply = await agent.arun(said)
        assert reply.startswith("已调整"), (said, reply)
    assert [v for v, _note, _at in itineraries.versions(db, itinerary_id)] == [1, 2, 3, 4, 5, 6]
    last: TripRequest = fake.calls[-1]
    assert (last.days, last.day_pace, last.budget_cny, last.avoid.tags) == (
        3, {2: Pace.RELAXED}, 2000, ("museum",)
    )  # fmt: skip
    assert itineraries.versions(db, itinerary_id)[-1][1] == "不去博物馆"  # the change note
    report = itineraries.load(db, itinerary_id).feasibility
    assert report is not None
    budget = next(c for c in report.checks if c.code == "budget")
    assert budget.passed


async def test_previous_version_can_be_restored(agent: Agent, db: Engine) -> None:
    await agent.arun(SEED)
    await agent.arun("加一天")
    assert agent.last_turn is not None and agent.last_turn.itinerary_id is not None
    itinerary_id = agent.last_turn.itinerary_id
    reply = await agent.arun("恢复上一版")
    assert reply == "已恢复到第1版（保存为第3版），攻略随之恢复。"
    current = itineraries.load(db, itinerary_id)
    assert current.version == 3 and len(current.days) == 2
    assert current.guide == itineraries.load(db, itinerary_id, version=1).guide


async def test_unknown_follow_up_gets_a_helpful_answer(agent: Agent, db: Engine) -> None:
    await agent.arun(SEED)
    reply = await agent.arun("这里的天气怎么样？")  # a question this pipeline cannot answer
    assert reply.startswith("这个问题我答不上来") and "第二天轻松一点" in reply
    assert agent.last_turn is not None and agent.last_turn.status == "succeeded"
    assert agent.last_turn.tool_count == 0
    reply = await agent.arun("把宏村换成火星")
    assert reply.startswith("知识库里没找到「火星」")
    assert len(itineraries.versions(db, 1)) == 1  # nothing changed


@pytest.mark.parametrize(
    ("said", "lead", "example"),
    [("你能改什么？", "我可以这样调整当前行程", "重新安排第二天"),
     ("可以怎么调整这个行程", "我可以这样调整当前行程", "晚一周出发"),
     ("What can you change?", "I can change the current plan", "redo day 2"),
     ("how do I edit this plan", "I can change the current plan", "add a day")],
)  # fmt: skip
async def test_asked_what_can_be_changed_lists_it(
    said: str, lead: str, example: str, agent: Agent, db: Engine
) -> None:
    """Issue 14: 「你能改什么？」 was answered "I can't do that yet" before the list."""
    await agent.arun(SEED if "一" <= said[0] <= "鿿" else "2 days in Huangshan from Shanghai")
    reply = await agent.arun(said)
    assert reply.startswith(lead) and example in reply, reply
    plan = itineraries.load(db, 1)
    sights = [i.name for d in plan.days for i in d.items if i.kind == ItemKind.ATTRACTION]
    assert any(f"{s}" in reply for s in sights), reply  # examples with the plan's own sights
    assert len(itineraries.versions(db, 1)) == 1  # nothing changed


async def test_english_follow_ups(agent: Agent) -> None:
    await agent.arun("2 days in Huangshan from Shanghai")
    reply = await agent.arun("Replace Hongcun with Xidi and make day 2 more relaxed")
    assert reply.startswith(
        "Updated (version 2): Hongcun replaced with Xidi and day 2 more relaxed"
    )
    reply = await agent.arun("what is the weather like?")  # no answer here: said so
    assert reply.startswith("I can't answer that")


async def test_a_pace_already_planned_is_said_so_not_misunderstood(
    agent: Agent, db: Engine
) -> None:
    await agent.arun(SEED)
    assert (await agent.arun("第二天轻松一点")).startswith("已调整（第2版）")
    again = await agent.arun("第二天轻松一点")
    assert again.startswith("第2天已经是轻松的节奏了") and "做不到" not in again
    assert len(itineraries.versions(db, 1)) == 2  # no copy stored


@pytest.mark.parametrize(
    ("said", "field", "value", "wish"),
    [
        ("想吃火锅", "food", ("hotpot",), ("food", "hotpot", "想吃火锅")),
        ("坐高铁回去", "home_transport", ("hsr",), ("home_transport", "hsr", "坐高铁回去")),
        ("坐高铁去", "prefer_transport", ("hsr",), ("transport", "hsr", "坐高铁去")),
        ("不坐大巴", "avoid", ("coach",), ("avoid_transport", "coach", "不坐大巴")),
        ("老人腿脚不好", "access", ("limited-mobility",), ("access", "limited-mobility", "腿脚不好")),
        ("想看日出", "experiences", ("sunrise",), ("experience", "sunrise", "想看日出")),
        ("住民宿", "lodging", "homestay", ("lodging_type", "homestay", "民宿")),
        ("I'd like to try hotpot", "food", ("hotpot",), ("food", "hotpot", "try hotpot")),
    ],
)  # fmt: skip
def test_a_follow_up_adds_wishes(
    said: str, field: str, value: Any, wish: tuple[str, str, str]
) -> None:
    revision = parse_revision(said, REQUEST, knowledge(), "en" if said.isascii() else "zh")
    assert revision is not None and not revision.problems
    got = getattr(revision.request, field)
    if field == "food":
        got = tuple(f.cuisine for f in got)
    elif field == "avoid":
        got = got.transport
    elif field == "lodging":
        got = got.kind
    assert got == value
    assert wish in {(w.kind, w.value, w.said) for w in revision.request.wishes}
    assert revision.changes == (("记下了：" if not said.isascii() else "noted: ") + wish[2],)


async def test_a_trip_change_that_refuses_flying_is_not_remembered(
    agent: Agent, fake: FakePipeline
) -> None:
    await agent.arun(SEED)
    reply = await agent.arun("不要坐飞机")  # a change of this plan, not a habit
    assert reply.startswith("已调整") and "flight" in fake.calls[-1].avoid.transport
    assert await agent.wait_saved()
    assert agent.memory.all() == []


async def test_a_lower_budget_nothing_can_meet_is_said_not_claimed(
    agent: Agent, db: Engine
) -> None:
    await agent.arun(SEED)
    first = itineraries.load(db, 1)
    reply = await agent.arun("预算降到100")  # below any plan of this trip
    assert "没法更便宜" in reply and f"¥{first.total_cost_cny:,.0f}" in reply, reply
    meals = sum(i.cost_cny for d in first.days for i in d.items if i.kind == ItemKind.MEAL)
    assert f"餐饮 ¥{meals:,.0f}" in reply, reply  # what costs what …
    assert "已调整" not in reply  # … and no change claimed
    assert len(itineraries.versions(db, 1)) == 1
