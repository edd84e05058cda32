"""Why a lunch-or-dinner food wish has no meal: the one true reason, computed from the places.

「❌ 盐水鸭：这类餐厅在用餐时段不营业，或离行程太远，或超出预算」 listed three guesses while the plan
was 112 CNY under its budget. `unserved_reason` looks at the trip's places serving the wish
(`candidates.wish_servers` among each destination's candidates) and says the first that holds:

1. none is open in the meal's hours on any day of the trip (`pace.LUNCH_WINDOW`,
   `pace.DINNER_WINDOW`, or either when no meal was said): closed then;
2. with a budget said, the cheapest one in place of the trip's cheapest lunch or dinner costs
   more, for the whole party, than the budget has left: over the budget, with both figures;
3. else: too far from the day's stops to fit, the nearest named.
"""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import FoodWish
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.knowledge.hours import open_windows
from engine.knowledge.schema import Restaurant
from engine.planning import candidates as cand
from engine.planning import pace as pace_mod

WINDOWS = {"lunch": pace_mod.LUNCH_WINDOW, "dinner": pace_mod.DINNER_WINDOW}


def unserved_reason(wish: FoodWish, meal: str, plan: Itinerary, kb: KnowledgeBase) -> str | None:
    """The reason (see the module docstring) `wish` (its `meal`: ``lunch``, ``dinner`` or "")
    has no meal in `plan`, in the plan's language; None when no place of the trip serves it."""
    lang, request = plan.lang, plan.request
    servers: list[Restaurant] = []
    for dest_id in request.destinations:
        dest = kb.destinations.get(dest_id)
        if dest is not None:
            pool = cand.restaurants(dest, request)
            servers += [r for r in pool if r.id in cand.wish_servers(wish, pool)]
    if not servers:
        return None
    windows = [WINDOWS[meal]] if meal in WINDOWS else list(WINDOWS.values())
    dates = [d.date for d in plan.days]
    open_then = [r for r in servers
                 if any(a <= hi and max(a, lo) + 45 <= b for day in dates
                        for a, b in open_windows(r.hours, day) for lo, hi in windows)]  # fmt: skip
    word = pick(
        lang,
        {"lunch": "午餐", "dinner": "晚餐"}.get(meal, "用餐"),
        {"lunch": "lunch", "dinner": "dinner"}.get(meal, "mealtime"),
    )
    if not open_then:
        return pick(lang, f"这类餐厅在{word}时段不营业", f"such places are not open at {word}")
    cheapest = min(open_then, key=lambda r: (r.price_per_person_cny, r.id))
    if request.budget_cny is not None:
        prices = [p.price_per_person_cny for d in plan.days for i in d.items
                  if i.kind == ItemKind.MEAL and i.meal in WINDOWS
                  and isinstance(p := kb.restaurant(i.poi_id or ""), Restaurant)]  # fmt: skip
        extra = (cheapest.price_per_person_cny - min(prices, default=0.0)) * request.party.diners
        left = request.budget_cny - plan.total_cost_cny
        if extra > left:
            return pick(lang, f"最便宜的{cheapest.name_zh}人均约{cheapest.price_per_person_cny:.0f}元，"
                              f"换掉一顿要多花约{extra:.0f}元，预算只剩约{max(left, 0):.0f}元",
                        f"the cheapest, {cheapest.name_en}, is about "
                        f"{cheapest.price_per_person_cny:.0f} CNY a head: about {extra:.0f} CNY "
                        f"more than a meal it would replace, with about {max(left, 0):.0f} CNY "
                        "of the budget left")  # fmt: skip
    stops = [(i.lat, i.lon) for d in plan.days for i in d.items
             if i.kind == ItemKind.ATTRACTION and i.lat is not None and i.lon is not None]  # fmt: skip
    nearest = min(open_then, key=lambda r: min((haversine_m(r.lat, r.lon, a, b) for a, b in stops),
                                               default=0.0))  # fmt: skip
    return pick(lang, f"这类餐厅（最近的是{nearest.name_zh}）离每天的行程太远，排不进",
                f"such places (the nearest: {nearest.name_en}) are too far from each day's "
                "stops to fit")  # fmt: skip
