"""Upgrade a made visit to a better copy of its own group, rebuilding a tour around it.

A group's copies differ in worth: a night view's evening copy is worth more than its daytime
one (`engine.planning.model`: ``NIGHT_BONUS`` / ``DAY_PENALTY``), the pandas' morning copy more
than the afternoon one, a headline sight's whole visit more than its main part. PyVRP's local
search moves one client at a time, so swapping the copy made for a better one on another day —
which needs room made there first — passes through infeasible or worse states and is rarely
tried: 重庆 in two days showed 洪崖洞 at 14:12 while the second evening, with the hotel beside
it, was free after dinner. This pass tries exactly that: for each group made with a better copy
left, it drops the copy made and rebuilds one tour around the better copy (the tour's other
visits and every unused unit re-inserted by value, `_toptw_greedy`), and keeps the rebuild
when the score less the travel it adds (`Instance.travel_weight`) grows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.planning._toptw_greedy import has_required, rebuilt, tour_travel, tours_for, units_of

if TYPE_CHECKING:
    import numpy as np

    from engine.planning.toptw import Instance

#: Groups tried per round (the largest gains first), and rounds.
UPGRADE_TRIES = 6
UPGRADE_ROUNDS = 3


def upgrade(instance: Instance, travel: np.ndarray, orders: list[list[int]]) -> list[list[int]]:
    """`orders` (visit indices per tour) with made visits swapped for better copies of their
    groups where a rebuilt tour holds one and the net worth (score − travel_weight × travel
    minutes) grows; `orders` itself when none does. Required visits stay made."""
    visits = instance.visits
    best = [list(o) for o in orders]
    best_worth = _worth(instance, travel, best)
    units = units_of(instance)
    by_group = {visits[u[0]].group: u for u in units if visits[u[0]].group is not None}
    for _ in range(UPGRADE_ROUNDS):
        improved = False
        made = [i for o in best for i in o if visits[i].group is not None]
        chances: list[tuple[float, int, list[int]]] = []
        for i in made:
            better = [j for j in by_group[visits[i].group]
                      if visits[j].score > visits[i].score
                      and visits[j].service == visits[i].service]  # fmt: skip
            if better:
                gain = max(visits[j].score for j in better) - visits[i].score
                chances.append((gain, i, better))
        chances.sort(key=lambda c: -c[0])
        for _gain, made_visit, better in chances[:UPGRADE_TRIES]:
            without = [[v for v in o if v != made_visit] for o in best]
            for k in sorted({k for j in better for k in tours_for(instance, j)}):
                trial = rebuilt(instance, travel, without, k, better, units)
                if trial is None:
                    continue
                worth = _worth(instance, travel, trial)
                if worth > best_worth + 1e-9 and has_required(instance, trial):
                    best, best_worth, improved = trial, worth, True
                    break
            if improved:
                break
        if not improved:
            break
    return best


def _worth(instance: Instance, travel: np.ndarray, orders: list[list[int]]) -> float:
    """Score less `Instance.travel_weight` per minute of travel of the used tours."""
    score = sum(instance.visits[i].score for o in orders for i in o)
    minutes = sum(tour_travel(instance, travel, k, o) for k, o in enumerate(orders) if o)
    return score - instance.travel_weight * minutes
