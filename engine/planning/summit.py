"""Summit lodgings and the way up to them: which lodging is on a mountain top, which points are
up on the mountain, the cable car that serves it, and how long the way up or down takes.

A leg between a summit lodging (山顶酒店) and a place off the mountain is not a taxi ride: it is
the ride to the mountain's transfer centre, the scenic-area shuttle to the lower cable-car
station, the queue and the ride, and the walk along the summit paths to the hotel — or the same
down. `CABLE_ACCESS_MIN` is what comes on top of the ride: planning estimates, not timetables
(黄山: 汤口换乘中心 → 云谷寺 by shuttle about 20–30 min with the wait, the Yungu cable car about
10 min plus a queue, 白鹅岭 → 北海/光明顶 hotels 40–60 min on foot; 泰山 and 峨眉山 are alike:
a shuttle to 中天门/雷洞坪, a cable car, a walk to the summit hotels). The solver's travel
times (`engine.planning.model`) and the day's legs (`engine.planning.transit_items`) both add it, so
the plan's times agree with the way up; the last cable cars up stop between 16:30 and 17:30 by
season, hence the arrival at a summit lodging by `engine.planning.moments.SUMMIT_ARRIVE_BY`.
"""

from __future__ import annotations

import datetime as dt

from engine.knowledge.geo import haversine_m
from engine.knowledge.prices import car_price
from engine.knowledge.schema import Attraction, Destination, Highlight, Lodging
from engine.planning.intercity import Point

SUMMIT_WORDS = ("山顶", "山上")
SUMMIT_REACH_M = 6000.0
#: A stop this close to a summit lodging is reached on foot along the summit paths.
ON_SUMMIT_M = 1500.0
#: The scenic-area shuttle between the transfer centre and the lower cable-car station (with
#: the wait), minutes.
SHUTTLE_MIN = 30
#: The cable car: the queue and the ride, minutes.
CABLE_RIDE_MIN = 20
#: From the upper station to the summit hotels on foot, minutes.
SUMMIT_WALK_MIN = 40
CABLE_ACCESS_MIN = SHUTTLE_MIN + CABLE_RIDE_MIN + SUMMIT_WALK_MIN


def is_summit(lodging: Lodging | None) -> bool:
    """Whether `lodging` is on a mountain top (its name says 山顶/山上)."""
    return lodging is not None and any(w in lodging.name_zh for w in SUMMIT_WORDS)


def mountain_of(destination: Destination, lodging: Lodging) -> Attraction | None:
    """The mountain a summit lodging stands on: the nearest attraction tagged ``mountain``."""
    near = [
        (haversine_m(a.lat, a.lon, lodging.lat, lodging.lon), a)
        for a in destination.attractions
        if "mountain" in a.tags
    ]
    near = [(m, a) for m, a in near if m <= SUMMIT_REACH_M]
    return min(near, key=lambda pair: pair[0])[1] if near else None


def on_summit(destination: Destination, lodging: Lodging, lat: float, lon: float) -> bool:
    """Whether a point is up on the mountain with a summit `lodging`: within `ON_SUMMIT_M` of
    it, or at the mountain itself or one of its highlights (光明顶, 曙光亭 …)."""
    if haversine_m(lat, lon, lodging.lat, lodging.lon) <= ON_SUMMIT_M:
        return True
    mountain = mountain_of(destination, lodging)
    if mountain is None:
        return False
    spots = [(mountain.lat, mountain.lon)]
    spots += [
        (h.lat, h.lon) for h in mountain.highlights if h.lat is not None and h.lon is not None
    ]
    return any(haversine_m(lat, lon, y, x) <= 100 for y, x in spots)


def cable_car_up(
    destination: Destination, lodging: Lodging, date: dt.date | None = None
) -> tuple[Highlight, float] | None:
    """The cable car to a summit lodging (its record, with its name and concessions, and its
    adult one-way price on `date`: `prices.car_price`), if the mountain has one with a price."""
    mountain = mountain_of(destination, lodging)
    if mountain is None:
        return None
    cars = [h for h in mountain.highlights if h.kind == "cable_car" and h.price_cny]
    if not cars:
        return None
    return cars[0], car_price(cars[0], date)


def cable_leg(
    destination: Destination, a: Point, b: Point, date: dt.date | None = None
) -> tuple[Lodging, Highlight, float] | None:
    """(the summit lodging, the cable car, its adult one-way price on `date`) when the leg from `a` to
    `b` rides the cable car up to or down from a summit lodging (one end is the lodging, the
    other off the mountain); None otherwise, and None when the lodging lies in an access area
    (`Destination.access_areas`: the area's crossing is the way up, timed and priced there)."""
    lodgings = {lo.id: lo for lo in destination.lodging}
    top = lodgings.get(b.poi_id or "") or lodgings.get(a.poi_id or "")
    if top is None or not is_summit(top):
        return None
    if any(
        haversine_m(z.lat, z.lon, top.lat, top.lon) <= z.radius_m for z in destination.access_areas
    ):
        return None  # the mountain's access area says the way up (`engine.planning.access`)
    other = a if top.id == b.poi_id else b
    if on_summit(destination, top, other.lat, other.lon):
        return None  # 山顶酒店 → 曙光亭 is a walk on the summit, not a ride down and up
    car = cable_car_up(destination, top, date)
    return None if car is None else (top, *car)


def access_minutes(destination: Destination, a: Point, b: Point) -> int:
    """Minutes the way up to or down from a summit lodging adds to the ride between `a` and `b`
    (`CABLE_ACCESS_MIN` for a cable-car leg, see `cable_leg`; else 0)."""
    return CABLE_ACCESS_MIN if cable_leg(destination, a, b) is not None else 0
