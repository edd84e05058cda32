"""Schedules of TOPTW tours from visit orders, and the independent check of a solution."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING

from engine.planning._toptw_reach import as_loads, fits

if TYPE_CHECKING:
    from engine.planning.toptw import Instance, Stop


@dataclass
class Timed:
    """A scheduled tour: (visit, arrival, start, end) per stop, (departure, return), travel."""

    stops: list[tuple[int, int, int, int]]
    span: tuple[int, int] | None
    travel: int


def schedule(instance: Instance, k: int, order: Sequence[int]) -> Timed:
    """Times of tour `k` visiting `order` (visit indices).

    Each visit starts as soon as it can (arrival, or its window's opening). The departure is the
    latest one that does not make the tour return later than leaving at `Tour.earliest` would:
    the earliest return with the shortest duration (waits absorbed by leaving later). The result
    may break windows when the order is infeasible; `check` says so.
    """
    if not order:
        return Timed([], None, 0)
    tour, visits, travel = instance.tours[k], instance.visits, instance.travel
    path = [tour.start, *(visits[i].location for i in order), tour.end]
    legs = [int(travel[a][b]) for a, b in pairwise(path)]
    back = _forward(instance, order, legs, tour.earliest)[1]
    latest = back  # backward pass: latest service starts that still return by `back`
    for n in reversed(range(len(order))):
        visit = visits[order[n]]
        latest = min(visit.tw_late, latest - legs[n + 1] - visit.service)
    depart = max(tour.earliest, latest - legs[0])
    stops, back = _forward(instance, order, legs, depart)
    return Timed(stops, (depart, back), sum(legs))


def _forward(
    instance: Instance, order: Sequence[int], legs: list[int], depart: int
) -> tuple[list[tuple[int, int, int, int]], int]:
    """Stops and return time when leaving at `depart`, starting each visit as early as it can."""
    clock, stops = depart, []
    for n, i in enumerate(order):
        visit = instance.visits[i]
        arrival = clock + legs[n]
        start = max(arrival, visit.tw_early)
        clock = start + visit.service
        stops.append((i, arrival, start, clock))
    return stops, clock + legs[-1]


def check(
    instance: Instance,
    tours: Sequence[Sequence[Stop]],
    spans: Sequence[tuple[int, int] | None],
    score: float,
) -> list[str]:
    """What a solution violates (see `engine.planning.toptw.check`); empty when feasible."""
    out: list[str] = []
    visits, travel = instance.visits, instance.travel
    if len(tours) != len(instance.tours) or len(spans) != len(instance.tours):
        return [f"{len(tours)} tours / {len(spans)} spans for {len(instance.tours)} tours"]
    seen: dict[int, int] = {}
    for k, (tour, stops, span) in enumerate(zip(instance.tours, tours, spans, strict=True)):
        if not stops:
            continue
        if span is None:
            out.append(f"tour {k} has stops but no departure/return times")
            continue
        depart, back = span
        clock, here = depart, tour.start
        for s in stops:
            if not 0 <= s.visit < len(visits):
                out.append(f"tour {k}: unknown visit {s.visit}")
                continue
            visit = visits[s.visit]
            if s.visit in seen:
                out.append(f"visit {s.visit} is made twice (tours {seen[s.visit]} and {k})")
            seen[s.visit] = k
            if visit.tours is not None and k not in visit.tours:
                out.append(f"visit {s.visit} is on tour {k}, not one of its tours")
            if s.arrival != clock + int(travel[here][visit.location]):
                out.append(f"visit {s.visit}: arrival {s.arrival} does not follow the travel time")
            if not max(s.arrival, visit.tw_early) <= s.start <= visit.tw_late:
                out.append(
                    f"visit {s.visit}: start {s.start} outside "
                    f"[max(arrival, {visit.tw_early}), {visit.tw_late}]"
                )
            if s.end != s.start + visit.service:
                out.append(f"visit {s.visit}: end {s.end} != start + service")
            clock, here = s.end, visit.location
        if back < clock + int(travel[here][tour.end]):
            out.append(f"tour {k}: return {back} is before the last leg ends")
        if depart < tour.earliest or back > tour.latest:
            out.append(f"tour {k}: [{depart}, {back}] outside [{tour.earliest}, {tour.latest}]")
        if tour.max_duration is not None and back - depart > tour.max_duration:
            out.append(f"tour {k}: duration {back - depart} > max {tour.max_duration}")
        loads = [as_loads(visits[s.visit].load) for s in stops if 0 <= s.visit < len(visits)]
        dims = max((len(x) for x in loads), default=0)
        load = tuple(sum(as_loads(x, dims)[d] for x in loads) for d in range(dims))
        if not fits(load, tour.capacity):
            out.append(f"tour {k}: load {load} > capacity {tour.capacity}")
    for i, visit in enumerate(visits):
        if visit.required and i not in seen:
            out.append(f"required visit {i} is not visited")
    for g, group in enumerate(instance.groups):
        made = sum(1 for i in seen if visits[i].group == g)
        if made > 1:
            out.append(f"group {g} has {made} visits, at most one allowed")
        elif group.required and made == 0:
            out.append(f"required group {g} has no visit")
    total = sum(visits[i].score for i in seen)
    if abs(total - score) > 1e-9 * max(1.0, abs(total)):
        out.append(f"reported score {score} != {total}")
    return out
