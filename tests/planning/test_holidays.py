"""Trips in a public holiday (国庆, 春节, 五一): the report says so with the days, the crowds
and the bookings to make early; other dates say nothing of it."""

from __future__ import annotations

import datetime as dt

from engine.knowledge.festivals import holiday_on
from tests.helpers.plans import plan


def test_public_holidays_are_known_by_date() -> None:
    assert holiday_on(dt.date(2027, 10, 2)) == "national"
    assert holiday_on(dt.date(2027, 5, 1)) == "labour"
    assert holiday_on(dt.date(2027, 2, 7)) == "spring"
    assert holiday_on(dt.date(2027, 10, 12)) is None


def _holidays(start: dt.date, lang: str = "zh"):  # type: ignore[no-untyped-def]
    p = plan(destinations=("beijing",), days=3, departure=None, start_date=start, lang=lang)
    assert p.feasibility is not None and p.feasibility.passed  # a warning, not a failure
    (check,) = [c for c in p.feasibility.checks if c.code == "holidays"]
    return check


def test_a_golden_week_trip_says_crowds_and_what_to_book() -> None:
    check = _holidays(dt.date(2027, 10, 1))
    assert not check.passed and check.severity == "warning" and check.day == 1
    assert "第1–3天在国庆假期" in check.message and "尽早预约" in check.message
    assert "故宫" in check.message
    english = _holidays(dt.date(2027, 10, 1), "en")
    assert "days 1–3 fall in the National Day holiday" in english.message


def test_an_ordinary_week_has_no_holiday_note() -> None:
    assert _holidays(dt.date(2027, 10, 12)).passed


def test_the_quick_test_before_the_calendar_never_hides_a_holiday() -> None:
    """`holiday_on` skips the calendar outside the seasons that can hold a holiday; every
    statutory holiday of twelve years lies inside them."""
    import holidays

    for year in range(2024, 2036):
        for date, name in holidays.China(years=year, language="en_US").items():
            if "Day off" not in name:
                assert holiday_on(date) is not None, (date, name)
