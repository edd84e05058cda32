"""Legs into, out of and inside car-free areas reached one way only (`AccessArea`: 鼓浪屿 by
ferry, the tops of 黄山 and 泰山 by the scenic bus and the cable car, 武当山's park by its
scenic buses).

No metro, taxi or car reaches such an area and none runs inside it, whatever the map distance
says. A leg with both ends inside the same area is a walk, or a ride on the area's own buses
beyond a short walk where it has them (`AccessArea.inside_way`: 涠洲岛, 普陀山, 武当山). A leg
with one end inside is: on foot (or by those buses) to the landing, the crossing (`AccessArea.ride_minutes`: the wait and the ride;
`AccessArea.fare_cny` a person), then the destination's ordinary leg between the gate (the pier
or the scenic-bus station outside, a hub) and the other end (`engine.planning.transit.leg`);
between two areas, both crossings. The leg's mode is the crossing's (``ferry``, ``bus``,
``cable_car``: `engine.planning.transit.AREA_MODES`); `Crossing` keeps its parts for wording.
Walking speed and detour are the transit model's (`transit.WALK_M_PER_MIN`, `transit.DETOUR`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import AccessArea, Attraction, Destination, Hub
from engine.planning.summit import is_summit, mountain_of

LatLon = tuple[float, float]


@dataclass(frozen=True)
class Crossing:
    """One crossing of a leg: the area, the gate hub outside, the minutes (and route metres)
    walked inside between the place and the landing, whether it goes in (True) or out, and the
    ride's route metres (gate to landing, the straight line × the detour: an estimate)."""

    area: AccessArea
    gate: Hub
    walk_minutes: int
    walk_m: int
    inbound: bool
    ride_m: int = 0
    by_bus: bool = False
    inside_fare: float = 0.0


#: Inside an area with buses (`AccessArea.inside_way` ``bus``): a leg over this straight line
#: (metres) rides them — 涠洲岛's sights lie 3–6 km apart, an hour's walk each.
INSIDE_WALK_M = 1200.0
#: The wait for an island or scenic bus and its speed on winding roads with stops (estimates:
#: 涠洲岛's buses run every 7–15 minutes).
INSIDE_BUS_WAIT_MIN = 10
INSIDE_BUS_M_PER_MIN = 20_000 / 60


def inside(
    area: AccessArea, a: LatLon, b: LatLon, m_per_min: float, detour: float
) -> tuple[int, int, bool]:
    """(minutes, route metres, by bus) between two points inside `area`: on foot, or by the
    area's buses beyond `INSIDE_WALK_M` where it has them."""
    straight = haversine_m(*a, *b)
    if area.inside_way != "bus" or straight <= INSIDE_WALK_M:
        minutes, route = walk(straight, m_per_min, detour)
        return minutes, route, False
    by_road = straight * detour
    return INSIDE_BUS_WAIT_MIN + math.ceil(by_road / INSIDE_BUS_M_PER_MIN), int(by_road), True


def area_at(destination: Destination, point: LatLon) -> AccessArea | None:
    """The access area `point` (lat, lon) lies in, if any."""
    for area in destination.access_areas:
        if haversine_m(area.lat, area.lon, *point) <= area.radius_m:
            return area
    return None


def gate_of(destination: Destination, area: AccessArea) -> Hub:
    """The hub outside where visitors board for `area` (the schema checks it exists)."""
    return next(h for h in destination.hubs if h.id == area.gate)


def walk(meters: float, m_per_min: float, detour: float) -> tuple[int, int]:
    """(minutes, route metres) on foot for a straight-line distance."""
    route = meters * detour
    return math.ceil(route / m_per_min), int(route)


def crossing(
    destination: Destination,
    area: AccessArea,
    point: LatLon,
    *,
    inbound: bool,
    m_per_min: float,
    detour: float,
) -> Crossing:
    """The crossing between `point` inside `area` and the area's gate (inside, on foot or by
    the area's buses: `inside`)."""
    landing = (area.landing_lat, area.landing_lon)
    minutes, route, bus = inside(area, landing, point, m_per_min, detour)
    gate = gate_of(destination, area)
    ride = int(haversine_m(gate.lat, gate.lon, area.landing_lat, area.landing_lon) * detour)
    fare = area.inside_fare_cny if bus else 0.0
    return Crossing(area, gate, minutes, route, inbound, ride, by_bus=bus, inside_fare=fare)


def inside_share(
    destination: Destination,
    place: Attraction,
    night_before: str | None,
    night_after: str | None,
) -> float:
    """Share of a sight's inside transport (`Attraction.transport_inside_cny`: the ferry return,
    the cable cars up and down) paid with its visit: none on a car-free island or a summit
    reached by cable car (the ferry and cable-car legs are charged as legs), all of it inside
    a park reached by its scenic buses (武当山: the buses are charged on the legs, the record's
    inside transport is the cable car); half for a mountain whose summit lodging is where the night before or
    the night after is spent (that way up or down is the cable-car leg to the lodging, charged
    there), none for both. `night_before`/`night_after`: lodging ids, or None."""
    area = area_at(destination, (place.lat, place.lon))
    if area is not None:  # the way in is a leg; inside a scenic-bus park the cable cars are not
        return 1.0 if area.way == "scenic_bus" else 0.0
    share = 1.0
    lodgings = {lo.id: lo for lo in destination.lodging}
    for night in (night_before, night_after):
        top = lodgings.get(night or "")
        if top is not None and is_summit(top):
            mountain = mountain_of(destination, top)
            if mountain is not None and mountain.id == place.id:
                share -= 0.5
    return max(0.0, share)


def last_out_by(
    destination: Destination,
    point: LatLon,
    night: LatLon | None,
    *,
    m_per_min: float,
    detour: float,
) -> int | None:
    """When a visit at `point` must end (minutes after midnight) to catch the last boat or bus
    out of the access area it lies in (`AccessArea.last_out`, less the walk to the landing at
    `m_per_min` metres a minute times `detour`); None outside any area, when the last one is
    not known, or when the night (`night`, None: not inside) is spent inside the area."""
    area = area_at(destination, point)
    if area is None or area.last_out is None:
        return None
    if night is not None and area_at(destination, night) is area:
        return None
    out = crossing(destination, area, point, inbound=False, m_per_min=m_per_min, detour=detour)
    return area.last_out - out.walk_minutes
