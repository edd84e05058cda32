"""A day that ate dinner inside an evening sight because it was the last (夫子庙 lit after the
train home's cut-off) gets a dinner of its own when a day is added after it."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind
from engine.editing import apply_edit
from engine.editing.ops import AddDay
from engine.knowledge.base import KnowledgeBase
from engine.planning import plan_trip
from engine.understanding import parse_request


def test_the_old_last_day_keeps_a_dinner_when_its_sight_no_longer_holds_it(
    kb: KnowledgeBase,
) -> None:
    today = dt.date(2026, 12, 1)
    request = parse_request("从上海去南京玩两天，12月12日出发", kb, today=today).request
    assert request is not None
    plan = plan_trip(request, kb, today=today).model_copy(update={"id": 1})
    last = plan.days[-1]
    inside = [i for i in last.items if i.kind == ItemKind.ATTRACTION and i.meal == "dinner"]
    assert inside, "precondition: the last day's dinner is eaten inside an evening sight"
    result = apply_edit(plan, AddDay(at="end"), kb)
    day = result.itinerary.days[len(plan.days) - 1]
    dinners = [i for i in day.items if i.meal == "dinner"]
    assert len(dinners) == 1, [(i.name, i.meal) for i in day.items]
    assert "没有安排晚餐" not in result.warning_text("zh"), result.warning_text("zh")
