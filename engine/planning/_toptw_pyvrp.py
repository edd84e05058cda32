"""TOPTW as PyVRP 0.14 problem data: prizes, tours as vehicle types, per-tour profiles; the runs."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import pyvrp
from pyvrp import Client, ClientGroup, Depot, Location, ProblemData, VehicleType

from engine.planning._toptw_greedy import greedy_orders
from engine.planning._toptw_reach import Reach, as_loads, validate
from engine.planning._toptw_search import Criterion, Run, search

if TYPE_CHECKING:
    from engine.planning.toptw import Instance

# Total prize kept below this so costs and penalties stay far from int64 overflow.
_PRIZE_CEILING = 10**15
_UNLIMITED = int(np.iinfo(np.int64).max)  # PyVRP's own default for an unlimited duration
# Mean prize of a visit in the benchmark's c101 with m = 1 (K = 12361, mean score 18), where
# PyVRP's default penalty range works. Larger prizes get a proportionally larger range: on 12
# benchmark instances a range 1000 times larger changes nothing, 1000 times smaller never
# reaches a feasible solution.
_REFERENCE_PRIZE = 2e5
_PENALTY_HEADROOM = 20.0


@dataclass
class Model:
    """PyVRP data for an instance (None when there is nothing to search) and how to read it back.

    Attributes:
        data: the problem data, or None (no tours or no reachable visit).
        client_visit: visit index of each PyVRP client.
        type_tours: tour indices of each PyVRP vehicle type (identical tours share a type).
        violations: required visits and groups no allowed tour can reach, found before solving.
        penalty_scale: multiplier of PyVRP's penalty range, in proportion to the prizes.
        start: a greedy start (`engine.planning._toptw_greedy`) as client indices per vehicle
            type's route, or None.
    """

    data: ProblemData | None
    client_visit: list[int]
    type_tours: list[list[int]]
    violations: list[str]
    penalty_scale: float = 1.0
    start: list[tuple[int, list[int]]] | None = None


def encode(instance: Instance) -> Model:
    """Build PyVRP problem data: see the module docstring of `engine.planning.toptw`.

    Raises:
        ValueError: from `validate`.
    """
    travel = validate(instance)
    reach = Reach(instance, travel)
    tours, visits = instance.tours, instance.visits
    violations: list[str] = []
    kept: list[tuple[int, int, int, frozenset[int]]] = []  # visit, early, late, blocked tours
    for i, visit in enumerate(visits):
        window = reach.window(i)
        if window is None:
            if visit.required:
                violations.append(
                    f"required visit {i} is not visited: no allowed tour can reach it "
                    "inside its window"
                )
            continue
        kept.append((i, *window, reach.blocked(i, *window)))
    for g, group in enumerate(instance.groups):
        if group.required and not any(visits[i].group == g for i, *_ in kept):
            violations.append(
                f"required group {g} has no visit: no allowed tour can reach any of its "
                "visits inside their windows"
            )
    if not tours or not kept:
        return Model(None, [], [], violations)

    # Locations: the used matrix rows, then a private copy for each client that a profile blocks.
    used = reach.used
    blocked_clients = [c for c, item in enumerate(kept) if item[3]]
    rows = list(range(len(used))) + [
        reach.index[visits[kept[c][0]].location] for c in blocked_clients
    ]
    matrix: Any = reach.matrix[np.ix_(rows, rows)]  # Any: PyVRP's stub types ndarray oddly
    client_loc = [reach.index[visits[i].location] for i, *_ in kept]
    for n, c in enumerate(blocked_clients):
        client_loc[c] = len(used) + n

    # Profiles: 0 is the plain matrix (PyVRP builds neighbourhoods on it); one more per distinct
    # set of blocked clients, with travel to and from them longer than the whole horizon.
    t0 = min(t.earliest for t in tours)
    big = 10 * (max(t.latest for t in tours) - t0) + 1
    profile_of: dict[frozenset[int], int] = {frozenset(): 0}
    durations: list[Any] = [matrix]
    tour_profile = []
    for k in range(len(tours)):
        shut = frozenset(c for c in blocked_clients if k in kept[c][3])
        if shut not in profile_of:
            profile_of[shut] = len(durations)
            blocked = matrix.copy()
            for c in shut:
                blocked[client_loc[c], :] = big
                blocked[:, client_loc[c]] = big
                blocked[client_loc[c], client_loc[c]] = 0
            durations.append(blocked)
        tour_profile.append(profile_of[shut])

    # Prizes: score * quantum, times K > any feasible total travel, so score always comes first.
    k_factor = 1 + sum(
        min(t.latest - t.earliest, t.max_duration if t.max_duration is not None else math.inf)
        for t in tours
    )
    scores = [visits[i].score for i, *_ in kept]
    quantum = _quantum(scores, int(k_factor))
    members: dict[int, list[int]] = {}
    for c, (i, *_) in enumerate(kept):
        if (group_of := visits[i].group) is not None:
            members.setdefault(group_of, []).append(c)
    group_index = {g: n for n, g in enumerate(sorted(members))}  # PyVRP rejects empty groups
    # Load dimensions only when some tour has a capacity; uncapped dimensions get the total.
    loaded = any(t.capacity is not None for t in tours)
    dims = max(
        [len(as_loads(visits[i].load)) for i, *_ in kept]
        + [len(as_loads(t.capacity)) for t in tours]
        + [1]
    )
    total_load = [sum(as_loads(visits[i].load, dims)[d] for i, *_ in kept) for d in range(dims)]
    clients = []
    for c, (i, early, late, _) in enumerate(kept):
        visit = visits[i]
        clients.append(
            Client(
                location=client_loc[c],
                delivery=list(as_loads(visit.load, dims)) if loaded else [],
                service_duration=visit.service,
                tw_early=early - t0,
                tw_late=late - t0,
                prize=round(visit.score * quantum) * int(k_factor),
                required=visit.required,
                group=None if visit.group is None else group_index[visit.group],
            )
        )

    depot_locs = sorted({reach.index[t.start] for t in tours} | {reach.index[t.end] for t in tours})
    depot_of = {loc: d for d, loc in enumerate(depot_locs)}
    type_of: dict[
        tuple[int, int, int, int, int | None, int | tuple[int, ...] | None, int], int
    ] = {}
    type_tours: list[list[int]] = []
    for k, t in enumerate(tours):
        key = (
            depot_of[reach.index[t.start]],
            depot_of[reach.index[t.end]],
            t.earliest - t0,
            t.latest - t0,
            t.max_duration,
            t.capacity,
            tour_profile[k],
        )
        if key not in type_of:
            type_of[key] = len(type_tours)
            type_tours.append([])
        type_tours[type_of[key]].append(k)
    vehicle_types = [
        VehicleType(
            num_available=len(type_tours[n]),
            capacity=_capacity(capacity, total_load) if loaded else [],
            start_depot=start,
            end_depot=end,
            tw_early=early,
            tw_late=late,
            unit_distance_cost=1,
            profile=profile,
            shift_duration=_UNLIMITED if max_duration is None else max_duration,
        )
        for (start, end, early, late, max_duration, capacity, profile), n in type_of.items()
    ]
    data = ProblemData(
        locations=[Location(0.0, 0.0) for _ in range(len(matrix))],
        clients=clients,
        depots=[Depot(location=loc) for loc in depot_locs],
        vehicle_types=vehicle_types,
        distance_matrices=[_weighted(matrix, instance.travel_weight * quantum * int(k_factor))]
        * len(durations),
        duration_matrices=durations,
        groups=[ClientGroup(members[g], instance.groups[g].required) for g in sorted(members)],
    )
    prizes = [c.prize for c in clients if c.prize > 0]
    # In proportion to the largest prize, with headroom: PyVRP's largest penalty (1e5 per unit
    # of excess load or time warp) times this scale must exceed any prize, or an excess can pay
    # for itself (a planner's meal prizes are far above its sights'; a mean-based scale let a
    # second and third lunch win, and the search never became feasible).
    scale = max(1.0, _PENALTY_HEADROOM * max(prizes) / _REFERENCE_PRIZE) if prizes else 1.0
    client_of = {i: c for c, (i, *_) in enumerate(kept)}
    type_of_tour = {k: t for t, ks in enumerate(type_tours) for k in ks}
    start = [
        (type_of_tour[k], [client_of[i] for i in order])
        for k, order in enumerate(greedy_orders(instance, travel))
        if order and all(i in client_of for i in order)
    ]
    return Model(data, [i for i, *_ in kept], type_tours, violations, scale, start)


def _capacity(capacity: int | tuple[int, ...] | None, total: list[int]) -> list[int]:
    """Per-dimension capacity; an uncapped dimension gets the total load (never binding)."""
    caps = as_loads(capacity)
    return (
        [caps[d] if d < len(caps) else total[d] for d in range(len(total))]
        if capacity is not None
        else list(total)
    )


def run(
    model: Model,
    seed: int,
    deadline: float | None,
    max_iterations: int | None,
    stop: Callable[[], bool] | None,
) -> Run:
    """One seed's search on `model.data` (not None), until the first stopping condition."""
    assert model.data is not None
    criterion = Criterion(deadline, max_iterations, stop)
    return search(model.data, seed, criterion, model.penalty_scale, model.start)


def decode(model: Model, solution: pyvrp.Solution, num_tours: int) -> list[list[int]]:
    """Visit orders (visit indices) per tour from a PyVRP solution."""
    orders: list[list[int]] = [[] for _ in range(num_tours)]
    free = [list(tours) for tours in model.type_tours]
    for route in solution.routes():
        tour = free[route.vehicle_type()].pop(0)
        orders[tour] = [model.client_visit[a.idx] for a in route if a.is_client()]
    return orders


def _weighted(matrix: Any, factor: float) -> Any:
    """The travel matrix as a cost: itself (ties broken by travel) or times `factor`, so that a
    time unit of travel costs `Instance.travel_weight` score."""
    if factor <= 1:
        return matrix
    return (matrix * factor).round().astype(matrix.dtype)


def _quantum(scores: list[float], k_factor: int) -> float:
    """Score multiplier before rounding: 1 for integer scores, else as fine as overflow allows."""
    total = sum(scores) or 1.0
    if all(float(s).is_integer() for s in scores) and total * k_factor <= _PRIZE_CEILING:
        return 1.0
    return min(1000.0, 10.0 ** math.floor(math.log10(_PRIZE_CEILING / (total * k_factor))))
