"""An edit never leaves two meals in a row at one place (dinner, then the next lunch at the same
food street): the meal the edit put there eats elsewhere — the other one when the person named
the place for it (a real 上海 → 黄山 plan)."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing import SwapMeal, apply_edit
from engine.editing.draft import repeated_meals
from engine.knowledge.base import KnowledgeBase


def _meal(plan: Itinerary, day: int, meal: str) -> str:
    return next(i.poi_id or "" for i in plan.days[day - 1].items
                if i.kind == ItemKind.MEAL and i.meal == meal)  # fmt: skip


def test_a_place_named_for_dinner_moves_the_lunch_there_elsewhere(
    huangshan: Itinerary, kb: KnowledgeBase
) -> None:
    lunch = _meal(huangshan, 1, "lunch")  # 屯溪老街小吃, a food street
    assert kb.restaurant(lunch) is not None and not repeated_meals(huangshan.days)
    result = apply_edit(huangshan, SwapMeal(day=1, meal="dinner", restaurant=lunch), kb)
    plan = result.itinerary
    assert _meal(plan, 1, "dinner") == lunch  # what the person asked for
    assert _meal(plan, 1, "lunch") != lunch  # not the same place at the meal before
    assert not repeated_meals(plan.days)
    assert "午饭" in result.summary("zh"), result.summary("zh")  # the second change is said
    assert plan.feasibility is not None and plan.feasibility.passed
