"""Property tests: every plan delivered for a random request on the curated base passes."""

from __future__ import annotations

import datetime as dt

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.domain.itinerary import ItemKind
from engine.domain.request import Avoid, Pace, Party, TripRequest
from engine.knowledge.base import default_knowledge
from engine.planning import plan_trip

KB = default_knowledge()
DESTINATIONS = sorted(KB.destinations)
TAGS = ["history", "nature", "museum", "food", "culture", "park", "night-view", "kids"]


@st.composite
def requests(draw: st.DrawFn) -> TripRequest:
    destination = draw(st.sampled_from(DESTINATIONS))
    departure = draw(st.one_of(st.none(), st.sampled_from(DESTINATIONS)))
    return TripRequest(
        departure=departure if departure != destination else None,
        destinations=(destination,),
        days=draw(st.integers(1, 4)),
        start_date=dt.date(2026, 1, 1) + dt.timedelta(days=draw(st.integers(0, 540))),
        party=Party(
            adults=draw(st.integers(1, 4)),
            children=draw(st.integers(0, 2)),
            seniors=draw(st.integers(0, 2)),
        ),
        pace=draw(st.sampled_from(list(Pace))),
        interests=tuple(draw(st.lists(st.sampled_from(TAGS), max_size=3, unique=True))),
        avoid=Avoid(cuisines=("spicy",) if draw(st.booleans()) else ()),
        lang=draw(st.sampled_from(["zh", "en"])),
    )


@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(requests())
def test_every_delivered_plan_passes_its_checks(request: TripRequest) -> None:
    plan = plan_trip(request, KB, time_limit_s=0.15)
    assert plan.feasibility is not None
    assert plan.feasibility.passed, [(c.code, c.message) for c in plan.feasibility.failures]
    assert len(plan.days) == request.days
    assert [d.date for d in plan.days] == [
        request.start_date + dt.timedelta(days=i)  # type: ignore[operator]
        for i in range(request.days)
    ]
    for day in plan.days[:-1]:
        assert any(i.kind is ItemKind.LODGING for i in day.items)
