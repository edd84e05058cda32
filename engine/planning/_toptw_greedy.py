"""A greedy start for the TOPTW search: cheapest feasible insertion, most valuable group first.

PyVRP's iterated local search starts from a random solution and moves one client at a time
between neighbours; with prizes that differ by orders of magnitude (a headline sight worth more
than every minor sight together, `engine.planning.model`) and places far from the rest (the
Great Wall 60 km out) a short search often never tries the one insertion that matters. This
builds a feasible start in milliseconds: required groups and visits first, then the rest in
order of prize (the best copy of each group), each as its most valuable copy that fits anywhere,
inserted where it adds the least travel on a tour whose windows, span and capacity it fits. The search then improves on it; it never makes
the result worse (the search keeps its best solution).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.planning._toptw_reach import as_loads, fits

if TYPE_CHECKING:
    import numpy as np

    from engine.planning.toptw import Instance


def greedy_orders(instance: Instance, travel: np.ndarray) -> list[list[int]]:
    """Visit orders per tour (visit indices), every tour feasible on its own and no group used
    twice; required visits may be missing when they cannot be inserted."""
    visits, tours = instance.visits, instance.tours
    members: dict[int, list[int]] = {}
    singles: list[list[int]] = []
    for i, visit in enumerate(visits):
        if visit.group is None:
            singles.append([i])
        else:
            members.setdefault(visit.group, []).append(i)
    units = [*members.values(), *singles]

    def rank(unit: list[int]) -> tuple[bool, float]:
        group = visits[unit[0]].group
        required = visits[unit[0]].required or (
            group is not None and instance.groups[group].required
        )
        return (not required, -max(visits[i].score for i in unit))

    units.sort(key=rank)
    orders: list[list[int]] = [[] for _ in tours]
    loads = [tuple(0 for _ in as_loads(t.capacity)) for t in tours]
    for unit in units:
        best: tuple[int, int, int, int] | None = None  # (added travel, tour, position, visit)
        for i in sorted(unit, key=lambda i: -visits[i].score):
            if best is not None and visits[i].score < visits[best[3]].score:
                break  # a less valuable copy of a unit already placed
            visit = visits[i]
            for k, tour in enumerate(tours):
                if visit.tours is not None and k not in visit.tours:
                    continue
                if visit.tw_late < tour.earliest or visit.tw_early > tour.latest:
                    continue
                load = _add_load(loads[k], visit.load)
                if tour.capacity is not None and not fits(load, tour.capacity):
                    continue
                order = orders[k]
                path = [tour.start, *(visits[j].location for j in order), tour.end]
                for pos in range(len(order) + 1):
                    a, b = path[pos], path[pos + 1]
                    added = int(
                        travel[a][visit.location] + travel[visit.location][b] - travel[a][b]
                    )
                    if best is not None and added >= best[0]:
                        continue
                    if tour_feasible(instance, travel, k, [*order[:pos], i, *order[pos:]]):
                        best = (added, k, pos, i)
        if best is not None:
            _, k, pos, i = best
            orders[k].insert(pos, i)
            loads[k] = _add_load(loads[k], visits[i].load)
    return orders


def _add_load(load: tuple[int, ...], extra: int | tuple[int, ...]) -> tuple[int, ...]:
    more = as_loads(extra)
    dims = max(len(load), len(more))
    return tuple(
        (load[d] if d < len(load) else 0) + (more[d] if d < len(more) else 0) for d in range(dims)
    )


def tour_feasible(instance: Instance, travel: np.ndarray, k: int, order: Sequence[int]) -> bool:
    """Whether tour `k` can make `order` inside every window and its span and duration."""
    tour, visits = instance.tours[k], instance.visits
    clock, here = tour.earliest, tour.start
    first_start: int | None = None
    for i in order:
        visit = visits[i]
        start = max(clock + int(travel[here][visit.location]), visit.tw_early)
        if start > visit.tw_late:
            return False
        if first_start is None:
            first_start = start - int(travel[tour.start][visit.location])
        clock, here = start + visit.service, visit.location
    back = clock + int(travel[here][tour.end])
    if back > tour.latest:
        return False
    if tour.max_duration is not None and first_start is not None:
        return back - first_start <= tour.max_duration
    return True
