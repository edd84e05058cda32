"""A whole day at a park with lunch inside (上海迪士尼 08:30–19:30) takes dinner inside too: no
「没有安排晚餐——自备干粮」 warning, and the dinner is in the day's cost and said on the visit."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind, clock_minutes
from engine.domain.request import Party, TripRequest
from engine.knowledge.base import load_curated
from engine.planning import plan_trip
from engine.planning.visit_costs import DINNER_HOUR, dinner_inside

KB = load_curated()


def test_a_day_at_disney_eats_dinner_in_the_park() -> None:
    request = TripRequest(destinations=("shanghai",), days=2, start_date=dt.date(2026, 12, 12),
                          party=Party(adults=1, children=1), must_see=("shanghai-disneyland",),
                          lang="zh")  # fmt: skip
    plan = plan_trip(request, KB)
    visit, day = next((i, d) for d in plan.days for i in d.items
                      if i.kind == ItemKind.ATTRACTION and i.poi_id == "shanghai-disneyland")  # fmt: skip
    assert visit.meal == "lunch"
    assert (
        clock_minutes(visit.start) <= DINNER_HOUR[0] and clock_minutes(visit.end) >= DINNER_HOUR[1]
    )
    assert dinner_inside(visit)
    assert "晚餐在景区内" in (visit.note or "")
    assert not any(i.meal == "dinner" for i in day.items if i is not visit)  # no second dinner
    assert plan.feasibility is not None
    failed = [c.message for c in plan.feasibility.checks if not c.passed]
    assert not any(f"第{day.index}天没有安排晚餐" in t for t in failed), failed
    assert not any("cost" in c.code and not c.passed for c in plan.feasibility.checks), failed
