"""Why a lunch-or-dinner food wish has no meal: the one true reason, computed from the places.

「❌ 盐水鸭：这类餐厅在用餐时段不营业，或离行程太远，或超出预算」 listed three guesses while the plan
was 112 CNY under its budget. `unserved_reason` looks at the trip's places serving the wish
(`candidates.wish_servers` among each destination's candidates) and says the first that holds:

1. none is open in the meal's hours on any day of the trip (`pace.LUNCH_WINDOW`,
   `pace.DINNER_WINDOW`, or either when no meal was said): closed then;
2. with a budget said, the cheapest one in place of the trip's cheapest lunch or dinner costs
   more, for the whole party, than the budget has left: over the budget, with both figures;
3. else, for the nearest such place: already another meal of the trip (no place twice); too
   far (`FAR_M` or more from every stop: how far, from which day); or near a day's stops while
   that day's meals went to other places (said so, with the words to ask for it).

When no candidate of the trip serves it though places of the destination do, why they were left
out: inside a sight, refused by name, or serving food the traveller avoids.
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
    left_out: list[Restaurant] = []  # serving it, no candidate (avoided, inside a sight)
    for dest_id in request.destinations:
        dest = kb.destinations.get(dest_id)
        if dest is not None:
            pool = cand.restaurants(dest, request)
            if wish.cuisine in cand.NOT_A_MEAL:  # 喝茶: a tea house stands in for a meal
                pool = [r for r in dest.restaurants if r.inside is None
                        and r.id not in request.avoid.places]  # fmt: skip
            servers += [r for r in pool if r.id in cand.wish_servers(wish, pool)]
            left_out += [r for r in dest.restaurants
                         if r.id in cand.wish_servers(wish, dest.restaurants)]  # fmt: skip
    if not servers:
        return _left_out(left_out, plan, kb) if left_out else None
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
    return _off_the_way(open_then, plan)


#: A place farther than this (metres) from every stop of the trip is off its way.
FAR_M = 3000.0


def _off_the_way(places: list[Restaurant], plan: Itinerary) -> str:
    """Why open places serving the wish have no meal: the nearest is already another meal of
    the trip (no place twice), or it lies `FAR_M` or more from every stop (too far: how far,
    from which day), or it is near a day's stops and that day's meals went to other places."""
    lang = plan.lang
    used = {i.poi_id: d.index for d in plan.days for i in d.items
            if i.kind == ItemKind.MEAL and i.poi_id}  # fmt: skip
    stops = [(d.index, i.lat, i.lon) for d in plan.days for i in d.items
             if i.kind == ItemKind.ATTRACTION and i.lat is not None and i.lon is not None]  # fmt: skip
    if not stops:
        return pick(lang, "行程里没有可以顺路去的景点附近", "no stop of the trip is near one")

    def away(r: Restaurant) -> tuple[float, int]:
        return min((haversine_m(r.lat, r.lon, a, b), day) for day, a, b in stops)

    nearest = min(places, key=lambda r: (away(r)[0], r.id))
    metres, day = away(nearest)
    if nearest.id in used:
        return pick(lang, f"{nearest.name_zh}已是第{used[nearest.id]}天的一顿，同一家不重复安排",
                    f"{nearest.name_en} is already a meal on day {used[nearest.id]}, and no place "
                    "is eaten at twice")  # fmt: skip
    km = f"{metres / 1000:.1f}"
    if metres >= FAR_M:
        return pick(lang, f"离每天的行程都太远：最近的{nearest.name_zh}离第{day}天的景点也有约{km}公里",
                    f"too far from every day's stops: the nearest, {nearest.name_en}, is about "
                    f"{km} km from day {day}'s")  # fmt: skip
    return pick(lang, f"{nearest.name_zh}离第{day}天的景点约{km}公里，但那天的饭排给了别的餐厅；"
                      f"可以说「第{day}天午饭去{nearest.name_zh}」",
                f"{nearest.name_en} is about {km} km from day {day}'s stops, but that day's meals "
                f"went to other places; you could say “lunch at {nearest.name_en} on day {day}”")  # fmt: skip


def _left_out(places: list[Restaurant], plan: Itinerary, kb: KnowledgeBase) -> str:
    """Why the places serving the wish are none of the trip's candidates: each is inside a
    sight (eaten there on its visit), or serves food the traveller avoids or unfit for the
    diet (`candidates.avoided`)."""
    lang, request = plan.lang, plan.request
    names = pick(lang, "、", ", ").join(pick(lang, r.name_zh, r.name_en) for r in places[:3])
    if all(r.inside is not None for r in places):
        return pick(lang, f"有这类吃的只在景点里（{names}），没有安排那个景点",
                    f"only places inside sights serve it ({names}), and those sights are not "
                    "in the plan")  # fmt: skip
    if all(r.id in request.avoid.places for r in places):
        return pick(lang, f"你说了不去{names}", f"you said no to {names}")
    return pick(lang, f"有这类吃的餐厅（{names}）也做你说不吃的东西，没有安排",
                f"the places serving it ({names}) also serve what you said you avoid, so they "
                "were left out")  # fmt: skip
