"""A summit reached around noon is where lunch is eaten (issue 12): after three hours of bus
and cable car up 峨眉山, a visit to 金顶 that starts just before 13:00 holds the day's lunch
(`model.LUNCH_INSIDE_LAST_START`) — the day had no lunch at all when only a visit started by
12:00 could."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind, Itinerary
from engine.planning import plan_trip
from engine.understanding import parse_request
from tests.helpers.plans import KB

TODAY = dt.date(2026, 12, 3)


def _plan(text: str) -> Itinerary:
    request = parse_request(text, KB, today=TODAY).request
    assert request is not None
    return plan_trip(request, KB)


def test_the_summit_day_of_a_gentle_emei_trip_has_its_lunch() -> None:
    p = _plan("三月初带爷爷去峨眉山玩两天，他爬不了台阶")
    summit = [
        (d, i)
        for d in p.days
        for i in d.items
        if i.kind is ItemKind.ATTRACTION and i.poi_id == "emeishan-mount-emei"
    ]
    assert summit, [i.name for d in p.days for i in d.items]
    day, visit = summit[0]
    lunches = [i for i in day.items if i.meal == "lunch"]
    assert lunches, [(str(i.start), i.name) for i in day.items]
    assert visit.start <= dt.time(13, 0) or visit.meal != "lunch"
