"""Meals eaten where the traveller is: no long ride out to a lunch or dinner and back.

The solver's meal prize (`model.MEAL_PRIZE_FACTOR` times the best sight's) far outweighs any
ride (`model.TRAVEL_WEIGHT` a minute), and no restaurant comes twice a trip: where the places
near the day's way are used up, it rode out to eat — 四姑娘山's lunch at 日隆镇 and then 46 km to
卧龙镇 for dinner and 46 km back, 喀纳斯 from 禾木 to 贾登峪 for dinner and back (29.5 km each
way), 三湾 to 白哈巴村 for dinner and 64 km on to 禾木.

After the solve, a lunch or dinner more than `detour_cap_m` off the way between the stops before
and after it (straight-line metres: there and back less the direct way, halved) is moved, keeping
the stops around it at their times, to the first that fits of:

1. a restaurant of the stay's candidates not eaten at on the trip, open then, within the cap
   (the least detour first);
2. a food street or cluster of eateries (a record standing for many places) within the cap,
   eaten at already: a meal of your choice around it (`meal_groups` words it so);
3. the stop before it when that is a sight (the scenic area's canteen, or food brought along),
   else the stop after it (near the lodging, the next sight).

A day with no sight (and no train or flight) eats by its lodging: its first lunch or dinner out
is judged on the way from the lodging back to it, not towards the next meal, and the idle time
after it does not come along (喀纳斯's last day rode 136 km to 布尔津 for lunch because dinner was
there too). Before a train or flight, when no place not eaten at lies on the way, the meal is a
meal of your choice on the way: around a food street eaten at already, else where the day is
before the ride, else at the station (青海湖's last day: lunch 144 km out at 刚察, 107 km back).

The last day's dinner followed only by the ride back to the lodging (a day with no night there)
is judged on the way to the lodging, as if the lodging were the stop after it (同里, then 李公堤
for dinner 22 km towards the city, then 34 km back to 周庄). A meal before a train or flight is
judged on the way to the station or airport (where the leg to it ends) and moves to the first
restaurant that fits of those not eaten at within the cap, the station's own eateries included
(`retime`: the station reached as planned or a little later); it stays where it is when none
fits. A meal kept for a food wished on this trip (火锅,
烤鸭) stays where it is: the person asked for that food, and the ride is part of it.

`retime` moves one meal to a given place the same way (a repeat sent to another place nearby,
`engine.planning.meal_repeats`; a wished dish the budget pays for, `engine.planning.dish_budget`),
also before a train or flight: the station is then reached as planned or a little later.
"""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import Day, Item, ItemKind, clock_minutes
from engine.domain.request import TripRequest
from engine.i18n import pick
from engine.knowledge.geo import haversine_m
from engine.knowledge.hours import open_windows
from engine.knowledge.schema import Destination, Restaurant
from engine.planning import meal_groups
from engine.planning import pace as pace_mod
from engine.planning.candidates import serves
from engine.planning.dishes import serves_said
from engine.planning.frames import clock_time
from engine.planning.intercity import Point
from engine.planning.meal_reach import HUB_REACH_M, at_hub
from engine.planning.transit_items import transit_item
from engine.planning.visit_items import place_item

#: A meal this far off the way (metres) is a ride out to eat: about a quarter of an hour's ride
#: in a city, there and back …
DETOUR_M = 6000.0
#: … or this share of the way between the stops around it, when that is longer (a ride of 60 km
#: between two towns passes places to eat 12 km either side).
DETOUR_SHARE = 0.2
#: A meal moved before a train or flight (`retime`) may reach the station this many minutes
#: later than planned, while this many are left before departure.
HUB_LATER_MIN = 10
HUB_BEFORE_MIN = 20
WINDOWS = {"lunch": pace_mod.LUNCH_WINDOW, "dinner": pace_mod.DINNER_WINDOW}
#: Stops a meal's detour is judged between: every located item but legs and free time.
_NOT_STOPS = (ItemKind.TRANSIT, ItemKind.FREE)


def detour_cap_m(a: Item, b: Item) -> float:
    """How far off the way between stops `a` and `b` a meal may be, metres (see the module
    docstring)."""
    return max(DETOUR_M, DETOUR_SHARE * _m(a, b))


def detour_m(a: Item, meal: Item | Restaurant, b: Item) -> float:
    """How far off the way from `a` to `b` the meal at `meal` is, metres: (a→meal + meal→b −
    a→b) / 2, straight lines."""
    return (_m(a, meal) + _m(meal, b) - _m(a, b)) / 2


