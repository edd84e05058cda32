"""Where a place's trains and planes leave from: its own hubs, else the nearest real hub of the
knowledge base (`engine.planning.intercity` uses these; never an invented 「X站」)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Destination, Hub

AIRPORT_REACH_KM = 200.0
RAIL_REACH_KM = 250.0


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


def point_of(hub: Hub) -> Point:
    return Point(hub.name_zh, hub.name_en, hub.lat, hub.lon, hub.id)


def hub_of(destination: Destination, kind: str, kb: KnowledgeBase) -> Point | None:
    """The destination's first hub of `kind`, else a real hub of another destination of the
    base: for an airport the nearest within `AIRPORT_REACH_KM` (e.g. 成都 for 峨眉山); for rail
    the nearest station within `RAIL_REACH_KM`, a station of a destination linked to this one
    (its gateway: 成都 for 四姑娘山, 郑州 for 登封) first. None when none is in reach — never
    a made-up station: the last stretch is the local leg (a coach or chartered car) from that
    hub, and the leg's `onward_zh` says so."""
    hubs = [h for h in destination.hubs if h.kind == kind]
    if hubs:
        return point_of(hubs[0])
    reach = AIRPORT_REACH_KM if kind == "airport" else RAIL_REACH_KM
    gateways = {o for link in kb.links if destination.id in (link.a, link.b)
                for o in (link.a, link.b)} if kind == "rail" else set()  # fmt: skip
    near = [
        (d.id not in gateways, haversine_m(destination.lat, destination.lon, h.lat, h.lon), h.id)
        for d in kb.destinations.values()
        if d.id != destination.id
        for h in d.hubs
        if h.kind == kind
    ]
    near = [n for n in near if n[1] <= reach * 1000]  # (an airport: the nearest, gateway or not)
    if not near:
        return None
    hub = kb.hub(min(near)[2])
    return point_of(hub) if hub is not None else None


def hubs_of(place: Destination | Point, kb: KnowledgeBase) -> tuple[Point | None, Point | None]:
    """(rail hub, airport) of a destination, either None when none is in reach; a bare point
    stands for both."""
    if isinstance(place, Point):
        return place, place
    return hub_of(place, "rail", kb), hub_of(place, "airport", kb)


def coach_point(place: Destination | Point) -> Point:
    """Where a coach leaves: the coach station, else another hub, else the centre."""
    if isinstance(place, Point):
        return place
    hubs = sorted(place.hubs, key=lambda h: h.kind != "coach")
    return point_of(hubs[0]) if hubs else Point(place.name_zh, place.name_en, place.lat, place.lon)
