"""A day spent in one area (「第四天就在亚龙湾附近玩」, "spend day 2 around the Bund"): the sights
a day planned again may hold (`engine.editing.regen`, `RegenerateDay.near`).

The area is a place of the day's city said by name — a sight, a restaurant, a place to stay:
the sights within `NEAR_DAY_M` of it — or, when no place bears that name, the words an area
goes by (「洱海」, a lake no record is named for): the sights whose names or descriptions
name it. The place itself, when it is a sight no other day visits, is one the day must hold.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.editing.draft import Draft
from engine.editing.errors import EditRefused
from engine.editing.places import find_place, place_names
from engine.editing.sketch import Sketch
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Attraction, Lodging, Restaurant

#: How far from the place said a sight still counts as near it, metres (a short taxi ride:
#: 亚龙湾海滩 to the 热带天堂森林公园 is 3.5 km; 后海村, 12.7 km off, is another bay).
NEAR_DAY_M = 6000.0
#: Kinds of sight no ride or walk along a shore takes in (a mountain overlooking the lake).
OFF_ROUTE = frozenset({"mountain", "cable-car"})
#: The kinds of place an area may be named by.
PLACES = (Attraction, Restaurant, Lodging)
#: Restaurants a day in an area may eat at when none lies in it: the nearest this many.
NEAREST = 3


@dataclass(frozen=True)
class Area:
    """Where a day is spent.

    Attributes:
        said: the area's name as the person said it.
        sights: POI ids of the day's city's sights in it (other days' included).
        must: the POI id of the sight said itself, when no other day visits it (else None).
        points: (lat, lon) the area is measured from: the place said, or its sights.
    """

    said: str
    sights: frozenset[str]
    must: str | None
    points: tuple[tuple[float, float], ...]

    def distance_m(self, lat: float, lon: float) -> float:
        """How far (lat, lon) lies from the area, metres."""
        return min(haversine_m(lat, lon, a, b) for a, b in self.points)

    def restaurants(self, found: list[Restaurant]) -> list[Restaurant]:
        """Those of `found` within `NEAR_DAY_M` of the area, else the `NEAREST` nearest it (its
        own restaurants may all be eaten at on other days)."""
        near = [r for r in found if self.distance_m(r.lat, r.lon) <= NEAR_DAY_M]
        return near or sorted(found, key=lambda r: self.distance_m(r.lat, r.lon))[:NEAREST]


def area_of(draft: Draft, sk: Sketch, said: str, *, along: bool = False) -> Area:
    """The area `said` of day `sk`'s city; `along`: a lake, river or coast gone round or along
    (「环洱海」): the sights naming it, less those tagged `OFF_ROUTE` (苍山 looks down on 洱海).

    Raises:
        EditRefused: ``unknown_place`` — no place of that name and no sight naming it.
    """
    kb, words = draft.kb, said.strip()
    city = kb.destinations[sk.destination]
    try:
        place = None if along else find_place(words, kb, [sk.destination], PLACES)
    except EditRefused:
        place = None
    if place is not None and kb.destination_of(place.id) in (city, None):
        sights = frozenset(a.id for a in city.attractions
                           if haversine_m(a.lat, a.lon, place.lat, place.lon) <= NEAR_DAY_M)  # fmt: skip
        used = draft.used(except_day=sk.index)
        must = place.id if isinstance(place, Attraction) and place.id not in used else None
        return Area(words, sights, must, ((place.lat, place.lon),))
    needle = words.lower()
    named = [a for a in city.attractions if len(needle) >= 2 and any(
        needle in t.lower() for t in (*place_names(a), a.description_zh, a.description_en))
        and not (along and OFF_ROUTE & set(a.tags))]  # fmt: skip
    if not named:
        raise EditRefused("unknown_place", f"{city.name_zh}的资料里找不到「{words}」这个地方",
                          f"no place called “{words}” in {city.name_en}")  # fmt: skip
    return Area(words, frozenset(a.id for a in named), None,
                tuple((a.lat, a.lon) for a in named))  # fmt: skip


def outside(draft: Draft, area: Area, day: int) -> EditRefused:
    """The refusal of a day in `area` that has no sight there left: those in it are on other
    days (said, with the day of each)."""
    where = []
    for sk in draft.sketches:
        for stop in sk.stops:
            if stop.poi_id in area.sights and sk.index != day:
                where.append((draft.name(stop.poi_id), sk.index))
    zh = "、".join(f"{n[0]}在第{d}天" for n, d in where)
    en = ", ".join(f"{n[1]} is on day {d}" for n, d in where)
    return EditRefused(
        "does_not_fit",
        f"{area.said}附近没有别的景点可以排进第{day}天" + (f"（{zh}）" if zh else ""),
        f"no other sight near {area.said} for day {day}" + (f" ({en})" if en else ""),
    )


__all__ = ["NEAR_DAY_M", "Area", "area_of", "outside"]
