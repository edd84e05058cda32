"""One-way visits: a visit that comes out elsewhere than it goes in (`VisitExit`: the 漓江
cruise boards at 磨盘山 and lands in 阳朔, 83 km downstream).

The attraction's point is the way in; the leg after the visit starts at its exit (九曲溪's
rafts board at 星村 and land at 武夷宫, 7 km on). From an exit in another town the way back (`VisitExit.back_zh`: walk to the coach station, the coach) reaches
the destination's hub `VisitExit.back_hub`, then the ordinary leg goes on
(`engine.planning.transit.between`). A trip that goes on to the exit's destination (桂林, then
阳朔) makes the visit its move between the two stays (`move_sight`): the morning to the pier, the
cruise, the afternoon and the night in 阳朔 — no coach back and train out again.
"""

from __future__ import annotations

from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Attraction, Destination
from engine.planning.hubs import Point

#: An exit this close to a point is that point (metres).
AT_EXIT_M = 80.0
#: A one-way sight is the move between two stays when it is worth this much: a must-see, a
#: headline sight, or one of this popularity.
MOVE_POPULARITY = 4


def exit_point(place: Attraction) -> Point:
    """Where the leg after a visit to `place` starts: its exit, else the place itself."""
    if place.exit is None:
        return Point(place.name_zh, place.name_en, place.lat, place.lon, place.id)
    e = place.exit
    return Point(e.name_zh, e.name_en, e.lat, e.lon)


def exit_at(destination: Destination, point: tuple[float, float]) -> Attraction | None:
    """The one-way sight of `destination` whose exit is at `point` (lat, lon), if any."""
    for a in destination.attractions:
        if a.exit is not None and haversine_m(a.exit.lat, a.exit.lon, *point) <= AT_EXIT_M:
            return a
    return None


def move_sight(
    previous: Destination,
    nxt: Destination,
    wanted: dict[str, tuple[bool, bool]],
) -> Attraction | None:
    """The one-way sight of `previous` whose exit lies in `nxt` and that is worth making the
    move between the two stays, or None.

    Args:
        previous, nxt: the stay left and the stay reached that morning.
        wanted: attraction id -> (must-see, headline) for the candidates of `previous` (a
            sight the person declined is not among them).
    """
    for a in previous.attractions:
        if a.exit is None or a.exit.destination != nxt.id or a.id not in wanted:
            continue
        must, headline = wanted[a.id]
        if must or headline or a.popularity >= MOVE_POPULARITY:
            return a
    return None
