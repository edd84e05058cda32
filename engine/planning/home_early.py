"""A day out that ends early goes home early: no hours of waiting for dinner far from the lodging.

The solver is blind to waiting, and dinner has its window (`pace.DINNER_WINDOW`): a day out to a
remote sight that is done by early afternoon waited there — 西双版纳's 植物园 done at 13:30 in
勐仑, 「下午自由活动」 until 17:21, dinner in 勐仑, then 61 km back to 景洪 in the dark; 禾木
reached for lunch, 3 h 20 idle, dinner, 41 km back. After the solve (`home_early`), a day whose
last sight is followed by at least `IDLE_MIN` minutes of waiting and then only a dinner at least
`FAR_M` (straight line) from the lodging and the ride to it, rides back right after the sight
and has dinner near the lodging: at a candidate restaurant within `NEAR_M` of it not eaten at on
the trip, else a dinner of your choice near the lodging. The wait is then spent in town, where
`engine.planning.free_time` offers what is near (or a rest at the lodging). A dinner kept for a
food wished on this trip stays where it is: the person asked for that food.
"""

from __future__ import annotations

from engine.domain.itinerary import Day, Item, ItemKind, clock_minutes
from engine.domain.request import TripRequest
from engine.i18n import pick
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Destination, Restaurant
from engine.planning.candidates import serves
from engine.planning.dishes import serves_said
from engine.planning.hubs import Point
from engine.planning.meal_detours import _free_item, _retimed, repeats_today, retime
from engine.planning.transit_items import transit_item

#: Waiting this long (minutes) between the day's last sight and dinner is worth riding home for.
IDLE_MIN = 90
#: A dinner this far (straight line, metres) from the lodging is out of town.
FAR_M = 15_000.0
#: A restaurant this close to the lodging (metres) is near it.
NEAR_M = 3000.0


def home_early(
    days: list[Day], destination: Destination, request: TripRequest, restaurants: list[Restaurant]
) -> list[Day]:
    """`days` with each day out that waits for dinner far away brought home early (see the
    module docstring); `restaurants`: the stay's candidates."""
    used = {i.poi_id for d in days for i in d.items if i.kind == ItemKind.MEAL and i.poi_id}
    out = []
    for day in days:
        items = _home(list(day.items), day, destination, request, restaurants, used)
        out.append(day if items is None else day.model_copy(update={"items": tuple(items)}))
    return out


def _home(
    items: list[Item],
    day: Day,
    destination: Destination,
    request: TripRequest,
    restaurants: list[Restaurant],
    used: set[str],
) -> list[Item] | None:
    """The day's items brought home early, or None when the day does not wait far away."""
    if len(items) < 4 or items[-1].kind != ItemKind.LODGING or items[-2].kind != ItemKind.TRANSIT:
        return None
    k = len(items) - 3
    dinner, home = items[k], items[-1]
    if dinner.kind != ItemKind.MEAL or dinner.meal != "dinner" or None in (dinner.lat, home.lat):
        return None
    if _far(dinner, home) < FAR_M or _wished(dinner, destination, request):
        return None
    s = k - 1 if items[k - 1].kind != ItemKind.TRANSIT else k - 2
    sight = items[s] if s >= 0 else None
    if sight is None or sight.kind != ItemKind.ATTRACTION or sight.lat is None:
        return None
    leave = clock_minutes(items[k - 1].start) if s == k - 2 else clock_minutes(dinner.start)
    if leave - clock_minutes(sight.end) < IDLE_MIN:
        return None
    today = [r for i in items if i.kind == ItemKind.MEAL
             and (r := _restaurant(destination, i.poi_id)) is not None]  # fmt: skip
    options = sorted((r for r in restaurants if _far(r, home) <= NEAR_M
                      and (r.id not in used or r.kind == "food_street")
                      and not repeats_today(r, today)),
                     key=lambda r: (r.id in used, _far(r, home), r.id))  # fmt: skip
    for r in options:
        moved = retime(items, k, r, day.date, destination, request)
        if moved is not None and (early := _leave_now(moved, s, destination, request, day)):
            used.add(r.id)
            return early
    where = Point(home.name, home.name, home.lat or 0.0, home.lon or 0.0, home.poi_id)
    near = pick(request.lang, "住处附近", "near the lodging")
    why = pick(request.lang, "当天的景点下午就看完了，早点回住处，晚饭在附近吃",
               "the day's sights are done by the afternoon: back to the lodging early, dinner "
               "nearby")  # fmt: skip
    new = _free_item(dinner, where, near, why, request.lang)
    minutes = dinner.minutes
    moved = _retimed(items, (s, s, len(items) - 1), dinner, where, new, [], minutes, day.date,
                     destination, request)  # fmt: skip
    return None if moved is None else _leave_now(moved, s, destination, request, day)


def _leave_now(
    items: list[Item], s: int, destination: Destination, request: TripRequest, day: Day
) -> list[Item] | None:
    """`items` with the leg after the sight at `s` leaving when the sight ends (the wait moved
    to where it arrives), or None when there is no such leg."""
    leg = items[s + 1]
    if leg.kind != ItemKind.TRANSIT or leg.lat is None or items[s + 2].lat is None:
        return None
    a, b = items[s], items[s + 2]
    assert a.lat is not None and a.lon is not None and b.lat is not None and b.lon is not None
    now = transit_item(Point(a.name, a.name, a.lat, a.lon, a.poi_id),
                       Point(b.name, b.name, b.lat, b.lon, b.poi_id), clock_minutes(a.end),
                       destination=destination, request=request, date=day.date)  # fmt: skip
    if now is None or clock_minutes(now.end) > clock_minutes(b.start):
        return None
    return [*items[: s + 1], now, *items[s + 2 :]]


def _wished(meal: Item, destination: Destination, request: TripRequest) -> bool:
    """Whether `meal` is at a place serving a food the person asked for on this trip."""
    place = _restaurant(destination, meal.poi_id)
    return place is not None and any(serves(place, f.cuisine) or serves_said(place, f)
                                     for f in request.food)  # fmt: skip


def _restaurant(destination: Destination, poi_id: str | None) -> Restaurant | None:
    return next((r for r in destination.restaurants if r.id == poi_id), None)


def _far(a: Item | Restaurant, b: Item) -> float:
    assert a.lat is not None and a.lon is not None and b.lat is not None and b.lon is not None
    return haversine_m(a.lat, a.lon, b.lat, b.lon)
