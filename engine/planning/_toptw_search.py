"""One seed's PyVRP search: the stopping criterion and a penalty manager that never warns."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from statistics import fmean

import pyvrp
from pyvrp import CostEvaluator, ProblemData, RandomNumberGenerator
from pyvrp.IteratedLocalSearch import IteratedLocalSearch, IteratedLocalSearchParams
from pyvrp.PenaltyManager import PenaltyParams
from pyvrp.search import (
    OPERATORS,
    LocalSearch,
    NeighbourhoodParams,
    PerturbationManager,
    PerturbationParams,
    compute_neighbours,
)


@dataclass
class Run:
    """The best solution of one seed's search."""

    solution: pyvrp.Solution
    feasible: bool
    cost: float
    iterations: int


class Criterion:
    """PyVRP stopping criterion: deadline, iteration cap or the caller's callback, whichever first."""

    def __init__(
        self, deadline: float | None, max_iterations: int | None, stop: Callable[[], bool] | None
    ) -> None:
        self.deadline = deadline
        self.max_iterations = max_iterations
        self.stop = stop
        self.calls = 0

    def __call__(self, best_cost: float) -> bool:
        self.calls += 1
        return (
            (self.max_iterations is not None and self.calls > self.max_iterations)
            or (self.deadline is not None and time.perf_counter() >= self.deadline)
            or (self.stop is not None and self.stop())
        )


class Penalties:
    """PyVRP's penalty update (same rule and parameters as `pyvrp.PenaltyManager`) without its
    `PenaltyBoundWarning`: an infeasible instance is an expected outcome here, reported in the
    solution, and a warning would be an error under pytest and noise in the app.

    `scale` multiplies the penalty range, to keep it in proportion to the prizes.
    """

    def __init__(self, data: ProblemData, params: PenaltyParams, scale: float) -> None:
        self.params = params
        self.low, self.high = params.min_penalty * scale, params.max_penalty * scale
        dims = data.num_load_dimensions + 2  # loads, then time warp, then distance
        self.values = [(self.low + self.high) / 2] * dims
        self.seen: list[list[int]] = [[] for _ in range(dims)]

    def register(self, solution: pyvrp.Solution) -> None:
        violations = [*solution.excess_load(), solution.time_warp(), solution.excess_distance()]
        p = self.params
        for dim, violation in enumerate(violations):
            seen = self.seen[dim]
            seen.append(violation)
            if len(seen) < p.solutions_between_updates:
                continue
            diff = p.target_feasible - fmean(v == 0 for v in seen)
            seen.clear()
            if abs(diff) >= p.feas_tolerance:
                factor = p.penalty_increase if diff > 0 else p.penalty_decrease
                self.values[dim] = min(self.high, max(self.low, self.values[dim] * factor))

    def cost_evaluator(self) -> CostEvaluator:
        *loads, warp, distance = self.values
        return CostEvaluator(loads, warp, distance)

    def max_cost_evaluator(self) -> CostEvaluator:
        return CostEvaluator([self.high] * (len(self.values) - 2), self.high, self.high)


def search(
    data: ProblemData,
    seed: int,
    criterion: Criterion,
    penalty_scale: float,
    start: list[tuple[int, list[int]]] | None = None,
) -> Run:
    """`pyvrp.solve` with default parameters, but `Penalties` for its penalty manager, starting
    from `start` (vehicle type, client indices per route) when given, else a random solution."""
    rng = RandomNumberGenerator(seed=seed)
    neighbours = compute_neighbours(data, NeighbourhoodParams())
    local = LocalSearch(data, rng, neighbours, PerturbationManager(PerturbationParams()))
    for operator in OPERATORS:
        if operator.supports(data):
            local.add_operator(operator(data))
    penalties = Penalties(data, PenaltyParams(), penalty_scale)
    if start:
        routes = [pyvrp.Route(data, clients, vehicle_type) for vehicle_type, clients in start]
        initial = pyvrp.Solution(data, routes)
    else:
        initial = pyvrp.Solution.make_random(data, rng)
    init = local(initial, penalties.max_cost_evaluator(), exhaustive=True)
    ils = IteratedLocalSearch(data, penalties, local, init, IteratedLocalSearchParams())  # type: ignore[arg-type]
    result = ils.run(criterion, collect_stats=False)
    return Run(result.best, result.is_feasible(), result.cost(), result.num_iterations)
