"""An edit of a day that ends with dinner at the airport before the flight home lays that dinner
out again for the new times (`engine.planning.hub_meals`): never left where the re-timed ride to
the airport runs into it (「晚餐与公交前往机场时间重叠」 refused a change of dates)."""

from __future__ import annotations

import datetime as dt
import itertools

from engine.domain.itinerary import Day, ItemKind, clock_minutes
from engine.domain.request import Party, TripRequest
from engine.editing import RemoveStop, apply_edit
from engine.knowledge.base import KnowledgeBase
from engine.planning import plan_trip
from engine.planning.pace import DINNER_WINDOW
from tests.editing.conftest import START


def _airport_dinner(day: Day) -> tuple[int, int, int]:
    """(arrival at the airport, dinner start, dinner end) on a day ending with a flight."""
    items = list(day.items)
    assert items[-1].kind == ItemKind.INTERCITY
    dinner = items[-2]
    assert dinner.kind == ItemKind.MEAL and dinner.meal == "dinner" and not dinner.poi_id
    return clock_minutes(items[-3].end), clock_minutes(dinner.start), clock_minutes(dinner.end)


def test_removing_a_sight_on_the_day_home_keeps_the_airport_dinner_in_order(
    kb: KnowledgeBase,
) -> None:
    request = TripRequest(departure="beijing", destinations=("xian",), days=2, start_date=START,
                          party=Party(adults=2), lang="zh")  # fmt: skip
    plan = plan_trip(request, kb, today=dt.date(2026, 12, 1)).model_copy(update={"id": 1})
    last = plan.days[-1]
    arrive, begin, end = _airport_dinner(last)
    assert arrive <= begin < end <= clock_minutes(last.items[-1].start)
    sights = [i.poi_id for i in last.items if i.kind == ItemKind.ATTRACTION and i.poi_id]
    result = apply_edit(plan, RemoveStop(stop=sights[-1]), kb)
    new = result.itinerary.days[-1]
    meals = [i for i in new.items if i.meal == "dinner"]
    assert len(meals) == 1, [i.name for i in new.items]
    assert sights[-1] not in {i.poi_id for i in new.items}
    arrive_now, begin_now, _ = _airport_dinner(new)
    assert arrive_now != arrive  # the edit moved the arrival at the airport …
    assert begin_now == max(arrive_now, DINNER_WINDOW[0])  # … and the dinner with it
    items = list(new.items)
    for a, b in itertools.pairwise(items):
        assert clock_minutes(a.end) <= clock_minutes(b.start), (a.name, b.name)
