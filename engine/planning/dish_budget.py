"""A dish wished for, served when the budget left over pays for it.

A plan over its budget is planned again leaner (`engine.planning.budget_fit`): restaurants up to
`meal_price.ECONOMY_MEAL_CAP` a head, the dearer ones weighed down. A dish wished by name then
went unserved although the leaner plan came in well under the budget (「周末去南京玩，预算1000，
想吃鸭血粉丝汤和盐水鸭」: 888 of 1 000 CNY, and 盐水鸭 at 南京大牌档 is 90 CNY a head, about 40
more than the meal it would replace).

`serve_within` (after the budget fit): for each lunch-or-dinner food wish no meal serves, the
meal (a lunch or dinner at a known place serving no wish) whose move to a place serving the wish
(`candidates.wish_servers` among the destination's candidates, not eaten at on the trip) costs
the least extra and fits the day (`meal_detours.retime`: opening hours, the meal's window, the
next stop's time) is moved there — when the extra, for the whole party, is within what the budget
has left. The plan is validated again after a move.
"""

from __future__ import annotations

from engine.domain.itinerary import Day, ItemKind, Itinerary
from engine.domain.request import FoodWish
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import Restaurant
from engine.planning import candidates as cand
from engine.planning.candidates import DIETS, wish_servers
from engine.planning.meal_detours import retime
from engine.planning.validator import validate

MEALS = ("lunch", "dinner")


def serve_within(plan: Itinerary, kb: KnowledgeBase) -> Itinerary:
    """`plan` with each unserved lunch-or-dinner food wish served where the budget left pays
    for it (see the module docstring); `plan` itself when none is, or no budget was said."""
    request = plan.request
    if request.budget_cny is None:
        return plan
    left = request.budget_cny - plan.total_cost_cny
    days = list(plan.days)
    moved = False
    for wish in request.food:
        if wish.meal not in (None, *MEALS) or wish.cuisine in DIETS or left <= 0:
            continue
        if any(_serves(kb, i.poi_id, wish) for d in days for i in d.items
               if i.kind == ItemKind.MEAL):  # fmt: skip
            continue
        best = _cheapest_move(days, kb, plan, wish, left)
        if best is not None:
            extra, index, day = best
            days[index] = day
            left -= extra
            moved = True
    if not moved:
        return plan
    changed = plan.model_copy(update={"days": tuple(days)})
    return changed.model_copy(update={"feasibility": validate(changed, kb)})


def _cheapest_move(
    days: list[Day], kb: KnowledgeBase, plan: Itinerary, wish: FoodWish, left: float
) -> tuple[float, int, Day] | None:
    """The least dear move of a meal to a place serving `wish` within `left` CNY: (the extra
    CNY, the day's position, the day after the move), or None."""
    request = plan.request
    used = {i.poi_id for d in days for i in d.items if i.kind == ItemKind.MEAL and i.poi_id}
    best: tuple[float, int, Day] | None = None
    for n, day in enumerate(days):
        dest = kb.destinations.get(day.destination)
        if dest is None:
            continue
        pool = cand.restaurants(dest, request)
        servers = [r for r in pool if r.id in wish_servers(wish, pool) and r.id not in used]
        for k, item in enumerate(day.items):
            meals = (wish.meal,) if wish.meal else MEALS
            if item.kind != ItemKind.MEAL or item.meal not in meals:
                continue  # 「晚上想吃盐水鸭」: a dinner
            if any(_serves(kb, item.poi_id, w) for w in request.food):
                continue  # a meal kept for another wish
            for r in servers:
                items = retime(list(day.items), k, r, day.date, dest, request)
                if items is None:
                    continue
                after = day.model_copy(update={"items": tuple(items)})
                extra = after.cost_cny - day.cost_cny
                if extra <= left and (best is None or extra < best[0]):
                    best = (extra, n, after)
    return best


def _serves(kb: KnowledgeBase, poi_id: str | None, wish: FoodWish) -> bool:
    place = kb.restaurant(poi_id or "")
    return isinstance(place, Restaurant) and place.id in wish_servers(wish, [place])