def near_meals(
    days: list[Day],
    destination: Destination,
    request: TripRequest,
    restaurants: list[Restaurant],
) -> list[Day]:
    """`days` with each lunch or dinner ridden out to moved near the day's way (see the module
    docstring); `restaurants` are the stay's candidates (avoided food, diet and price already
    applied)."""
    used = {i.poi_id for d in days for i in d.items if i.kind == ItemKind.MEAL and i.poi_id}
    trip = [r for d in days for i in d.items if i.kind == ItemKind.MEAL
            and (r := _restaurant(destination, i.poi_id)) is not None]  # fmt: skip
    # a dish once a stay (烤鸭, 火锅 — `meal_groups`): one already served is no replacement
    once_dishes = set(meal_groups.VARIETY_DISHES) | {w.cuisine for w in request.food
                                                     if meal_groups.once(w)}  # fmt: skip
    dishes = {c for c in once_dishes if any(serves(r, c) for r in trip)}
    out = []
    for day in days:
        items = list(day.items)
        changed = False
        k = 0
        while k < len(items):  # a move replaces the legs around the meal: the list changes
            moved = _moved(items, k, day.date, destination, request, restaurants, (used, dishes))
            if moved is not None:
                items, changed = moved, True
            k += 1
        out.append(day.model_copy(update={"items": tuple(items)}) if changed else day)
    return out


def _moved(
    items: list[Item],
    k: int,
    date: dt.date,
    destination: Destination,
    request: TripRequest,
    restaurants: list[Restaurant],
    eaten: tuple[set[str], set[str]],
) -> list[Item] | None:
    """`items` with the meal at `k` moved near the way, or None when it stays; `eaten`: the ids
    of the places eaten at on the trip, and the once-a-stay dishes served."""
    used, dishes = eaten
    meal = items[k]
    if meal.kind != ItemKind.MEAL or meal.meal not in WINDOWS or meal.lat is None:
        return None
    place = _restaurant(destination, meal.poi_id)
    if place is not None and any(serves(place, f.cuisine) or serves_said(place, f)
                                 for f in request.food):  # fmt: skip
        return None  # the food asked for
    stops = [n for n, i in enumerate(items) if i.lat is not None and i.kind not in _NOT_STOPS]
    j = stops.index(k) if k in stops else None
    if j is not None and j > 0 and j == len(stops) - 1 and k == len(items) - 2:
        # the last day's dinner, then the ride back to the lodging (no night there): judged on
        # the way to it (同里, then 李公堤 for dinner, 34 km back to 周庄)
        home = _ride_home(items[-1], destination, request.lang)
        if home is None:
            return None
        moved = _moved([*items, home], k, date, destination, request, restaurants, eaten)
        return None if moved is None else moved[:-1]
    if j is None or j == 0 or j == len(stops) - 1:
        return None
    ia, ib = stops[j - 1], stops[j + 1]
    a, b = items[ia], items[ib]
    if a.overnight:
        return None
    if b.kind == ItemKind.INTERCITY:
        return _before_hub(items, k, ia, ib, date, destination, request, restaurants, eaten)
    if b.overnight:
        return None
    if any(items[n].kind not in _NOT_STOPS for n in range(ia + 1, ib) if n != k):
        return None
    # a rest after the stop before stays there; one after the meal (午休) moves with it
    kd = max((n for n in range(ia, k) if items[n].kind != ItemKind.TRANSIT), default=ia)
    rests = [items[n] for n in range(k + 1, ib) if items[n].kind == ItemKind.FREE]
    # a day with no sight eats by the lodging: its first meal out is judged on the way from
    # the lodging back to it, not towards the next meal (喀纳斯's last day: 136 km to 布尔津 for
    # lunch, because dinner was there too, and 137 km back)
    to = a if _sightless(items) and _at_start(items, ia) else b
    if to is a:
        rests = []  # idle time far out does not come along: the free time is laid out again
    cap = detour_cap_m(a, to)
    if detour_m(a, meal, to) <= cap:
        return None
    minutes = clock_minutes(meal.end) - clock_minutes(meal.start)
    today = [r for n, i in enumerate(items) if n != k and i.kind == ItemKind.MEAL
             and (r := _restaurant(destination, i.poi_id)) is not None]  # fmt: skip
    options = sorted(
        (r for r in restaurants if detour_m(a, r, to) <= cap and not at_hub(r)
         and (r.id not in used or r.kind == "food_street")
         and not repeats(r, dishes, today)),
        key=lambda r: (r.id in used, detour_m(a, r, to), r.id),
    )  # fmt: skip
    for r in options:
        new = None
        if r.id in used:  # a street of many eateries: another one of them
            new = _free_item(meal, _point_of(r), pick(request.lang, f"{r.name_zh}一带",
                             f"around {r.name_en}"), pick(request.lang, "这一带餐馆多，另选一家",
                             "many places to eat here: pick another one"), request.lang)  # fmt: skip
        timed = _retimed(items, (ia, kd, ib), meal, _point_of(r), r if new is None else new,
                         rests, minutes, date, destination, request)  # fmt: skip
        if timed is not None:
            used.add(r.id)
            return timed
    for at in (a, b) if a.kind == ItemKind.ATTRACTION else (b, a):
        where = _point_of_item(at)
        near = pick(request.lang, f"{at.name}附近", f"near {at.name}")
        if at.kind == ItemKind.LODGING:
            near = pick(request.lang, "住处附近", "near the lodging")
        new = _free_item(meal, where, near, pick(request.lang, *_NOTHING_NEAR), request.lang)
        timed = _retimed(items, (ia, kd, ib), meal, where, new, rests, minutes, date,
                         destination, request)  # fmt: skip
        if timed is not None:
            return timed
    return None


