"""Local food first (issue #12): the destination's own cuisine over the traveller's home food,
restaurants over single snack shops, and few repeats — asserted on whole plans of the curated
base and on the penalties behind them."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, Itinerary
from engine.knowledge.schema import Restaurant
from engine.planning.local_food import local_cuisines, meal_penalty
from tests.helpers.plans import KB, plan


def _meals(p: Itinerary) -> list[Restaurant]:
    found = [KB.restaurant(i.poi_id or "") for d in p.days for i in d.items
             if i.kind is ItemKind.MEAL and i.meal in ("lunch", "dinner")]  # fmt: skip
    return [r for r in found if isinstance(r, Restaurant)]


def test_a_destinations_own_cuisine_is_read_from_its_restaurants() -> None:
    assert "cantonese" in local_cuisines(KB.destinations["guangzhou"])
    assert "hunan" in local_cuisines(KB.destinations["changsha"])
    assert "hunan" not in local_cuisines(KB.destinations["guangzhou"])


def test_home_food_costs_more_than_another_regions_and_a_wish_lifts_both() -> None:
    guangzhou = KB.destinations["guangzhou"]
    hunan = next(r for r in guangzhou.restaurants if "hunan" in r.cuisines)
    local = local_cuisines(guangzhou)
    home = local_cuisines(KB.destinations["changsha"])
    assert (
        meal_penalty(hunan, local, home, frozenset())
        > meal_penalty(hunan, local, frozenset(), frozenset())
        > 0
    )
    assert meal_penalty(hunan, local, home, frozenset({"hunan"})) == 0


def test_from_changsha_guangzhou_is_eaten_cantonese_not_hunan() -> None:
    """From 长沙, a 广州 dinner was at the one Hunan restaurant: home food is not what people
    travel for while Cantonese places are close by."""
    p = plan(destinations=("guangzhou",), days=3, departure="changsha")
    meals = _meals(p)
    assert len(meals) >= 4
    assert not [r.name_zh for r in meals if "hunan" in r.cuisines]
    assert sum("cantonese" in r.cuisines for r in meals) >= len(meals) - 1


def test_a_snack_shop_or_food_street_is_not_every_other_meal() -> None:
    """Where places to eat are few, a food street may come back — at most once in two days."""
    for destination in ("wenzhou", "guangzhou"):
        p = plan(destinations=(destination,), days=4, departure=None)
        counts: dict[str, int] = {}
        for r in _meals(p):
            counts[r.id] = counts.get(r.id, 0) + 1
        assert max(counts.values()) <= 2, (destination, counts)
