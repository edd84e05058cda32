"""Swaps and lighter days that keep meals and tell the truth (issue 14, fresh-user G3 and G5),
replayed through the same entry as `lvtu revise` (the agent's turn on the open plan):
「把宏村换成西递」 keeps the day's lunch (near 西递 when it was around 宏村) and says nothing of
宏村 as a miss; 「第二天轻松一点」 for parents of 70 cuts 故宫 to its main part and says so,
leaves no wait unsaid and adds no second roast-duck meal; 「第3天去掉洪崖洞」 removes it; a
change that leaves the plan as it is stores no version."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from engine.agent.agent import Agent
from engine.domain.itinerary import Day, Item, ItemKind, Itinerary, clock_minutes
from engine.knowledge.base import KnowledgeBase
from engine.planning.meal_groups import VARIETY_DISHES
from engine.storage import itineraries
from engine.storage.db import open_database


def _plan(tmp_path: Path) -> Itinerary:
    return itineraries.load(open_database(tmp_path / "a.db"), 1)


def _visit(day: Day, poi_id: str) -> Item:
    return next(i for i in day.items if i.poi_id == poi_id and i.kind == ItemKind.ATTRACTION)


def _meals(day: Day, meal: str) -> list[str]:
    """The day's `meal`s: at a restaurant or of one's choice, inside a sight (lunch on the
    mountain) or on the train home."""
    return [i.name for i in day.items if i.meal == meal
            and i.kind in (ItemKind.MEAL, ItemKind.ATTRACTION, ItemKind.INTERCITY)]  # fmt: skip


def _unsaid_waits(day: Day) -> list[str]:
    """Waits of 30 minutes or more after a sight or meal with no line (not before a train)."""
    return [f"{a.end:%H:%M}–{b.start:%H:%M} after {a.name}"
            for a, b in itertools.pairwise(day.items)
            if a.kind in (ItemKind.ATTRACTION, ItemKind.MEAL)
            and b.kind not in (ItemKind.INTERCITY, ItemKind.FREE, ItemKind.LODGING)
            and clock_minutes(b.start) - clock_minutes(a.end) >= 30]  # fmt: skip


def _whole_meal_dishes(plan: Itinerary, kb: KnowledgeBase) -> dict[str, list[int]]:
    """Days of each meal at a restaurant serving a dish that is a whole meal (roast duck …)."""
    found: dict[str, list[int]] = {}
    for d in plan.days:
        for i in d.items:
            place = kb.restaurant(i.poi_id or "") if i.kind == ItemKind.MEAL else None
            for dish in set(place.cuisines if place else ()) & VARIETY_DISHES:
                found.setdefault(dish, []).append(d.index)
    return found


async def test_a_swap_keeps_the_lunch_and_reports_no_miss_of_the_place_swapped_out(
    agent: Agent, tmp_path: Path, kb: KnowledgeBase
) -> None:
    await agent.arun("上海出发去黄山玩三天，节奏慢一点，想去宏村")
    before = _plan(tmp_path).days[2]
    assert any(i.poi_id == "huangshan-hongcun" for i in before.items)
    assert any("宏村" in n and "自选" in n for n in _meals(before, "lunch"))  # lunch around 宏村
    reply = await agent.arun("把宏村换成西递")
    plan = _plan(tmp_path)
    assert plan.version == 2, reply
    day3 = plan.days[2]
    assert "huangshan-hongcun" not in {i.poi_id for i in day3.items}
    assert "huangshan-xidi" in {i.poi_id for i in day3.items}
    assert [n for n in _meals(day3, "lunch") if "西递" in n] == _meals(day3, "lunch"), day3.items
    assert len(_meals(day3, "lunch")) == 1
    assert "午餐" not in reply  # no 「第3天没有安排午餐」
    assert plan.feasibility is not None
    assert all(
        "宏村" not in (w.said + w.message + (w.reason or "")) for w in plan.feasibility.wishes
    ), [(w.said, w.message) for w in plan.feasibility.wishes]


async def test_a_lighter_day_for_parents_of_70_cuts_the_long_visit_and_says_so(
    agent: Agent, tmp_path: Path, kb: KnowledgeBase
) -> None:
    await agent.arun("带70岁的爸妈从上海去北京玩4天")
    was = _visit(_plan(tmp_path).days[1], "beijing-forbidden-city")
    reply = await agent.arun("第二天轻松一点")
    plan = _plan(tmp_path)
    assert plan.version == 2, reply
    palace = _visit(plan.days[1], "beijing-forbidden-city")
    assert palace.minutes < was.minutes
    assert "按你说的轻松一些，只游主要部分" in palace.note and "时间有限" not in palace.note
    assert "故宫博物院只游主要部分" in reply and "比较空" not in reply
    for day in plan.days:
        assert len(_meals(day, "lunch")) <= 1 and len(_meals(day, "dinner")) == 1, day.index
    assert len(_meals(plan.days[1], "lunch")) == 1
    assert _unsaid_waits(plan.days[1]) == []
    assert all(len(days) == 1 for days in _whole_meal_dishes(plan, kb).values())


@pytest.mark.parametrize(
    ("asked", "follow_up", "day"),
    [("带70岁的爸妈从上海去北京玩4天", "第一天重新安排", 1),
     ("从上海去北京玩4天", "第二天轻松一点", 2)],
)  # fmt: skip
async def test_a_day_planned_again_adds_no_second_roast_duck(
    asked: str, follow_up: str, day: int, agent: Agent, tmp_path: Path, kb: KnowledgeBase
) -> None:
    await agent.arun(asked)
    duck = _whole_meal_dishes(_plan(tmp_path), kb)["roast-duck"]
    assert len(duck) == 1  # (the day it falls on is the planner's choice)
    reply = await agent.arun(follow_up)
    plan = _plan(tmp_path)
    assert plan.version == 2, reply
    assert _whole_meal_dishes(plan, kb)["roast-duck"] == duck
    edited = plan.days[day - 1]
    assert len(_meals(edited, "lunch")) == 1 and len(_meals(edited, "dinner")) == 1


async def test_a_lighter_day_leaves_no_wait_unsaid(agent: Agent, tmp_path: Path) -> None:
    await agent.arun("带老婆和5岁儿子从上海去成都玩3天，看熊猫")
    reply = await agent.arun("第二天轻松一点")
    plan = _plan(tmp_path)
    assert plan.version == 2, reply
    day2 = plan.days[1]
    assert _unsaid_waits(day2) == [], [(f"{i.start:%H:%M}", i.name) for i in day2.items]
    breakfast = next(k for k, i in enumerate(day2.items) if i.meal == "breakfast")
    after = day2.items[breakfast + 1]
    gap = clock_minutes(after.start) - clock_minutes(day2.items[breakfast].end)
    assert gap < 30 or after.kind == ItemKind.FREE  # a free morning is said, not left blank


async def test_removing_a_place_on_a_day_said_removes_it(agent: Agent, tmp_path: Path) -> None:
    await agent.arun(
        "下个月中旬和闺蜜两个人从武汉去重庆玩3天，想吃火锅，想看洪崖洞夜景，住解放碑附近"
    )
    on = next(d.index for d in _plan(tmp_path).days
              for i in d.items if i.poi_id == "chongqing-hongyadong")  # fmt: skip
    other = 3 if on != 3 else 2
    reply = await agent.arun(f"第{other}天去掉洪崖洞")  # not on that day: said where it is
    assert _plan(tmp_path).version == 1 and f"它在第{on}天" in reply, reply
    reply = await agent.arun(f"第{on}天去掉洪崖洞")
    plan = _plan(tmp_path)
    assert plan.version == 2, reply
    assert "chongqing-hongyadong" not in {i.poi_id for d in plan.days for i in d.items}
    assert "去掉" in reply and "洪崖洞" in reply


async def test_a_change_that_leaves_the_plan_as_it_is_stores_no_version(
    agent: Agent, tmp_path: Path
) -> None:
    await agent.arun("带70岁的爸妈从上海去北京玩4天")
    palace = _visit(_plan(tmp_path).days[1], "beijing-forbidden-city")
    assert palace.minutes == 240
    reply = await agent.arun("故宫玩4个小时")
    assert _plan(tmp_path).version == 1, reply
    assert "已经是这样" in reply and "仍是第1版" in reply
