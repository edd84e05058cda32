"""An edit that times a day again keeps its lunch or dinner of your choice (「午餐自选（…一带）」,
a meal naming no knowledge-base place): laid out again in its window, never dropped
(「改成3月20日出发」 left 「第2天没有安排午餐」; so did 「去掉一天」)."""

from __future__ import annotations

import datetime as dt
import itertools

from engine.domain.itinerary import Day, Item, ItemKind, Itinerary, clock_minutes
from engine.editing import ChangeDates, RemoveDay, RemoveStop, apply_edit
from engine.knowledge.base import KnowledgeBase
from engine.planning.pace import DINNER_WINDOW, LUNCH_WINDOW

LUNCH = "午餐自选（外婆家（湖滨）一带）"
DINNER = "晚餐自选（知味观（仁和路总店）一带）"


def _free(item: Item, name: str) -> Item:
    return item.model_copy(update={"name": name, "poi_id": None, "note": "在这一带另选一家"})


def _with_free_meals(plan: Itinerary) -> Itinerary:
    """`plan` with day 2's lunch and dinner made meals of your choice in the same areas, as
    `engine.planning.meal_groups.free_meals` makes them."""
    day = plan.days[1]
    items = [
        _free(i, LUNCH if i.meal == "lunch" else DINNER)
        if i.kind == ItemKind.MEAL and i.meal in ("lunch", "dinner")
        else i
        for i in day.items
    ]
    days = list(plan.days)
    days[1] = day.model_copy(update={"items": tuple(items)})
    return plan.model_copy(update={"days": tuple(days)})


def _meal(day: Day, meal: str) -> Item:
    found = [i for i in day.items if i.kind == ItemKind.MEAL and i.meal == meal]
    assert len(found) == 1, [i.name for i in day.items]
    return found[0]


def _in_order(day: Day) -> None:
    for a, b in itertools.pairwise(day.items):
        assert clock_minutes(a.end) <= clock_minutes(b.start), (a.name, b.name)


def test_a_change_of_dates_keeps_the_free_lunch_and_dinner(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    plan = _with_free_meals(hangzhou)
    before = plan.days[1]
    new = apply_edit(plan, ChangeDates(start=dt.date(2027, 3, 20)), kb).itinerary
    day = new.days[1]
    assert day.date == dt.date(2027, 3, 21)
    lunch, dinner = _meal(day, "lunch"), _meal(day, "dinner")
    assert (lunch.name, dinner.name) == (LUNCH, DINNER)
    assert lunch.poi_id is None and lunch.note == "在这一带另选一家"
    assert lunch.cost_cny == _meal(before, "lunch").cost_cny
    assert (lunch.lat, lunch.lon) == (_meal(before, "lunch").lat, _meal(before, "lunch").lon)
    assert LUNCH_WINDOW[0] <= clock_minutes(lunch.start) <= LUNCH_WINDOW[1]
    assert DINNER_WINDOW[0] <= clock_minutes(dinner.start) <= DINNER_WINDOW[1]
    _in_order(day)
    assert new.feasibility is not None and new.feasibility.passed
    assert not any("没有安排" in c.message for c in new.feasibility.failures)


def test_removing_a_sight_keeps_the_free_lunch_in_its_window(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    plan = _with_free_meals(hangzhou)
    new = apply_edit(plan, RemoveStop(stop="hangzhou-leifeng-pagoda"), kb).itinerary
    day = new.days[1]
    assert "hangzhou-leifeng-pagoda" not in {i.poi_id for i in day.items}
    lunch = _meal(day, "lunch")
    assert lunch.name == LUNCH
    assert LUNCH_WINDOW[0] <= clock_minutes(lunch.start) <= LUNCH_WINDOW[1]
    assert _meal(day, "dinner").name == DINNER
    _in_order(day)
    # the leg to the meal says where it goes, as the planner's leg did
    legs = [i.name for i in day.items if i.kind == ItemKind.TRANSIT]
    assert any(leg.endswith("前往外婆家（湖滨）") for leg in legs), legs
    assert not any((i.poi_id or "").startswith("free-meal") for d in new.days for i in d.items)


def test_removing_the_last_day_keeps_the_free_meals_of_the_new_last_day(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    plan = _with_free_meals(hangzhou)
    new = apply_edit(plan, RemoveDay(at="end"), kb).itinerary
    assert len(new.days) == 2
    day = new.days[1]
    assert _meal(day, "lunch").name == LUNCH
    assert _meal(day, "dinner").name == DINNER
    assert day.items[-1].kind == ItemKind.INTERCITY
    _in_order(day)
