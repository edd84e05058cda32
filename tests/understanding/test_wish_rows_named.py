"""Each sight a traveller names gets its own wish row, even with the names run together
(「想去故宫长城环球影城」), and the trip's own destination named as a wish ("want to visit
Beijing") is the trip, never a sight with a like name (Beijing Zoo)."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.knowledge.base import KnowledgeBase, default_knowledge
from engine.understanding import parse_request

TODAY = dt.date(2026, 12, 1)


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return default_knowledge()


def _must_see_rows(text: str, kb: KnowledgeBase) -> dict[str, str]:
    result = parse_request(text, kb, today=TODAY)
    assert result.request is not None, result.message()
    return {w.value: w.said for w in result.request.wishes if w.kind == "must_see"}


def test_names_run_together_each_get_a_row(kb: KnowledgeBase) -> None:
    rows = _must_see_rows("上海出发去北京玩6天，想去故宫长城环球影城", kb)
    assert rows.get("beijing-badaling") == "长城", rows
    assert {"beijing-forbidden-city", "beijing-universal"} <= set(rows), rows


def test_a_run_cut_inside_a_name_gives_each_sight_its_own_words(kb: KnowledgeBase) -> None:
    """「想看天坛长城颐和园」 was cut at the 和 of 颐和园: a row said 「天坛长城颐」."""
    rows = _must_see_rows("北京6天，想看天坛长城颐和园，从广州出发", kb)
    assert rows == {
        "beijing-temple-of-heaven": "天坛",
        "beijing-badaling": "长城",
        "beijing-summer-palace": "颐和园",
    }, rows


def test_the_destination_itself_is_no_sight(kb: KnowledgeBase) -> None:
    result = parse_request("I want to visit Beijing for 4 days from Shanghai", kb, today=TODAY)
    request = result.request
    assert request is not None and request.destinations == ("beijing",)
    assert "beijing-zoo" not in request.must_see
    assert not [w for w in request.wishes if w.kind == "must_see"], request.wishes


@pytest.mark.parametrize(
    ("text", "route", "days"),
    [
        ("北京出发桂林5天，加一天去阳朔", ("guilin", "yangshuo"), 6),
        ("上海出发杭州3天，再去苏州2天", ("hangzhou", "suzhou"), 5),
    ],
)
def test_a_place_with_its_days_right_after_the_departure_is_a_stop(
    kb: KnowledgeBase, text: str, route: tuple[str, ...], days: int
) -> None:
    """「北京出发桂林5天，加一天去阳朔」 was a trip to 阳朔 alone: 桂林5天 glued to 出发 was not read."""
    request = parse_request(text, kb, today=TODAY).request
    assert request is not None and request.destinations == route, request
    assert request.days == days
