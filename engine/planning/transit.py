"""Legs inside a destination: mode by distance, duration and cost (documented model).

Model (all figures are planning estimates, not timetables):

- Route length = straight-line (haversine) distance × `DETOUR` 1.3 — urban road and walking
  networks are typically 1.2–1.4 × the straight line (circuity factor; Boeing 2019,
  "Urban spatial order", and Giacomin & Levinson 2015 measured ~1.2–1.4 for US/Chinese cities).
- **walk** when the straight line is <= `WALK_MAX_M` (1.2 km): 4.5 km/h (75 m/min), free.
- **metro** (cities with a metro) for straight lines up to `METRO_MAX_M` (25 km): 12 minutes of
  walking to/from stations and waiting, plus route length at 30 km/h (Chinese metro scheduled
  speeds are 30–40 km/h including stops). Fare per person: 3 CNY up to 6 km, +1 CNY per further
  10 km, at most 10 CNY (the pattern of Shanghai/Beijing/Hangzhou distance fares).
- **taxi** otherwise (or when metro is avoided): 5 minutes to hail, then route length at 25 km/h
  in town (< 10 km) or 45 km/h beyond (ring roads, expressways). Fare per car: 14 CNY flag fall
  covering 3 km, then 2.5 CNY/km (typical 2024 daytime tariffs of large Chinese cities); one car per
  4 travellers.
- Destinations without a metro use taxi (or a chartered car / tourist bus at the same estimate)
  beyond walking distance. A metro serves only the inner part of a destination: both ends within
  `METRO_AREA_SHARE` (half) of the destination's radius from its centre; outlying places
  (a lakeside resort, a mountain) are reached by taxi.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.domain.itinerary import Mode
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Destination

DETOUR = 1.3
WALK_MAX_M = 1200.0
WALK_M_PER_MIN = 75.0
METRO_MAX_M = 25_000.0
METRO_ACCESS_MIN = 12.0
METRO_M_PER_MIN = 500.0
TAXI_WAIT_MIN = 5.0
TAXI_TOWN_M_PER_MIN = 25_000 / 60
TAXI_ROAD_M_PER_MIN = 45_000 / 60
TAXI_FLAG_CNY = 14.0
TAXI_FLAG_KM = 3.0
TAXI_PER_KM_CNY = 2.5
SAME_PLACE_M = 80.0
METRO_AREA_SHARE = 0.5


def metro_between(destination: Destination, a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether the destination's metro can carry a leg between points `a` and `b` (lat, lon)."""
    if not destination.metro:
        return False
    reach = destination.radius_km * 1000 * METRO_AREA_SHARE
    return all(
        haversine_m(destination.lat, destination.lon, lat, lon) <= reach for lat, lon in (a, b)
    )


@dataclass(frozen=True)
class Leg:
    """A leg: mode, minutes, route metres and cost for the party (CNY)."""

    mode: Mode
    minutes: int
    distance_m: int
    cost_cny: float


def leg(straight_m: float, *, metro: bool, party: int, avoid: frozenset[str] = frozenset()) -> Leg:
    """The leg for a straight-line distance (metres) in a destination.

    Args:
        straight_m: haversine distance between the two places, metres.
        metro: whether the destination has a metro.
        party: number of travellers (for per-person fares and cars).
        avoid: modes to avoid (``taxi``, ``metro``); walking is always allowed.

    Returns:
        A `Leg` with 0 minutes when the places are the same (< 80 m).
    """
    route = straight_m * DETOUR
    if straight_m < SAME_PLACE_M:
        return Leg(Mode.WALK, 0, int(route), 0.0)
    if straight_m <= WALK_MAX_M:
        return Leg(Mode.WALK, math.ceil(route / WALK_M_PER_MIN), int(route), 0.0)
    use_metro = metro and "metro" not in avoid and (straight_m <= METRO_MAX_M or "taxi" in avoid)
    if use_metro:
        minutes = math.ceil(METRO_ACCESS_MIN + route / METRO_M_PER_MIN)
        km = route / 1000
        fare = min(10.0, 3.0 + max(0, math.ceil((km - 6) / 10)))
        return Leg(Mode.METRO, minutes, int(route), fare * party)
    if "taxi" in avoid and not metro:
        # No metro and no taxi: a public bus at roughly half taxi speed, 2 CNY per person.
        minutes = math.ceil(10 + route / (TAXI_TOWN_M_PER_MIN * 0.6))
        return Leg(Mode.BUS, minutes, int(route), 2.0 * party)
    speed = TAXI_TOWN_M_PER_MIN if route < 10_000 else TAXI_ROAD_M_PER_MIN
    minutes = math.ceil(TAXI_WAIT_MIN + route / speed)
    km = route / 1000
    fare = TAXI_FLAG_CNY + max(0.0, km - TAXI_FLAG_KM) * TAXI_PER_KM_CNY
    cars = math.ceil(party / 4)
    return Leg(Mode.TAXI, minutes, int(route), round(fare * cars, 1))


def between(
    destination: Destination,
    a: tuple[float, float],
    b: tuple[float, float],
    *,
    party: int,
    avoid: frozenset[str] = frozenset(),
) -> Leg:
    """The leg between points `a` and `b` (lat, lon) in `destination`: `leg` on their
    straight-line distance, by metro when `metro_between` says the metro serves them."""
    meters = haversine_m(a[0], a[1], b[0], b[1])
    return leg(meters, metro=metro_between(destination, a, b), party=party, avoid=avoid)
