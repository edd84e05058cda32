"""Meals on the way after a stop is removed: the lunch planned beside a sight is no reason to ride
out there once the sight is gone (`edit remove 宏村` kept 宏村农家菜馆, 54 km off the way from
黄山北站 to 汤口). A meal next to the removed stop that is now more than the planner's detour cap
off the way between the stops around it (`engine.planning.meal_detours`: 6 km, or a fifth of
that way) moves to the restaurant not yet in the plan with the least detour that fits the day.
A meal the person chose, locked, or serving a food they asked for stays."""

from __future__ import annotations

from dataclasses import replace

from engine.domain.itinerary import ItemKind
from engine.editing.draft import Draft
from engine.editing.fitting import SWAP_TRIES
from engine.editing.sketch import Sketch, Stop
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Restaurant
from engine.planning import candidates as cand
from engine.planning.candidates import serves
from engine.planning.dishes import serves_said
from engine.planning.intercity import Point
from engine.planning.meal_detours import DETOUR_M, DETOUR_SHARE
from engine.planning.meal_price import meal_cap


def relay_meals(draft: Draft, day: int, at: int) -> None:
    """Move the meals of 1-based `day` next to position `at` (where a removed stop was) back on
    the way (see the module docstring), each said in the notes."""
    sk = draft.sketch_of(day)
    # the meals on either side of the gap, and those next to them (lunch and dinner at the
    # removed sight's village: each holds the other there)
    eats = [draft.kb.restaurant(s.poi_id) is not None for s in sk.stops]
    lo = at - 1
    while lo > 0 and eats[lo - 1]:
        lo -= 1
    hi = at
    while hi + 1 < len(sk.stops) and eats[hi + 1]:
        hi += 1
    for i in range(max(lo, 0), hi + 1):
        sk = draft.sketch_of(day)
        if 0 <= i < len(sk.stops):
            _relay(draft, sk, i)


def _relay(draft: Draft, sk: Sketch, i: int) -> None:
    kb, request = draft.kb, draft.request
    stop = sk.stops[i]
    place = kb.restaurant(stop.poi_id)
    if place is None or stop.meal not in ("lunch", "dinner") or stop.locked:
        return
    if stop.poi_id in draft.chosen or any(
        serves(place, f.cuisine) or serves_said(place, f) for f in request.food
    ):
        return
    # the way between the sights around it: a meal next to it is no anchor
    before = [s for s in sk.stops[:i] if kb.restaurant(s.poi_id) is None]
    after = [s for s in sk.stops[i + 1 :] if kb.restaurant(s.poi_id) is None]
    a = _at(draft, before[-1].poi_id) if before else sk.start
    b = _at(draft, after[0].poi_id) if after else sk.end
    if a is None or b is None:
        return
    cap = max(DETOUR_M, DETOUR_SHARE * _m(a, b))
    if _detour(a, place, b) <= cap:
        return
    destination = kb.destinations[sk.destination]
    price = meal_cap(request, destination)
    used = draft.used()
    options = sorted(
        (r for r in cand.restaurants(destination, request) if r.id not in used
         and _detour(a, r, b) <= cap and (price is None or r.price_per_person_cny <= price)),
        key=lambda r: _detour(a, r, b),
    )  # fmt: skip
    ride = _ride_m(draft, sk.index, place.id) or _m(a, place)
    for r in options[:SWAP_TRIES]:
        stops = list(sk.stops)
        stops[i] = Stop(r.id, stop.meal)
        option = replace(sk, stops=stops)
        if draft.attempt(option).day is None:
            continue
        draft.retime(option)
        meal_zh = "午饭" if stop.meal == "lunch" else "晚饭"
        km = round(ride / 1000)
        draft.note(
            f"第{sk.index}天{meal_zh}改在顺路的{r.name_zh}（不用再专程去约{km}公里外的{place.name_zh}）",
            f"day {sk.index}'s {stop.meal} now at {r.name_en}, on the way "
            f"(no ride of about {km} km to {place.name_en})",
        )
        return


def _ride_m(draft: Draft, day: int, poi_id: str) -> float | None:
    """The length of the day's leg to the meal at `poi_id` as the plan shows it, metres."""
    items = draft.days[day - 1].items
    at = next(
        (k for k, i in enumerate(items) if i.poi_id == poi_id and i.kind == ItemKind.MEAL), None
    )
    if not at or items[at - 1].kind != ItemKind.TRANSIT:
        return None
    return items[at - 1].distance_m


def _at(draft: Draft, poi_id: str) -> Point | None:
    place = draft.kb.place(poi_id)
    if place is None:
        return None
    return Point(place.name_zh, place.name_en, place.lat, place.lon, place.id)


def _m(a: Point | Restaurant, b: Point | Restaurant) -> float:
    return haversine_m(a.lat, a.lon, b.lat, b.lon)


def _detour(a: Point, meal: Restaurant, b: Point) -> float:
    """Metres off the way from `a` to `b` a meal at `meal` is ((a→meal + meal→b − a→b) / 2)."""
    return (_m(a, meal) + _m(meal, b) - _m(a, b)) / 2
