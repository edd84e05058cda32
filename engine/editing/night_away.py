"""A night in another town than the day's (「第二天晚上住阳朔」 on a 桂林 trip): which of its
lodgings, and the two days around that night made to fit — the evening's meal in that town,
a sight that no longer fits left out (sights before meals)."""

from __future__ import annotations

import itertools
from collections.abc import Collection, Iterator, Sequence
from dataclasses import replace

from engine.domain.itinerary import Item, ItemKind
from engine.editing.draft import Draft
from engine.editing.sketch import Sketch, Stop
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Lodging

#: How many of the town's restaurants (nearest the lodging first) a dinner is tried at.
DINNER_TRIES = 4


def town_lodgings(draft: Draft, town: str, old_id: str) -> list[Lodging]:
    """The lodgings of destination `town`, nearest its centre first (where a night there is
    usually spent: 阳朔's 西街, not a village an hour out)."""
    dest = draft.kb.destinations[town]
    found = [lo for lo in dest.lodging if lo.id != old_id]
    return sorted(found, key=lambda lo: haversine_m(lo.lat, lo.lon, dest.lat, dest.lon))


def fit_away(draft: Draft, sk: Sketch, lodging: Lodging, night: bool) -> tuple[Sketch, list[Stop]]:
    """`sk` (ending at `lodging` when `night`, else starting from it) made to fit with as few
    sights left out as may be, the latest first and those asked for (must-sees) last — the dinner of a night away eaten in the
    lodging's town where that fits (after the 漓江 cruise to 阳朔: dinner in 阳朔, not back in
    桂林) — else meals too (`Draft.fit_by_dropping`). Returns the day and the stops left out.

    Raises:
        EditRefused: ``does_not_fit`` — not even the locked stops fit.
    """
    for option, out in _latest_out(sk, (0, 1, 2), draft.request.must_see):
        tries = [*_dinners_in_town(draft, option, lodging), option] if night else [option]
        for tried in tries:
            if draft.attempt(tried).day is not None:
                return tried, out
    return draft.fit_by_dropping(sk)


def _latest_out(
    sk: Sketch, sizes: tuple[int, ...], keep: Collection[str] = ()
) -> Iterator[tuple[Sketch, list[Stop]]]:
    """`sk` with `sizes` of its unlocked sights left out, the latest first — those in `keep`
    (the sights the person asked for) only when no other choice of as many does — each with
    the stops it left out (in the day's order)."""
    sights = [i for i, s in enumerate(sk.stops) if s.meal is None and not s.locked]
    for size in sizes:
        outs = sorted(  # stable: the latest first among as many wished-for sights
            itertools.combinations(reversed(sights), size),
            key=lambda out: sum(sk.stops[i].poi_id in keep for i in out),
        )
        for out in outs:
            option = replace(sk, stops=[s for i, s in enumerate(sk.stops) if i not in out])
            yield option, [sk.stops[i] for i in sorted(out)]


def _dinners_in_town(draft: Draft, sk: Sketch, lodging: Lodging) -> list[Sketch]:
    """`sk` with its dinner at each of the restaurants of the lodging's town nearest it (at
    most `DINNER_TRIES`), when the dinner is in another town; else none."""
    home = draft.kb.destination_of(lodging.id)
    at = next((i for i, s in enumerate(sk.stops) if s.meal == "dinner"), None)
    if home is None or at is None or draft.kb.destination_of(sk.stops[at].poi_id) == home:
        return []
    used = draft.used()
    near = sorted(
        (r for r in home.restaurants if r.serves_meals and r.id not in used),
        key=lambda r: haversine_m(r.lat, r.lon, lodging.lat, lodging.lon),
    )
    options = []
    for restaurant in near[:DINNER_TRIES]:
        stops = list(sk.stops)
        stops[at] = Stop(restaurant.id, "dinner")
        options.append(replace(sk, stops=stops))
    return options


def keep_meals(draft: Draft, sk: Sketch) -> tuple[Sketch, list[Stop]]:
    """`sk` as timed from another lodging, its lunch and dinner kept: a day whose timing would
    only fit by leaving out a free meal (「午餐自选（…一带）」, `engine.editing.free_meals`
    drops one that no longer fits) leaves out its latest sights instead, one or two; when
    that does not keep them either, `sk` as it was. Returns the day and the sights left out."""
    timed = draft.attempt(sk)
    if timed.day is None or not (wanted := _meals_held(sk) - _meals_of(timed.day.items)):
        return sk, []
    for option, out in _latest_out(sk, (1, 2), draft.request.must_see):
        tried = draft.attempt(option)
        if tried.day is not None and not wanted - _meals_of(tried.day.items):
            return option, out
    return sk, []


def _meals_held(sk: Sketch) -> set[str]:
    """The lunch and dinner the day holds: at a stop, or free (named by no place)."""
    held = {s.meal for s in sk.stops if s.meal} | {i.meal for i in sk.free if i.meal}
    return held & {"lunch", "dinner"}


def _meals_of(items: Sequence[Item]) -> set[str]:
    return {i.meal for i in items if i.kind == ItemKind.MEAL and i.meal}
