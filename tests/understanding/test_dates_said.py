"""Dates as people say them, relative to a fixed today (2026-03-10, a Tuesday): the start
date chosen and the date wish with the words."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.knowledge.festivals import festival_start
from tests.helpers.reading import Read, read_trip, wish_of


@pytest.mark.parametrize(
    ("said", "start"),
    [
        ("四月初", "2026-04-04"), ("三月底", "2026-03-28"), ("5月中旬", "2026-05-16"),
        ("五月下旬", "2026-05-23"), ("下旬", "2026-03-21"), ("月底", "2026-03-28"),
        ("下个月初", "2026-04-04"), ("二月底", "2027-02-27"), ("下周", "2026-03-16"),
        ("下下周", "2026-03-23"), ("这个周末", "2026-03-14"), ("下个周末", "2026-03-21"),
        ("中秋", "2026-09-25"), ("国庆", "2026-10-01"), ("五一", "2026-05-01"),
        ("春节", "2027-02-05"), ("元旦", "2027-01-01"), ("清明", "2026-04-04"),
        ("端午", "2026-06-19"), ("mid-November", "2026-11-14"), ("early April", "2026-04-04"),
        ("late March", "2026-03-21"), ("end of March", "2026-03-28"),
        # a month alone: its first weekend past the holiday (五一 is 1–5 May)
        ("in May", "2026-05-09"), ("10月", "2026-10-10"), ("in October", "2026-10-10"),
        ("next weekend", "2026-03-21"), ("over Christmas", "2026-12-25"),
        # School holidays: from mid-July, late January (it was no date at all).
        ("Next weekend", "2026-03-21"),  # capitalised, it read this weekend
        ("暑假", "2026-07-11"), ("寒假", "2027-01-23"), ("summer holidays", "2026-07-11"),
        # A day of a month said by where it is, or alone (the next such day).
        ("下个月20号", "2026-04-20"), ("这个月25号", "2026-03-25"), ("下下个月1号", "2026-05-01"),
        ("20号", "2026-03-20"), ("5号", "2026-04-05"), ("the 20th of next month", "2026-04-20"),
    ],
)  # fmt: skip
def test_dates(read: Read, said: str, start: str) -> None:
    text = f"{said}去杭州玩两天" if not said.isascii() else f"2 days in Hangzhou {said}"
    request = read_trip(read, text)
    assert request.start_date == dt.date.fromisoformat(start)
    wish = wish_of(request, "date")
    assert wish.value == start and said.replace("over ", "") in wish.said


@pytest.mark.parametrize(
    ("festival", "today", "start"),
    [("national", "2027-03-01", "2027-10-01"), ("spring", "2027-03-01", "2028-01-25"),
     ("autumn", "2027-03-01", "2027-09-15"), ("dragon", "2028-01-01", "2028-05-27"),
     ("national", "2026-10-03", "2026-10-03")],
)  # fmt: skip
def test_holidays_by_year(festival: str, today: str, start: str) -> None:
    assert festival_start(festival, dt.date.fromisoformat(today)) == dt.date.fromisoformat(start)


@pytest.mark.parametrize(
    ("text", "said", "start"),
    [
        ("五月杭州2天", "五月", "2026-05-09"),
        ("暑假去杭州三天", "暑假", "2026-07-11"), ("寒假去杭州3天", "寒假", "2027-01-23"),
        ("夏天去杭州玩两天", "夏天", "2026-06-06"), ("秋天 杭州两天", "秋天", "2026-09-05"),
        ("Hangzhou 3 days in summer", "in summer", "2026-06-06"),
        ("Hangzhou 3 days next May", "next May", "2026-05-09"),
        ("a May trip to Hangzhou, 2 days", "a May", "2026-05-09"),
        ("Hangzhou 2 days this winter", "this winter", "2026-12-05"),
        ("summer holiday in Hangzhou, 3 days", "summer holiday", "2026-07-11"),
    ],
)  # fmt: skip
def test_month_or_season_alone(read: Read, text: str, said: str, start: str) -> None:
    """A month said alone or a season starts the trip inside the next such period (its first
    Saturday after today whose days are not a public holiday: 五一 is 1–5 May) and is echoed
    as a date wish, not lost."""
    request = read_trip(read, text)
    assert request.start_date == dt.date.fromisoformat(start)
    wish = wish_of(request, "date")
    assert wish.value == start and wish.said == said


@pytest.mark.parametrize(
    "text",
    [
        "5月3日去杭州2天",
        "5月3天去杭州",
        "三个月后去杭州两天",
        "Hangzhou 2 days, Summer Palace",
        "Hangzhou 2 days, this may be my first trip",
    ],
)
def test_no_month_or_season_read_wrongly(read: Read, text: str) -> None:
    """A day of a month, a count of months and the Summer Palace are no month or season."""
    request = read_trip(read, text)
    assert request.start_date != dt.date(2026, 5, 2)
    assert not any(
        w.kind == "date" and w.said in ("5月", "三个月", "Summer", "this may")
        for w in request.wishes
    )


@pytest.mark.parametrize(
    ("text", "said", "start"),
    [
        ("明年五月去杭州玩两天", "明年五月", "2027-05-08"),
        ("明年三月底去杭州", "明年三月底", "2027-03-27"),
        ("Hangzhou 2 days in May next year", "in May next year", "2027-05-08"),
    ],
)  # fmt: skip
def test_next_year_said(read: Read, text: str, said: str, start: str) -> None:
    """明年 before a month (or "next year" after it) is that month next year, even when this
    year's is still ahead."""
    request = read_trip(read, text)
    assert request.start_date == dt.date.fromisoformat(start)
    assert wish_of(request, "date").said == said


