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
- **long legs** (straight line over `LONG_M`, about 30 km by road — a remote sight such as
  兵马俑 43 km out, an airport far from town) go the way people go, never by taxi: a tourist bus
  or public bus (with the metro where there is one: 游5, 地铁+公交, 机场大巴) — 15 minutes to
  reach the stop and wait, then the route at 50 km/h on expressways, 0.15 CNY per route-km a
  person (2–40 CNY); or a **chartered car** (包车) with a driver — 10 minutes, then 55 km/h,
  3 CNY per route-km a car (at least 150 CNY; local charter prices of 400–700 CNY for a day of
  about 200 km), one car per 4 travellers. The chartered car is taken when the party needs
  comfort (seniors, children of six or under, access needs), when the person prefers taxis or
  buses are avoided, and for long rural legs (no metro and over 50 km of road), where buses are
  few — but not to or from the destination's station or airport when it has a coach station of
  its own (`Hub.kind` ``coach``: coaches meet the trains and planes, 宁波站 → 舟山 for 普陀山);
  both share one duration (the bus's), so a plan timed for one holds for the other. Where the
  knowledge says no bus runs to the sights (`Destination.rural_buses` False: 呼伦贝尔's
  grassland, 林芝's gorges), every long leg not served by a coach goes by chartered car.
- A party that needs comfort walks at most `COMFORT_WALK_M`, takes a taxi rather than the
  metro up to `COMFORT_TAXI_M`, and a car door to door beyond `COMFORT_METRO_MAX_M` (a taxi,
  the chartered car on long legs): not a 22 km metro ride with changes and station stairs.
- Destinations without a metro use taxi beyond walking distance. A metro serves only the inner
  part of a destination: both ends within `METRO_AREA_SHARE` (half) of the destination's radius
  from its centre; outlying places (a lakeside resort, a mountain) are reached by taxi, or as
  long legs above. Places up on a hill (`off_metro`: within `OFF_METRO_M` of a sight tagged
  ``mountain`` — 龙井村 and 九溪 in the West Lake hills, 南山一棵树 above 重庆) have no station
  however central the map puts them: legs to them go by road.
- **car-free areas** reached one way only (`Destination.access_areas`: 鼓浪屿 by ferry, the tops
  of 黄山 and 泰山 by the scenic bus and the cable car): walks inside (or the area's own buses:
  涠洲岛, 普陀山, 武当山), a crossing to or from the gate outside (`engine.planning.access`),
  never a metro or a taxi onto the island or up the mountain.
- **one-way visits** (`Attraction.exit`: the 漓江 cruise lands in 阳朔): the leg after the visit
  starts at its exit; from an exit in another town, by its way back (the coach) to a hub, then
  on (`engine.planning.oneway`).
- A **group** of `GROUP_COACH_MIN` (10) or more travellers (a company outing, a class) does not
  hail taxis by the handful: every leg beyond walking goes by a **chartered coach** (大巴包车,
  mode ``charter``) with a driver, door to door at a taxi's speed after `COACH_BOARD_MIN` to
  board, one coach per `COACH_SEATS` (45) travellers. Day hire in Chengdu (1688zuche.com price
  table, 2025, read 2026-12-02): a 36–45-seat coach 1200–1500 CNY a day of 8 hours / 100 km,
  5–8 CNY per further km. A leg is charged its share of that day: the larger of an hour
  (`COACH_LEG_MIN_CNY` 150) and `COACH_CNY_PER_KM` (12) per route-km, a coach — about 1000–1500
  CNY over a day of five or six legs. A group that wishes public transport takes the metro and
  buses instead.
- Local-transport wishes (`Style`): ``public`` takes buses instead of taxis (and a bus, not a
  chartered car, on long legs); ``taxi`` takes a taxi instead of the metro (a chartered car on
  long legs); ``walk`` walks up to `WALK_WISH_M`; ``drive`` drives (fuel and tolls
  `DRIVE_CNY_PER_KM` a car, `DRIVE_PARK_MIN` to park at the other end).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engine.domain.itinerary import Mode
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import AccessArea, Destination, VisitExit
from engine.planning import access, oneway

if TYPE_CHECKING:
    from engine.domain.request import TripRequest

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
LONG_M = 23_000.0
LONG_ACCESS_MIN = 15.0
LONG_M_PER_MIN = 50_000 / 60
BUS_CNY_PER_KM = 0.15
CHARTER_CNY_PER_KM = 3.0
CHARTER_MIN_CNY = 150.0
RURAL_CHARTER_M = 50_000.0  # route metres: beyond this, without a metro, a chartered car
WALK_WISH_M = 2500.0
COMFORT_WALK_M = 800.0
COMFORT_TAXI_M = 2500.0
COMFORT_METRO_MAX_M = 12_000.0
DRIVE_CNY_PER_KM = 0.8
#: Minutes a driven local leg adds to the road for finding a space and walking from the car park
#: (a planning convention; a taxi's wait is `TAXI_WAIT_MIN`).
DRIVE_PARK_MIN = 12.0
GROUP_COACH_MIN = 10
COACH_SEATS = 45
COACH_BOARD_MIN = 10.0
COACH_LEG_MIN_CNY = 150.0
COACH_CNY_PER_KM = 12.0


@dataclass(frozen=True)
class Style:
    """How the party gets around: modes avoided, the local mode wished (``public``, ``taxi``,
    ``walk``, ``drive`` or None), whether it needs comfort (seniors, small children, access
    needs: shorter walks, a chartered car on long legs), and whether it is a `group` of
    `GROUP_COACH_MIN` or more (a chartered coach)."""

    avoid: frozenset[str] = frozenset()
    prefer: str | None = None
    comfort: bool = False
    group: bool = False


#: A budget below this per person per day (CNY) rides buses and the metro whoever travels:
#: chartered cars and short taxis would take what is meant for beds and meals.
COMFORT_BUDGET_CNY = 500.0
#: … and below this, buses rather than taxis between sights too (as 「穷游」 asks): a 50-yuan
#: taxi a leg on a 60-yuan day is not what the person can pay.
PUBLIC_BUDGET_CNY = 300.0


def style_of(request: TripRequest) -> Style:
    """The `Style` of a request: comfort for seniors, children of six or under and access
    needs, unless the budget is tight (`COMFORT_BUDGET_CNY`); public transport when no local
    mode is wished and the budget is tighter still (`PUBLIC_BUDGET_CNY` a person a day)."""
    party = request.party
    comfort = (
        party.seniors > 0
        or any(age <= 6 for age in party.child_ages)
        or bool(
            {"limited-mobility", "wheelchair", "pushchair", "short-walks"} & set(request.access)
        )
    )
    prefer = request.local_transport
    if request.budget_cny is not None:
        per_day = request.budget_cny / (party.size * request.days)
        comfort &= per_day >= COMFORT_BUDGET_CNY
        if prefer is None and per_day < PUBLIC_BUDGET_CNY:
            prefer = "public"
    group = party.size >= GROUP_COACH_MIN
    return Style(frozenset(request.avoid.transport), prefer, comfort, group)


#: The local mode of the planner's lean passes for a party that needs comfort
#: (`engine.planning.budget_fit`): buses and the metro, but a car on a leg over
#: `COMFORT_METRO_MAX_M` — not 50 km by bus to dinner with a baby.
LEAN = "lean"


#: A point this close to a sight tagged ``mountain`` is up on the hill, off the metro (metres).
OFF_METRO_M = 300.0


def off_metro(destination: Destination, point: tuple[float, float]) -> bool:
    """Whether `point` (lat, lon) is up on a hill (`OFF_METRO_M` from a sight tagged
    ``mountain``): roads and paths reach it, no metro station does."""
    return any(
        "mountain" in a.tags and haversine_m(a.lat, a.lon, *point) <= OFF_METRO_M
        for a in destination.attractions
    )


def _metro_reaches(destination: Destination, point: tuple[float, float]) -> bool:
    reach = destination.radius_km * 1000 * METRO_AREA_SHARE
    return haversine_m(destination.lat, destination.lon, *point) <= reach and not off_metro(
        destination, point
    )


def metro_between(destination: Destination, a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether the destination's metro can carry a leg between points `a` and `b` (lat, lon):
    both in its inner area, neither up on a hill (`off_metro`)."""
    return destination.metro and _metro_reaches(destination, a) and _metro_reaches(destination, b)


@dataclass(frozen=True)
class Leg:
    """A leg: mode, minutes, route metres and cost for the party (CNY); `drive`: driving
    oneself (mode ``drive``, 自驾: a taxi's speed, fuel and tolls, no fare). A leg into or out of a car-free area (mode ``ferry``)
    keeps its `crossings` and the `road` leg between the gate and the other end (None when the
    other end is at the gate or in another area's gate). A leg from a one-way visit's exit in
    another town keeps the way `back` (`engine.planning.oneway`) and the `road` leg on from
    the hub it reaches."""

    mode: Mode
    minutes: int
    distance_m: int
    cost_cny: float
    drive: bool = False
    crossings: tuple[access.Crossing, ...] = ()
    road: Leg | None = None
    back: VisitExit | None = None
    inside: AccessArea | None = None


def leg(
    straight_m: float,
    *,
    metro: bool,
    party: int,
    avoid: frozenset[str] = frozenset(),
    style: Style | None = None,
    city_metro: bool | None = None,
    coach: bool = False,
    buses: bool = True,
) -> Leg:
    """The leg for a straight-line distance (metres) in a destination.

    Args:
        straight_m: haversine distance between the two places, metres.
        metro: whether the destination's metro serves both ends (`metro_between`).
        party: number of travellers (for per-person fares and cars).
        avoid: modes to avoid (``taxi``, ``metro``, ``bus``); walking is always allowed.
        style: the party's `Style` (its `avoid` is added to `avoid`).
        city_metro: whether the destination has a metro at all (default: `metro`); long legs
            in a metro city are not rural.
        coach: whether a public coach runs the leg (`coach_runs`): a long rural leg takes it
            rather than a chartered car.
        buses: whether buses run out of town (`Destination.rural_buses`): where none do, a
            long leg goes by chartered car whatever the wish (a bus that does not exist strands
            the traveller).

    Returns:
        A `Leg` with 0 minutes when the places are the same (< 80 m).
    """
    style = style or Style()
    if style.prefer == LEAN:  # a lean pass for a baby or seniors: a car only on a long leg
        style = replace(style, prefer=None if straight_m > COMFORT_METRO_MAX_M else "public")
    avoid = avoid | style.avoid
    prefer = style.prefer
    route = straight_m * DETOUR
    walk_max = WALK_WISH_M if prefer == "walk" else COMFORT_WALK_M if style.comfort else WALK_MAX_M
    if straight_m < SAME_PLACE_M:
        return Leg(Mode.WALK, 0, int(route), 0.0)
    if straight_m <= walk_max:
        return Leg(Mode.WALK, math.ceil(route / WALK_M_PER_MIN), int(route), 0.0)
    cars = math.ceil(party / 4)
    if style.group and prefer not in ("public", "walk", "drive"):
        return _coach(route, party)
    if prefer == "drive":
        speed = TAXI_TOWN_M_PER_MIN if route < 10_000 else TAXI_ROAD_M_PER_MIN
        minutes = math.ceil(DRIVE_PARK_MIN + route / speed)
        return Leg(Mode.DRIVE, minutes, int(route), round(DRIVE_CNY_PER_KM * route / 1000 * cars, 1),
                   drive=True)  # fmt: skip
    use_metro = metro and "metro" not in avoid and prefer != "taxi"
    if style.comfort and prefer is None and "taxi" not in avoid and straight_m <= COMFORT_TAXI_M:
        use_metro = False  # a short hop: a taxi, not the stairs and a walk to the station
    if (
        style.comfort
        and prefer is None
        and "taxi" not in avoid
        and straight_m > COMFORT_METRO_MAX_M
    ):
        use_metro = False  # a car door to door (a taxi; the chartered car on long legs)
    if use_metro and (straight_m <= METRO_MAX_M or "taxi" in avoid):
        minutes = math.ceil(METRO_ACCESS_MIN + route / METRO_M_PER_MIN)
        km = route / 1000
        fare = min(10.0, 3.0 + max(0, math.ceil((km - 6) / 10)))
        return Leg(Mode.METRO, minutes, int(route), fare * party)
    if straight_m > LONG_M:
        rural = not (metro if city_metro is None else city_metro)
        if not buses and not coach:  # no bus runs there: the chartered car whoever travels
            avoid, style = avoid | {"bus"}, replace(style, prefer=None)
        return _long(route, party, avoid, style, rural=rural and not coach)
    if ("taxi" in avoid or prefer == "public") and "bus" not in avoid:
        # A public bus at roughly half taxi speed, 2 CNY per person.
        minutes = math.ceil(10 + route / (TAXI_TOWN_M_PER_MIN * 0.6))
        return Leg(Mode.BUS, minutes, int(route), 2.0 * party)
    speed = TAXI_TOWN_M_PER_MIN if route < 10_000 else TAXI_ROAD_M_PER_MIN
    minutes = math.ceil(TAXI_WAIT_MIN + route / speed)
    km = route / 1000
    fare = TAXI_FLAG_CNY + max(0.0, km - TAXI_FLAG_KM) * TAXI_PER_KM_CNY
    return Leg(Mode.TAXI, minutes, int(route), round(fare * cars, 1))


def _coach(route: float, party: int) -> Leg:
    """A group's leg by its chartered coach (see the module docstring)."""
    speed = TAXI_TOWN_M_PER_MIN if route < 10_000 else TAXI_ROAD_M_PER_MIN
    minutes = math.ceil(COACH_BOARD_MIN + route / speed)
    coaches = math.ceil(max(party, 1) / COACH_SEATS)
    fare = max(COACH_LEG_MIN_CNY, COACH_CNY_PER_KM * route / 1000) * coaches
    return Leg(Mode.CHARTER, minutes, int(route), round(fare, -1))


def _long(route: float, party: int, avoid: frozenset[str], style: Style, *, rural: bool) -> Leg:
    """A long leg: a (tourist or public) bus, or a chartered car (see the module docstring)."""
    minutes = math.ceil(LONG_ACCESS_MIN + route / LONG_M_PER_MIN)
    km = route / 1000
    charter = (
        "bus" in avoid
        or style.prefer == "taxi"
        or (style.prefer != "public" and (style.comfort or (rural and route > RURAL_CHARTER_M)))
    )
    if (charter and "taxi" not in avoid) or "bus" in avoid:
        fare = max(CHARTER_MIN_CNY, CHARTER_CNY_PER_KM * km) * math.ceil(party / 4)
        return Leg(Mode.CHARTER, minutes, int(route), round(fare, -1))
    fare = min(40.0, max(2.0, round(BUS_CNY_PER_KM * km)))
    return Leg(Mode.BUS, minutes, int(route), fare * party)


def between(
    destination: Destination,
    a: tuple[float, float],
    b: tuple[float, float],
    *,
    party: int,
    avoid: frozenset[str] = frozenset(),
    style: Style | None = None,
) -> Leg:
    """The leg between points `a` and `b` (lat, lon) in `destination`: `leg` on their
    straight-line distance, by metro when `metro_between` says the metro serves them; through
    a car-free area's crossing when an end lies in one (`engine.planning.access`); from a
    one-way visit's exit in another town by its way back (`engine.planning.oneway`)."""
    from_exit = oneway.exit_at(destination, a)
    if from_exit is not None and from_exit.exit is not None and from_exit.exit.back_hub:
        return _way_back(destination, from_exit.exit, b, party=party, avoid=avoid, style=style)
    if destination.access_areas:
        here, there = access.area_at(destination, a), access.area_at(destination, b)
        if here is not None or there is not None:
            return _via_areas(destination, a, b, here, there, party=party, avoid=avoid,
                              style=style)  # fmt: skip
    meters = haversine_m(a[0], a[1], b[0], b[1])
    return leg(
        meters,
        metro=metro_between(destination, a, b),
        party=party,
        avoid=avoid,
        style=style,
        city_metro=destination.metro,
        coach=coach_runs(destination, a, b),
        buses=destination.rural_buses,
    )


def coach_runs(destination: Destination, a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether a public coach runs between `a` and `b`: one end is the destination's station or
    airport and the destination has a coach station of its own (the knowledge base's hubs;
    宁波站 → 沈家门/朱家尖 for 普陀山, 黄山北站 → 汤口) — coaches meet the trains and planes."""
    if not any(h.kind == "coach" for h in destination.hubs):
        return False
    return any(
        haversine_m(p[0], p[1], h.lat, h.lon) < SAME_PLACE_M
        for h in destination.hubs
        if h.kind in ("rail", "airport")
        for p in (a, b)
    )


def _via_areas(
    destination: Destination,
    a: tuple[float, float],
    b: tuple[float, float],
    here: AccessArea | None,
    there: AccessArea | None,
    *,
    party: int,
    avoid: frozenset[str],
    style: Style | None,
) -> Leg:
    """A leg with an end in a car-free area (see `engine.planning.access`)."""
    if here is not None and here is there:  # both on the island: on foot, or its buses
        minutes, route, bus = access.inside(here, a, b, WALK_M_PER_MIN, DETOUR)
        if bus:
            return Leg(Mode.BUS, minutes, route, here.inside_fare_cny * party, inside=here)
        return Leg(Mode.WALK, minutes, route, 0.0)
    crossings = []
    if here is not None:
        crossings.append(access.crossing(destination, here, a, inbound=False,
                                         m_per_min=WALK_M_PER_MIN, detour=DETOUR))  # fmt: skip
    if there is not None:
        crossings.append(access.crossing(destination, there, b, inbound=True,
                                         m_per_min=WALK_M_PER_MIN, detour=DETOUR))  # fmt: skip
    start = (crossings[0].gate.lat, crossings[0].gate.lon) if here is not None else a
    end = (crossings[-1].gate.lat, crossings[-1].gate.lon) if there is not None else b
    road = between(destination, start, end, party=party, avoid=avoid, style=style)
    minutes = road.minutes + sum(c.walk_minutes + c.area.ride_minutes for c in crossings)
    fares = sum(c.area.fare_cny + c.inside_fare for c in crossings) * party
    route = road.distance_m + sum(c.walk_m + c.ride_m for c in crossings)
    mode = AREA_MODES[crossings[0].area.way]
    return Leg(mode, minutes, route, round(fares + road.cost_cny, 1),
               crossings=tuple(crossings), road=road if road.minutes else None)  # fmt: skip


def _way_back(
    destination: Destination,
    exit_: VisitExit,
    b: tuple[float, float],
    *,
    party: int,
    avoid: frozenset[str],
    style: Style | None,
) -> Leg:
    """A leg from a one-way visit's exit: on foot when `b` is near it, else its way back
    (`VisitExit.back_minutes`, `VisitExit.back_fare_cny` a person) to the hub it reaches, then
    the ordinary leg on to `b`."""
    meters = haversine_m(exit_.lat, exit_.lon, *b)
    if meters <= WALK_MAX_M:
        return leg(meters, metro=False, party=party)
    hub = next(h for h in destination.hubs if h.id == exit_.back_hub)
    road = between(destination, (hub.lat, hub.lon), b, party=party, avoid=avoid, style=style)
    route = int(haversine_m(exit_.lat, exit_.lon, hub.lat, hub.lon) * DETOUR) + road.distance_m
    cost = exit_.back_fare_cny * party + road.cost_cny
    return Leg(Mode.BUS, exit_.back_minutes + road.minutes, route, round(cost, 1),
               road=road if road.minutes else None, back=exit_)  # fmt: skip


#: The mode of a leg through an access area, by its way in (`AccessArea.way`).
AREA_MODES = {"ferry": Mode.FERRY, "scenic_bus": Mode.BUS, "cable_car": Mode.CABLE_CAR}


def minutes_matrix(
    destination: Destination, points: list[tuple[float, float]], style: Style | None = None
) -> list[list[int]]:
    """Minutes of the leg between every two of `points` (lat, lon) for one person: `between`
    for each pair, with each point's place in the metro area worked out once."""
    inner = [destination.metro and _metro_reaches(destination, p) for p in points]
    out = [[0] * len(points) for _ in points]
    zoned = [access.area_at(destination, p) is not None for p in points]
    for i, (alat, alon) in enumerate(points):
        for j in range(i + 1, len(points)):
            if zoned[i] or zoned[j]:
                out[i][j] = out[j][i] = between(
                    destination, points[i], points[j], party=1, style=style
                ).minutes
                continue
            meters = haversine_m(alat, alon, points[j][0], points[j][1])
            metro = inner[i] and inner[j]
            out[i][j] = out[j][i] = leg(
                meters,
                metro=metro,
                party=1,
                style=style,
                city_metro=destination.metro,
                buses=destination.rural_buses,
            ).minutes
    return out
