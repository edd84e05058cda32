"""A trip said by a holiday (清明, 五一, "Golden Week" …) starts on the holiday's first day off
(the State Council's notice, or its rules where the year's notice is not out), not on the
festival day that may be its last; the plan says the days off, where they come from, and the
days of the trip that fall after them."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.request import TripRequest, Wish
from engine.knowledge.festivals import holiday_on
from engine.knowledge.holiday_spans import holiday_span
from engine.understanding.dates import find_dates
from tests.helpers.plans import plan

#: Said in December 2026 → the 2027 holidays; in December 2027 → the 2028 ones.
Y2027, Y2028 = dt.date(2026, 12, 3), dt.date(2027, 12, 3)


@pytest.mark.parametrize(
    ("said", "today", "start", "end"),
    [
        ("清明", Y2027, "2027-04-03", "2027-04-05"),  # 04-05 is a Monday: from the Saturday
        ("五一", Y2027, "2027-05-01", "2027-05-05"), ("端午", Y2027, "2027-06-09", "2027-06-09"),
        ("中秋", Y2027, "2027-09-15", "2027-09-15"), ("国庆", Y2027, "2027-10-01", "2027-10-07"),
        ("元旦", Y2027, "2027-01-01", "2027-01-03"), ("春节", Y2027, "2027-02-05", "2027-02-12"),
        ("过年", Y2027, "2027-02-05", "2027-02-12"), ("Golden Week", Y2027, "2027-10-01", "2027-10-07"),
        ("春运", Y2027, "2027-02-05", "2027-02-12"),  # going home for it: was planned for 12月5日
        ("Spring Festival", Y2027, "2027-02-05", "2027-02-12"),
        ("May Day", Y2027, "2027-05-01", "2027-05-05"),
        ("清明", Y2028, "2028-04-02", "2028-04-04"),  # a Tuesday: from the Sunday
        ("五一", Y2028, "2028-04-29", "2028-05-03"), ("端午", Y2028, "2028-05-27", "2028-05-29"),
        ("国庆", Y2028, "2028-10-01", "2028-10-08"),  # 中秋 (10-03) merged: eight days
        ("中秋", Y2028, "2028-10-03", "2028-10-08"),  # inside the merged week, from its night
        ("元旦", Y2028, "2028-01-01", "2028-01-03"), ("春节", Y2028, "2028-01-25", "2028-02-01"),
        ("Golden Week", Y2028, "2028-10-01", "2028-10-08"),
        ("Spring Festival", Y2028, "2028-01-25", "2028-02-01"),
        ("May Day", Y2028, "2028-04-29", "2028-05-03"),
    ],
)  # fmt: skip
def test_a_holiday_starts_on_its_first_day_off(
    said: str, today: dt.date, start: str, end: str
) -> None:
    found = find_dates(
        f"{said}去杭州玩3天" if not said.isascii() else f"Hangzhou over {said}", today
    )
    assert found.start == dt.date.fromisoformat(start)
    first = dt.date.fromisoformat(start)
    # every day from the start to the holiday's end is a day off of a holiday, none after it
    last = dt.date.fromisoformat(end)
    for n in range((last - first).days + 1):
        assert holiday_on(first + dt.timedelta(days=n)) is not None, (said, n)
    assert holiday_on(last + dt.timedelta(days=1)) is None


def test_published_years_are_the_notice_and_later_ones_say_they_are_estimated() -> None:
    notice = holiday_span("qingming", 2026)
    assert notice is not None and notice.official and "2026年部分节假日安排" in notice.source
    assert (notice.start, notice.end) == (dt.date(2026, 4, 4), dt.date(2026, 4, 6))
    spring = holiday_span("spring", 2026)  # the nine days of the 2026 notice
    assert spring is not None and (spring.start, spring.end) == (
        dt.date(2026, 2, 15),
        dt.date(2026, 2, 23),
    )
    guess = holiday_span("qingming", 2027)
    assert guess is not None and not guess.official and "估算" in guess.source


def _qingming(days: int, lang: str = "zh"):  # type: ignore[no-untyped-def]
    wish = Wish(kind="date", value="2027-04-03", said="清明" if lang == "zh" else "Qingming")
    p = plan(destinations=("hangzhou",), days=days, departure=None,
             start_date=dt.date(2027, 4, 3), wishes=(wish,), lang=lang)  # fmt: skip
    assert p.feasibility is not None
    (row,) = [w for w in p.feasibility.wishes if w.kind == "date"]
    (check,) = [c for c in p.feasibility.checks if c.code == "holidays"]
    return row, check


def test_the_plan_says_the_days_off_and_that_they_are_estimated() -> None:
    row, check = _qingming(3)
    assert row.status == "honoured"
    assert "2027-04-03出发" in row.message and "清明假期4月3日–5日" in row.message
    assert "估算" in row.message
    assert "第1–3天在清明假期（4月3日–5日，估算" in check.message
    en_row, en_check = _qingming(3, "en")
    assert "3–5 Apr, estimated" in en_row.message and "days 1–3 fall" in en_check.message


def test_a_trip_longer_than_the_holiday_says_which_days_fall_after_it() -> None:
    row, _ = _qingming(5)
    assert row.status == "partly" and row.reason is not None
    assert "第4–5天已在清明假期之后（假期共3天）" in row.reason


def test_a_date_wish_without_a_holiday_says_nothing_of_one() -> None:
    wish = Wish(kind="date", value="2027-04-10", said="4月10日")
    p = plan(destinations=("hangzhou",), days=2, departure=None,
             start_date=dt.date(2027, 4, 10), wishes=(wish,))  # fmt: skip
    assert p.feasibility is not None
    (row,) = [w for w in p.feasibility.wishes if w.kind == "date"]
    assert row.status == "honoured" and "假期" not in row.message


def test_request_reads_holiday_start() -> None:
    from engine.understanding import read_request
    from tests.helpers.wish_kb import wish_kb

    result = read_request("清明去杭州玩3天", wish_kb(), today=Y2027)
    assert isinstance(result.request, TripRequest)
    assert result.request.start_date == dt.date(2027, 4, 3)
