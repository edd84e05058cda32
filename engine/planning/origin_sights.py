"""Sights at the trip's origin: a region's sights that lie in the city the trip starts from.

A region reached from a city often lists that city's own sights (青海湖 holds 西宁's 塔尔寺 and
东关清真大寺, 115 km from the lake): planned as days of the region, they send the traveller
from the lakeside lodging back to the city and out again — 160 km each way for a 45-minute
mosque. A sight within `NEAR_ORIGIN_M` of the origin, of a destination whose centre is over
`FAR_ORIGIN_M` from it, is the origin's: seen on the way in or out, not as a day of the region.
It is left out unless the person named it or it is a headline sight, and the ``origin_sights``
check says so (which sights, and that they are best seen before leaving or after coming back).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from engine.domain.feasibility import Check
from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import TripRequest
from engine.i18n import join_names, pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Attraction, Destination

if TYPE_CHECKING:
    from engine.planning.candidates import ScoredAttraction

    S = TypeVar("S", bound=ScoredAttraction)

#: A sight this close to the origin's centre (metres) is in the origin city (塔尔寺, 21 km).
NEAR_ORIGIN_M = 40_000.0
#: … when the destination's centre lies over this far from the origin (metres): 青海湖 from 西宁
#: 115 km; not a suburb (佛山 from 广州, 都江堰 from 成都, both under 80 km).
FAR_ORIGIN_M = 80_000.0


def at_origin(
    destination: Destination, origin: tuple[float, float] | None, request: TripRequest
) -> list[Attraction]:
    """The sights of `destination` that lie at the trip's `origin` (lat, lon; None: the trip
    starts at the destination), except those the person named and headline sights."""
    if origin is None:
        return []
    if haversine_m(destination.lat, destination.lon, *origin) <= FAR_ORIGIN_M:
        return []
    return [
        a
        for a in destination.attractions
        if haversine_m(a.lat, a.lon, *origin) <= NEAR_ORIGIN_M
        and a.id not in request.must_see
        and a.id not in destination.headline
    ]


def origin_of(kb: KnowledgeBase, request: TripRequest) -> tuple[str, str, float, float] | None:
    """The origin's names (zh, en) and centre (lat, lon), or None when the trip starts at its
    first destination or the origin is not known."""
    from engine.planning.planner import trip_origin  # the planner imports this module

    found = trip_origin(kb, request)
    if found is None:
        return None
    return found.name_zh, found.name_en, found.lat, found.lon


def origin_sights_check(plan: Itinerary, kb: KnowledgeBase) -> Check:
    """The ``origin_sights`` check (a warning): sights of the trip's destinations that lie at
    its origin and are not in the plan (`at_origin`), said with where to see them instead."""
    lang = plan.lang
    request = plan.request
    origin = origin_of(kb, request)
    planned = {i.poi_id for d in plan.days for i in d.items if i.kind == ItemKind.ATTRACTION}
    left = [
        a
        for dest_id in request.destinations
        if (dest := kb.destinations.get(dest_id)) is not None and origin is not None
        for a in at_origin(dest, origin[2:], request)
        if a.id not in planned
    ]
    if origin is None or not left:
        return Check(code="origin_sights", passed=True, severity="warning",
                     message=pick(lang, "没有留在出发地的景点", "no sight left to the origin"))  # fmt: skip
    zh, en = origin[0], origin[1]
    names = join_names([a.name(lang) for a in left], lang)
    return Check(
        code="origin_sights",
        passed=False,
        severity="warning",
        message=pick(
            lang,
            f"{names}在出发地{zh}，没有排进行程（从住处来回要多跑很远）：出发前或回到{zh}后顺路去看",
            f"{names} lie in {en}, where the trip starts: left out of the days (a long detour "
            f"from the lodging); see them before leaving or after coming back to {en}",
        ),
        relax=pick(
            lang,
            f"想在行程里去，就点名说「第1天去{left[0].name_zh}」",
            f'to see it during the trip, say "day 1: {left[0].name_en}"',
        ),
    )


def without_origin_sights(
    scored: list[S], destination: Destination, kb: KnowledgeBase, request: TripRequest
) -> list[S]:
    """`scored` (`candidates.ScoredAttraction`s of `destination`) without the sights that lie
    at the trip's origin (`at_origin`)."""
    origin = origin_of(kb, request)
    away = {a.id for a in at_origin(destination, origin[2:] if origin else None, request)}
    return [s for s in scored if s.attraction.id not in away]
