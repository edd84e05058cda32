"""OR-Tools routing model of a TOPTW `Instance`, for comparison only (OR-Tools is no dependency).

Tuned as measured in DESIGN.md: travel as the arc cost (a tie-breaker under the prizes), extra
insertion moves (relocate/exchange-and-make-active, extended swap-active, make-chain-inactive);
here also local cheapest insertion first, guided local search, and matrices instead of Python
callbacks (on 8 instances at 1 s: 29 % mean gap with the defaults' first solution, 13 % so). Visits are optional with penalty score * K, K > any total travel; groups and
required visits are not modelled (the benchmark has none).
"""

from __future__ import annotations

import importlib.util

from engine.planning.toptw import Instance, Solution, evaluate


def available() -> bool:
    """Whether OR-Tools can be imported."""
    return importlib.util.find_spec("ortools") is not None


def solve(instance: Instance, time_limit_s: float) -> Solution:
    """Solve with OR-Tools routing for `time_limit_s` seconds; evaluated by the engine's check.

    Raises:
        NotImplementedError: the instance has groups or required visits.
    """
    from ortools.constraint_solver import pywrapcp, routing_enums_pb2

    if instance.groups or any(v.required for v in instance.visits):
        raise NotImplementedError("groups and required visits are not modelled for OR-Tools")
    visits, tours, travel = instance.visits, instance.tours, instance.travel
    depots = sorted({t.start for t in tours} | {t.end for t in tours})
    places = [v.location for v in visits] + depots  # node -> matrix index
    service = [v.service for v in visits] + [0] * len(depots)
    node_of_depot = {loc: len(visits) + n for n, loc in enumerate(depots)}
    manager = pywrapcp.RoutingIndexManager(
        len(places),
        len(tours),
        [node_of_depot[t.start] for t in tours],
        [node_of_depot[t.end] for t in tours],
    )
    routing = pywrapcp.RoutingModel(manager)

    # Matrices rather than Python callbacks: no Python call per arc evaluation.
    arcs = [[int(travel[a][b]) for b in places] for a in places]
    steps = [[service[i] + t for t in row] for i, row in enumerate(arcs)]
    routing.SetArcCostEvaluatorOfAllVehicles(routing.RegisterTransitMatrix(arcs))
    horizon = max(t.latest for t in tours)
    routing.AddDimension(routing.RegisterTransitMatrix(steps), horizon, horizon, False, "time")
    clock = routing.GetDimensionOrDie("time")
    k_factor = 1 + sum(t.latest - t.earliest for t in tours)
    for n, v in enumerate(visits):
        index = manager.NodeToIndex(n)
        clock.CumulVar(index).SetRange(v.tw_early, min(v.tw_late, horizon))
        routing.AddDisjunction([index], round(v.score) * k_factor)
    for k, t in enumerate(tours):
        clock.CumulVar(routing.Start(k)).SetRange(t.earliest, t.latest)
        clock.CumulVar(routing.End(k)).SetRange(t.earliest, t.latest)

    params = pywrapcp.DefaultRoutingSearchParameters()
    params.first_solution_strategy = (
        routing_enums_pb2.FirstSolutionStrategy.LOCAL_CHEAPEST_INSERTION
    )
    params.local_search_metaheuristic = (
        routing_enums_pb2.LocalSearchMetaheuristic.GUIDED_LOCAL_SEARCH
    )
    for move in (
        "use_relocate_and_make_active",
        "use_exchange_and_make_active",
        "use_extended_swap_active",
        "use_make_chain_inactive",
    ):
        setattr(params.local_search_operators, move, pywrapcp.BOOL_TRUE)
    params.time_limit.FromMilliseconds(max(1, round(time_limit_s * 1000)))
    found = routing.SolveWithParameters(params)
    orders: list[list[int]] = [[] for _ in tours]
    if found is not None:
        for k in range(len(tours)):
            index = found.Value(routing.NextVar(routing.Start(k)))
            while not routing.IsEnd(index):
                orders[k].append(manager.IndexToNode(index))
                index = found.Value(routing.NextVar(index))
    return evaluate(instance, orders)