def _sightless(items: list[Item]) -> bool:
    """Whether a day of `items` visits no sight and rides no train or flight."""
    return not any(i.kind in (ItemKind.ATTRACTION, ItemKind.INTERCITY) for i in items)


def _at_start(items: list[Item], n: int) -> bool:
    """Whether item `n` is where the day starts: the lodging, or breakfast there."""
    return n == 0 and (items[0].kind == ItemKind.LODGING or items[0].meal == "breakfast")


def _before_hub(
    items: list[Item],
    k: int,
    ia: int,
    ib: int,
    date: dt.date,
    destination: Destination,
    request: TripRequest,
    restaurants: list[Restaurant],
    eaten: tuple[set[str], set[str]],
) -> list[Item] | None:
    """`items` with the meal at `k`, eaten before the train or flight at `ib`, moved to a
    restaurant near the way from the stop before it (`ia`) to the station or airport (where the
    leg before `ib` ends; the station's own eateries count) by `retime`, or None when it is on
    the way already or no place there fits (大同: 悬空寺, then 御东新区 for dinner, 9 km off the
    way to 大同南站)."""
    used, dishes = eaten
    meal, a, leg = items[k], items[ia], items[ib - 1]
    if ib - 1 == k or leg.kind != ItemKind.TRANSIT or leg.lat is None or items[ib].overnight:
        return None
    cap = detour_cap_m(a, leg)
    if detour_m(a, meal, leg) <= cap:
        return None
    today = [r for n, i in enumerate(items) if n != k and i.kind == ItemKind.MEAL
             and (r := _restaurant(destination, i.poi_id)) is not None]  # fmt: skip
    options = sorted(
        (r for r in restaurants if detour_m(a, r, leg) <= cap and r.id not in used
         and (not at_hub(r) or _m(leg, r) <= HUB_REACH_M) and not repeats(r, dishes, today)),
        key=lambda r: (detour_m(a, r, leg), r.id),
    )  # fmt: skip
    for r in options:
        timed = retime(items, k, r, date, destination, request)
        if timed is not None:
            used.add(r.id)
            return timed
    # none new on the way: a street of many eateries on the way eaten at already, else where
    # the day is before the ride (the lodging, a sight), else at the station — never 144 km out
    # and 107 km back to the coach (青海湖's last day: lunch at 刚察)
    lang = request.lang
    streets = sorted((r for r in restaurants if r.id in used and r.kind == "food_street"
                      and detour_m(a, r, leg) <= cap and not repeats(r, dishes, today)),
                     key=lambda r: (detour_m(a, r, leg), r.id))  # fmt: skip
    frees = [(_point_of(r), _free_item(meal, _point_of(r), pick(lang, f"{r.name_zh}一带",
              f"around {r.name_en}"), pick(lang, "这一带餐馆多，另选一家", "many places to eat "
              "here: pick another one"), lang)) for r in streets]  # fmt: skip
    for at in (a, leg):
        near = pick(lang, f"{at.name}附近", f"near {at.name}")
        if at.kind in (ItemKind.LODGING, ItemKind.MEAL):  # breakfast at the lodging
            near = pick(lang, "住处附近", "near the lodging")
        elif at is leg:
            near = pick(lang, f"{items[ib].from_name or at.name}附近",
                        f"near {items[ib].from_name or at.name}")  # fmt: skip
        where = _point_of_item(at)
        frees.append((where, _free_item(meal, where, near, pick(lang, *_NOTHING_NEAR), lang)))
    for where, free in frees:
        timed = _retime_to(items, k, where, free, date, destination, request)
        if timed is not None:
            return timed
    return None


