"""A day's stops in an order without doubling back (issue 12, G6): 黄山's day 2 rode from 汤口 40 km
out to 塔川 at 07:00, back to the mountain, and after it 37 km back past 塔川 to the night at 宏村.
The day goes out once and ends near where it ends (the mountain first, then 塔川 beside 宏村)."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import Item, ItemKind, Itinerary
from engine.knowledge.geo import haversine_m
from tests.helpers.plans import plan

#: A stop two steps later this close (km) to a stop …
BACK_KM = 2.5
#: … after a ride out of more than this (km) is a back-and-forth …
OUT_KM = 8.0
#: … when that first stop lies this far (km) from where the day starts (a trip out of town from
#: the lodging's side and back to dinner there is an excursion, not a back-and-forth).
AWAY_KM = 5.0


def _km(a: Item, b: Item) -> float:
    assert a.lat is not None and a.lon is not None and b.lat is not None and b.lon is not None
    return haversine_m(a.lat, a.lon, b.lat, b.lon) / 1000


def _back_and_forth(p: Itinerary) -> list[str]:
    """Stops A → B → C of a day with C back beside A after a ride out to B, A away from the
    day's start, as "day N A→B→C"."""
    out = []
    for day in p.days:
        stops = [i for i in day.items if i.lat is not None
                 and i.kind not in (ItemKind.TRANSIT, ItemKind.FREE)]  # fmt: skip
        if not stops:
            continue
        first, s = stops[0], [i for i in stops if i.kind != ItemKind.INTERCITY]
        for a, b, c in zip(s, s[1:], s[2:], strict=False):
            if (_km(first, a) > AWAY_KM and _km(a, b) > OUT_KM and _km(b, c) > OUT_KM
                    and _km(a, c) <= BACK_KM):  # fmt: skip
                out.append(f"day {day.index} {a.name}→{b.name}→{c.name}")
    return out


@pytest.mark.parametrize(
    ("start", "departure"),
    [(dt.date(2026, 10, 3), "shanghai"), (dt.date(2026, 3, 7), "hangzhou")],
)
def test_huangshan_days_go_out_once(start: dt.date, departure: str) -> None:
    p = plan(destinations=("huangshan",), days=3, start_date=start, departure=departure)
    assert not _back_and_forth(p)
    assert p.feasibility is not None and p.feasibility.passed
    names = [i.name for d in p.days for i in d.items if i.kind is ItemKind.ATTRACTION]
    assert "黄山风景区" in names
