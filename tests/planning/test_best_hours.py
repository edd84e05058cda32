"""Places are seen at their hour: one whose point is the sunset (鸣沙山's dune ridge) spans that
day's sunset with no sunset wished (it was seen 13:12–17:12 on a December day, the sun setting
at 18:15) and its row says when the sun sets that day, not 「夏季约21:00」 only; a night-view
lookout (南山一棵树) is seen after dark or not at all (it was seen at 11:42); a light show that
plays on set weekdays (钱江新城) is planned only on a day it plays."""

from __future__ import annotations

import datetime as dt

import pytest
from pydantic import ValidationError

from engine.domain.feasibility import Check
from engine.domain.itinerary import ItemKind, Itinerary, clock_minutes
from engine.domain.request import TripRequest
from engine.guide.writer import write_guide
from engine.knowledge.base import load_curated
from engine.knowledge.schema import ShowTimes
from engine.knowledge.shows import show_line, shows_on
from engine.knowledge.sun import sun_times
from engine.planning import plan_trip
from engine.planning.checks.meals import meal_windows
from engine.planning.visit_windows import DUSK_MIN

KB = load_curated()
DECEMBER = dt.date(2026, 12, 5)


def test_a_sunset_place_spans_the_sunset_and_its_row_says_when() -> None:
    plan = plan_trip(TripRequest(destinations=("dunhuang",), days=3, start_date=DECEMBER), KB)
    visits = [(d, i) for d in plan.days for i in d.items
              if i.poi_id == "dunhuang-mingsha-crescent" and i.kind == ItemKind.ATTRACTION]  # fmt: skip
    assert len(visits) == 1
    day, visit = visits[0]
    place = KB.attraction("dunhuang-mingsha-crescent")
    assert place is not None
    sunset = sun_times(place.lat, place.lon, day.date)[1]
    assert clock_minutes(visit.start) < sunset < clock_minutes(visit.end), (visit.start, sunset)
    markdown = write_guide(plan, KB).markdown
    ridge = next(h for h in place.highlights if h.kind == "sunset")
    assert ridge.lat is not None and ridge.lon is not None
    down = sun_times(ridge.lat, ridge.lon, day.date)[1]
    assert f"这天日落约{down // 60:02d}:{down % 60:02d}" in markdown


def test_a_night_view_lookout_is_seen_after_dark_or_not_at_all() -> None:
    plan = plan_trip(TripRequest(destinations=("chongqing",), days=2, start_date=DECEMBER), KB)
    place = KB.attraction("chongqing-nanshan-yikeshu")
    assert place is not None
    for day in plan.days:
        for item in day.items:
            if item.poi_id == place.id and item.kind == ItemKind.ATTRACTION:
                dusk = sun_times(place.lat, place.lon, day.date)[1] + DUSK_MIN
                assert clock_minutes(item.end) > dusk, (day.index, item.start, item.end)


BALCONY = "hangzhou-city-balcony"
FRIDAY, TUESDAY, NATIONAL_DAY = dt.date(2026, 12, 4), dt.date(2026, 12, 8), dt.date(2026, 10, 1)


@pytest.mark.parametrize(("date", "plays"), [(FRIDAY, True), (TUESDAY, False),
                                             (NATIONAL_DAY, True)])  # fmt: skip
def test_a_light_show_plays_on_its_weekdays_and_public_holidays(date: dt.date, plays: bool) -> None:
    place = KB.attraction(BALCONY)
    assert place is not None
    assert (shows_on(place, date) is not None) is plays
    line = show_line(place, date, 18 * 60 + 50, 19 * 60 + 30, "zh")
    if plays:
        assert line.startswith("表演19:00开始"), line
    else:
        assert line == "当天没有表演（只在周五、周六和法定节假日演出）", line


def test_a_light_show_is_planned_only_on_a_day_it_plays() -> None:
    request = TripRequest(destinations=("hangzhou",), days=4, start_date=TUESDAY - dt.timedelta(days=1),
                          must_see=(BALCONY,))  # fmt: skip  # Monday to Thursday: no show
    plan = plan_trip(request, KB)
    seen = [d.date for d in plan.days for i in d.items
            if i.poi_id == BALCONY and i.kind == ItemKind.ATTRACTION]  # fmt: skip
    assert seen == [], seen
    said = _said(plan)  # why: the show's days, not 「排不下」
    assert any("钱江新城" in m and "只在周五、周六和法定节假日" in m for m in said), said


def _said(plan: Itinerary) -> list[str]:
    report = plan.feasibility
    if report is None:
        return []
    return [c.message for c in report.checks] + [
        f"{w.message} {w.reason or ''}" for w in report.wishes
    ]


def test_holidays_only_add_to_weekdays() -> None:
    with pytest.raises(ValidationError):
        ShowTimes(times=("19:00",), minutes=15, holidays=True)


def test_a_sunset_missed_is_said_with_the_reason() -> None:
    """In July the sun sets over 鸣沙山 at about 21:11, after the 20:30 closing the record
    holds: the visit is by day, and the report says so (it was silent)."""
    july = plan_trip(TripRequest(destinations=("dunhuang",), days=3,
                                 start_date=dt.date(2026, 7, 11)), KB)  # fmt: skip
    december = plan_trip(TripRequest(destinations=("dunhuang",), days=3, start_date=DECEMBER), KB)
    missed, kept = (_check(p, "sunsets") for p in (july, december))
    assert not missed.passed and "鸣沙山月牙泉" in missed.message, missed.message
    assert "20:30就关门" in missed.message and "日落约21:" in missed.message, missed.message
    assert kept.passed


def _check(plan: Itinerary, code: str) -> Check:
    assert plan.feasibility is not None
    return next(c for c in plan.feasibility.checks if c.code == code)


def test_a_late_far_west_sunset_is_seen_and_dinner_follows_it() -> None:
    """On 8 March the sun sets over 鸣沙山 at about 19:40 Beijing time. Dinner by 19:30
    (the east's hours) left the dunes to a morning (09:10–13:10) and the check said 「看完日落再
    吃晚饭就晚了」; the far west's evenings run later by the clock (`pace.west_lag`), so the visit
    spans the sunset and dinner comes after it, still within the dinner hours."""
    march = dt.date(2026, 3, 7)
    plan = plan_trip(TripRequest(destinations=("dunhuang",), days=3, start_date=march), KB)
    place = KB.attraction("dunhuang-mingsha-crescent")
    assert place is not None
    day, visit = next((d, i) for d in plan.days for i in d.items
                      if i.poi_id == place.id and i.kind == ItemKind.ATTRACTION)  # fmt: skip
    sunset = sun_times(place.lat, place.lon, day.date)[1]
    assert sunset > 19 * 60 + 30
    assert clock_minutes(visit.start) < sunset < clock_minutes(visit.end), (visit.start, sunset)
    dinner = next(i for i in day.items if i.meal == "dinner")
    assert clock_minutes(dinner.start) >= clock_minutes(visit.end)
    assert clock_minutes(dinner.start) <= 21 * 60  # the validator's dinner hours
    assert _check(plan, "sunsets").passed
    assert meal_windows(plan) == []