def retime(
    items: list[Item],
    k: int,
    place: Restaurant,
    date: dt.date,
    destination: Destination,
    request: TripRequest,
) -> list[Item] | None:
    """`items` with the lunch or dinner at `k` moved to `place`: the legs around it replaced,
    the stop after it kept at its time (`_retimed`); None when the meal has no stop before and
    after it, follows an overnight arrival, or does not fit there (hours, window, the next stop's
    start). Used for a repeat moved to another place nearby (`engine.planning.meal_repeats`)."""
    return _retime_to(items, k, _point_of(place), place, date, destination, request)


def _retime_to(
    items: list[Item],
    k: int,
    target: Point,
    place: Restaurant | Item,
    date: dt.date,
    destination: Destination,
    request: TripRequest,
) -> list[Item] | None:
    """`retime` to `target`: the restaurant `place`, or a meal of your choice `place` there."""
    meal = items[k]
    if meal.kind != ItemKind.MEAL or meal.meal not in WINDOWS:
        return None
    stops = [n for n, i in enumerate(items) if i.lat is not None and i.kind not in _NOT_STOPS]
    j = stops.index(k) if k in stops else None
    if j is None or j == 0 or j == len(stops) - 1:
        return None
    ia, ib = stops[j - 1], stops[j + 1]
    if items[ia].overnight or any(items[n].kind not in _NOT_STOPS for n in range(ia + 1, ib)
                                  if n != k):  # fmt: skip
        return None
    kd = max((n for n in range(ia, k) if items[n].kind != ItemKind.TRANSIT), default=ia)
    rests = [items[n] for n in range(k + 1, ib) if items[n].kind == ItemKind.FREE]
    minutes = clock_minutes(meal.end) - clock_minutes(meal.start)
    if items[ib].kind != ItemKind.INTERCITY:
        return _retimed(items, (ia, kd, ib), meal, target, place, rests, minutes, date,
                        destination, request)  # fmt: skip
    # before a train or flight: the stop after is the station, reached when it was (the leg's
    # end) or up to `HUB_LATER_MIN` later while `HUB_BEFORE_MIN` are left before departure
    if ib - 1 == k or items[ib - 1].kind != ItemKind.TRANSIT:
        return None
    reached, depart = clock_minutes(items[ib - 1].end), clock_minutes(items[ib].start)
    by = max(reached, min(reached + HUB_LATER_MIN, depart - HUB_BEFORE_MIN))
    # the station's own name, never the leg's (「包车前往包车前往青海湖」)
    station = items[ib].from_name or items[ib].name.split("→")[0].strip() or items[ib - 1].name
    hub = items[ib - 1].model_copy(update={"start": clock_time(by), "name": station})
    work = [*items[: ib - 1], hub, *items[ib:]]
    out = _retimed(work, (ia, kd, ib - 1), meal, target, place, rests, minutes, date,
                   destination, request)  # fmt: skip
    return None if out is None else [i for i in out if i is not hub]


