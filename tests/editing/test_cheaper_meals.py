"""A meal said to cost too much (「京兆尹太贵了，换个便宜点的地方吃午饭」, "day 2 dinner somewhere
cheaper"): that meal moves to a restaurant costing noticeably less a head, said with both
prices (issue 14: not understood)."""

from __future__ import annotations

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing import SwapMeal, apply_edits
from engine.editing.fitting import CHEAPER_SHARE
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import Restaurant
from engine.understanding.edits import parse_edits


def _meal(it: Itinerary, kb: KnowledgeBase, day: int, meal: str) -> Restaurant:
    poi = next(i.poi_id for i in it.days[day - 1].items
               if i.kind == ItemKind.MEAL and i.meal == meal)  # fmt: skip
    found = kb.restaurant(poi or "")
    assert found is not None
    return found


@pytest.mark.parametrize(
    ("said", "day", "meal"),
    [("知味观·味庄太贵了，换个便宜点的地方吃午饭", 1, "lunch"),
     ("The lunch at Zhiweiguan Weizhuang is too expensive, find somewhere cheaper", 1, "lunch"),
     ("第一天午饭太贵了", 1, "lunch"), ("第二天晚饭找个实惠点的地方", 2, "dinner"),
     ("day 2 dinner somewhere cheaper", 2, "dinner")],
)  # fmt: skip
def test_a_meal_too_dear_moves_somewhere_cheaper(
    said: str, day: int, meal: str, hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    edits, _ = parse_edits(said, hangzhou, kb)
    assert edits == (SwapMeal(day=day, meal=meal, cheaper=True),), (said, edits)
    result = apply_edits(hangzhou, edits, kb)
    was, now = _meal(hangzhou, kb, day, meal), _meal(result.itinerary, kb, day, meal)
    assert now.price_per_person_cny <= CHEAPER_SHARE * was.price_per_person_cny, now.id
    summary = result.summary("zh")
    assert f"{round(now.price_per_person_cny)}元" in summary, summary
    assert f"{round(was.price_per_person_cny)}元" in summary, summary
    assert result.itinerary.feasibility is not None and result.itinerary.feasibility.passed
