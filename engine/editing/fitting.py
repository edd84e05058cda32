"""Fitting a stop into a day: the options (`_insert`), the one that times best (`_best`), when
a stop lands (`_landing`, `_when`), and whether edits work in full (`_works`: timed and
validated — what an alternative offered must pass)."""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import replace

from engine.editing.draft import Draft
from engine.editing.errors import EditRefused
from engine.editing.ops import Edit, SwapMeal
from engine.editing.places import find_place
from engine.editing.sketch import Sketch, Stop
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Attraction, Lodging, Restaurant
from engine.planning import candidates as cand
from engine.planning.meal_price import meal_cap

#: Set while an alternative is checked (`_works`): its own refusals look for none.
_CHECKING: ContextVar[bool] = ContextVar("checking_alternative", default=False)
#: Other restaurants tried when a meal is swapped without naming one (the nearest first).
SWAP_TRIES = 12
#: How far a restaurant may be from the place a meal is asked near (「在丽江古城吃」), metres.
NEAR_M = 1500


def _insert(sk: Sketch, stop: Stop, position: int | None) -> list[Sketch]:
    """`sk` with `stop` at `position` (1-based), or at every position when None."""
    spots = range(len(sk.stops) + 1) if position is None else [min(position, len(sk.stops) + 1) - 1]
    return [replace(sk, stops=[*sk.stops[:i], stop, *sk.stops[i:]]) for i in spots]


def _best(
    draft: Draft, options: list[Sketch], *, strict_pace: bool = True
) -> tuple[Sketch, int] | None:
    """The option that can be timed with the least travel, and that travel (minutes);
    `strict_pace`: see `engine.editing.timing.time_day`."""
    best: tuple[Sketch, int] | None = None
    for option in options:
        timed = draft.attempt(option, strict_pace=strict_pace)
        if timed.day is not None and (best is None or timed.travel < best[1]):
            best = (option, timed.travel)
    return best


def _works(draft: Draft, *edits: Edit) -> bool:
    """Whether `edits`, in turn, can be done on the version edited — checked in full (timed and
    validated, `engine.editing.apply.apply_edits`), so an alternative offered is one that works."""
    from engine.editing.apply import apply_edits

    token = _CHECKING.set(True)  # a refusal while checking needs no alternative of its own
    try:
        apply_edits(draft.base, list(edits), draft.kb)
    except EditRefused:
        return False
    finally:
        _CHECKING.reset(token)
    return True


def _when(draft: Draft, day: int, poi_id: str) -> str:
    """When `poi_id` takes place on `day` as the draft has it ("20:18–22:18"), or ""."""
    item = next((i for i in draft.days[day - 1].items if i.poi_id == poi_id
                 and i.kind.value in ("attraction", "meal")), None)  # fmt: skip
    return f"{item.start:%H:%M}–{item.end:%H:%M}" if item and item.start and item.end else ""


def _landing(draft: Draft, sk: Sketch, poi_id: str, *, strict_pace: bool = True) -> str:
    """When `poi_id` takes place in `sk` as timed ("13:00–16:00"), or "" ."""
    day = draft.attempt(sk, strict_pace=strict_pace).day
    item = next((i for i in day.items if i.poi_id == poi_id
                 and i.kind.value in ("attraction", "meal")), None) if day else None  # fmt: skip
    return f"{item.start:%H:%M}–{item.end:%H:%M}" if item and item.start and item.end else ""


#: A restaurant asked for cheaper costs at most this share of the old one per person (a saving
#: the person notices, not 5 CNY).
CHEAPER_SHARE = 0.8


def _other_restaurants(
    draft: Draft,
    sk: Sketch,
    old: str,
    *,
    limit: int | None = SWAP_TRIES,
    op: SwapMeal | None = None,
) -> list[Restaurant]:
    """Restaurants of the day's city not used anywhere in the plan, nearest the old one first
    (the first `limit`; None: all). With `op`: only those serving its `dish`, those costing at most
    `CHEAPER_SHARE` of the old one per person when it asks `cheaper`, and those within `NEAR_M` of its `near`
    place (nearest it first; that place's city counts too)."""
    destination = draft.kb.destinations[sk.destination]
    used = draft.used()
    anchor = draft.kb.place(old)
    cities = [destination]
    if op is not None and op.near:
        anchor = find_place(op.near, draft.kb, [sk.destination], (Attraction, Restaurant, Lodging))
        home = draft.kb.destination_of(anchor.id)
        if home is not None and home.id != destination.id:
            cities.append(home)
    found = [
        r for city in cities for r in cand.restaurants(city, draft.request) if r.id not in used
    ]
    if op is not None and op.dish:
        found = serving(found, op.dish)
    else:  # no dish asked for: a place at the trip's price level (`meal_price`)
        cap = meal_cap(draft.request, destination)
        found = [r for r in found if cap is None or r.price_per_person_cny <= cap] or found
    was = draft.kb.restaurant(old)
    if op is not None and op.cheaper and was is not None:
        found = [
            r for r in found if r.price_per_person_cny <= CHEAPER_SHARE * was.price_per_person_cny
        ]
    if anchor is not None:
        found.sort(key=lambda r: haversine_m(r.lat, r.lon, anchor.lat, anchor.lon))
        if op is not None and op.near:
            found = [
                r for r in found if haversine_m(r.lat, r.lon, anchor.lat, anchor.lon) <= NEAR_M
            ]
    return found[:limit]


def serving(restaurants: list[Restaurant], dish: str) -> list[Restaurant]:
    """Those of `restaurants` that serve `dish` (words as said: 「啤酒鱼」, 「海鲜大排档」, "seafood"):
    a signature dish or the name holding the words when any does, else those serving every
    cuisine the words name, else any of them (`engine.planning.candidates.serves`); [] when none
    or the words name no food."""
    from engine.understanding.food import find_food  # the same words as a wish

    words = dish.strip().lower()
    named = [r for r in restaurants if len(words) >= 2 and any(
        words in n.lower() for n in (*r.signature_dishes_zh, *r.signature_dishes_en, r.name_zh, r.name_en))]  # fmt: skip
    if named:
        return named
    tags = list(
        dict.fromkeys(
            f.cuisine for f in find_food(f"eat {dish}" if dish.isascii() else f"吃{dish}").food
        )
    )
    every = [r for r in restaurants if tags and all(cand.serves(r, t) for t in tags)]
    return every or [r for r in restaurants if any(cand.serves(r, t) for t in tags)]
