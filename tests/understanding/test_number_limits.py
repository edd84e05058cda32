"""One rule for the numbers of a request, typed as an option or said in the text, with the same
message in the request's language (issue #17): days, people, budget, start date."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from engine.knowledge.base import default_knowledge
from engine.understanding import RequestOptions, read_request

TODAY = dt.date(2026, 4, 20)
ZH = "上海出发去黄山玩两天"
EN = "2 days in Hangzhou from Shanghai"


def message(text: str, lang: str = "zh", **options: Any) -> str:
    opts = RequestOptions(**options, lang="zh" if lang == "zh" else "en") if options else None
    result = read_request(text, default_knowledge(), today=TODAY, options=opts)
    assert result.request is None, f"{text!r} {options} was planned: {result.request}"
    return result.message("zh" if lang == "zh" else "en")


@pytest.mark.parametrize(
    ("said", "option", "expected"),
    [
        ("上海出发去黄山玩-1天", {"days": "-1"}, "天数需要在 1 到 30 天之间（您写的是 -1 天）。"),
        ("上海出发去黄山玩0天", {"days": 0}, "天数需要在 1 到 30 天之间（您写的是 0 天）。"),
        ("上海出发去黄山玩99999999999999999999天", {"days": "99999999999999999999"},
         "天数需要在 1 到 30 天之间（您写的是 99999999999999999999 天）。"),
        (ZH + "，0个人", {"people": 0}, "出行人数需要在 1 到 20 人之间（您写的是 0）。"),
        (ZH + "，-2个人", {"people": "-2"}, "出行人数需要在 1 到 20 人之间（您写的是 -2）。"),
        (ZH + "，预算-5元", {"budget": -5}, "预算需要在 50 到 10000000 元之间（您写的是 -5 元）。"),
        (ZH + "，预算1元", {"budget": 1}, "预算需要在 50 到 10000000 元之间（您写的是 1 元）。"),
        (ZH + "，预算99999999999元", {"budget": "99999999999"},
         "预算需要在 50 到 10000000 元之间（您写的是 99999999999 元）。"),
        ("1900-01-01" + ZH, {"date": "1900-01-01"},
         "出发日期需要在 2016-04-19 到 2028-04-20 之间（您写的是 1900-01-01）。"),
        ("2099年5月1日" + ZH, {"date": "2099-05-01"},
         "出发日期需要在 2016-04-19 到 2028-04-20 之间（您写的是 2099-05-01）。"),
    ],
)  # fmt: skip
def test_a_number_out_of_range_says_the_same_in_text_and_as_an_option(
    said: str, option: dict[str, Any], expected: str
) -> None:
    base = "上海出发去黄山" if "天" in said and "两天" not in said else ZH
    assert message(said) == expected
    assert message(base, **option) == expected


@pytest.mark.parametrize(
    ("said", "option", "expected"),
    [
        ("Hangzhou from Shanghai for -1 days", {"days": "-1"},
         "The trip must be 1 to 30 days long (you asked for -1)."),
        (EN + " for 0 people", {"people": "0"},
         "The party must be 1 to 20 people (you asked for 0)."),
        (EN + ", budget -5 yuan", {"budget": "-5"},
         "The budget must be CNY 50 to 10000000 (you wrote -5)."),
        (EN + " starting 1900-01-01", {"date": "1900-01-01"},
         "The start date must be between 2016-04-19 and 2028-04-20 (you wrote 1900-01-01)."),
    ],
)  # fmt: skip
def test_english_requests_get_the_same_rule_in_english(
    said: str, option: dict[str, Any], expected: str
) -> None:
    base = "Hangzhou from Shanghai" if "days" in said else EN
    assert message(said, "en") == expected
    assert message(base, "en", **option) == expected


@pytest.mark.parametrize(
    ("text", "options", "days", "people", "budget"),
    [
        ("上海出发去黄山玩3-5天", {}, 5, 1, None),  # a range's dash is no minus sign
        (ZH + "，坐3块钱的公交", {}, 2, 1, None),  # a fare, not a budget
        (ZH, {"budget": "5k"}, 2, 1, 5000),
        (ZH, {"budget": "50"}, 2, 1, 50),
        (ZH, {"days": "３", "people": " 2 "}, 3, 2, None),  # full-width digits, spaces
        (ZH + "，人均1000", {}, 2, 1, 1000),
    ],
)
def test_numbers_in_range_are_read_as_before(
    text: str, options: dict[str, Any], days: int, people: int, budget: int | None
) -> None:
    opts = RequestOptions(**options) if options else None
    request = read_request(text, default_knowledge(), today=TODAY, options=opts).request
    assert request is not None
    assert (request.days, request.party.size, request.budget_cny) == (days, people, budget)


def test_an_option_that_is_not_a_number_is_not_understood() -> None:
    assert (
        message(ZH, budget="abc")
        == "没看懂选项 --budget 的值“abc”：请写总预算（元），例如 3000 或 5k。"
    )
    assert (
        message(ZH, days="很多")
        == "没看懂选项 --days 的值“很多”：请写 1 到 30 之间的天数，例如 3。"
    )
