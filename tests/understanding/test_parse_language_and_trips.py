"""The answer language of mixed zh/en text; several destinations with their own days; typos."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.i18n import text_lang
from engine.knowledge.base import KnowledgeBase
from engine.understanding import parse_request
from tests.helpers.tiny_kb import tiny_kb

TODAY = dt.date(2024, 10, 9)


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return tiny_kb()


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("I want to go to 黄山 for two days from 上海", "en"),
        ("3 days in 杭州", "en"),
        ("2 days in Suzhou and then 3 days in 杭州", "en"),
        ("我想去Hangzhou玩三天", "zh"),
        ("去hangzhou和suzhou玩", "zh"),  # lowercase pinyin names are names, not English
        ("我们想去黄山 hiking and photography", "zh"),
        ("Hangzhou 3日游", "zh"),
        ("上海出发去黄山玩两天", "zh"),
        ("3 days in Hangzhou", "en"),
        ("", "zh"),
    ],
)
def test_text_lang(text: str, lang: str) -> None:
    assert text_lang(text) == lang


def test_english_with_chinese_place_names_is_answered_in_english(kb: KnowledgeBase) -> None:
    result = parse_request("I want to go to 黄山 for two days from 上海", kb, today=TODAY)
    assert result.lang == "en" and result.request is not None and result.request.lang == "en"
    assert result.departure is not None and result.departure.name_zh == "上海"
    assert [d.name_zh for d in result.destinations] == ["黄山"]
    assert result.request.days == 2
    assert result.message() == "Shanghai → Huangshan, 2 days, 1 adult"


def test_chinese_with_a_latin_place_name_stays_chinese(kb: KnowledgeBase) -> None:
    result = parse_request("我想去Hangzhou玩三天", kb, today=TODAY)
    assert result.lang == "zh" and result.request is not None
    assert result.request.destinations == ("hangzhou",) and result.request.days == 3


@pytest.mark.parametrize(
    ("text", "departure"),
    [
        ("去杭州玩3天 from 上海", "shanghai"),
        ("去杭州玩3天，from Shanghai", "shanghai"),
        ("I wanna go 去 Hangzhou for 三天 from 上海", "shanghai"),
        ("Hangzhou 3 days, 带我妈", None),
    ],
)
def test_a_sentence_of_both_languages_keeps_its_origin_and_destination(
    kb: KnowledgeBase, text: str, departure: str | None
) -> None:
    result = parse_request(text, kb, today=TODAY)
    assert result.request is not None, result.message()
    assert result.request.destinations == ("hangzhou",) and result.request.days == 3
    assert result.request.departure == departure


@pytest.mark.parametrize(
    "text",
    [
        "2 days in Suzhou and then 3 days in Hangzhou from Shanghai",
        "From Shanghai: Suzhou for 2 days and then Hangzhou for 3 days",
        "Suzhou for 2 days and then Hangzhou for 3 days, from Shanghai",
        "2 days in Suzhou, then 3 days in Hangzhou, leaving from Shanghai",
        "上海出发，先去苏州玩2天再去杭州玩3天",
        "上海出发，苏州2天杭州3天",
    ],
)
def test_each_destination_with_its_own_days_adds_up(kb: KnowledgeBase, text: str) -> None:
    result = parse_request(text, kb, today=TODAY)
    assert [d.name_zh for d in result.destinations] == ["苏州", "杭州"]
    assert result.departure is not None and result.departure.name_zh == "上海"
    assert result.draft.days == 5


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("上海出发，先去苏州再去杭州，一共5天，其中杭州3天", 5),
        ("3 days in Hangzhou and 2 nights", 3),
    ],
)
def test_a_total_or_a_single_count_is_not_added_up(kb: KnowledgeBase, text: str, days: int) -> None:
    assert parse_request(text, kb, today=TODAY).draft.days == days


@pytest.mark.parametrize("text", ["3 days in hangzou", "3 days in Hangzou from Shanghai"])
def test_a_misspelt_english_place_gets_suggestions(kb: KnowledgeBase, text: str) -> None:
    result = parse_request(text, kb, today=TODAY)
    assert result.request is None and result.problem is not None
    assert result.problem.code == "unknown_place"
    assert result.problem.suggestions[0].name_zh == "杭州"
    assert result.message().startswith("Couldn't find \"")
    assert "Did you mean: Hangzhou" in result.message()


def test_common_words_after_in_are_not_taken_for_places(kb: KnowledgeBase) -> None:
    result = parse_request("a relaxing trip in the mountains", kb, today=TODAY)
    assert result.problem is not None and result.problem.code == "no_destination"
