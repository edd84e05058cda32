"""A place named as the goal stays a stop when a second place is added along the way (issue 12,
finding H1): 「从上海去爬泰山看日出，两天，顺便去曲阜」 planned 曲阜 only — 「去爬泰山」 read 爬 where
the place should start, so 泰山 was lost as soon as 曲阜 was found; 「捎带曲阜」 and 「顺便逛逛曲阜」
(no 去) lost the second place instead."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.knowledge.base import KnowledgeBase, default_knowledge
from engine.understanding import read_request

TODAY = dt.date(2026, 12, 1)


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return default_knowledge()


def _read(kb: KnowledgeBase, text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    request = read_request(text, kb, today=TODAY).request
    assert request is not None, text
    return request.destinations, request.must_see


@pytest.mark.parametrize(
    ("text", "destinations", "must"),
    [
        (
            "下个月想和老婆从上海去爬泰山看日出，两天，顺便去曲阜",
            ("taishan", "qufu"),
            "taishan-mount-tai",
        ),
        ("从上海去登泰山，顺便去曲阜，两天", ("taishan", "qufu"), "taishan-mount-tai"),
        ("从成都去爬峨眉山，顺便去乐山，三天", ("emeishan", "leshan"), "emeishan-mount-emei"),
        ("从杭州去爬黄山，三天，顺便去宏村", ("huangshan",), "huangshan-scenic-area"),
    ],
)
def test_the_place_after_what_is_done_there_is_the_goal(
    kb: KnowledgeBase, text: str, destinations: tuple[str, ...], must: str
) -> None:
    """去爬X / 去登X: X is where the trip goes (and its mountain a must-see)."""
    found, must_see = _read(kb, text)
    assert found == destinations
    assert must in must_see


@pytest.mark.parametrize(
    "text",
    [
        "从上海去泰山两天，捎带曲阜",
        "从上海去泰山两天，顺便逛逛曲阜",
        "从上海去泰山，顺路去曲阜，两天",
    ],
)
def test_a_place_added_along_the_way_is_a_stop_too(kb: KnowledgeBase, text: str) -> None:
    assert _read(kb, text)[0] == ("taishan", "qufu")


def test_what_is_done_without_a_place_names_none(kb: KnowledgeBase) -> None:
    """去爬山, 去看日出, 顺便买点特产: an activity, no stop is made of it."""
    assert _read(kb, "从北京去青岛三天，去看日出")[0] == ("qingdao",)
    assert _read(kb, "去成都玩三天，想去爬山")[0] == ("chengdu",)
    assert _read(kb, "去南京三天，顺便买点特产")[0] == ("nanjing",)
    assert _read(kb, "不去爬泰山了，去曲阜两天")[0] == ("qufu",)
