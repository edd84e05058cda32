"""Regions in a request: each becomes its route, the trip's days shared among them."""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.knowledge.gazetteer import Gazetteer, PlaceMatch
from engine.understanding.routes import RegionRoute, Stop, default_days, members, plan_route

#: Places named inside a region that make up its whole route (「川西 康定 稻城亚丁」): with fewer,
#: the named place joins the region's route first (「去云南，一定要去丽江」).
ROUTE_NAMED = 2


@dataclass
class Expansion:
    """Destinations after regions became routes.

    Attributes:
        destinations: places in visiting order (route stops in place of their region).
        days: days per destination, aligned with `destinations`, when a route split them
            (else empty).
        routes: the routes taken, for the person (`RegionRoute.message`) and the wishes.
        trip_days: the trip length (a region named without one gets `default_days`).
    """

    destinations: list[PlaceMatch]
    days: list[int]
    routes: list[RegionRoute]
    trip_days: int | None


def expand(
    places: list[PlaceMatch],
    said: dict[str, str],
    days: int | None,
    departure: PlaceMatch | None,
    gaz: Gazetteer,
    *,
    refused: frozenset[str] | set[str] = frozenset(),
) -> Expansion:
    """Replace each region among `places` by its route; `said` maps a place's name_zh to the
    words that named it. Regions without covered destinations stay (they are reported as
    uncovered, with what is near). Places named beside a region that lie in it join its route
    first (去云南，一定要去丽江 → 丽江 is a stop); `ROUTE_NAMED` of them or more are its whole
    route (川西 康定 稻城亚丁 → 康定, 稻城亚丁: never 九寨沟 in their place). Destinations in
    `refused` (ids: 「不去九寨沟」) are no stop."""
    groups: list[tuple[PlaceMatch, list[Stop]]] = [
        (p, [s for s in members(p, gaz) if s.id not in refused] or members(p, gaz)) for p in places
    ]
    if not any(stops for _p, stops in groups):
        return Expansion(places, [], [], days)
    inside = {s.id for _p, stops in groups for s in stops}
    named = [p for p, stops in groups if not stops and p.destination_id in inside]
    groups = [(p, stops) for p, stops in groups if p not in named]
    for _p, stops in groups:
        first = [s for s in stops if any(s.id == n.destination_id for n in named)]
        # 「川西7天 康定 稻城亚丁」: two or more of its places named are the route itself
        stops[:] = (
            first if len(first) >= ROUTE_NAMED else first + [s for s in stops if s not in first]
        )
    weights = [default_days(st) if st else _place_days(p, gaz) for p, st in groups]
    total = days if days is not None else sum(weights)
    shares = _shares(weights, total)
    out: list[PlaceMatch] = []
    split: list[int] = []
    routes: list[RegionRoute] = []
    named_ids = {n.destination_id for n in named}
    for (place, stops), share in zip(groups, shares, strict=True):
        if not stops:
            out.append(place)
            split.append(share)
            continue
        route = plan_route(place, said.get(place.name_zh, place.name_zh), stops, share, departure)
        if len(stops) >= ROUTE_NAMED and all(s.id in named_ids for s in stops):
            route = replace(route, named=True)
        routes.append(route)
        out.extend(route.stops)
        split.extend(route.days)
    return Expansion(out, split, routes, total)


def _place_days(place: PlaceMatch, gaz: Gazetteer) -> int:
    cover = gaz.coverage(place.destination_id) if place.destination_id else None
    return cover.stay_days if cover is not None else 2


def _shares(weights: list[int], total: int) -> list[int]:
    """`total` split in proportion to `weights`, at least one each (largest remainders)."""
    if len(weights) == 1:
        return [total]
    raw = [total * w / sum(weights) for w in weights]
    shares = [max(1, int(r)) for r in raw]
    order = sorted(range(len(raw)), key=lambda i: raw[i] - int(raw[i]), reverse=True)
    for i in order:
        if sum(shares) >= total:
            break
        shares[i] += 1
    while sum(shares) > total and max(shares) > 1:
        shares[shares.index(max(shares))] -= 1
    return shares
