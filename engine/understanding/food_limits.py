"""A limit on a food said of a plan (「只吃一次烤鸭就够了」, "roast duck just once"), as edits:
every lunch or dinner of it but the first moved to the nearest unused restaurant that serves
none of it and that the day still fits (`SwapMeal` with the place named), all at once in one
new version.
"""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing.errors import EditRefused
from engine.editing.ops import SwapMeal
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Restaurant
from engine.planning import candidates as cand
from engine.understanding.edits import meals_serving

#: Restaurants tried per meal (the nearest first) for one the day still fits.
FIT_TRIES = 6


def limit_swaps(it: Itinerary, kb: KnowledgeBase, cuisine: str) -> list[SwapMeal]:
    """The swaps that leave `it` one lunch or dinner of `cuisine` (none when it has at most one,
    or no other restaurant of that city is free for a meal of it): for each meal the nearest of
    the first `FIT_TRIES` restaurants whose swap fits with the ones before (`_fits`). The meal
    kept is the first whose keeping lets all the others move (a meal on the day home that no
    other place fits before the flight is the one kept); else the first, and the editor says
    why a swap cannot be made."""
    meals = meals_serving(it, kb, cuisine)
    first: list[SwapMeal] | None = None
    for keep in range(len(meals)):
        swaps, fitted = _swaps(it, kb, cuisine, [m for k, m in enumerate(meals) if k != keep])
        if fitted:
            return swaps
        first = swaps if first is None else first
    return first or []


def _swaps(
    it: Itinerary, kb: KnowledgeBase, cuisine: str, meals: list[tuple[int, str, str]]
) -> tuple[list[SwapMeal], bool]:
    """The swaps of `meals` (day, meal, name) and whether each found a place that fits."""
    used = {i.poi_id for d in it.days for i in d.items if i.kind == ItemKind.MEAL and i.poi_id}
    swaps: list[SwapMeal] = []
    fitted = True
    for day, meal, _name in meals:
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
        options.sort(key=lambda r: haversine_m(lat, lon, r.lat, r.lon))
        found = next(
            (r for r in options[:FIT_TRIES] if _fits(it, kb, [*swaps, _swap(day, meal, r)])),
            None,
        )
        fitted = fitted and found is not None
        chosen = found or options[0]  # none fits: the nearest, and the editor says why not
        used.add(chosen.id)
        swaps.append(_swap(day, meal, chosen))
    return swaps, fitted


def _swap(day: int, meal: str, restaurant: Restaurant) -> SwapMeal:
    return SwapMeal(day=day, meal=meal, restaurant=restaurant.id)


def _fits(it: Itinerary, kb: KnowledgeBase, swaps: list[SwapMeal]) -> bool:
    """Whether `swaps` can all be made on `it` (re-timed by the editor): a day bound by its
    train home fits only a restaurant near enough (北京's day 3 lunch: 便宜坊 → 门框卤煮 fits, the
    first one taken by day 2's dinner; 南门涮肉 was back at the airport 3 minutes late)."""
    from engine.editing import apply_edits  # (the editor is loaded only when a limit is said)

    try:
        apply_edits(it, swaps, kb)
    except EditRefused:
        return False
    return True
