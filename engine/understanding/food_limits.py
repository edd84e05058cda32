"""A limit on a food said of a plan (「只吃一次烤鸭就够了」, "roast duck just once"), as edits:
every lunch or dinner of it but the first moved to the nearest unused restaurant that serves
none of it (`SwapMeal` with the place named), all at once in one new version.
"""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing.ops import SwapMeal
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Restaurant
from engine.planning import candidates as cand
from engine.understanding.edits import meals_serving


def limit_swaps(it: Itinerary, kb: KnowledgeBase, cuisine: str) -> list[SwapMeal]:
    """The swaps that leave `it` one lunch or dinner of `cuisine` (none when it has at most one,
    or no other restaurant of that city is free for a meal of it)."""
    meals = meals_serving(it, kb, cuisine)
    used = {i.poi_id for d in it.days for i in d.items if i.kind == ItemKind.MEAL and i.poi_id}
    swaps: list[SwapMeal] = []
    for day, meal, _name in meals[1:]:
        plan_day = it.days[day - 1]
        old = next(i for i in plan_day.items if i.meal == meal and i.kind == ItemKind.MEAL)
        destination = kb.destinations.get(plan_day.destination)
        if destination is None or old.lat is None or old.lon is None:
            continue
        lat, lon = old.lat, old.lon
        options = [r for r in cand.restaurants(destination, it.request)
                   if r.id not in used and not cand.serves(r, cuisine)]  # fmt: skip
        if not options:
            continue
        chosen: Restaurant = min(options, key=lambda r: haversine_m(lat, lon, r.lat, r.lon))
        used.add(chosen.id)
        swaps.append(SwapMeal(day=day, meal=meal, restaurant=chosen.id))
    return swaps
