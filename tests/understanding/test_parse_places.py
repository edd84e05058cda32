"""Departure and destination patterns, zh and en."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.knowledge.base import KnowledgeBase
from engine.understanding import parse_request
from tests.helpers.tiny_kb import tiny_kb

TODAY = dt.date(2024, 10, 9)


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return tiny_kb()


def places(text: str, kb: KnowledgeBase) -> tuple[str | None, list[str]]:
    result = parse_request(text, kb, today=TODAY)
    return (result.departure.name_zh if result.departure else None), [
        d.name_zh for d in result.destinations
    ]


@pytest.mark.parametrize(
    ("text", "departure", "destinations"),
    [
        ("从上海去杭州玩三天", "上海", ["杭州"]),
        ("上海出发去黄山", "上海", ["黄山"]),
        ("我们明天从北京出发，去杭州", "北京", ["杭州"]),
        ("去杭州", None, ["杭州"]),
        ("想到黄山玩", None, ["黄山"]),
        ("杭州三日游", None, ["杭州"]),
        ("黄山两天一夜", None, ["黄山"]),
        ("上海到杭州，周末", "上海", ["杭州"]),
        ("上海去杭州", "上海", ["杭州"]),
        ("上海坐高铁去杭州玩两天", "上海", ["杭州"]),  # how they travel sits between the two
        ("上海开车去黄山", "上海", ["黄山"]),
        ("北京坐飞机到杭州", "北京", ["杭州"]),
        ("在杭州玩两天", None, ["杭州"]),
        ("我在上海，想去黄山看日出", "上海", ["黄山"]),
        ("从魔都去杭城", "上海", ["杭州"]),
        ("去杭州和上海玩五天", None, ["杭州", "上海"]),
        ("先去杭州，再去黄山", None, ["杭州", "黄山"]),
        ("从上海虹桥出发去杭州", "上海", ["杭州"]),
        ("飞往成都", None, ["成都"]),
        ("去北京大学看看", None, ["北京"]),
        ("去宏村", None, ["黄山"]),  # a sight named as the goal: its destination
        ("去年去过杭州，今年想去黄山", None, ["黄山"]),
        ("带父母出去玩，去黄山", None, ["黄山"]),
        ("不去上海，去杭州", None, ["杭州"]),
        ("上海→杭州 3天", "上海", ["杭州"]),
        ("去大理丽江玩一周", None, ["大理", "丽江"]),
        ("去成都平原看看", None, ["成都"]),
        ("去凤凰古城", None, ["凤凰"]),
    ],
)
def test_chinese_patterns(
    kb: KnowledgeBase, text: str, departure: str | None, destinations: list[str]
) -> None:
    assert places(text, kb) == (departure, destinations)


@pytest.mark.parametrize(
    ("text", "departure", "destinations"),
    [
        ("from Shanghai to Hangzhou", "上海", ["杭州"]),
        ("3 days in Hangzhou from Shanghai", "上海", ["杭州"]),
        ("trip to Huangshan", None, ["黄山"]),
        ("We want to travel from Beijing to Shanghai for 3 days", "北京", ["上海"]),
        ("Shanghai to Hangzhou, 2 days", "上海", ["杭州"]),
        ("visit Yellow Mountain next weekend", None, ["黄山"]),
        ("Hangzhou weekend getaway", None, ["杭州"]),
        ("a week in Hangzhou and Shanghai", None, ["杭州", "上海"]),
        ("Leaving from Peking, 4 days in Canton", "北京", ["广州"]),
        ("3 days in hangzhou", None, ["杭州"]),
        ("Going to Xi'an with my parents", None, ["西安"]),
        ("Shanghai -> Hangzhou, 2 days", "上海", ["杭州"]),
        ("I live in Shanghai and want to see Huangshan", "上海", ["黄山"]),
        ("Going from Beijing to Shanghai, then Hangzhou, 6 days", "北京", ["上海", "杭州"]),
    ],
)
def test_english_patterns(
    kb: KnowledgeBase, text: str, departure: str | None, destinations: list[str]
) -> None:
    assert places(text, kb) == (departure, destinations)


def test_attraction_as_destination_becomes_must_see(kb: KnowledgeBase) -> None:
    result = parse_request("去宏村玩两天", kb, today=TODAY)
    assert result.request is not None
    assert result.request.destinations == ("huangshan",)
    assert result.request.must_see == ("hongcun",)


@pytest.mark.parametrize(
    ("text", "destination", "must_see"),
    [("5天4晚黄山+宏村", "huangshan", ("hongcun",)), ("去杭州西湖玩", "hangzhou", ("west-lake",))],
)
def test_attractions_named_with_their_city_become_must_see(
    kb: KnowledgeBase, text: str, destination: str, must_see: tuple[str, ...]
) -> None:
    result = parse_request(text, kb, today=TODAY)
    assert result.request is not None
    assert result.request.destinations == (destination,) and result.request.must_see == must_see


def test_an_interest_after_qu_is_not_an_unknown_place(kb: KnowledgeBase) -> None:
    result = parse_request("想去海边，推荐一下", kb, today=TODAY)
    assert result.problem is not None and result.problem.code == "no_destination"
    assert result.draft.interests == ["sea", "beach"]


def test_several_uncovered_places_make_one_problem(kb: KnowledgeBase) -> None:
    result = parse_request("去大理丽江玩一周", kb, today=TODAY)
    assert [p.code for p in result.problems] == ["uncovered_place"]
    assert result.message().startswith(
        "我们还没有大理（云南）、丽江（云南）的景点数据。目前可以规划的目的地有："
    )


def test_departure_not_covered_keeps_its_chinese_name(kb: KnowledgeBase) -> None:
    result = parse_request("从成都去杭州玩3天", kb, today=TODAY)
    assert result.request is not None and result.request.departure == "成都"


def test_unknown_english_place(kb: KnowledgeBase) -> None:
    result = parse_request("trip to Narnia for 3 days", kb, today=TODAY)
    assert result.problem is not None and result.problem.code == "unknown_place"
    assert result.problem.name == "Narnia"
    assert result.message().startswith('Couldn\'t find a place called "Narnia"')


def test_english_typo_is_suggested(kb: KnowledgeBase) -> None:
    result = parse_request("3 days in Hangzou", kb, today=TODAY)
    assert result.problem is not None and result.problem.code == "unknown_place"
    assert result.problem.suggestions[0].name_zh == "杭州"
    assert "Did you mean: Hangzhou" in result.message()
