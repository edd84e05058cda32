"""A night in another town than the day's (「第二天晚上住阳朔」 on a 桂林 trip): which of its
lodgings, and the two days around that night made to fit — the evening's meal in that town,
a sight that no longer fits left out (sights before meals)."""

from __future__ import annotations

import itertools
from dataclasses import replace

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
    sights left out as may be, the latest first — the dinner of a night away eaten in the
    lodging's town where that fits (after the 漓江 cruise to 阳朔: dinner in 阳朔, not back in
    桂林) — else meals too (`Draft.fit_by_dropping`). Returns the day and the stops left out.

    Raises:
        EditRefused: ``does_not_fit`` — not even the locked stops fit.
    """
    sights = [i for i, s in enumerate(sk.stops) if s.meal is None and not s.locked]
    for size in (0, 1, 2):
        for out in itertools.combinations(reversed(sights), size):
            option = replace(sk, stops=[s for i, s in enumerate(sk.stops) if i not in out])
            tries = [*_dinners_in_town(draft, option, lodging), option] if night else [option]
            for tried in tries:
                if draft.attempt(tried).day is not None:
                    return tried, [sk.stops[i] for i in sorted(out)]
    return draft.fit_by_dropping(sk)


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
