"""A low budget said in words is a budget wish (issue 12, G2): 穷游, 学生党, 预算有限, 省钱,
"on a tight budget", "backpacker" — and "tight" is a pace only about the days ("a tight
schedule"), never about the money ("two students on a tight budget" was planned 'packed')."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.request import Pace, TripRequest
from engine.understanding import parse_request
from tests.helpers.plans import KB


def _request(text: str) -> TripRequest:
    request = parse_request(text, KB, today=dt.date(2026, 12, 1)).request
    assert request is not None
    return request


def _low(request: TripRequest) -> list[str]:
    return [w.said for w in request.wishes if w.kind == "budget" and w.value == "low"]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("两个学生党，从西安去成都玩4天", "学生党"),
        ("去成都玩4天，穷游", "穷游"),
        ("成都4天，预算有限，吃住都便宜点", "预算有限"),
        ("想省钱，杭州玩三天", "省钱"),
        ("two students on a tight budget, 4 days in Chengdu from Xi'an", "on a tight budget"),
        ("4 days in Chengdu as backpackers, cheap eats please", "backpackers"),
        ("3 days in Xi'an on a shoestring", "on a shoestring"),
    ],
)
def test_budget_words_are_one_low_budget_wish_and_no_pace(text: str, said: str) -> None:
    request = _request(text)
    assert _low(request) == [said]
    assert request.pace is Pace.NORMAL
    assert all(w.kind != "pace" for w in request.wishes)
    assert request.unrecognized == ()  # "cheap eats please" is understood, not echoed back


def test_tight_about_the_days_is_still_a_packed_pace() -> None:
    request = _request("4 days in Chengdu, a tight schedule is fine, we want to see a lot")
    assert request.pace is Pace.PACKED
    assert _low(request) == []


def test_negated_budget_words_are_no_wish() -> None:
    assert _low(_request("去成都玩4天，不是穷游，想住好一点")) == []


def test_a_number_said_with_the_words_stays_the_budget() -> None:
    request = _request("学生党，预算3000，两个人从西安去成都玩4天")
    assert request.budget_cny == 3000
    assert ("budget", "3000") in [(w.kind, w.value) for w in request.wishes]
    assert _low(request) == ["学生党"]


@pytest.mark.parametrize(
    "text",
    ["Two uni students backpacking in Hangzhou for 3 days", "two college students, Hangzhou"],
)
def test_students_said_with_a_word_before_are_counted(text: str) -> None:
    """ "Two uni students" was one traveller: the word before "students" hid the count."""
    request = _request(text + (", 3 days" if "days" not in text else ""))
    assert request.party.adults == 2
