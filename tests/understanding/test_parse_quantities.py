"""Numbers, days, dates, party and budget, zh and en."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.knowledge.gazetteer import gazetteer_for
from engine.understanding.dates import find_dates
from engine.understanding.days import find_days
from engine.understanding.money import find_budget
from engine.understanding.numbers import parse_number
from engine.understanding.parser import understand
from engine.understanding.party import find_party, resolve_party
from engine.understanding.text import normalize

TODAY = dt.date(2024, 10, 9)  # Wednesday


@pytest.mark.parametrize(
    ("text", "value"),
    [("十二", 12), ("二十", 20), ("两", 2), ("三千五", 3500), ("两万五", 25000), ("1.5万", 15000),
     ("一百五", 150), ("一千零五", 1005), ("二〇二四", 2024), ("两三", 3), ("twelve", 12), ("a", 1)],
)  # fmt: skip
def test_numbers(text: str, value: float) -> None:
    assert parse_number(text) == value


def test_not_numbers() -> None:
    assert parse_number("万") is None and parse_number("") is None and parse_number("abc") is None


@pytest.mark.parametrize(
    ("text", "days"),
    [("两天", 2), ("三日游", 3), ("十二天", 12), ("周末", 2), ("一周", 7), ("一个星期", 7),
     ("3天2晚", 3), ("住两晚", 3), ("a week", 7), ("two weeks", 14), ("weekend", 2), ("3-day trip", 3),
     ("for 3 days", 3), ("5 nights", 6), ("0天", 0), ("400天", 400), ("两三天", 3), ("半个月", 15),
     ("day trip", 1), ("a couple of days", 2), ("long weekend", 3), ("3 days 2 nights", 3),
     ("Hangzhou 3D2N", 3)],
)  # fmt: skip
def test_days(text: str, days: int) -> None:
    assert find_days(text).days == days


@pytest.mark.parametrize("text", ["第三天轻松一点", "今天", "每天", "天天向上", "day 2 is free"])
def test_no_days(text: str) -> None:
    assert find_days(text).days is None


def test_vague_days_are_marked() -> None:
    found = find_days("玩几天")
    assert found.days == 3 and found.approximate


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [("2024-11-15", "2024-11-15", None), ("2024-11-15 to 2024-11-17", "2024-11-15", "2024-11-17"),
     ("11月15日", "2024-11-15", None), ("12月5号", "2024-12-05", None), ("十二月五号", "2024-12-05", None),
     ("2024年11月15日", "2024-11-15", None), ("11月15日到17日", "2024-11-15", "2024-11-17"),
     ("11月15日-11月17日", "2024-11-15", "2024-11-17"), ("下周六", "2024-10-19", None),
     ("周六", "2024-10-12", None), ("明天", "2024-10-10", None), ("后天", "2024-10-11", None),
     ("国庆", "2025-10-01", None), ("元旦", "2025-01-01", None), ("on Dec 5", "2024-12-05", None),
     ("December 5th, 2025", "2025-12-05", None), ("5 December", "2024-12-05", None),
     ("from Dec 5 to Dec 7", "2024-12-05", "2024-12-07"), ("Dec 5-7", "2024-12-05", "2024-12-07"),
     ("next Saturday", "2024-10-19", None), ("tomorrow", "2024-10-10", None),
     ("Christmas", "2024-12-25", None), ("中秋", "2025-10-06", None), ("春节", "2025-01-28", None),
     ("3月1日", "2025-03-01", None), ("10月9日", "2024-10-09", None), ("下周", "2024-10-14", None),
     ("下下周", "2024-10-21", None), ("下个月", "2024-11-01", None), ("next week", "2024-10-14", None),
     ("周末去，11月16日", "2024-11-16", None), ("周五出发，周日回来", "2024-10-11", "2024-10-13"),
     ("十一月", "2024-11-02", None)],
)  # fmt: skip
def test_dates(text: str, start: str, end: str | None) -> None:
    found = find_dates(text, TODAY)
    assert found.start == dt.date.fromisoformat(start)
    assert found.end == (dt.date.fromisoformat(end) if end else None)


def test_weekend_gives_a_start_and_two_days() -> None:
    found = find_dates("这周末去杭州", TODAY)
    assert found.start == dt.date(2024, 10, 12) and found.days_hint == 2


@pytest.mark.parametrize("text", ["2月30日", "13月1日", "2024-02-30"])
def test_dates_that_do_not_exist(text: str) -> None:
    found = find_dates(text, TODAY)
    assert found.start is None and found.invalid == text


@pytest.mark.parametrize("text", ["十一天", "三天", "3月5天", "3个月", "中国", "然后天津"])
def test_not_dates(text: str) -> None:
    assert find_dates(text, TODAY).start is None


def test_a_range_gives_the_trip_length() -> None:
    draft = understand("2024-11-15到2024-11-17去杭州", gazetteer_for(None), TODAY)
    assert draft.days == 3 and draft.start_date == dt.date(2024, 11, 15)


@pytest.mark.parametrize(
    ("text", "party"),
    [("我们两个人（3大1小）", (3, 1, 0)), ("一家三口", (2, 1, 0)), ("带着老人", (1, 0, 1)),
     ("带着父母", (1, 0, 2)), ("两个大人一个小孩", (2, 1, 0)), ("two adults and a child", (2, 1, 0)),
     ("we four people (3 adults, 1 child)", (3, 1, 0)), ("我一个人", (1, 0, 0)), ("alone", (1, 0, 0)),
     ("我们五个人（1大2小2老）", (1, 2, 2)), ("Our family of three (2 adults, 1 child)", (2, 1, 0)),
     ("We two people (1 adult, 1 senior)", (1, 0, 1)), ("我们三个人带着父母", (1, 0, 2)),
     ("我和老婆带孩子", (2, 1, 0)), ("我们去杭州", (2, 0, 0)), ("3人", (3, 0, 0)),
     ("a couple", (2, 0, 0)), ("Yunnan, couple, 7 days", (2, 0, 0)), ("as a couple", (2, 0, 0)), ("with my parents", (1, 0, 2)), ("We six people", (6, 0, 0)),
     ("两个老人", (0, 0, 2)), ("一家四口", (2, 2, 0)), ("我们三个老人", (0, 0, 3)),
     ("My parents and I", (1, 0, 2))],
)  # fmt: skip
def test_party(text: str, party: tuple[int, int, int]) -> None:
    assert resolve_party(find_party(normalize(text))) == party


@pytest.mark.parametrize("text", ["三大名胜", "两小时", "a couple of days", "老师说"])
def test_not_party(text: str) -> None:
    assert not find_party(normalize(text)).spans


@pytest.mark.parametrize(
    ("text", "amount", "per_person"),
    [("预算3400元", 3400, False), ("3000块", 3000, False), ("5k", 5000, False), ("人均1000", 1000, True),
     ("budget of 3400 RMB", 3400, False), ("¥2000", 2000, False), ("预算三千五", 3500, False),
     ("1.5万", 15000, False), ("每人1000元", 1000, True), ("1000元/人", 1000, True),
     ("花费不超过两万", 20000, False), ("2000 yuan per person", 2000, True), ("budget ¥3,400", 3400, False)],
)  # fmt: skip
def test_budget(text: str, amount: float, per_person: bool) -> None:
    found = find_budget(normalize(text))
    assert found is not None and (found.amount, found.per_person) == (amount, per_person)


@pytest.mark.parametrize("text", ["3天2晚", "5km徒步", "我们2个人", "about 3 days", "3块"])
def test_not_budget(text: str) -> None:
    assert find_budget(normalize(text)) is None


def test_per_person_and_per_day_budgets_become_totals() -> None:
    gaz = gazetteer_for(None)
    assert understand("我们三个人去杭州，人均1000", gaz, TODAY).budget_cny == 3000
    assert understand("两个人去杭州玩3天，每天500块", gaz, TODAY).budget_cny == 1500
    assert understand("4 people to Hangzhou, 800 RMB per person", gaz, TODAY).budget_cny == 3200
