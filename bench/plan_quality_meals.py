"""Plan-quality checks on which places a plan eats at: a meal's price beside the trip's, and a
dish wished met by a place that serves that dish (issue 12).

Judged as a traveller reads the plan: a lunch at 820 CNY a head for a family that asked for no
fine meal is one they would not book (北京's 京兆尹 after an 11-hour train); 「想吃肉夹馍」 is met
by a house with 肉夹馍 on the menu, not a 泡馍 house of the same region.
"""

from __future__ import annotations

import statistics

from engine.domain.itinerary import ItemKind, Itinerary
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import Restaurant
from engine.planning.candidates import serves
from engine.planning.dishes import said_dish, serves_said

#: A lunch or dinner dearer than this many times the trip's meal level (`meal_level`) is one a
#: traveller questions, unless they asked for a fine meal or for that very food.
DEAR_FACTOR = 3.0
#: Meals a day the budget's meal level is a share of (breakfast, lunch, dinner).
MEALS_A_DAY = 3
#: The food wish of a fine meal (「想吃顿好的」, "fine dining").
FINE = "fine-dining"


def meal_level(plan: Itinerary, kb: KnowledgeBase, destination: str) -> float | None:
    """The trip's meal level in `destination`, CNY a head: with a budget said, the budget per
    person per day over `MEALS_A_DAY`; else the destination's ordinary meal, the median price a
    head of its places that sell a lunch or dinner (knowledge records). None when unknown."""
    request = plan.request
    if request.budget_cny is not None:
        return request.budget_cny / request.party.size / request.days / MEALS_A_DAY
    dest = kb.destinations.get(destination)
    prices = [r.price_per_person_cny for r in (dest.restaurants if dest else ())
              if r.inside is None and r.serves_meals]  # fmt: skip
    return statistics.median(prices) if prices else None


def dear_meals(plan: Itinerary, kb: KnowledgeBase) -> list[str]:
    """Lunches and dinners over `DEAR_FACTOR` times the trip's meal level, as "name price (level
    L) day N" — a meal of a food wished for (烤鸭 at a famous duck house) or any meal when a fine
    one was asked for is none."""
    food = plan.request.food
    if any(f.cuisine == FINE for f in food):
        return []
    out = []
    for day in plan.days:
        level = meal_level(plan, kb, day.destination)
        for item in day.items:
            place = kb.restaurant(item.poi_id or "") if item.kind == ItemKind.MEAL else None
            if not isinstance(place, Restaurant) or item.meal not in ("lunch", "dinner"):
                continue
            if any(serves(place, f.cuisine) or serves_said(place, f) for f in food):
                continue
            price = place.price_per_person_cny
            if level is not None and price > DEAR_FACTOR * level:
                out.append(f"{place.name_zh} {price:.0f} (level {level:.0f}) day {day.index}")
    return out


def dish_wishes(plan: Itinerary, kb: KnowledgeBase) -> list[str]:
    """Lunch-or-dinner wishes naming a dish (「想吃肉夹馍」: `dishes.said_dish`) that a place of
    the trip's destinations has on its menu, where no lunch or dinner is at such a place: as
    "dish: the wish's meals instead" ("none" when no meal serves the wish at all)."""
    places = [r for d in plan.request.destinations if d in kb.destinations
              for r in kb.destinations[d].restaurants if r.inside is None and r.serves_meals]  # fmt: skip
    meals = [(d.index, kb.restaurant(i.poi_id or "")) for d in plan.days for i in d.items
             if i.kind == ItemKind.MEAL and i.meal in ("lunch", "dinner")]  # fmt: skip
    eaten = [(n, r) for n, r in meals if isinstance(r, Restaurant)]
    out = []
    for wish in plan.request.food:
        dish = said_dish(wish)
        if not dish or wish.meal in ("breakfast", "late"):
            continue
        if not any(serves_said(r, wish) for r in places):
            continue  # no menu here has it: the report's answer, judged with the wishes
        if any(serves_said(r, wish) for _, r in eaten):
            continue
        instead = [f"{r.name_zh} day {n}" for n, r in eaten if serves(r, wish.cuisine)]
        out.append(f"{dish}: {', '.join(instead[:2]) or 'none'}")
    return out
