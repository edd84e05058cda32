"""「九月去海宁看钱塘江大潮」: the bore is the trip — named, planned, on its peak days around 农历八月十八
when only the month is said, and a day off the peak says how far off it is (tester finding F39)."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind, Itinerary
from engine.knowledge.base import load_curated
from engine.knowledge.lunar_peaks import peak_date
from engine.planning import plan_trip
from engine.understanding import parse_request

KB = load_curated()
TODAY = dt.date(2026, 12, 2)
BORE = "jiaxing-yanguan-tidal-bore"


def _plan(text: str) -> Itinerary:
    parsed = parse_request(text, KB, today=TODAY)
    assert parsed.request is not None, parsed.message("zh")
    return plan_trip(parsed.request, KB, today=TODAY)


def _bore_visit(plan: Itinerary):  # type: ignore[no-untyped-def]
    return next(
        i for d in plan.days for i in d.items if i.kind is ItemKind.ATTRACTION and i.poi_id == BORE
    )


def test_the_eighteenth_of_the_eighth_lunar_month_is_three_days_after_mid_autumn() -> None:
    place = KB.attraction(BORE)
    assert place is not None
    assert peak_date(place, 2027) == dt.date(2027, 9, 18)  # 中秋 2027-09-15
    assert peak_date(place, 2026) == dt.date(2026, 9, 28)  # 中秋 2026-09-25


def test_a_month_said_puts_the_tide_trip_on_the_peak_and_plans_the_bore() -> None:
    plan = _plan("九月从杭州去海宁看钱塘江大潮，顺便玩一天")
    assert plan.request.must_see == (BORE,)
    assert plan.days[0].date == dt.date(2027, 9, 18)
    visit = _bore_visit(plan)
    assert "八月十八" in visit.note and "这天正在其中" in visit.note
    assert plan.feasibility is not None
    (row,) = [w for w in plan.feasibility.wishes if w.value == BORE]
    assert row.status == "honoured"


def test_a_day_said_is_kept_and_told_how_far_it_is_from_the_peak() -> None:
    plan = _plan("2027年9月4日从杭州去海宁看钱塘江大潮，玩一天")
    assert plan.days[0].date == dt.date(2027, 9, 4)
    assert "相差12天" in _bore_visit(plan).note  # 9月16日 opens the peak days
