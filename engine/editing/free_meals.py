"""Free meals through an edit: a lunch or dinner of your choice (「午餐自选（…一带）」) is kept.

A free meal names no knowledge-base place (`engine.planning.meal_groups.free_meals`: a food
street eaten at the day before; `engine.planning.meal_detours`: nothing known on the way), so
it is no stop of the sketch (`engine.editing.sketch`). An edit that times its day again still
eats it: the meal is timed as a stand-in restaurant at the meal's own point (open all day, the
meal windows and length of the pace, as any lunch or dinner of the planner's model), put
wherever in the day's order it fits best, and laid out again as the free meal it was — same
name, note and cost, new times. A meal a stop of the day already holds (a restaurant lunch
added by the edit, lunch inside a full-day place) replaces it.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

from engine.domain.itinerary import Item, ItemKind
from engine.editing.sketch import Sketch
from engine.i18n import pick
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Attraction, Restaurant
from engine.planning.meal_groups import MEAL_WORDS

if TYPE_CHECKING:
    from engine.editing.draft import Draft

#: The id prefix of a stand-in (a knowledge-base id never starts so: ids name places).
PREFIX = "free-meal-"

T = TypeVar("T")

#: A free meal within this distance (metres, straight line) of a sight swapped out was eaten
#: beside it (「午餐自选（宏村农家菜馆一带）」 200 m from 宏村): it goes with the swap (`follow`).
FOLLOW_M = 3000.0


def is_free_meal(item: Item) -> bool:
    """Whether `item` is a lunch or dinner that names no place (a free meal)."""
    return item.kind == ItemKind.MEAL and item.meal in ("lunch", "dinner") and not item.poi_id


def stand_ins(sk: Sketch) -> list[tuple[Item, Restaurant]]:
    """The day's free meals that no stop holds the meal of, each with its stand-in restaurant
    (id `PREFIX` + meal; name: the place the meal's name says, e.g. 「大学路」 of
    「午餐自选（大学路一带）」). A free meal
    with no point (no lat/lon) is left out."""
    held = {stop.meal for stop in sk.stops}
    out = []
    for item in sk.free:
        if item.meal in held or item.lat is None or item.lon is None:
            continue
        held.add(item.meal)
        out.append((item, _stand_in(item, item.lat, item.lon)))
    return out


def _stand_in(item: Item, lat: float, lon: float) -> Restaurant:
    name = item.name.strip()
    at = min((k for k in (name.find("（"), name.find("(")) if k >= 0), default=-1)
    area = name[at + 1 : -1] if at >= 0 and name[-1] in "）)" else name
    for word in ("around ", "near "):  # the leg there says the place, as the planner's did
        area = area.removeprefix(word)
    for word in ("一带", "附近"):
        area = area.removesuffix(word)
    return Restaurant.model_construct(
        id=f"{PREFIX}{item.meal}",
        name_zh=area,
        name_en=area,
        aliases=(),
        lat=lat,
        lon=lon,
        as_of=dt.date(2026, 1, 1),
        source="lvtu:free-meal",
        confidence="estimated",
        kind="food_street",
        hours="24/7",
        price_per_person_cny=50.0,  # the meal keeps its own cost (`restore`)
        cuisines=("local",),
        signature_dishes_zh=("自选",),
        signature_dishes_en=("your choice",),
        description_zh="",
        description_en="",
        inside=None,
        serves_meals=True,
    )


def placements(stops: list[T], extra: list[T]) -> Iterator[list[T]]:
    """`stops` with each stop of `extra` put at every position (their own order kept: lunch
    before dinner), nearest the middle of the day first."""
    n = len(stops)
    slots = itertools.combinations_with_replacement(range(n + 1), len(extra))
    for at in sorted(slots, key=lambda a: sum(abs(2 * p - n) for p in a)):
        out: list[T] = []
        for k in range(n + 1):
            out.extend(extra[j] for j, p in enumerate(at) if p == k)
            if k < n:
                out.append(stops[k])
        yield out


def restore(items: list[Item], kept: list[tuple[Item, Restaurant]]) -> list[Item]:
    """`items` (a laid-out day) with each stand-in's meal put back as the free meal it was,
    at the stand-in's times; a leg there names no place either (no stand-in id is kept)."""
    by_id = {r.id: free for free, r in kept}
    out = []
    for item in items:
        free = by_id.get(item.poi_id or "")
        if free is not None and item.kind == ItemKind.MEAL:
            item = free.model_copy(update={"start": item.start, "end": item.end})
        elif free is not None:
            item = item.model_copy(update={"poi_id": None})
        out.append(item)
    return out


