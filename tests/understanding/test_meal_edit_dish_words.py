"""The food asked for in an English meal change is the food, not the sentence around it (a fresh
user read 'no restaurant … serves want hotpot')."""

from __future__ import annotations

import pytest

from engine.editing.ops import SwapMeal
from engine.understanding.edits import parse_edits
from tests.helpers.plans import KB, SATURDAY, plan


@pytest.mark.parametrize(
    ("said", "dish"),
    [("I want hotpot near the hotel on day 2", "hotpot"),
     ("we'd like to eat some dumplings for lunch on day 2", "dumplings"),
     ("have seafood for dinner on day 2", "seafood")],
)  # fmt: skip
def test_the_dish_of_an_english_meal_change_is_the_food_said(said: str, dish: str) -> None:
    p = plan(destinations=("hangzhou",), days=2, departure=None)
    edits, _ = parse_edits(said, p, KB, today=SATURDAY)
    swaps = [e for e in edits if isinstance(e, SwapMeal)]
    assert swaps and swaps[0].dish == dish, edits
