"""The editor re-times every day as the planner made it: a no-op edit of any day of a fresh
plan succeeds (the planner's model and the editor's agree on what a day may hold — a mountain
day's evening in the old town, a night view after dinner, lunch inside a long visit)."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Pace, Party, TripRequest
from engine.editing.draft import Draft
from engine.editing.timing import reason_text
from engine.knowledge.base import KnowledgeBase
from engine.planning import plan_trip

from .conftest import START

#: (from, destination, days, pace): several kinds of day — a snow mountain then the old town in
#: the evening (丽江), a mountain day (黄山), lakes and night streets (杭州), a capital's
#: palaces (北京), the last day's dinner at the airport (厦门), a night on 涠洲岛 (北海), a
#: morning market (喀什), an island temple's lunch before the boat (普陀山), a sunset hill
#: (青岛), mudflats seen by day (霞浦) — the days a later start moves.
TRIPS = [
    ("kunming", "lijiang", 3, Pace.NORMAL),
    ("shanghai", "hangzhou", 3, Pace.NORMAL),
    ("shanghai", "huangshan", 2, Pace.NORMAL),
    ("shanghai", "beijing", 4, Pace.NORMAL),
    ("shanghai", "xiamen", 3, Pace.NORMAL),
    ("beijing", "beihai", 3, Pace.NORMAL),
    ("beijing", "kashgar", 3, Pace.RELAXED),
    ("beijing", "putuoshan", 3, Pace.RELAXED),
    ("beijing", "qingdao", 3, Pace.PACKED),
    ("beijing", "xiapu", 3, Pace.NORMAL),
]


def _plan(kb: KnowledgeBase, departure: str, destination: str, days: int, pace: Pace) -> Itinerary:
    request = TripRequest(
        departure=departure, destinations=(destination,), days=days, start_date=START,
        party=Party(adults=1), pace=pace, lang="zh",
    )  # fmt: skip
    plan = plan_trip(request, kb, today=dt.date(2026, 12, 1))
    return plan.model_copy(update={"id": 1})


@pytest.mark.parametrize(("departure", "destination", "days", "pace"), TRIPS)
def test_every_planned_day_re_times_as_it_is(
    kb: KnowledgeBase, departure: str, destination: str, days: int, pace: Pace
) -> None:
    plan = _plan(kb, departure, destination, days, pace)
    draft = Draft(plan, kb)
    refused = []
    for sk in draft.sketches:
        if sk.travel_only or not sk.stops:
            continue
        timed = draft.attempt(sk)
        if timed.day is None:
            refused.append(f"day {sk.index}: {reason_text(timed.reasons, 'en')}")
            continue
        before = [i.poi_id for i in plan.days[sk.index - 1].items if i.kind == ItemKind.ATTRACTION]
        after = [i.poi_id for i in timed.day.items if i.kind == ItemKind.ATTRACTION]
        assert after == before  # the same sights in the same order
    assert not refused, refused


def test_a_snow_mountain_day_keeps_its_evening_in_the_old_town(kb: KnowledgeBase) -> None:
    # The day the planner made: 玉龙雪山 with lunch inside, dinner, then 丽江古城 from 18:45
    # (the evening's outing after a mountain day, not a daytime visit that must start by 17:59).
    plan = _plan(kb, "kunming", "lijiang", 3, Pace.NORMAL)
    draft = Draft(plan, kb)
    mountain = [
        sk for sk in draft.sketches
        if [s.poi_id for s in sk.stops if kb.restaurant(s.poi_id) is None]
        == ["lijiang-jade-dragon-snow-mountain", "lijiang-old-town"]
    ]  # fmt: skip
    assert mountain, "the plan no longer holds the mountain day with the old town after it"
    timed = draft.attempt(mountain[0])
    assert timed.day is not None, timed.reasons
    town = next(i for i in timed.day.items if i.poi_id == "lijiang-old-town")
    assert town.start.hour >= 18
