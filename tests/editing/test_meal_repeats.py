"""An edit never leaves two meals in a row at one place (dinner, then the next lunch at the same
food street): the meal the edit put there eats elsewhere — the other one when the person named
the place for it (the stored 杭州 plan)."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing import RemoveStop, SwapMeal, apply_edit
from engine.editing.draft import repeated_meals
from engine.knowledge.base import KnowledgeBase


def _meal(plan: Itinerary, day: int, meal: str) -> str:
    return next(i.poi_id or "" for i in plan.days[day - 1].items
                if i.kind == ItemKind.MEAL and i.meal == meal)  # fmt: skip


def test_the_dinner_before_a_lunch_named_there_moves_elsewhere(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    dinner = _meal(hangzhou, 1, "dinner")  # 河坊街小吃, a food street
    assert kb.restaurant(dinner) is not None and not repeated_meals(hangzhou.days)
    # Day 1 ends at the pace's day end with 河坊街 after dinner: no other dinner fits it (a
    # refusal); without 河坊街 there is room for dinner elsewhere.
    lighter = apply_edit(hangzhou, RemoveStop(stop="hangzhou-hefang-street"), kb).itinerary
    result = apply_edit(lighter, SwapMeal(day=2, meal="lunch", restaurant=dinner), kb)
    plan = result.itinerary
    assert _meal(plan, 2, "lunch") == dinner  # what the person asked for
    assert _meal(plan, 1, "dinner") != dinner  # not the same place at the meal before
    assert not repeated_meals(plan.days)
    assert "第1天晚饭" in result.summary("zh"), result.summary("zh")  # the second change is said
    assert plan.feasibility is not None and plan.feasibility.passed
