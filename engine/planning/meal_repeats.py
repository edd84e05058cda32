"""A meal that would come back to a place eaten at too soon goes to another known place nearby.

`meal_groups.free_meals` turns a lunch or dinner at a place eaten at before (a snack shop of one
name, or a food street within `meal_groups.REPEAT_GAP` days) into a free meal around it. Where
the knowledge base knows another place close by — 成都's 龙抄手 came back on day 4 while 赖汤圆,
钟水饺 and 陈麻婆豆腐 are 1–2 km off; 长白山's 二道白河 had two more restaurants in town — that
meal is moved there instead (`vary_repeats`, before `free_meals`): the nearest place within
`meal_groups.NEAR_M` straight-line metres of the repeated one that is among the stay's candidates (diet,
avoided food and price already applied), not eaten at on the trip, not a station's eateries
(`meal_reach.at_hub`), open for the meal and fitting between the stops around it with the next
stop kept at its time (`meal_detours.retime`). Only when none fits does the free meal stay, and
its note then says so truthfully (`meal_groups.free_note`).

`vary_dishes` (last): a day's second meal recommends other signature dishes than its first.
"""

from __future__ import annotations

from engine.domain.itinerary import Day, Item, ItemKind
from engine.domain.request import TripRequest
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Destination, Restaurant
from engine.planning import meal_detours, meal_groups
from engine.planning.candidates import serves
from engine.planning.meal_reach import at_hub
from engine.planning.visit_items import meal_note, recommended


def vary_repeats(
    days: list[Day], destination: Destination, request: TripRequest, pool: list[Restaurant]
) -> list[Day]:
    """`days` with each lunch or dinner that `meal_groups.free_meals` would show as a free meal
    (a repeat) moved to another place of `pool` nearby when one fits (see the module
    docstring); the others unchanged. `pool`: the stay's candidate restaurants."""
    places = {r.id: r for r in destination.restaurants}
    used = {i.poi_id for d in days for i in d.items if i.kind == ItemKind.MEAL and i.poi_id}
    # a dish once a stay (烤鸭, 火锅 — `meal_groups`) already served is no replacement
    once = set(meal_groups.VARIETY_DISHES) | {w.cuisine for w in request.food
                                              if meal_groups.once(w)}  # fmt: skip
    dishes = {c for c in once if any(serves(places[i], c) for i in used if i in places)}
    last: dict[str, int] = {}
    out = []
    for day in days:
        items = list(day.items)
        k = 0
        while k < len(items):
            item = items[k]
            place = places.get(item.poi_id or "")
            if item.kind != ItemKind.MEAL or item.meal not in meal_groups.MEAL_WORDS or not place:
                k += 1
                continue
            before = last.get(place.id)
            if before is not None and (day.index - before < meal_groups.REPEAT_GAP
                                       or meal_groups.one_shop(place)):  # fmt: skip
                moved = _elsewhere(
                    items, k, place, day, (destination, request), pool, (used, dishes)
                )
                if moved is not None:
                    items = moved
            else:
                last[place.id] = day.index
            k += 1
        out.append(day.model_copy(update={"items": tuple(items)}) if items != list(day.items)
                   else day)  # fmt: skip
    return out


def _elsewhere(
    items: list[Item],
    k: int,
    place: Restaurant,
    day: Day,
    trip: tuple[Destination, TripRequest],
    pool: list[Restaurant],
    eaten: tuple[set[str], set[str]],
) -> list[Item] | None:
    """`items` with the meal at `k` (a repeat at `place`) moved to the nearest fitting other
    place (see the module docstring), or None; `eaten`: the ids of the places eaten at on the
    trip (the place taken is added) and the once-a-stay dishes served."""
    destination, request = trip
    used, dishes = eaten
    today = [r for n, i in enumerate(items) if n != k and i.kind == ItemKind.MEAL
             and (r := next((p for p in pool if p.id == i.poi_id), None)) is not None]  # fmt: skip
    options = sorted(
        (r for r in meal_groups.nearby(place, pool) if r.id not in used and not at_hub(r)
         and not meal_detours.repeats(r, dishes, today)),
        key=lambda r: (haversine_m(place.lat, place.lon, r.lat, r.lon), r.id),
    )  # fmt: skip
    for r in options:
        moved = meal_detours.retime(items, k, r, day.date, destination, request)
        if moved is not None:
            used.add(r.id)
            return moved
    return None


def vary_dishes(days: list[Day], destination: Destination, request: TripRequest) -> list[Day]:
    """`days` with each lunch or dinner's recommended dishes (`visit_items.meal_note`) other
    than those recommended at an earlier meal of the day, where the place has others (杭州: 西湖
    醋鱼, 东坡肉, 龙井虾仁 at 味庄 for lunch and at 楼外楼 for dinner); a note worded otherwise
    (a food wish's, a free meal's) is left as it is, its dishes still counted."""
    places = {r.id: r for r in destination.restaurants}
    out = []
    for day in days:
        items = list(day.items)
        seen: set[str] = set()
        for k, item in enumerate(items):
            place = places.get(item.poi_id or "")
            if item.kind != ItemKind.MEAL or item.meal not in meal_groups.MEAL_WORDS or not place:
                continue
            skip = frozenset(seen)
            if skip and item.note == meal_note(place, request):
                items[k] = item.model_copy(update={"note": meal_note(place, request, skip)})
            shown = recommended(place, request, skip)[:3]
            seen.update(place.signature_dishes_zh[n] for n in shown)
        out.append(day.model_copy(update={"items": tuple(items)}) if items != list(day.items)
                   else day)  # fmt: skip
    return out
