"""The TOPTW solver: optimum on small instances, constraints, stopping, infeasibility, benchmark."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from engine.planning.toptw import (
    Group,
    Instance,
    Solution,
    Stop,
    Tour,
    Visit,
    check,
    evaluate,
    solve,
)


def fast(instance: Instance) -> Solution:
    """Solve deterministically: stopped by iterations only, never by the clock."""
    return solve(instance, time_limit_s=None, max_iterations=1500)


def _fits(inst: Instance, k: int, order: tuple[int, ...], *, closed: bool = True) -> bool:
    """Whether tour k can make `order`: earliest-start schedule, every departure tried.

    With ``closed=False`` only the windows and loads so far count (a prefix of a feasible tour
    passes, even when travel times break the triangle inequality).
    """
    tour = inst.tours[k]
    if sum(inst.visits[i].load for i in order) > (
        math.inf if tour.capacity is None else tour.capacity
    ):
        return False
    departures = (
        [tour.earliest]
        if tour.max_duration is None
        else range(tour.earliest, tour.latest + 1)  # a later departure may shorten the day
    )
    for depart in departures:
        clock, here, ok = depart, tour.start, True
        for i in order:
            v = inst.visits[i]
            clock = max(clock + inst.travel[here][v.location], v.tw_early)
            if clock > v.tw_late or (v.tours is not None and k not in v.tours):
                ok = False
                break
            clock, here = clock + v.service, v.location
        back = clock + inst.travel[here][tour.end]
        if ok and not closed:
            return True
        if ok and back <= tour.latest:
            if tour.max_duration is None or back - depart <= tour.max_duration:
                return True
    return False


def _travel(inst: Instance, k: int, order: tuple[int, ...]) -> int:
    if not order:
        return 0  # an unused tour is not driven, even from one depot to another
    path = [inst.tours[k].start, *(inst.visits[i].location for i in order), inst.tours[k].end]
    return sum(inst.travel[a][b] for a, b in itertools.pairwise(path))


def brute_force(inst: Instance) -> tuple[float, int]:
    """(best score, least travel at that score) by enumerating every plan; None-free."""
    n, m = len(inst.visits), len(inst.tours)
    best: tuple[float, int] = (-1.0, 0)

    def plans(k: int, used: frozenset[int]) -> Iterator[list[tuple[int, ...]]]:
        if k == m:
            yield []
            return
        for order in sequences(k, (), used):
            for rest in plans(k + 1, used | set(order)):
                yield [order, *rest]

    def sequences(k: int, prefix: tuple[int, ...], used: frozenset[int]) -> Iterator[tuple]:
        if _fits(inst, k, prefix):
            yield prefix
        for i in range(n):
            if i not in used and i not in prefix and _fits(inst, k, (*prefix, i), closed=False):
                yield from sequences(k, (*prefix, i), used)

    for plan in plans(0, frozenset()):
        made = [i for order in plan for i in order]
        if any(inst.visits[i].required for i in range(n) if i not in made):
            continue
        counts = [sum(inst.visits[i].group == g for i in made) for g in range(len(inst.groups))]
        if any(c > 1 or (g.required and c == 0) for c, g in zip(counts, inst.groups, strict=True)):
            continue
        score = sum(inst.visits[i].score for i in made)
        travel = sum(_travel(inst, k, order) for k, order in enumerate(plan))
        if (score, -travel) > (best[0], -best[1]):
            best = (score, travel)
    return best


def random_instance(seed: int) -> Instance:
    """≤ 7 visits, 1-2 overlapping tours, some groups, required visits and tour restrictions."""
    rng = random.Random(seed)
    m = rng.choice([1, 2])
    n = rng.randint(4, 7)
    points = [(rng.randint(0, 30), rng.randint(0, 30)) for _ in range(n + 2)]
    travel = [[round(math.dist(p, q)) for q in points] for p in points]
    tours = [
        Tour(start=k, end=0, earliest=10 * k, latest=100)  # tour 1 ends at another depot
        for k in range(m)
    ]
    groups = [Group(required=False), Group(required=rng.random() < 0.5)]
    visits = []
    for i in range(n):
        early = rng.randint(0, 60)
        visit = Visit(
            location=2 + i,
            service=rng.randint(3, 15),
            tw_early=early,
            tw_late=early + rng.randint(5, 50),
            score=rng.randint(1, 10),
        )
        roll = rng.random()
        if roll < 0.4:
            visit = replace(visit, group=rng.randint(0, 1))
        elif roll < 0.5:
            visit = replace(visit, required=True, tw_early=0, tw_late=40)
        if m == 2 and rng.random() < 0.3:
            visit = replace(visit, tours=frozenset({rng.randint(0, 1)}))
        visits.append(visit)
    return Instance(travel=travel, visits=visits, groups=groups, tours=tours)


@pytest.mark.parametrize("seed", range(20))
def test_equals_brute_force_optimum(seed: int) -> None:
    inst = random_instance(seed)
    best_score, best_travel = brute_force(inst)
    sol = fast(inst)
    if best_score < 0:  # no feasible plan (required visits clash): reported, not raised
        assert not sol.feasible and sol.violations
        return
    assert sol.feasible, sol.violations
    assert check(inst, sol) == []
    assert (sol.score, sol.travel) == (best_score, best_travel)


def test_brute_force_cases_include_restrictions_groups_and_infeasible() -> None:
    """The random cases above really exercise what they are meant to."""
    insts = [random_instance(s) for s in range(20)]
    assert any(v.tours for i in insts for v in i.visits)
    assert any(i.groups[v.group].required for i in insts for v in i.visits if v.group is not None)
    assert any(v.required for i in insts for v in i.visits)
    assert any(len(i.tours) == 2 for i in insts)
    assert any(brute_force(i)[0] < 0 for i in insts)


LINE = [[abs(a - b) * 10 for b in range(5)] for a in range(5)]  # 5 places 10 minutes apart


def test_schedule_respects_windows_and_tour_limits() -> None:
    inst = Instance(
        travel=LINE,
        visits=[
            Visit(location=1, service=30, tw_early=100, tw_late=120, score=5),
            Visit(location=2, service=20, tw_early=130, tw_late=300, score=3),
            Visit(location=4, service=60, tw_early=0, tw_late=400, score=1),  # too far for the day
        ],
        tours=[Tour(start=0, end=0, earliest=60, latest=200, max_duration=100)],
    )
    sol = fast(inst)
    assert sol.feasible and check(inst, sol) == []
    assert sol.tours == [[Stop(0, 100, 100, 130), Stop(1, 140, 140, 160)]]
    assert sol.spans == [(90, 180)]  # leaves at 90, not 60: no wait before the 100 opening
    assert sol.score == 8 and sol.travel == 40


def test_capacity_limits_loads() -> None:
    visits = [
        Visit(location=1 + i % 3, service=5, tw_early=0, tw_late=500, score=1, load=1)
        for i in range(5)
    ]
    inst = Instance(
        travel=LINE,
        visits=visits,
        tours=[Tour(start=0, end=0, earliest=0, latest=500, capacity=2)],
    )
    sol = fast(inst)
    assert sol.feasible and sol.score == 2 and len(sol.tours[0]) == 2


def test_required_group_takes_exactly_one_and_optional_at_most_one() -> None:
    lunch = [Visit(location=p, service=30, tw_early=0, tw_late=500, group=0) for p in (1, 2, 3)]
    sights = [
        Visit(location=p, service=10, tw_early=0, tw_late=500, score=5, group=1) for p in (1, 4)
    ]
    inst = Instance(
        travel=LINE,
        visits=[*lunch, *sights],
        groups=[Group(required=True), Group(required=False)],
        tours=[Tour(start=0, end=0, earliest=0, latest=500)],
    )
    sol = fast(inst)
    made = [s.visit for s in sol.tours[0]]
    assert sol.feasible and check(inst, sol) == []
    assert len([v for v in made if v < 3]) == 1  # one lunch, though none scores
    assert [v for v in made if v >= 3] == [3]  # one sight: the near one, same score
    assert sol.score == 5


def test_per_tour_restriction_on_overlapping_tours() -> None:
    """Both tours could reach the visit at the same time; only its own tour may make it."""
    inst = Instance(
        travel=LINE,
        visits=[
            Visit(location=1, service=10, tw_early=0, tw_late=100, score=9, tours=frozenset({1})),
            Visit(location=2, service=10, tw_early=0, tw_late=100, score=4, tours=frozenset({0})),
        ],
        tours=[
            Tour(start=0, end=0, earliest=0, latest=100),
            Tour(start=4, end=4, earliest=0, latest=100),
        ],
    )
    sol = fast(inst)
    assert sol.feasible and check(inst, sol) == []
    assert [[s.visit for s in t] for t in sol.tours] == [[1], [0]]


def test_restricted_to_a_tour_that_cannot_reach_it() -> None:
    inst = Instance(
        travel=LINE,
        visits=[
            Visit(location=4, service=10, tw_early=0, tw_late=100, score=9, tours=frozenset({1}))
        ],
        tours=[
            Tour(start=4, end=4, earliest=0, latest=100),
            Tour(start=0, end=0, earliest=0, latest=60),  # 40 + 10 + 40 > 60
        ],
    )
    sol = fast(inst)
    assert sol.feasible and sol.tours == [[], []] and sol.score == 0


def test_per_day_copies_on_one_timeline() -> None:
    """The planner's model: day d is [d*1440 + 480, d*1440 + 1260]; a museum open 9-17 but closed
    on day 1 has copies for days 0 and 2 in one group; it is made once."""
    day = 1440
    tours = [Tour(start=0, end=0, earliest=d * day + 480, latest=d * day + 1260) for d in range(3)]
    museum = [
        Visit(location=3, service=120, tw_early=d * day + 540, tw_late=d * day + 900, score=10)
        for d in (0, 2)
    ]
    inst = Instance(
        travel=LINE,
        visits=[replace(v, group=0) for v in museum],
        groups=[Group(required=True)],
        tours=tours,
    )
    sol = fast(inst)
    assert sol.feasible and check(inst, sol) == []
    assert sum(len(t) for t in sol.tours) == 1 and not sol.tours[1]
    assert sol.spans[1] is None


def test_stop_callback_stops_early() -> None:
    calls = itertools.count(1)  # next() is atomic: the callback runs on both seeds' threads

    def stop() -> bool:
        return next(calls) > 20

    inst = random_instance(3)
    sol = solve(inst, time_limit_s=60, max_iterations=10**6, stop=stop)
    assert 0 < sol.iterations <= 20
    assert sol.seed in (0, 1)


def test_unreachable_required_visit_is_reported_not_raised() -> None:
    inst = Instance(
        travel=LINE,
        visits=[
            Visit(location=1, service=10, tw_early=0, tw_late=100, score=3),
            Visit(location=4, service=10, tw_early=0, tw_late=10, required=True),  # 40 away
        ],
        tours=[Tour(start=0, end=0, earliest=0, latest=100)],
    )
    sol = fast(inst)
    assert not sol.feasible
    assert sol.violations == [
        "required visit 1 is not visited: no allowed tour can reach it inside its window"
    ]
    assert [s.visit for s in sol.tours[0]] == [0]  # the rest is still planned


def test_clashing_required_visits_are_reported() -> None:
    """Each fits alone; together they cannot: only the search can find that out."""
    inst = Instance(
        travel=LINE,
        visits=[
            Visit(location=1, service=30, tw_early=20, tw_late=25, required=True),
            Visit(location=2, service=30, tw_early=20, tw_late=25, required=True),
        ],
        tours=[Tour(start=0, end=0, earliest=0, latest=200)],
    )
    sol = fast(inst)
    assert not sol.feasible and sol.violations


def test_degenerate_instances() -> None:
    empty = fast(Instance(travel=[]))
    assert empty.feasible and empty.tours == [] and empty.seed is None
    no_visits = fast(
        Instance(travel=[[0]], tours=[Tour(0, 0, 0, 10)] * 2),
    )
    assert no_visits.feasible and no_visits.tours == [[], []] and no_visits.spans == [None, None]
    no_tours = fast(
        Instance(travel=[[0]], visits=[Visit(0, 1, 0, 5, required=True)]),
    )
    assert not no_tours.feasible and no_tours.violations


def test_deterministic_when_stopped_by_iterations(shared_data: Path) -> None:
    from bench.toptw import read_instance

    path = shared_data / "toptw" / "rc201.txt"  # large enough for seeds to differ
    inst = read_instance(path, m=2) if path.is_file() else random_instance(5)
    first, again = (solve(inst, time_limit_s=None, max_iterations=300) for _ in range(2))
    assert replace(first, runtime_s=0) == replace(again, runtime_s=0)


def test_fractional_scores_and_negative_origin() -> None:
    inst = Instance(
        travel=LINE,
        visits=[
            Visit(location=1, service=10, tw_early=-500, tw_late=-400, score=0.25),
            Visit(location=2, service=10, tw_early=-500, tw_late=-400, score=0.5),
        ],
        tours=[Tour(start=0, end=0, earliest=-500, latest=-450)],  # room for one of them
    )
    sol = fast(inst)
    assert sol.feasible and [s.visit for s in sol.tours[0]] == [1] and sol.score == 0.5


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"travel": [[0, 1.5], [1.5, 0]]}, "integers"),
        ({"travel": [[0, 1]]}, "square"),
        ({"visits": [Visit(0, 1, 5, 4)]}, "tw_early > tw_late"),
        ({"visits": [Visit(0, 1, 0, 4, required=True, group=0)]}, "cannot be required"),
        ({"visits": [Visit(0, 1, 0, 4, tours=frozenset({3}))]}, "tour index"),
        ({"visits": [Visit(7, 1, 0, 4)]}, "location out of range"),
    ],
)
def test_malformed_instances_raise(change: dict, message: str) -> None:
    base = Instance(travel=[[0, 1], [1, 0]], groups=[Group()], tours=[Tour(0, 0, 0, 10)])
    with pytest.raises(ValueError, match=message):
        fast(replace(base, **change))


def test_no_stopping_criterion_raises() -> None:
    with pytest.raises(ValueError, match="never ends"):
        solve(Instance(travel=[]), time_limit_s=None)


def test_evaluate_and_check_catch_broken_plans() -> None:
    inst = Instance(
        travel=LINE,
        visits=[Visit(location=1, service=15, tw_early=0, tw_late=20, score=1, group=0)] * 2,
        groups=[Group()],
        tours=[Tour(start=0, end=0, earliest=0, latest=100)],
    )
    both = evaluate(inst, [[0, 1]])
    assert not both.feasible
    assert any("group 0 has 2 visits" in v for v in both.violations)
    assert any("start 25 outside" in v for v in both.violations)  # second one: 25 > 20
    ok = evaluate(inst, [[0]])
    assert ok.feasible
    tampered = Solution(
        tours=[[Stop(0, 5, 5, 15)]], spans=ok.spans, score=ok.score, travel=0, feasible=True
    )
    assert any("arrival" in v for v in check(inst, tampered))


def test_c101_one_tour_near_best_known(shared_data: Path) -> None:
    from bench.toptw import read_bks, read_instance

    folder = shared_data / "toptw"
    if not (folder / "c101.txt").is_file():
        pytest.skip(f"TOPTW benchmark absent: {folder}")
    inst = read_instance(folder / "c101.txt", m=1)
    best = read_bks(folder / "bks.csv")[("c101", 1)]
    sol = solve(inst, time_limit_s=None, max_iterations=1000)
    assert sol.feasible and check(inst, sol) == []
    assert sol.score >= 0.9 * best
