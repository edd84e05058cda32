"""「想滑雪」 is a day on a ski slope in its season, with the lift pass said and lunch at the
slopes; out of season it is refused with why; a slope road shut in winter is not planned
(tester findings F9/F29) — asserted on whole plans of the curated base."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing import AddPlace, apply_edits
from engine.knowledge.base import load_curated
from engine.planning import plan_trip
from engine.understanding import parse_request
from engine.understanding.edits import parse_edits

KB = load_curated()
TODAY = dt.date(2026, 12, 2)


def _plan(text: str) -> Itinerary:
    parsed = parse_request(text, KB, today=TODAY)
    assert parsed.request is not None, parsed.message("zh")
    return plan_trip(parsed.request, KB, today=TODAY)


def _ski_row(plan: Itinerary):  # type: ignore[no-untyped-def]
    assert plan.feasibility is not None
    (row,) = [w for w in plan.feasibility.wishes if w.said and "滑雪" in w.said]
    return row


def test_skiing_is_read_as_the_slopes_not_snow_scenery() -> None:
    parsed = parse_request("冬天从长春出发去长白山4天，想滑雪、看天池", KB, today=TODAY)
    assert parsed.request is not None
    assert "ski" in parsed.request.interests


def test_a_winter_ski_wish_gets_a_day_on_the_slopes_with_lunch_and_the_pass_said() -> None:
    plan = _plan("冬天从长春出发去长白山4天，想滑雪、看天池")
    ski = [
        (d, i)
        for d in plan.days
        for i in d.items
        if i.kind is ItemKind.ATTRACTION and "ski" in KB.attraction(i.poi_id or "").tags  # type: ignore[union-attr]
    ]
    assert ski, "no ski area in a winter trip that asked to ski"
    _day, visit = ski[0]
    assert "雪票" in visit.note and "午餐在景区内" in visit.note
    assert visit.minutes >= 240  # a ski day, not a look at the resort
    row = _ski_row(plan)
    assert row.status == "honoured" and visit.name in row.message
    # the west slope's road to the lake is shut in winter: no December day there
    assert all(i.poi_id != "changbaishan-west-slope" for d in plan.days for i in d.items)


def test_a_summer_ski_wish_is_refused_with_the_season() -> None:
    plan = _plan("七月从长春去长白山3天，想滑雪")
    row = _ski_row(plan)
    assert row.status == "not"
    assert row.reason is not None and "雪季" in row.reason


def test_a_day_turned_to_skiing_gets_the_slopes_early_enough_with_lunch() -> None:
    plan = _plan("冬天从长春出发去长白山4天，看天池")
    assert not any(
        "ski" in KB.attraction(i.poi_id or "").tags  # type: ignore[union-attr]
        for d in plan.days
        for i in d.items
        if i.kind is ItemKind.ATTRACTION
    ), "a ski day nobody asked for"
    edits, rest = parse_edits("第三天改成滑雪", plan, KB)
    assert rest == () and len(edits) == 1 and isinstance(edits[0], AddPlace)
    assert edits[0].day == 3 and "ski" in KB.attraction(edits[0].place).tags  # type: ignore[union-attr]
    new = apply_edits(plan, edits, KB).itinerary
    (visit,) = [
        i for i in new.days[2].items if i.kind is ItemKind.ATTRACTION and i.poi_id == edits[0].place
    ]
    assert "午餐在景区内" in visit.note and visit.minutes >= 240
