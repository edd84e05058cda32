"""Every curated destination plans feasibly for 2 and 4 days (issue: knowledge for the country)."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import ItemKind
from engine.domain.request import TripRequest
from engine.knowledge.base import load_curated
from engine.planning import plan_trip
from engine.planning.altitude import ACCLIMATISE_M

KB = load_curated()


@pytest.mark.parametrize("days", [2, 4])
@pytest.mark.parametrize("destination", sorted(KB.destinations))
def test_destination_plans_feasibly(destination: str, days: int) -> None:
    origin = "beijing" if destination != "beijing" else "shanghai"
    request = TripRequest(
        departure=origin, destinations=(destination,), days=days, start_date=dt.date(2026, 5, 9)
    )
    plan = plan_trip(request, KB, time_limit_s=0.2)
    assert plan.feasibility is not None
    assert plan.feasibility.passed, [(c.code, c.message) for c in plan.feasibility.failures]
    sights = [i for d in plan.days for i in d.items if i.kind is ItemKind.ATTRACTION]
    # where every sight is high up (拉萨, about 3650 m) the day of landing is a rest
    # (`engine.planning.altitude`): one day fewer of sights
    high = all(
        (a.altitude_m or 0) >= ACCLIMATISE_M for a in KB.destinations[destination].attractions
    )
    assert len(sights) >= days - high, "a trip of real places, not just travel"
    meals = [i for d in plan.days for i in d.items if i.meal in ("lunch", "dinner")]
    assert len(meals) >= days
