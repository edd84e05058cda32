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
from itertools import pairwise
from typing import TYPE_CHECKING

from engine.planning._toptw_reach import as_loads, fits

if TYPE_CHECKING:
    import numpy as np

    from engine.planning.toptw import Instance


def greedy_orders(instance: Instance, travel: np.ndarray) -> list[list[int]]:
    """Visit orders per tour (visit indices), every tour feasible on its own and no group used
    twice; required visits may be missing when they cannot be inserted."""
    orders: list[list[int]] = [[] for _ in instance.tours]
    insert_all(instance, travel, orders, units_of(instance))
    return orders


def improve(instance: Instance, travel: np.ndarray, orders: list[list[int]]) -> list[list[int]]:
    """Try to bring in the most valuable groups left out (`IMPROVE_TRIES` of them, each worth
    more than the least valuable visit made): for each,
    and each tour it could go on, rebuild that tour around it — the group first, then the
    tour's former visits and every other unused unit by value — and keep the rebuild when the
    total score grows. Escapes what one-client moves cannot: the Great Wall holding the day
    that the Forbidden City, worth more, needs."""
    visits = instance.visits
    best = [list(o) for o in orders]
    best_score = _score(instance, best)
    units = units_of(instance)
    for _ in range(IMPROVE_ROUNDS):
        improved = False
        used = {i for o in best for i in o}
        used_groups = {visits[i].group for i in used if visits[i].group is not None}
        floor = min((visits[i].score for i in used), default=0.0)
        left = [
            u
            for u in units
            if not (set(u) & used)
            and visits[u[0]].group not in used_groups
            and max(visits[i].score for i in u) > floor  # worth more than something made
        ]
        left.sort(key=lambda u: -max(visits[i].score for i in u))
        for unit in left[:IMPROVE_TRIES]:
            for k in {k for i in unit for k in tours_for(instance, i)}:
                trial = rebuilt(instance, travel, best, k, unit, units)
                if trial is None:
                    continue
                score = _score(instance, trial)
                if score > best_score + 1e-9 and has_required(instance, trial):
                    best, best_score, improved = trial, score, True
                    break
            if improved:
                break
        if not improved:
            break
    return best


IMPROVE_TRIES = 4
IMPROVE_ROUNDS = 3


def rebuilt(
    instance: Instance,
    travel: np.ndarray,
    orders: list[list[int]],
    k: int,
    unit: list[int],
    units: list[list[int]],
) -> list[list[int]] | None:
    """`orders` with tour `k` rebuilt around `unit` (its copies allowed on `k`, the most
    valuable that fits) and then every unit not made re-inserted by value on any tour
    (`insert_all`); None when `unit` does not fit on the emptied tour."""
    trial = [list(o) if j != k else [] for j, o in enumerate(orders)]
    if not insert_all(instance, travel, trial, [[i for i in unit if k in tours_for(instance, i)]],
                      only=k):  # fmt: skip
        return None
    insert_all(instance, travel, trial, units, only=None)
    return trial


def units_of(instance: Instance) -> list[list[int]]:
    """Groups (and ungrouped visits), required first, then by their best copy's score."""
    visits = instance.visits
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
    return units


def tours_for(instance: Instance, i: int) -> list[int]:
    visit = instance.visits[i]
    return [
        k
        for k, tour in enumerate(instance.tours)
        if (visit.tours is None or k in visit.tours)
        and not (visit.tw_late < tour.earliest or visit.tw_early > tour.latest)
    ]


def has_required(instance: Instance, orders: list[list[int]]) -> bool:
    """Every required visit and required group is in `orders`."""
    made = {i for o in orders for i in o}
    groups = {instance.visits[i].group for i in made}
    return all(i in made for i, v in enumerate(instance.visits) if v.required) and all(
        g in groups for g, group in enumerate(instance.groups) if group.required
    )


def _score(instance: Instance, orders: list[list[int]]) -> float:
    return sum(instance.visits[i].score for o in orders for i in o)


def insert_all(
    instance: Instance,
    travel: np.ndarray,
    orders: list[list[int]],
    units: list[list[int]],
    *,
    only: int | None = None,
) -> bool:
    """Insert each unit not yet in `orders` (its most valuable copy that fits, where it adds the
    least travel; on tour `only` when given); True when the last unit went in."""
    visits, tours = instance.visits, instance.tours
    loads = [_tour_load(instance, o) for o in orders]
    used_groups = {visits[i].group for o in orders for i in o if visits[i].group is not None}
    used = {i for o in orders for i in o}
    placed = False
    for unit in units:
        group = visits[unit[0]].group
        if (group is not None and group in used_groups) or set(unit) & used:
            placed = False
            continue
        best: tuple[int, int, int, int] | None = None  # (added travel, tour, position, visit)
        for i in sorted(unit, key=lambda i: -visits[i].score):
            if best is not None and visits[i].score < visits[best[3]].score:
                break  # a less valuable copy of a unit already placed
            visit = visits[i]
            for k in tours_for(instance, i):
                if only is not None and k != only:
                    continue
                tour = tours[k]
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
                    if (
                        best is not None
                        and added >= best[0]
                        and visits[best[3]].score >= visit.score
                    ):
                        continue
                    if tour_feasible(instance, travel, k, [*order[:pos], i, *order[pos:]]):
                        best = (added, k, pos, i)
        placed = best is not None
        if best is not None:
            _, k, pos, i = best
            orders[k].insert(pos, i)
            loads[k] = _add_load(loads[k], visits[i].load)
            used.add(i)
            if group is not None:
                used_groups.add(group)
    return placed


def _tour_load(instance: Instance, order: list[int]) -> tuple[int, ...]:
    load: tuple[int, ...] = (
        tuple(0 for _ in as_loads(instance.tours[0].capacity)) if instance.tours else ()
    )
    for i in order:
        load = _add_load(load, instance.visits[i].load)
    return load


def _add_load(load: tuple[int, ...], extra: int | tuple[int, ...]) -> tuple[int, ...]:
    more = as_loads(extra)
    dims = max(len(load), len(more))
    return tuple(
        (load[d] if d < len(load) else 0) + (more[d] if d < len(more) else 0) for d in range(dims)
    )


def tour_travel(instance: Instance, travel: np.ndarray, k: int, order: Sequence[int]) -> int:
    """Minutes of travel of tour `k` making `order` (from its start to its end)."""
    tour = instance.tours[k]
    path = [tour.start, *(instance.visits[i].location for i in order), tour.end]
    return int(sum(travel[a][b] for a, b in pairwise(path)))


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