def _retimed(
    items: list[Item],
    around: tuple[int, int, int],
    meal: Item,
    target: Point,
    new: Restaurant | Item,
    rests: list[Item],
    minutes: int,
    date: dt.date,
    destination: Destination,
    request: TripRequest,
) -> list[Item] | None:
    """`items` with what lies between the stop before the meal (or the rest after it) and the
    stop after it — `around`: their indexes (stop, rest, stop) — replaced by a leg to `target`,
    the meal there (at the restaurant `new`, or the meal of your choice `new`), `rests` after it
    and a leg on; None when that does not fit: the meal starts in its window and opening hours,
    and the next stop keeps its start (the lodging at the day's end is reached when it was, or up
    to half an hour later)."""
    ia, kd, ib = around
    a, b = items[ia], items[ib]
    leave = clock_minutes(items[kd].end)
    there = transit_item(_point_of_item(a), target, leave, destination=destination,
                         request=request, date=date)  # fmt: skip
    lo, hi = WINDOWS[meal.meal or "lunch"]
    if meal.meal == "dinner":  # later in the far west
        lo, hi = pace_mod.dinner_window(destination.lat, destination.lon, date)
    begin = -(-max(leave + (there.minutes if there else 0), lo) // 5) * 5
    if isinstance(new, Restaurant):
        begin = next((max(begin, -(-o // 5) * 5) for o, c in open_windows(new.hours, date)
                      if max(begin, o) + minutes <= c), hi + 1)  # fmt: skip
    if begin > hi:
        return None
    end = begin + minutes
    after: list[Item] = []
    for rest in rests:  # 午休 after lunch: where the meal is
        span = rest.minutes
        where = {"lat": target.lat, "lon": target.lon} if rest.lat is not None else {}
        after.append(rest.model_copy(update={"start": clock_time(end),
                                             "end": clock_time(end + span), **where}))  # fmt: skip
        end += span
    on = transit_item(target, _point_of_item(b), end, destination=destination, request=request,
                      date=date)  # fmt: skip
    arrive = end + (on.minutes if on else 0)
    last = ib == len(items) - 1 and b.kind == ItemKind.LODGING
    if arrive > clock_minutes(b.start) and not (last and arrive <= clock_minutes(b.start) + 30):
        return None
    if isinstance(new, Restaurant):
        item = place_item(new, meal.meal, begin, begin + minutes, request, date,
                          lunch_inside=False)  # fmt: skip
    else:
        item = new.model_copy(update={"start": clock_time(begin),
                                      "end": clock_time(begin + minutes)})  # fmt: skip
    if there is not None:  # leave so as to arrive for the meal
        there = transit_item(_point_of_item(a), target, begin - there.minutes,
                             destination=destination, request=request, date=date)  # fmt: skip
    middle = [leg for leg in (there, item, *after, on) if leg is not None]
    if last:
        b = b.model_copy(update={"start": clock_time(arrive), "end": clock_time(arrive)})
    return [*items[: kd + 1], *middle, b, *items[ib + 1 :]]


def repeats(r: Restaurant, dishes: set[str], today: list[Restaurant]) -> bool:
    """Whether a meal at `r` repeats what `meal_groups` allows once: a dish of `dishes` (served
    once a stay already), or a shop of one dish (noodles) that `today` has already."""
    if any(serves(r, c) for c in dishes):
        return True
    return repeats_today(r, today)


def repeats_today(r: Restaurant, today: list[Restaurant]) -> bool:
    """Whether a meal at `r` is a second meal of a shop of one dish (noodles, dumplings, snack
    shops: `meal_groups.DAY_DISHES`) that `today`'s other meals already have."""
    load = meal_groups.day_dish_load(r)
    return any(
        n and any(meal_groups.day_dish_load(o)[k] for o in today) for k, n in enumerate(load)
    )


#: What a meal of your choice says where no known place to eat lies on the way (zh, en).
_NOTHING_NEAR = ("资料里顺路没有别的已知餐馆：就在这一带吃（景区里有餐厅的在里面吃，偏远处自带干粮），"
                 "不必专程坐车去吃饭", "no other known place to eat lies on the way: eat around "
                 "here (at the scenic area's canteen where it has one, or bring food to a remote "
                 "spot) rather than riding out for a meal")  # fmt: skip


def _free_item(meal: Item, where: Point, near: str, why: str, lang: str) -> Item:
    """A lunch or dinner of your choice at `where` (`near` words it; `why` says why no place is
    named), at the meal's cost."""
    zh, en = {"lunch": ("午餐", "Lunch"), "dinner": ("晚餐", "Dinner")}[meal.meal or "lunch"]
    return meal.model_copy(
        update={
            "name": pick(lang, f"{zh}自选（{near}）", f"{en} of your choice ({near})"),
            "poi_id": None,
            "lat": where.lat,
            "lon": where.lon,
            "note": why,
        }
    )


def _ride_home(leg: Item, destination: Destination, lang: str) -> Item | None:
    """The lodging `leg` (a day's last item) rides to, as a stop at its arrival, or None when
    the leg goes elsewhere."""
    place = next((lo for lo in destination.lodging if lo.id == leg.poi_id), None)
    if leg.kind != ItemKind.TRANSIT or place is None or leg.lat is None:
        return None
    return Item(kind=ItemKind.LODGING, name=place.name(lang), poi_id=place.id, start=leg.end,
                end=leg.end, lat=leg.lat, lon=leg.lon)  # fmt: skip


def _restaurant(destination: Destination, poi_id: str | None) -> Restaurant | None:
    return next((r for r in destination.restaurants if r.id == poi_id), None)


def _point_of(r: Restaurant) -> Point:
    return Point(r.name_zh, r.name_en, r.lat, r.lon, r.id)


def _point_of_item(item: Item | None) -> Point:
    assert item is not None and item.lat is not None and item.lon is not None
    return Point(item.name, item.name, item.lat, item.lon, item.poi_id)


def _m(a: Item | Restaurant, b: Item | Restaurant) -> float:
    assert a.lat is not None and a.lon is not None and b.lat is not None and b.lon is not None
    return haversine_m(a.lat, a.lon, b.lat, b.lon)
