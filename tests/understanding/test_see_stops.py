"""「想看X」 for a sight of another place makes its place a stop, as 「想去X」 does (issue 12):
「从北京去成都6天，想看乐山大佛和峨眉山」 planned 成都 only and answered both
「知识库里没有这个地方」, though both are in the knowledge base."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.knowledge.base import KnowledgeBase, default_knowledge
from engine.understanding import parse_request

TODAY = dt.date(2026, 12, 1)


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return default_knowledge()


def _read(kb: KnowledgeBase, text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    request = parse_request(text, kb, today=TODAY).request
    assert request is not None, text
    return request.destinations, request.must_see


def test_sights_of_other_places_said_to_be_seen_are_stops(kb: KnowledgeBase) -> None:
    destinations, must = _read(kb, "从北京去成都6天，想看乐山大佛和峨眉山")
    assert destinations == ("chengdu", "leshan", "emeishan")
    assert set(must) == {"leshan-giant-buddha", "emeishan-mount-emei"}
    destinations, must = _read(kb, "去成都玩4天，也想看看乐山大佛")
    assert destinations == ("chengdu", "leshan") and must == ("leshan-giant-buddha",)


def test_a_listed_sight_of_the_city_said_keeps_the_list_going(kb: KnowledgeBase) -> None:
    """兵马俑 is 西安's (said); 华山 after it is a stop of its own."""
    destinations, must = _read(kb, "去西安4天，想看兵马俑和华山")
    assert destinations == ("xian", "huashan")
    assert set(must) == {"xian-terracotta-army", "huashan-scenic-area"}


def test_sights_of_the_city_said_stay_in_it(kb: KnowledgeBase) -> None:
    assert _read(kb, "去北京玩4天，想看故宫和长城")[0] == ("beijing",)
    assert _read(kb, "去南京三天，想看中山陵和夫子庙")[0] == ("nanjing",)
    assert _read(kb, "去厦门，想看鼓浪屿")[0] == ("xiamen",)
    assert _read(kb, "从北京出发去成都，不想看乐山大佛")[0] == ("chengdu",)