@pytest.mark.parametrize("text", ["坐3号线去西湖", "住2号楼", "从5号门进", "第3号展厅"])
def test_a_numbered_line_or_gate_is_no_date(text: str) -> None:
    from engine.understanding.dates import find_dates

    assert find_dates(text, dt.date(2026, 3, 10)).start is None, text


@pytest.mark.parametrize(
    ("text", "said", "start", "days"),
    [
        ("3天后出发，杭州玩两天", "3天后", "2026-03-13", 2),
        ("三天后去杭州玩两天", "三天后", "2026-03-13", 2),
        ("我们十天之后就出发，去重庆玩3天", "十天之后", "2026-03-20", 3),
        ("后天出发，去杭州玩三天", "后天", "2026-03-12", 3),
        ("大后天走，杭州两天", "大后天", "2026-03-13", 2),
        ("Hangzhou for 2 days, leaving in 3 days", "leaving in 3 days", "2026-03-13", 2),
        ("Chongqing 3 days, 5 days from now", "5 days from now", "2026-03-15", 3),
    ],
)  # fmt: skip
def test_days_from_today(read: Read, text: str, said: str, start: str, days: int) -> None:
    """Issue 12: 「3天后出发」 and "leaving in 3 days" were ignored (「三天后去杭州玩两天」 even
    read as a 3-day trip): a count of days from today starts the trip that day, not rounded to a
    weekend, and is no length of stay."""
    request = read_trip(read, text)
    assert request.start_date == dt.date.fromisoformat(start)
    assert request.days == days
    assert wish_of(request, "date").said == said


@pytest.mark.parametrize(
    ("text", "days"), [("杭州玩三天后去黄山玩两天", 5), ("Hangzhou in 3 days", 3)]
)
def test_a_stays_days_are_no_start_date(read: Read, text: str, days: int) -> None:
    """Three days spent somewhere before going on, or "Hangzhou in 3 days", say no date."""
    request = read_trip(read, text)
    assert request.start_date is None and request.days == days
    assert not any(w.kind == "date" for w in request.wishes)
