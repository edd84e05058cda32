"""Polish a solved trip: swap each meal for a closer open restaurant when that saves travel.

PyVRP's local search rarely swaps one routed optional client for an unrouted one when both use
the same capacity slot (here: the day's one dinner), because the move passes through an
infeasible state. This pass tries exactly those swaps, checking each candidate schedule with
`toptw.evaluate`, and keeps a swap only when the plan stays feasible, scores no less and travels
less.
"""

from __future__ import annotations

from collections import defaultdict

from engine.knowledge.schema import Attraction
from engine.planning import toptw
from engine.planning._toptw_greedy import tour_feasible, tour_travel
from engine.planning._toptw_reach import validate
from engine.planning.model import TripModel

MAX_ROUNDS = 3


def polish_meals(model: TripModel, solution: toptw.Solution) -> toptw.Solution:
    """The solution with meals swapped for closer ones where possible (or `solution` itself).

    A swap changes one tour only, so each candidate is checked on that tour (windows, span,
    duration: `_toptw_greedy.tour_feasible`) and kept when it scores no less and travels less;
    the result is scheduled and checked once at the end (`toptw.evaluate`)."""
    if not solution.feasible:
        return solution
    instance = model.instance()
    travel = validate(instance)
    slots: dict[tuple[int, str], list[int]] = defaultdict(list)
    for index, info in enumerate(model.info):
        if info.meal is not None and not isinstance(info.place, Attraction):
            slots[(info.day, info.meal)].append(index)
    orders = [[stop.visit for stop in tour] for tour in solution.tours]
    improved_any = False
    for _round in range(MAX_ROUNDS):
        improved = False
        for k, order in enumerate(orders):
            for pos, visit in enumerate(order):
                info = model.info[visit]
                if info.meal is None or isinstance(info.place, Attraction):
                    continue
                used = {instance.visits[v].group for o in orders for v in o if v != visit}
                for alternative in slots[(info.day, info.meal)]:
                    if alternative == visit or instance.visits[alternative].group in used:
                        continue
                    if instance.visits[alternative].score < instance.visits[visit].score:
                        continue
                    trial = list(order)
                    trial[pos] = alternative
                    if tour_travel(instance, travel, k, trial) < tour_travel(
                        instance, travel, k, order
                    ) and tour_feasible(instance, travel, k, trial):
                        order[pos] = visit = alternative
                        improved = improved_any = True
        if not improved:
            break
    if not improved_any:
        return solution
    candidate = toptw.evaluate(instance, orders)
    return candidate if candidate.feasible and candidate.score >= solution.score else solution


def repair(model: TripModel, solution: toptw.Solution) -> toptw.Solution:
    """Make an infeasible solution feasible by dropping stops (a short search can end before
    PyVRP finds a feasible plan: its penalty search starts from infeasible ones).

    Tour by tour, while the tour breaks a time window, its capacity or its span, drop the stop
    whose removal leaves the fewest problems (the smallest prize on ties: sights before meals).
    Then a group used on two tours keeps only its first visit. Required visits that end up
    missing still make the result infeasible (the caller's fall-back handles must-sees).
    """
    if solution.feasible:
        return solution
    instance = model.instance()
    orders = [[stop.visit for stop in tour] for tour in solution.tours]
    for k in range(len(orders)):
        while orders[k] and _tour_problems(instance, orders, k):

            def after_removing(pos: int, k: int = k) -> tuple[int, float]:
                trial = [list(o) for o in orders]
                trial[k].pop(pos)
                return len(_tour_problems(instance, trial, k)), instance.visits[
                    orders[k][pos]
                ].score

            orders[k].pop(min(range(len(orders[k])), key=after_removing))
    seen: set[int] = set()
    for order in orders:
        for visit in list(order):
            group = instance.visits[visit].group
            if group is not None and group in seen:
                order.remove(visit)
            elif group is not None:
                seen.add(group)
    return toptw.evaluate(instance, orders)


def _tour_problems(instance: toptw.Instance, orders: list[list[int]], k: int) -> list[str]:
    """Violations of tour `k` alone (times, capacity, span), ignoring the other tours."""
    single = [order if j == k else [] for j, order in enumerate(orders)]
    mine = {f"visit {v}" for v in orders[k]}
    return [
        v
        for v in toptw.evaluate(instance, single).violations
        if v.startswith(f"tour {k}")
        or any(v.startswith(m + ":") or v.startswith(m + " ") for m in mine)
    ]
