"""A food kept to one meal keeps the meal that cannot move (「烤鸭只吃一次就够了」 was refused for
the day home's duck lunch, which no other place fitted before the flight, though the other duck
meals could move): the meal kept is the first whose keeping lets all the others move."""

from __future__ import annotations

import pytest

from engine.domain.itinerary import Itinerary
from engine.editing import SwapMeal
from engine.knowledge.base import KnowledgeBase
from engine.understanding import food_limits
from engine.understanding.edits import meals_serving


def test_the_meal_no_other_place_fits_is_the_one_kept(
    hangzhou: Itinerary, kb: KnowledgeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    # day 3's two meals at tea houses; say its dinner (before the train home) fits no other
    # place (the editor's check, `food_limits._fits`, stood in for)
    assert [(d, m) for d, m, _ in meals_serving(hangzhou, kb, "tea-house")] == [
        (3, "lunch"), (3, "dinner")]  # fmt: skip

    def fits(it: Itinerary, kb: KnowledgeBase, swaps: list[SwapMeal]) -> bool:
        return not any((s.day, s.meal) == (3, "dinner") for s in swaps)

    monkeypatch.setattr(food_limits, "_fits", fits)
    swaps = food_limits.limit_swaps(hangzhou, kb, "tea-house")
    assert [(s.day, s.meal) for s in swaps] == [(3, "lunch")]  # the dinner kept, lunch moved
    assert swaps[0].restaurant not in {"hangzhou-jiuxi-teahouses", "hangzhou-longjing-farmhouse"}


def test_the_first_meal_is_kept_when_the_others_can_move(
    hangzhou: Itinerary, kb: KnowledgeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(food_limits, "_fits", lambda it, kb, swaps: True)
    swaps = food_limits.limit_swaps(hangzhou, kb, "tea-house")
    assert [(s.day, s.meal) for s in swaps] == [(3, "dinner")]
