"""The upgrade pass swaps a made visit for a better copy of its group on another tour,
making room there (`engine.planning._toptw_upgrade`)."""

from __future__ import annotations

from engine.planning._toptw_reach import validate
from engine.planning._toptw_upgrade import upgrade
from engine.planning.toptw import Group, Instance, Tour, Visit, evaluate

# Locations: 0 the lodging, 1 a night view, 2 and 3 minor sights (all 10 minutes apart).
TRAVEL = [[0 if a == b else 10 for b in range(4)] for a in range(4)]
DAY = 1440


def _instance(capacity: int) -> Instance:
    return Instance(
        travel=TRAVEL,
        visits=(
            Visit(1, 60, 600, 700, score=6.0, group=0, load=1),  # day 1, by day
            Visit(1, 60, DAY + 1140, DAY + 1200, score=13.0, group=0, load=1),  # day 2, lit
            Visit(2, 60, 0, 2 * DAY, score=2.0, load=1),
            Visit(3, 60, 0, 2 * DAY, score=1.0, load=1),
        ),
        groups=(Group(),),
        tours=(
            Tour(0, 0, 480, 1290, capacity=capacity),
            Tour(0, 0, DAY + 480, DAY + 1290, capacity=capacity),
        ),
        travel_weight=0.1,
    )


def test_a_night_view_seen_by_day_moves_to_the_evening_copy_on_another_day() -> None:
    instance = _instance(capacity=2)
    orders = [[0, 2], [3]]
    better = upgrade(instance, validate(instance), orders)
    made = {i for o in better for i in o}
    assert 1 in made and 0 not in made, better
    assert {2, 3} <= made, "the minor sights are kept"
    assert evaluate(instance, better).feasible


def test_room_is_made_on_a_full_day_by_moving_a_minor_sight() -> None:
    instance = _instance(capacity=1)  # one sight a day: day 2 must give up its sight
    orders = [[0], [2]]
    better = upgrade(instance, validate(instance), orders)
    assert better[1] == [1], better
    assert better[0] == [2], "the minor sight moves to the day freed"
    assert evaluate(instance, better).feasible


def test_nothing_better_leaves_the_orders_as_they_are() -> None:
    instance = _instance(capacity=2)
    orders = [[2], [1, 3]]
    assert upgrade(instance, validate(instance), orders) == orders
