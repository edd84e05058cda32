"""Wishes of a request that were dropped without a word (issue 12, tester round 5): each is now
read — planned, or said back — instead of vanishing from 「你的要求」."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.request import TripRequest
from engine.knowledge.base import KnowledgeBase, default_knowledge
from engine.understanding import parse_request

TODAY = dt.date(2026, 12, 3)


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return default_knowledge()


def _request(kb: KnowledgeBase, text: str) -> TripRequest:
    request = parse_request(text, kb, today=TODAY).request
    assert request is not None, text
    return request


def _said(request: TripRequest, kind: str) -> list[str]:
    return [w.said for w in request.wishes if w.kind == kind]


def test_an_unknown_place_last_in_a_list_after_he_is_answered(kb: KnowledgeBase) -> None:
    """F6.1: 「想去喀纳斯、禾木、赛里木湖和那拉提」 — 那拉提 (not in the knowledge base) after 和
    was neither planned nor refused; now it is a must-see the report answers."""
    r = _request(kb, "从乌鲁木齐出发，北疆自驾10天，想去喀纳斯、禾木、赛里木湖和那拉提，两个大人")
    assert "那拉提" in _said(r, "must_see")
    # 和 followed by something done or someone is no place
    assert _said(_request(kb, "去北京玩3天，想去故宫和吃烤鸭"), "must_see") == ["故宫"]
    assert _said(_request(kb, "去北京玩3天，去故宫和我妈一起"), "must_see") == ["故宫"]


def test_places_listed_before_their_days_are_all_stops(kb: KnowledgeBase) -> None:
    """F10.2: 「…去桂林，早上6点到，桂林阳朔玩3天…晚上看印象刘三姐」 planned 桂林 only, and the
    show, 阳朔's, vanished."""
    r = _request(kb, "6月中旬从广州坐火车去桂林，早上6点到，桂林阳朔玩3天，晚上看印象刘三姐")
    assert r.destinations == ("guilin", "yangshuo")
    assert "yangshuo-impression-liu-sanjie" in r.must_see


def test_a_show_said_at_its_hour_is_a_stop(kb: KnowledgeBase) -> None:
    """「晚上看X」 reads as 「想看X」: 印象刘三姐 is 阳朔's, so 阳朔 joins a trip said as 桂林."""
    r = _request(kb, "从广州去桂林玩3天，晚上看印象刘三姐")
    assert r.destinations == ("guilin", "yangshuo")
    assert r.must_see == ("yangshuo-impression-liu-sanjie",)


def test_a_climb_of_an_unknown_peak_is_a_place_answered(kb: KnowledgeBase) -> None:
    """F3.4: 「爬大峰」 (not in the knowledge base) was neither honoured nor 没看懂; now 大峰 is a
    must-see the report answers; 「登高望远」 (no peak named) is said back as not understood."""
    result = parse_request("从成都去四姑娘山徒步3天，爬大峰，我们是8个朋友", kb, today=TODAY)
    assert result.request is not None
    assert [(w.value, w.said) for w in result.request.wishes if w.kind == "must_see"] == [
        ("大峰", "爬大峰")
    ]
    assert result.request.unrecognized == ()
    vague = parse_request("去黄山玩2天，登高望远", kb, today=TODAY).request
    assert vague is not None and vague.unrecognized == ("登高望远",)


def test_rain_worries_are_a_weather_wish(kb: KnowledgeBase) -> None:
    """F10.5: 「雨季怕下雨多安排室内的」 was read as nothing."""
    r = _request(kb, "6月中旬去桂林玩3天，雨季怕下雨多安排室内的")
    rain = [w for w in r.wishes if w.kind == "weather"]
    assert [w.value for w in rain] == ["rain"]
    assert rain[0].said == "雨季怕下雨多安排室内的"


def test_a_honeymoon_is_said_back_with_the_party(kb: KnowledgeBase) -> None:
    """F1.6: 「我和老婆度蜜月」 showed only 「我和老婆」."""
    r = _request(kb, "我和老婆度蜜月，想去云南玩7天，从上海出发")
    assert r.party.adults == 2 and r.party.children == 0
    assert any("度蜜月" in s for s in _said(r, "party"))
    alone = _request(kb, "度蜜月去三亚玩5天")
    assert alone.party.adults == 2
