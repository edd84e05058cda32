"""Intercity legs: curated links first, else a documented distance model.

Distance model (used only when no curated `IntercityLink` joins the two places; every leg it
makes is labelled ``estimated``):

- Rail route length = great-circle distance × 1.25 (China's HSR network circuity; e.g.
  Shanghai–Beijing 1 068 km straight, 1 318 km by the Beijing–Shanghai HSR).
- **hsr** (straight line <= 1 300 km): 20 min + route length at 220 km/h average including stops;
  second-class fare 0.45 CNY per route-km (Beijing–Shanghai 2nd class 553–662 CNY / 1 318 km).
- **train** (beyond HSR range with no flight, e.g. flights avoided: a Z/T/K train): 30 min +
  route length at 80 km/h including stops; 0.16 CNY per route-km (hard-sleeper tariffs on long
  routes are roughly 0.15–0.2 CNY/km; estimated).
- **flight** (straight line >= 600 km, or rail avoided): 40 min taxi/climb/descent + distance at
  700 km/h block speed; economy fare 0.55 CNY/km + 60 CNY (airport construction fee + typical fuel
  surcharge; discounted fares vary widely). The guide tells people to check 12306 / airlines.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Destination, Hub, IntercityLink

RAIL_DETOUR = 1.25
TRAIN_KMH = 80.0  # long-distance conventional (Z/T/K) trains, stops included
TRAIN_CNY_PER_KM = 0.16  # hard sleeper, roughly (hard seat ~0.1)
HSR_MAX_KM = 1300.0
FLIGHT_MIN_KM = 600.0
AIRPORT_REACH_KM = 200.0


@dataclass(frozen=True)
class Point:
    """A named WGS-84 point (a hub, or a city centre standing in for one)."""

    name_zh: str
    name_en: str
    lat: float
    lon: float
    poi_id: str | None = None

    def name(self, lang: str) -> str:
        return self.name_zh if lang == "zh" else self.name_en


@dataclass(frozen=True)
class IntercityOption:
    """One way of travelling between two places (both directions share it).

    Attributes:
        mode: ``hsr`` / ``train`` / ``flight`` / ``coach``.
        a_hub, b_hub: hubs at the origin and the destination side.
        minutes: typical vehicle time; `fare_cny`: one adult one-way fare.
        first_departure, last_departure: minutes after midnight.
        confidence: the link's confidence, or ``estimated`` for the distance model.
        service: train number or flight of a scheduled service (it leaves at
            `first_departure` only, and only in this direction); "" for a typical link.
    """

    mode: str
    a_hub: Point
    b_hub: Point
    minutes: int
    fare_cny: float
    first_departure: int
    last_departure: int
    confidence: str
    note_zh: str = ""
    note_en: str = ""
    service: str = ""

    @property
    def scheduled(self) -> bool:
        return bool(self.service)

    def reversed(self) -> IntercityOption:
        """The same link travelled the other way (typical links only)."""
        return replace(self, a_hub=self.b_hub, b_hub=self.a_hub)


def _hm(text: str) -> int:
    hours, minutes = text.split(":")
    return int(hours) * 60 + int(minutes)


def _point(hub: Hub) -> Point:
    return Point(hub.name_zh, hub.name_en, hub.lat, hub.lon, hub.id)


def _hub_of(destination: Destination, kind: str, kb: KnowledgeBase) -> Point | None:
    """The destination's first hub of `kind`; for an airport, else the nearest airport of the
    base within `AIRPORT_REACH_KM` (e.g. 成都 for 峨眉山); for rail, else the city centre
    (an estimate is labelled so). None when no airport is in reach."""
    hubs = [h for h in destination.hubs if h.kind == kind]
    if hubs:
        return _point(hubs[0])
    if kind == "airport":
        near = [
            (haversine_m(destination.lat, destination.lon, h.lat, h.lon), h)
            for d in kb.destinations.values()
            for h in d.hubs
            if h.kind == "airport"
        ]
        near = [(m, h) for m, h in near if m <= AIRPORT_REACH_KM * 1000]
        return _point(min(near, key=lambda pair: pair[0])[1]) if near else None
    return Point(
        destination.name_zh + "站",
        destination.name_en + " Station",
        destination.lat,
        destination.lon,
    )


def _hubs(place: Destination | Point, kb: KnowledgeBase) -> tuple[Point, Point | None]:
    """(rail hub, airport or None) of a destination; a bare point stands for both."""
    if isinstance(place, Point):
        return place, place
    rail = _hub_of(place, "rail", kb)
    assert rail is not None  # rail falls back to the centre
    return rail, _hub_of(place, "airport", kb)


def _from_link(link: IntercityLink, kb: KnowledgeBase, origin: str) -> IntercityOption | None:
    a_hub, b_hub = kb.hub(link.a_hub), kb.hub(link.b_hub)
    if a_hub is None or b_hub is None:
        return None
    option = IntercityOption(
        link.mode,
        _point(a_hub),
        _point(b_hub),
        link.duration_minutes,
        link.fare_cny,
        _hm(link.first_departure),
        _hm(link.last_departure),
        link.confidence,
        link.note_zh,
        link.note_en,
        link.service,
    )
    if link.a == origin:
        return option
    return None if link.service else option.reversed()


def estimate(a: Point, b: Point, mode: str) -> IntercityOption:
    """The distance-model option for `mode` (``hsr``, ``train`` or ``flight``) between two
    points."""
    km = haversine_m(a.lat, a.lon, b.lat, b.lon) / 1000
    if mode == "flight":
        minutes = round(40 + km / 700 * 60)
        fare = round(0.55 * km + 60, -1)
        first, last = 7 * 60, 21 * 60
    elif mode == "train":
        route = km * RAIL_DETOUR
        minutes = round(30 + route / TRAIN_KMH * 60)
        fare = round(TRAIN_CNY_PER_KM * route)
        first, last = 8 * 60, 21 * 60
    else:
        route = km * RAIL_DETOUR
        minutes = round(20 + route / 220 * 60)
        fare = round(0.45 * route)
        first, last = 6 * 60 + 30, 20 * 60
    return IntercityOption(mode, a, b, max(30, minutes), max(10.0, fare), first, last, "estimated")


def options(
    kb: KnowledgeBase,
    origin: Destination | Point,
    destination: Destination | Point,
    *,
    avoid: frozenset[str] = frozenset(),
    prefer: tuple[str, ...] = (),
) -> list[IntercityOption]:
    """Ways from `origin` to `destination`, best first (fastest door-to-door, rail on ties).

    Knowledge-base links are used when both ends are knowledge-base destinations: typical links
    and the scheduled services leaving from `origin` (a data pack's timetable); otherwise the
    distance model supplies ``hsr`` and/or ``flight`` options. Two places at least
    `FLIGHT_MIN_KM` apart linked by rail only also get the distance model's flight between
    their nearest airports; so do closer places when a flight is wished (`prefer`). Modes in
    `avoid` are left out (``train`` covers ``hsr`` too). Returns an empty list when every mode
    is avoided.
    """
    avoid_rail = "train" in avoid or "hsr" in avoid
    found: list[IntercityOption] = []
    if isinstance(origin, Destination) and isinstance(destination, Destination):
        for link in kb.links_between(origin.id, destination.id):
            option = _from_link(link, kb, origin.id)
            if option is not None:
                found.append(option)
    found = [
        o for o in found if o.mode not in avoid and not (avoid_rail and o.mode in ("hsr", "train"))
    ]
    a_rail, a_air = _hubs(origin, kb)
    b_rail, b_air = _hubs(destination, kb)
    km = haversine_m(a_rail.lat, a_rail.lon, b_rail.lat, b_rail.lon) / 1000
    flying = (km >= FLIGHT_MIN_KM or avoid_rail or "flight" in prefer) and "flight" not in avoid
    air = (a_air, b_air) if flying and a_air is not None and b_air is not None else None
    if not found:
        if km <= HSR_MAX_KM and not avoid_rail:
            found.append(estimate(a_rail, b_rail, "hsr"))
        if air is not None:
            found.append(estimate(*air, "flight"))
        if not found and not avoid_rail:  # far, and no flight: a long conventional train ride
            found.append(estimate(a_rail, b_rail, "train"))
    elif air is not None and all(o.mode != "flight" for o in found):
        # Far apart, links by rail only (e.g. 苏州, without an airport, to 成都): the flight from
        # the nearest airports is an option too, labelled estimated.
        found.append(estimate(*air, "flight"))
    overhead = {"flight": 150, "hsr": 45, "train": 45, "coach": 30}
    found.sort(key=lambda o: (o.minutes + overhead.get(o.mode, 45), o.mode != "hsr"))
    return found