def follow(draft: Draft, sk: Sketch, gone_id: str, new: Attraction) -> Sketch:
    """`sk` with each free meal eaten beside the sight `gone_id` (within `FOLLOW_M`) eaten
    beside `new` instead — 「把宏村换成西递」 kept the lunch around 宏村, 11 km off, and the day
    then lost its lunch: now 「午餐自选（西递一带）」 at `new`'s point, at the meal's cost (CNY),
    timed with the day wherever it fits (`stand_ins`)."""
    gone = draft.kb.attraction(gone_id)
    if gone is None:
        return sk
    diners, lang = draft.request.party.diners, draft.lang
    moved = []
    for item in sk.free:
        if item.lat is None or item.lon is None or item.meal not in MEAL_WORDS:
            moved.append(item)
            continue
        if haversine_m(item.lat, item.lon, gone.lat, gone.lon) > FOLLOW_M:
            moved.append(item)
            continue
        zh, en = MEAL_WORDS[item.meal]
        each = round(item.cost_cny / max(1, diners))
        moved.append(item.model_copy(update={
            "name": pick(lang, f"{zh}自选（{new.name_zh}一带）",
                         f"{en} of your choice (around {new.name_en})"),
            "lat": new.lat, "lon": new.lon,
            "note": pick(lang, f"换成{new.name_zh}后就在那一带找家餐馆吃；估算每人约{each}元",
                         f"with {new.name_en} instead, eat somewhere around there; about "
                         f"{each} CNY a head")}))  # fmt: skip
    return replace(sk, free=tuple(moved))


def left_behind(draft: Draft, sk: Sketch, gone_id: str) -> Sketch:
    """`sk` with each free meal eaten beside the removed sight `gone_id` (within `FOLLOW_M`)
    and by none of the day's other sights, start or end, eaten beside the day's remaining
    sight nearest it instead (else where the day ends) —
    「第3天不去禾木了」 kept lunch and dinner 「自选（禾木村餐馆一带）」, 43 km each way, for a sight
    no longer visited. Unchanged when no free meal was beside it."""
    gone = draft.kb.attraction(gone_id)
    sights = [a for s in sk.stops if (a := draft.kb.attraction(s.poi_id)) is not None]
    ends = [(p.lat, p.lon) for p in sights] + [(p.lat, p.lon) for p in (sk.start, sk.end)]

    def stranded(i: Item) -> bool:  # beside the sight gone, and by nothing the day still has
        if i.lat is None or i.lon is None or gone is None:
            return False
        return haversine_m(i.lat, i.lon, gone.lat, gone.lon) <= FOLLOW_M and all(
            haversine_m(i.lat, i.lon, lat, lon) > FOLLOW_M for lat, lon in ends
        )

    if gone is None or not any(stranded(i) for i in sk.free):
        return sk
    near = min(sights, key=lambda a: haversine_m(a.lat, a.lon, gone.lat, gone.lon), default=None)
    at = near or sk.end
    lat, lon, zh_at, en_at = at.lat, at.lon, at.name_zh, at.name_en
    diners, lang = draft.request.party.diners, draft.lang
    moved = []
    for item in sk.free:
        if item.meal not in MEAL_WORDS or not stranded(item):
            moved.append(item)
            continue
        zh, en = MEAL_WORDS[item.meal]
        each = round(item.cost_cny / max(1, diners))
        moved.append(item.model_copy(update={
            "name": pick(lang, f"{zh}自选（{zh_at}一带）", f"{en} of your choice (around {en_at})"),
            "lat": lat, "lon": lon,
            "note": pick(lang, f"不去{gone.name_zh}了，就在{zh_at}一带找家餐馆吃；估算每人约{each}元",
                         f"with {gone.name_en} dropped, eat somewhere around {en_at}; about "
                         f"{each} CNY a head")}))  # fmt: skip
    return replace(sk, free=tuple(moved))
