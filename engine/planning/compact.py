"""Compact days: reorder each day's visits so that sights come early and no wait opens up before
the day's last sight.

The TOPTW objective (score, then travel) is blind to waiting: a relaxed day may have lunch at
11:00 and the Forbidden City after it (12:27–16:27) with the morning spent waiting, though the
palace opens at 08:30 and lunch fits after it. Travellers go to the big sight in the morning and
keep the slack for the end of the day (rest before dinner). This pass keeps each day's visits
(same score, a meal may go to another restaurant of the same meal as good) and tries every
relocation of one visit and every swap of two, keeping the order with
the least ``idle + travel`` (minutes), then the earliest end of the last sight, then the earliest
sights (the sum of their starts), where idle is the
time spent waiting (for an opening, a meal window) from the day's start until the last sight ends,
the tour leaving at its earliest, and travel is the whole day's riding, to the day's end (tonight's
lodging, the station) included: a day ends with the sight near where it ends rather than riding
out to it first and back past it at night (汤口 → 塔川 → 黄山 → 宏村 went 40 km out and back; the
mountain first, then 塔川 beside 宏村). Each order is checked against windows, span and duration
(`_toptw_greedy.tour_feasible`); the result is scheduled and checked once more (`toptw.evaluate`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence

import numpy as np

from engine.knowledge.schema import Attraction
from engine.planning import toptw
from engine.planning._toptw_greedy import tour_feasible
from engine.planning._toptw_reach import validate
from engine.planning.model import TripModel

MAX_ROUNDS = 4


def compact_days(model: TripModel, solution: toptw.Solution) -> toptw.Solution:
    """`solution` with each tour reordered as in the module docstring (or `solution` itself when
    no order is better or the solution is infeasible)."""
    if not solution.feasible:
        return solution
    instance = model.instance()
    travel = validate(instance)
    sights = {i for i, info in enumerate(model.info) if isinstance(info.place, Attraction)}
    slots: dict[tuple[int, str], list[int]] = defaultdict(list)
    for index, info in enumerate(model.info):
        if info.meal is not None and index not in sights:
            slots[(info.day, info.meal)].append(index)
    orders = [[stop.visit for stop in tour] for tour in solution.tours]
    changed = False
    for k, order in enumerate(orders):
        if len(order) < 2 or not sights & set(order):
            continue
        best = cost(instance, travel, k, order, sights)
        for _round in range(MAX_ROUNDS):
            improved = False
            used = {instance.visits[v].group for o in orders for v in o}
            meals = {
                pos: [
                    a
                    for a in slots[(model.info[v].day, model.info[v].meal or "")]
                    if instance.visits[a].group not in used
                    and instance.visits[a].score >= instance.visits[v].score
                ]
                for pos, v in enumerate(order)
                if v not in sights and model.info[v].meal is not None
            }
            for trial in _neighbours(order, meals):
                if not tour_feasible(instance, travel, k, trial):
                    continue
                trial_cost = cost(instance, travel, k, trial, sights)
                if trial_cost < best:
                    best, order, improved = trial_cost, trial, True
            if not improved:
                break
        if order != orders[k]:
            orders[k], changed = order, True
    if not changed:
        return solution
    candidate = toptw.evaluate(instance, orders)
    return candidate if candidate.feasible and candidate.score >= solution.score else solution


def cost(
    instance: toptw.Instance, travel: np.ndarray, k: int, order: Sequence[int], sights: set[int]
) -> tuple[int, int, int]:
    """(idle until the last sight ends + the whole tour's travel to its end, that end, the sum of
    the sights' starts) of tour `k` visiting `order`, leaving at the tour's earliest (minutes;
    see the module docstring)."""
    tour, visits = instance.tours[k], instance.visits
    clock, here = tour.earliest, tour.start
    waited = moved = 0
    idle_at_last, last_end, starts = 0, tour.earliest, 0
    for i in order:
        visit = visits[i]
        ride = int(travel[here][visit.location])
        start = max(clock + ride, visit.tw_early)
        waited += start - clock - ride
        moved += ride
        clock, here = start + visit.service, visit.location
        if i in sights:
            idle_at_last, last_end = waited, clock
            starts += start
    moved += int(travel[here][tour.end])
    return idle_at_last + moved, last_end, starts


def _neighbours(order: list[int], meals: dict[int, list[int]]) -> Iterator[list[int]]:
    """Every order one relocation or one swap away from `order`; a meal (position -> the
    unused restaurants of its slot in `meals`) may move as another restaurant."""
    n = len(order)
    for i in range(n):
        rest = order[:i] + order[i + 1 :]
        for j in range(n):
            for moved in (order[i], *meals.get(i, ())):
                if j != i or moved != order[i]:
                    yield [*rest[:j], moved, *rest[j:]]
    for i in range(n):
        for j in range(i + 1, n):
            trial = list(order)
            trial[i], trial[j] = trial[j], trial[i]
            yield trial
