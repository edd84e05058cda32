"""「穷游」 is a cheap stay where the sights are, not a move to the outskirts: the knowledge holds
lodging areas with their prices, not hostels, so "from 200 CNY a night" left 西安 only 临潼 and
西安北站, and two students on 1 000 CNY slept by the Terracotta Army and missed 大雁塔."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import ItemKind
from engine.knowledge.geo import haversine_m
from engine.planning import plan_trip
from engine.understanding import parse_request
from tests.helpers.plans import KB


@pytest.mark.parametrize(
    "text", ["一个人去西安穷游3天，总共1200块", "3 days in Xi'an on a shoestring"]
)
def test_a_shoestring_trip_sleeps_near_the_sights_and_says_what_it_could_not_check(
    text: str,
) -> None:
    request = parse_request(text, KB, today=dt.date(2026, 12, 1)).request
    assert request is not None
    plan = plan_trip(request, KB)
    xian = KB.destinations["xian"]
    nights = [i for d in plan.days for i in d.items if i.kind is ItemKind.LODGING]
    assert nights
    for night in nights:
        assert haversine_m(xian.lat, xian.lon, night.lat or 0, night.lon or 0) < 8_000, night.name
    assert plan.feasibility is not None
    # one answer for the words, saying the cheap rooms booked (issue 12: 穷游 is a budget wish)
    (row,) = [w for w in plan.feasibility.wishes if w.kind == "budget" and w.value == "low"]
    assert row.status in ("honoured", "partly"), row
    assert "经济型" in row.message or "budget rooms" in row.message, row
