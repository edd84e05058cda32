"""Names read by the rest of the request (issues 12/13 §4), on the curated knowledge base.

A generic word that is also a sight's name elsewhere (山顶 is 香港's 太平山顶 in the gazetteer,
"the Peak" too) resolves inside the destinations already named and never adds a trip to
another city; a part of a name said beside the full one ("the Great Wall at Mutianyu") is one
sight; an area said in a refusal (不去西湖) keeps all its sights out; a hutong stay is a
lodging wish; English sentences split at their full stop; a moment said with "ceremony" is
one wish, answered at its hour.
"""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.request import TripRequest, parse_area_value
from engine.knowledge.base import KnowledgeBase, default_knowledge
from engine.understanding import ParseResult, read_request

TODAY = dt.date(2026, 3, 10)
WEST_LAKE = {"hangzhou-broken-bridge", "hangzhou-su-causeway", "hangzhou-leifeng-pagoda",
             "hangzhou-hubin-fountain", "hangzhou-three-pools"}  # fmt: skip


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return default_knowledge()


def _read(kb: KnowledgeBase, text: str) -> tuple[ParseResult, TripRequest]:
    result = read_request(text, kb, today=TODAY)
    assert result.request is not None, result.message()
    return result, result.request


def _wishes(request: TripRequest, kind: str) -> dict[str, str]:
    return {w.said: w.value for w in request.wishes if w.kind == kind}


@pytest.mark.parametrize(
    "text",
    ["从上海去黄山玩3天，想去山顶", "3 days in Huangshan from Shanghai, we want to go to the Peak"],
)
def test_a_summit_word_is_the_named_mountains_summit_not_hong_kong(
    kb: KnowledgeBase, text: str
) -> None:
    result, request = _read(kb, text)
    assert request.destinations == ("huangshan",)
    assert "hongkong-victoria-peak" not in request.must_see
    assert "huangshan-scenic-area" in request.must_see
    note = " ".join(result.notes("zh"))
    assert "黄山风景区的山顶" in note and "太平山顶" in note  # which was taken is said


def test_the_peak_in_hong_kong_is_still_victoria_peak(kb: KnowledgeBase) -> None:
    _result, request = _read(kb, "从深圳去香港玩2天，想去山顶")
    assert request.destinations == ("hongkong",)
    assert "hongkong-victoria-peak" in request.must_see


def test_a_summit_word_with_no_mountain_adds_no_city_and_says_so(kb: KnowledgeBase) -> None:
    result, request = _read(kb, "从上海去杭州玩两天，想去山顶")
    assert request.destinations == ("hangzhou",)
    assert "hongkong-victoria-peak" not in request.must_see
    assert any("没有按太平山顶" in n for n in result.notes("zh"))


def test_a_kind_word_is_the_named_places_own_sight(kb: KnowledgeBase) -> None:
    _result, request = _read(kb, "去大理玩3天，想去古镇")
    assert request.destinations == ("dali",)
    assert "libo-ancient-town" not in request.must_see


def test_sleeping_on_the_summit_said_before_zhu_is_a_summit_night(kb: KnowledgeBase) -> None:
    _result, request = _read(kb, "从上海去黄山玩3天，想在山顶住一晚看日出，两个人")
    assert request.destinations == ("huangshan",)
    assert set(_wishes(request, "lodging_area")) == {"在山顶住"}  # not 「一晚」 as a place
    assert request.lodging.on_site


def test_the_great_wall_at_mutianyu_is_one_wall(kb: KnowledgeBase) -> None:
    text = "Beijing 4 days from Guangzhou, I want the Great Wall at Mutianyu, Peking duck"
    _result, request = _read(kb, text)
    assert "beijing-mutianyu" in request.must_see
    assert "beijing-badaling" not in request.must_see
    _result, both = _read(kb, "从广州去北京4天，想去八达岭长城和慕田峪长城")
    assert {"beijing-mutianyu", "beijing-badaling"} <= set(both.must_see)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("北京4天，从广州出发，想住胡同四合院", "住胡同四合院"),
        ("Beijing 4 days from Guangzhou, stay in a hutong courtyard", "stay in a hutong courtyard"),
        ("Beijing 4 days from Guangzhou, Peking duck and a hutong stay", "hutong stay"),
    ],
)
def test_a_hutong_stay_is_a_lodging_wish_for_the_hutong_area(
    kb: KnowledgeBase, text: str, said: str
) -> None:
    _result, request = _read(kb, text)
    assert _wishes(request, "lodging_area").get(said) == "beijing-lodging-gulou"
    assert "beijing-lodging-gulou" in request.lodging.near
    assert not request.unrecognized


def test_an_area_declined_keeps_every_sight_of_it_out(kb: KnowledgeBase) -> None:
    _result, request = _read(kb, "从上海去杭州一日游，不去西湖，想喝龙井茶")
    assert WEST_LAKE <= set(request.avoid.places)
    assert "hangzhou-longjing-village" not in request.avoid.places  # 「西湖龙井」 tea, 4 km off
    area = parse_area_value(_wishes(request, "avoid_place")["不去西湖"])
    assert area is not None and area[0] == "西湖" and WEST_LAKE <= set(area[1])


def test_an_english_full_stop_ends_the_place_name(kb: KnowledgeBase) -> None:
    text = (
        "4 days in Guilin and Yangshuo from Hong Kong. I'd like to go cycling and watch the "
        "Impression Liu Sanjie show"
    )
    _result, request = _read(kb, text)
    assert all("I'd" not in w.said for w in request.wishes)
    assert request.departure == "hongkong"


def test_cycling_and_a_light_show_in_english_are_understood(kb: KnowledgeBase) -> None:
    text = (
        "I'm travelling alone from Hong Kong to Guilin and Yangshuo for 4 days in late April, "
        "want to cycle the countryside and see a light show"
    )
    _result, request = _read(kb, text)
    assert not request.unrecognized
    assert _wishes(request, "must_see") == {  # each answered by the sight that offers it
        "see a light show": "yangshuo-impression-liu-sanjie",
        "cycle": "yangshuo-ten-mile-gallery",
    }


def test_the_flag_raising_ceremony_is_one_wish(kb: KnowledgeBase) -> None:
    text = "3 days in Beijing from Shanghai, we want to see the flag-raising ceremony"
    _result, request = _read(kb, text)
    said = [w for w in request.wishes if "flag" in w.said.lower()]
    assert [w.kind for w in said] == ["experience"], said
