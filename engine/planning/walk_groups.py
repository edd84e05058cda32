"""Sights one walk from a headline sight's gates, seen on its day.

天安门城楼 stands 570 m south of 故宫's way in (午门), 景山 500 m north of its way out (神武门):
the classic day walks 天安门 → 故宫 → 景山. The TOPTW objective only weighs riding time, and in a
city centre every day starts near them, so the solver may place 城楼 and 景山 on days of their
own: the gate seen apart from the palace it opens, two more trips to the same square kilometre.

After the solve (`walk_days`), a planned sight within `WALK_M` (straight line) of a planned
headline sight's point or one of its gates (`Highlight` of kind ``gate`` with a position) that
lies on another day is brought to the headline's day: added there when that day still holds it,
else exchanged with a sight of that day not near the headline, which takes its place on the
other day. A change is kept only when every tour stays feasible (`toptw.evaluate`: windows,
the day's span and pace, loads) and the plan's score does not fall by more than `SCORE_SLACK`;
`engine.planning.compact.compact_days` then orders each day. Sights pinned to their day (a remote
cluster, a long place's day, a must-see's day) are not moved.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import numpy as np

from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Attraction
from engine.planning import toptw
from engine.planning._toptw_greedy import tour_feasible
from engine.planning._toptw_reach import validate
from engine.planning.model import TripModel

#: A sight this close (straight line, metres) to a headline sight's point or one of its gates
#: is one walk from it: about ten minutes on foot with the city's detours.
WALK_M = 600.0
#: Share of the plan's score a move may cost (a copy at a less favoured hour): a convention.
SCORE_SLACK = 0.01
#: At most this many sights moved in one plan.
MAX_MOVES = 6


def walk_days(
    model: TripModel,
    solution: toptw.Solution,
    headlines: Sequence[str],
    fixed: Collection[str] = (),
) -> toptw.Solution:
    """`solution` with sights one walk from a headline sight moved to its day (see the module
    docstring); `headlines`: ids of the headline sights by rank, `fixed`: ids not to move. `solution`
    itself when it is infeasible or nothing can move."""
    if not solution.feasible:
        return solution
    instance = model.instance()
    travel = validate(instance)
    first = [[stop.visit for stop in tour] for tour in solution.tours]
    orders, score = first, solution.score
    moved: set[str] = set()
    for _move in range(MAX_MOVES):
        done = _one_move(model, instance, travel, orders, score, headlines, fixed, moved)
        if done is None:
            break
        orders, score = done
    if orders == first:
        return solution
    candidate = toptw.evaluate(instance, orders)
    return candidate if candidate.feasible else solution


def _one_move(
    model: TripModel,
    instance: toptw.Instance,
    travel: np.ndarray,
    orders: list[list[int]],
    score: float,
    headlines: Sequence[str],
    fixed: Collection[str],
    moved: set[str],
) -> tuple[list[list[int]], float] | None:
    """The first sight one walk from a headline on another day that can be brought to it: the
    new orders and their score, or None. A sight near several goes to the first headline's day
    it can (by rank: 城楼 to 故宫 before 天安门广场), and stays where it is when it already shares a
    day with one of them; a sight moved once (`moved`, updated) is not moved again."""
    day_of = {model.info[v].place.id: k for k, order in enumerate(orders) for v in order}
    rank = {poi: n for n, poi in enumerate(headlines)}
    for day, order in enumerate(orders):
        for v in order:
            place = model.info[v].place
            if (
                not isinstance(place, Attraction)
                or place.id in fixed
                or place.id in rank
                or place.id in moved
            ):
                continue
            heads = sorted((h for h in _planned(model, orders) if h.id in rank and _walk(h, place)),
                           key=lambda h: rank[h.id])  # fmt: skip
            for head in heads:
                if day_of[head.id] == day:
                    break  # one walk with it already
                done = _bring(model, instance, travel, orders, score, v, day, day_of[head.id], head)
                if done is not None:
                    moved.add(place.id)
                    return done, toptw.evaluate(instance, done).score
    return None


def _planned(model: TripModel, orders: list[list[int]]) -> list[Attraction]:
    """The sights the orders visit."""
    places = [model.info[v].place for order in orders for v in order]
    return [p for p in places if isinstance(p, Attraction)]


def _bring(
    model: TripModel,
    instance: toptw.Instance,
    travel: np.ndarray,
    orders: list[list[int]],
    score: float,
    v: int,
    day: int,
    head_day: int,
    head: Attraction,
) -> list[list[int]] | None:
    """`orders` with visit `v` (on tour `day`) made on tour `head_day` instead — added, or
    exchanged with a sight there not near `head` — or None when no way keeps the plan feasible
    and its score within `SCORE_SLACK`."""
    place = model.info[v].place
    home = orders[head_day]
    copies = [c for c, info in enumerate(model.info)
              if info.place.id == place.id and info.day == model.info[home[0]].day]  # fmt: skip
    left = [x for x in orders[day] if x != v]
    floor = score * (1 - SCORE_SLACK)
    for c in copies:
        for at in range(len(home) + 1):
            trial = [*orders]
            trial[head_day], trial[day] = [*home[:at], c, *home[at:]], left
            if _keeps(instance, travel, trial, floor, (head_day, day)):
                return trial
    for pos, x in enumerate(home):
        other = model.info[x].place
        if not isinstance(other, Attraction) or other.id == head.id or _walk(head, other):
            continue
        back = [b for b, info in enumerate(model.info)
                if info.place.id == other.id and info.day == model.info[v].day]  # fmt: skip
        for c in copies:
            for b in back:
                for at in range(len(left) + 1):
                    trial = [*orders]
                    trial[head_day] = [*home[:pos], c, *home[pos + 1 :]]
                    trial[day] = [*left[:at], b, *left[at:]]
                    if _keeps(instance, travel, trial, floor, (head_day, day)):
                        return trial
    return None


def _keeps(
    instance: toptw.Instance,
    travel: np.ndarray,
    orders: list[list[int]],
    floor: float,
    changed: tuple[int, int],
) -> bool:
    """Whether `orders` is a feasible plan scoring at least `floor`: the `changed` tours'
    windows, span and duration first (cheap), then every constraint."""
    if not all(tour_feasible(instance, travel, k, orders[k]) for k in changed):
        return False
    candidate = toptw.evaluate(instance, orders)
    return candidate.feasible and candidate.score >= floor


def _walk(head: Attraction, other: Attraction) -> bool:
    """Whether `other` lies within `WALK_M` of `head`'s point or one of its gates."""
    points = [(head.lat, head.lon)]
    points += [(h.lat, h.lon) for h in head.highlights
               if h.kind == "gate" and h.lat is not None and h.lon is not None]  # fmt: skip
    return any(haversine_m(lat, lon, other.lat, other.lon) <= WALK_M for lat, lon in points)
