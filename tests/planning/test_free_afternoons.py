"""A day out that ends early says its free afternoon (issue 12): 桂林 four days on a shoestring
runs out of sights, and the last day back by 12:24 says 「下午自由活动/休息（附近的景点都已安排）」
rather than leaving the afternoon blank — asserted on a whole plan."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, clock_minutes
from engine.planning.free_time import AFTERNOON_END, EARLY_END
from tests.helpers.plans import plan


def test_a_day_back_early_says_its_free_afternoon_and_why() -> None:
    p = plan(destinations=("guilin",), days=4, departure=None, budget_cny=1500)
    early = [d for d in p.days
             if clock_minutes(max(i.end for i in d.items if i.kind is not ItemKind.FREE)) <= EARLY_END
             and not any(i.kind is ItemKind.INTERCITY for i in d.items)]  # fmt: skip
    assert early, [d.items[-1].end for d in p.days]
    for day in early:
        last = day.items[-1] if day.items[-1].kind is not ItemKind.LODGING else day.items[-2]
        assert last.kind is ItemKind.FREE, (day.index, last.name)
        assert last.name.startswith("下午自由活动/休息（"), last.name
        assert clock_minutes(last.end) == AFTERNOON_END
