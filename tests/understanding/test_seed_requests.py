"""The seed sentences of the brief, end to end through parse_request."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.request import MAX_DAYS, MIN_DAYS, Pace
from engine.knowledge.base import KnowledgeBase
from engine.understanding import parse_request
from tests.helpers.tiny_kb import tiny_kb

TODAY = dt.date(2024, 10, 9)  # a Wednesday


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return tiny_kb()


def test_departure_destination_and_days(kb: KnowledgeBase) -> None:
    result = parse_request("上海出发去黄山玩两天", kb, today=TODAY)
    assert result.ok and result.request is not None
    assert result.request.departure == "shanghai"
    assert result.request.destinations == ("huangshan",)
    assert result.request.days == 2
    assert result.request.lang == "zh"
    assert result.departure is not None and result.departure.name_zh == "上海"
    assert result.defaulted == {"party", "start_date"}
    assert "上海 → 黄山" in result.message()


def test_unknown_place_gets_a_clear_chinese_message(kb: KnowledgeBase) -> None:
    result = parse_request("去火星玩三天", kb, today=TODAY)
    assert not result.ok and result.problem is not None
    assert result.problem.code == "unknown_place"
    assert result.problem.name == "火星"
    assert "没找到“火星”" in result.message()
    assert result.draft.days == 3  # the rest was still understood


def test_zero_days_is_bad_days_with_the_range(kb: KnowledgeBase) -> None:
    result = parse_request("去黄山玩0天", kb, today=TODAY)
    assert result.problem is not None and result.problem.code == "bad_days"
    assert result.problem.valid_range == (MIN_DAYS, MAX_DAYS)
    assert result.message() == "天数需要在 1 到 30 天之间（您写的是 0 天）。"
    too_long = parse_request("go to Huangshan for 400 days", kb, today=TODAY)
    assert too_long.problem is not None and too_long.problem.code == "bad_days"
    assert "1 to 30 days" in too_long.message()


def test_typo_suggests_the_place(kb: KnowledgeBase) -> None:
    result = parse_request("去黄衫玩", kb, today=TODAY)
    assert result.problem is not None and result.problem.code == "unknown_place"
    assert "黄山" in [s.name_zh for s in result.problem.suggestions]
    assert result.message() == "没找到“黄衫”，您是不是想去：黄山（安徽）？"  # says where it is
    assert "Did you mean: Huangshan (Anhui)?" in result.message("en")


def test_pinyin_destination_inside_chinese(kb: KnowledgeBase) -> None:
    result = parse_request("去 huangshan 两天", kb, today=TODAY)
    assert result.request is not None
    assert (result.request.destinations, result.request.days) == (("huangshan",), 2)


def test_english_request(kb: KnowledgeBase) -> None:
    result = parse_request(
        "3 days in Hangzhou from Shanghai, relaxed pace, no spicy food", kb, today=TODAY
    )
    assert result.request is not None and result.lang == "en"
    request = result.request
    assert request.destinations == ("hangzhou",) and request.departure == "shanghai"
    assert request.days == 3 and request.pace is Pace.RELAXED
    assert request.avoid.cuisines == ("spicy",)
    assert request.interests == ()  # "spicy food" is not an interest in food
    assert request.lang == "en"


def test_county_destination_resolves_but_is_not_covered(kb: KnowledgeBase) -> None:
    result = parse_request("从成都去稻城亚丁五天", kb, today=TODAY)
    assert result.problem is not None and result.problem.code == "uncovered_place"
    assert result.departure is not None and result.departure.name_zh == "成都"
    assert result.destinations[0].name_zh.startswith("稻城")
    assert result.destinations[0].prefecture == "甘孜藏族自治州"
    assert result.draft.days == 5
    assert "我们还没有稻城亚丁（四川甘孜州）的景点数据" in result.message()


def test_uncovered_destination_lists_nearby_covered_ones(kb: KnowledgeBase) -> None:
    result = parse_request("去婺源看油菜花 3天", kb, today=TODAY)
    assert result.problem is not None and result.problem.code == "uncovered_place"
    assert result.problem.nearby[0][0].destination_id == "huangshan"
    assert result.draft.interests == ["flowers"] and result.draft.days == 3
    assert result.message().startswith(
        "我们还没有婺源（江西上饶）的景点数据。附近有：黄山（安徽，约90公里）"
    )


def test_no_destination(kb: KnowledgeBase) -> None:
    for text in ("", "   ", "上海出发，玩两天", "I want a holiday"):
        result = parse_request(text, kb, today=TODAY)
        assert result.problem is not None and result.problem.code == "no_destination", text


def test_problems_are_listed_together(kb: KnowledgeBase) -> None:
    result = parse_request("2月30日去婺源玩0天", kb, today=TODAY)
    assert [p.code for p in result.problems] == ["uncovered_place", "bad_days", "bad_date"]
    assert len(result.message().splitlines()) == 3
