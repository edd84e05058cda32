"""A regenerated day keeps the planner's rules for small children (issue 12): 上海 with children
of 3 and 5, 「重新安排第三天」 gave a day of five sights with no rest after lunch, out until 21:20;
like every planned day it has the nap after lunch and is back by nine."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind, clock_minutes
from engine.domain.request import Party, TripRequest
from engine.editing import EditRefused, RegenerateDay, apply_edit
from engine.knowledge.base import KnowledgeBase
from engine.planning import plan_trip
from engine.planning.frames import KIDS_BACK_BY
from tests.editing.conftest import START


def test_a_regenerated_day_with_small_children_rests_after_lunch_and_ends_by_nine(
    kb: KnowledgeBase,
) -> None:
    request = TripRequest(destinations=("shanghai",), days=4, start_date=START, lang="zh",
                          party=Party(adults=1, children=2, child_ages=(3, 5)))  # fmt: skip
    plan = plan_trip(request, kb, today=dt.date(2026, 12, 1)).model_copy(update={"id": 1})
    try:
        new = apply_edit(plan, RegenerateDay(day=3), kb).itinerary
    except EditRefused as refused:  # the solver found the same day again
        assert refused.code == "unchanged"
        return
    day = new.days[2]
    kinds = [i.kind for i in day.items]
    lunch = next(k for k, i in enumerate(day.items) if i.meal == "lunch")
    assert kinds[lunch + 1] is ItemKind.FREE and "午休" in day.items[lunch + 1].name, [
        (i.start, i.name) for i in day.items
    ]
    assert max(clock_minutes(i.end) for i in day.items) <= KIDS_BACK_BY
