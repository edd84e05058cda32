"""Lunch and dinner at places that serve a meal (issue 12): never a shop of sweets, drinks or
one treat (马迭尔冰棍, 十八街麻花, 赖汤圆 were whole lunches), and a restaurant inside a ticketed
site only as that visit's meal, never before it."""

from __future__ import annotations

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.knowledge.schema import Restaurant
from tests.helpers.plans import KB, plan


def _meals(p: Itinerary) -> list[tuple[int, Restaurant]]:
    found = [(d.index, KB.restaurant(i.poi_id or "")) for d in p.days for i in d.items
             if i.kind is ItemKind.MEAL and i.meal in ("lunch", "dinner")]  # fmt: skip
    return [(k, r) for k, r in found if isinstance(r, Restaurant)]


@pytest.mark.parametrize("destination", ["harbin", "tianjin", "chengdu", "macau"])
@pytest.mark.parametrize("budget", [None, 1500.0])
def test_no_lunch_or_dinner_at_a_shop_of_sweets_or_tea(
    destination: str, budget: float | None
) -> None:
    p = plan(destinations=(destination,), days=3, departure=None, budget_cny=budget)
    meals = _meals(p)
    assert len(meals) >= 3  # a plan with its meals (a thin, capped base may miss one)
    treats = [(k, r.name_zh) for k, r in meals if not r.serves_meals]
    assert not treats, treats
