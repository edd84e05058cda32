"""Team Orienteering Problem with Time Windows (TOPTW): a generic solver on PyVRP.

One tour per day (a vehicle in routing terms) leaves its start location (that night's lodging)
and comes back to its end location; visits (POIs, restaurants) have a score, a service duration
and one window on the start of service. `solve` maximises the total score, then minimises the
travel time, and returns a schedule checked in Python.

Time: integers in one unit and on one timeline for the whole instance (the planner uses minutes
since midnight of the first day, so day d's tour spans ``[d*1440 + 8*60, d*1440 + 21*60]``). Any
origin works, negative times too. Travel times in the same unit (the benchmark passes tenths or
hundredths of minutes to stay exact).

How a visit is kept to its tours: a tour that cannot reach a visit inside its window (a lower bound
on shortest paths) needs nothing; each other tour that is not allowed gets a routing profile whose
travel times to and from that visit are longer than the whole horizon, so the visit on it is
infeasible. Per-day copies of one POI with that day's opening window, in one group, therefore need
no profile at all. Model and figures: DESIGN.md, "Known traps"; the benchmark is bench/toptw.py.

Seeds run in threads: PyVRP's `LocalSearch.__call__` releases the GIL (pybind11 call_guard), and
two seeds of 3000 iterations on c101 took 0.67 s in two threads against 1.19 s one after the other
on an idle 2-core machine. Processes lose on short budgets (spawn: interpreter start, import and
pickling cost 0.2-0.4 s; fork is unsafe in a threaded Qt/asyncio host), and threads share the
`stop` callback as it is. On a busy machine two threads are no worse than sequential halves.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from engine.planning import (
    _toptw_greedy,
    _toptw_pyvrp,
    _toptw_reach,
    _toptw_schedule,
    _toptw_search,
    _toptw_upgrade,
)

__all__ = ["Group", "Instance", "Solution", "Stop", "Tour", "Visit", "check", "evaluate", "solve"]


@dataclass(frozen=True)
class Visit:
    """A node that may be visited: a POI, a restaurant, one day's copy of either.

    Attributes:
        location: row/column of `Instance.travel`.
        service: visit duration (time units, >= 0).
        tw_early: earliest start of the visit (time units).
        tw_late: latest start of the visit (time units), >= ``tw_early``.
        score: prize for visiting it (>= 0).
        required: must be visited. Not allowed inside a group: make the group required.
        group: index into `Instance.groups`; the visits of one group exclude each other.
        tours: indices of the tours allowed to visit it; None = any tour.
        load: units it takes from its tour's `Tour.capacity` (e.g. 1 per attraction), >= 0; a
            tuple for several load dimensions (e.g. ``(attractions, lunches, dinners)``).
    """

    location: int
    service: int
    tw_early: int
    tw_late: int
    score: float = 0.0
    required: bool = False
    group: int | None = None
    tours: frozenset[int] | None = None
    load: int | tuple[int, ...] = 0


@dataclass(frozen=True)
class Group:
    """Mutually exclusive visits: exactly one (``required``) or at most one of them is made."""

    required: bool = False


@dataclass(frozen=True)
class Tour:
    """One tour (a day): leaves `start` at >= `earliest`, is back at `end` by <= `latest`.

    Attributes:
        start: matrix index of the start location (depot, e.g. last night's lodging).
        end: matrix index of the end location (e.g. tonight's lodging, the station).
        earliest: earliest departure (time units).
        latest: latest arrival at `end` (time units).
        max_duration: cap on arrival minus departure (the day's pace), or None.
        capacity: cap on the summed `Visit.load` of its visits (e.g. attractions a day), or None;
            a tuple caps each load dimension (a missing dimension is uncapped).
    """

    start: int
    end: int
    earliest: int
    latest: int
    max_duration: int | None = None
    capacity: int | tuple[int, ...] | None = None


@dataclass(frozen=True)
class Instance:
    """A TOPTW instance.

    Attributes:
        travel: square matrix of integer travel times (time units) over all locations, zero
            diagonal; need not be symmetric nor satisfy the triangle inequality.
        visits: the candidate visits.
        groups: mutually exclusive groups referenced by `Visit.group`.
        tours: the tours, in day order.
        travel_weight: score lost per time unit of travel; 0 (the classic TOPTW) maximises
            score first and breaks ties by travel, a positive weight trades them (a planner
            that would rather skip a minor sight than ride an hour for it).
    """

    travel: Sequence[Sequence[int]]
    visits: Sequence[Visit] = ()
    groups: Sequence[Group] = ()
    tours: Sequence[Tour] = ()
    travel_weight: float = 0.0


@dataclass(frozen=True)
class Stop:
    """One visit in a tour: `arrival` at the place, service `start` (>= arrival) and `end`."""

    visit: int
    arrival: int
    start: int
    end: int


@dataclass(frozen=True)
class Solution:
    """A solved instance.

    Attributes:
        tours: the stops of each tour, in order; ``[]`` for an unused tour.
        spans: (departure from start, arrival at end) per tour; None for an unused tour (which
            counts no travel, even when its start and end differ). The departure is the latest
            that does not delay the return, so waits before openings are cut short.
        score: total score of the visits made.
        travel: total travel time of the used tours (time units).
        feasible: every constraint holds (checked in Python as well as by PyVRP).
        violations: what does not hold when ``feasible`` is False (e.g. a required visit that
            no allowed tour can reach inside its window); empty otherwise.
        runtime_s: wall-clock seconds spent in `solve`.
        seed: the seed whose run was kept; None when the solver was not run.
        iterations: search iterations summed over the seeds.
    """

    tours: list[list[Stop]]
    spans: list[tuple[int, int] | None]
    score: float
    travel: int
    feasible: bool
    violations: list[str] = field(default_factory=list)
    runtime_s: float = 0.0
    seed: int | None = None
    iterations: int = 0


def solve(
    instance: Instance,
    *,
    time_limit_s: float | None = 1.0,
    seeds: Sequence[int] = (0, 1),
    stop: Callable[[], bool] | None = None,
    max_iterations: int | None = None,
) -> Solution:
    """Solve a TOPTW instance with PyVRP's iterated local search; one thread per seed.

    The search stops at the first of: `time_limit_s` seconds since the call, `max_iterations`
    per seed, `stop()` returning True (polled once per iteration from the seeds' threads; the
    initial construction, milliseconds for a trip, is not interruptible). With
    ``time_limit_s=None`` and `max_iterations` set, the result is deterministic per seed. The
    best feasible run is kept (score, then travel, then seed order).

    Infeasibility is reported, not raised: a required visit or group that cannot be met gives
    ``feasible=False`` with `Solution.violations`, and the rest of the plan still comes back.

    Raises:
        ValueError: malformed instance (bad indices, negative or non-integer times, a window with
            early > late, a required visit inside a group), no seed, or no stopping criterion.
    """
    began = time.perf_counter()
    if not seeds:
        raise ValueError("at least one seed is needed")
    if time_limit_s is None and max_iterations is None and stop is None:
        raise ValueError("give time_limit_s, max_iterations or stop, or the search never ends")
    model = _toptw_pyvrp.encode(instance)
    if model.data is None:
        orders: list[list[int]] = [[] for _ in instance.tours]
        return _finish(instance, orders, True, model.violations, began, None, 0)
    deadline = None if time_limit_s is None else began + time_limit_s

    def run(seed: int) -> _toptw_search.Run:
        return _toptw_pyvrp.run(model, seed, deadline, max_iterations, stop)

    if len(seeds) == 1:
        runs = [run(seeds[0])]
    else:
        with ThreadPoolExecutor(len(seeds), thread_name_prefix="lvtu-toptw") as pool:
            runs = list(pool.map(run, seeds))
    best = min(range(len(runs)), key=lambda i: (not runs[i].feasible, runs[i].cost, i))
    orders = _toptw_pyvrp.decode(model, runs[best].solution, len(instance.tours))
    if runs[best].feasible:  # bring in what one-client moves left out (never worse)
        travel = _toptw_reach.validate(instance)
        orders = _toptw_greedy.improve(instance, travel, orders)
        orders = _toptw_upgrade.upgrade(instance, travel, orders)  # better copies of made groups
    iterations = sum(r.iterations for r in runs)
    return _finish(
        instance, orders, runs[best].feasible, model.violations, began, seeds[best], iterations
    )


def check(instance: Instance, solution: Solution) -> list[str]:
    """Check a solution against the instance; returns what is violated (empty when feasible).

    Checks times against the matrix (arrival = previous end + travel, start within the window and
    not before arrival, end = start + service), tour spans, durations and loads, allowed tours,
    repeats, groups, required visits and the reported score.
    """
    return _toptw_schedule.check(instance, solution.tours, solution.spans, solution.score)


def evaluate(instance: Instance, orders: Sequence[Sequence[int]]) -> Solution:
    """Schedule and check given visit orders (visit indices per tour), e.g. an edited plan.

    Raises:
        ValueError: malformed instance, or not one order per tour.
    """
    began = time.perf_counter()
    _toptw_reach.validate(instance)
    if len(orders) != len(instance.tours):
        raise ValueError(f"{len(orders)} orders for {len(instance.tours)} tours")
    if any(not 0 <= i < len(instance.visits) for order in orders for i in order):
        raise ValueError("an order names an unknown visit")
    return _finish(instance, [list(o) for o in orders], True, [], began, None, 0)


def _finish(
    instance: Instance,
    orders: Sequence[Sequence[int]],
    solver_feasible: bool,
    known: list[str],
    began: float,
    seed: int | None,
    iterations: int,
) -> Solution:
    """Schedule the visit orders, check them and wrap them in a `Solution`."""
    tours: list[list[Stop]] = []
    spans: list[tuple[int, int] | None] = []
    travel = 0
    for k, order in enumerate(orders):
        timed = _toptw_schedule.schedule(instance, k, order)
        tours.append([Stop(*stop) for stop in timed.stops])
        spans.append(timed.span)
        travel += timed.travel
    score = float(sum(instance.visits[s.visit].score for tour in tours for s in tour))
    violations = list(known)  # reasons found before solving; the check restates them shorter
    found = _toptw_schedule.check(instance, tours, spans, score)
    violations += [v for v in found if not any(k.startswith(v) for k in known)]
    if not solver_feasible and not violations:
        violations.append("the search found no feasible solution")
    return Solution(
        tours=tours,
        spans=spans,
        score=score,
        travel=travel,
        feasible=not violations,
        violations=violations,
        runtime_s=time.perf_counter() - began,
        seed=seed,
        iterations=iterations,
    )
