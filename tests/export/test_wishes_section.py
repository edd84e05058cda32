"""The wishes section (「你的要求」) in the guide, the Markdown export and the command line."""

from __future__ import annotations

import datetime as dt
import functools
from typing import Any

import pytest

from engine.cli.output import print_plan
from engine.domain.request import FoodWish, LodgingWish, TripRequest, Wish
from engine.export import to_markdown
from engine.guide import write_guide
from engine.knowledge.base import default_knowledge
from engine.planning import plan_trip


@functools.cache
def planned() -> Any:
    kb = default_knowledge()
    request = TripRequest(
        departure="shanghai",
        destinations=("xiamen",),
        days=3,
        start_date=dt.date(2026, 12, 5),
        lodging=LodgingWish(near=("xiamen-gulangyu",), on_site=True),
        food=(FoodWish(cuisine="seafood", said="想吃海鲜"),),
        wishes=(
            Wish(kind="lodging_area", value="xiamen-gulangyu", said="住在鼓浪屿上"),
            Wish(kind="food", value="seafood", said="想吃海鲜"),
        ),
        unrecognized=("要有仪式感",),
    )
    return plan_trip(request, kb), kb


def test_the_guide_opens_with_each_wish_answered() -> None:
    itinerary, kb = planned()
    guide = write_guide(itinerary, kb).markdown
    section = guide[guide.index("## 你的要求") : guide.index("## 第1天")]
    assert "「住在鼓浪屿上」" in section and "鼓浪屿岛上" in section
    assert "「想吃海鲜」" in section
    assert "没看懂：「要有仪式感」" in section


def test_an_export_without_a_guide_still_answers_the_wishes() -> None:
    itinerary, _ = planned()
    text = to_markdown(itinerary)  # no guide written yet (or a model's guide without it)
    assert "## 你的要求" in text and "住在鼓浪屿上" in text


def test_the_command_line_shows_the_section_once(capsys: pytest.CaptureFixture[str]) -> None:
    itinerary, kb = planned()
    with_guide = itinerary.model_copy(update={"guide": write_guide(itinerary, kb).markdown})
    print_plan(with_guide)
    assert capsys.readouterr().out.count("## 你的要求") == 1
    print_plan(itinerary.model_copy(update={"guide": "# 模型写的攻略\n"}))
    assert capsys.readouterr().out.count("## 你的要求") == 1
