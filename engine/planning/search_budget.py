"""How long the planner's solver searches: its time budget, or a fixed number of iterations.

By default `toptw.solve` stops at a wall-clock budget (`engine.planning.planner`: 0.2 s + 0.08 s
a day per stay; `engine.editing.regen`: a day's budget), so the plan depends on how fast the
machine is at that moment: a seed's iteration takes 0.3–0.5 ms of CPU on 2–4-day plans, so an
idle 2-core machine runs ~700–1 300 a seed in a 2-day 黄山 plan's 0.36 s; one loaded 15 deep
ran ~230 (measured here).

``LVTU_SOLVER_ITERATIONS=N`` makes the search stop after ``round(N × budget)`` iterations per seed
instead, with no time limit: N iterations per second of budget. The same request then gives
the same plan however loaded the machine is (`toptw.solve` is deterministic per seed without a
time limit) — for tests and for comparing benchmark runs. A search that finds no feasible plan
within ~200 iterations rarely finds one later, and scores settle within a few hundred (measured on
2–4-day 黄山, 杭州 and 北京 plans: 200 and 1 000 iterations gave the same or nearly the same score).
"""

from __future__ import annotations

import os
from collections.abc import Callable

from engine.planning import toptw

__all__ = ["ITERATIONS_VARIABLE", "iterations_per_second", "solve"]

ITERATIONS_VARIABLE = "LVTU_SOLVER_ITERATIONS"


def iterations_per_second() -> int | None:
    """N of ``LVTU_SOLVER_ITERATIONS`` (a positive integer), or None when unset.

    Raises:
        ValueError: the variable is set to something else than a positive integer.
    """
    raw = os.environ.get(ITERATIONS_VARIABLE, "").strip()
    if not raw:
        return None
    if not raw.isdigit() or int(raw) <= 0:
        raise ValueError(f"{ITERATIONS_VARIABLE} must be a positive integer, not {raw!r}")
    return int(raw)


def solve(
    instance: toptw.Instance, budget_s: float, *, stop: Callable[[], bool] | None = None
) -> toptw.Solution:
    """`toptw.solve` of `instance` within `budget_s` seconds — or, with
    ``LVTU_SOLVER_ITERATIONS`` set to N, within ``round(N × budget_s)`` iterations per seed
    (at least one) and no time limit. `stop` is polled as by `toptw.solve`."""
    rate = iterations_per_second()
    if rate is None:
        return toptw.solve(instance, time_limit_s=budget_s, stop=stop)
    iterations = max(1, round(rate * budget_s))
    return toptw.solve(instance, time_limit_s=None, max_iterations=iterations, stop=stop)
