"""A lake called 海 is no sea (a fresh user's test): 「住洱海边的民宿」 on a 大理 trip gave
「❌「海边的」：没有安排海景…可以加一站北海」 beside the right lodging by 洱海."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.knowledge.base import load_curated
from engine.understanding import parse_request

KB = load_curated()


@pytest.mark.parametrize(
    "text",
    ["五一和女朋友从昆明坐动车去大理玩4天，住洱海边的民宿", "去北京玩3天，晚上想去后海边走走"],
)
def test_a_lake_called_hai_asks_for_no_sea(text: str) -> None:
    request = parse_request(text, KB, today=dt.date(2026, 12, 3)).request
    assert request is not None
    assert not {"sea", "beach"} & {w.value for w in request.wishes if w.kind == "interest"}


def test_the_sea_is_still_the_sea() -> None:
    request = parse_request("去青岛玩3天，想去海边", KB, today=dt.date(2026, 12, 3)).request
    assert request is not None
    assert "sea" in {w.value for w in request.wishes if w.kind == "interest"}
