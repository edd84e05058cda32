"""Refusals read as the person meant them (issue 12): a kind of place (「不去免税店」), a place
whose name is also a kind (「不去环球影城」: that park, not every theme park, and never a
must-see), and one row for words that name a place and a kind (「一定要去环球影城」)."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.request import TripRequest
from engine.understanding import read_request
from engine.understanding.revision import parse_revision
from tests.helpers.plans import KB


def read(text: str) -> TripRequest:
    request = read_request(text, KB, today=dt.date(2026, 12, 1)).request
    assert request is not None
    return request


@pytest.mark.parametrize(
    "text",
    ["去三亚4天，不去免税店", "4 days in Sanya, skip the duty-free shops", "去海口3天，别去免税城"],
)
def test_duty_free_shops_refused_as_a_kind(text: str) -> None:
    request = read(text)
    assert request.avoid.tags == ("duty-free",)
    (wish,) = [w for w in request.wishes if w.kind == "avoid_tag"]
    assert wish.value == "duty-free" and ("免税" in wish.said or "skip" in wish.said)
    assert request.unrecognized == ()


def test_every_duty_free_mall_of_the_base_carries_the_tag() -> None:
    malls = [a.id for d in KB.destinations.values() for a in d.attractions
             if "免税" in a.name_zh]  # fmt: skip
    assert malls and all("duty-free" in KB.attraction(m).tags for m in malls)  # type: ignore[union-attr]


def test_a_place_named_by_a_kind_word_is_refused_not_wished() -> None:
    request = read("去北京3天，不去环球影城")
    assert request.avoid.places == ("beijing-universal",)
    assert "beijing-universal" not in request.must_see
    assert request.avoid.tags == ()  # 欢乐谷 is still fine
    assert [(w.kind, w.value) for w in request.wishes if w.kind != "days"] == [
        ("avoid_place", "beijing-universal")
    ]


def test_a_place_named_by_a_kind_word_is_one_row() -> None:
    request = read("去北京3天，一定要去环球影城")
    assert request.must_see == ("beijing-universal",)
    assert [w.kind for w in request.wishes if w.kind != "days"] == ["must_see"]


def test_a_refusal_of_an_unknown_place_is_kept_to_answer() -> None:
    request = read("去杭州3天，不去网红店")
    assert [(w.kind, w.value) for w in request.wishes if w.kind != "days"] == [
        ("avoid_place", "网红店")
    ]


@pytest.mark.parametrize(
    ("text", "tag"),
    [("也不去免税店", "duty-free"), ("skip the duty-free shops", "duty-free"),
     ("skip the museums", "museum")],
)  # fmt: skip
def test_a_follow_up_refusal_of_a_kind_is_kept_and_answered(text: str, tag: str) -> None:
    revision = parse_revision(text, TripRequest(destinations=("sanya",), days=4), KB, "zh")
    assert revision is not None
    assert revision.request.avoid.tags == (tag,)
    assert [(w.kind, w.value) for w in revision.request.wishes] == [("avoid_tag", tag)]
