"""A day without lunch for want of a count (issue 12, bench bg-05): 桂林 on 3 000 CNY for two
kept three 米粉 shops and 东西巷小吃 for its two days — four meals — but counted the street as a
meal on each day, so a noodle shop was allowed once a day and day 1 went without lunch. A food
street comes back once per `meal_groups.REPEAT_EVERY` days at most (`GroupKeys`), and is counted
so: then a second bowl of noodles is allowed rather than no lunch."""

from __future__ import annotations

from engine.planning.meal_groups import DAY_DISHES, REPEAT_EVERY, day_dish_caps, day_dish_load
from tests.helpers.plans import KB

NOODLES = DAY_DISHES.index("noodles")


def test_a_food_street_counts_once_per_block_of_days() -> None:
    guilin = KB.destinations["guilin"].restaurants
    shops = [r for r in guilin if day_dish_load(r)[NOODLES]]
    street = next(r for r in guilin if r.id == "guilin-dongxi-lane-snacks")
    assert len(shops) == 3 and not day_dish_load(street)[NOODLES]
    # two days, one street: it gives one meal, so noodles may be lunch and dinner of a day
    assert day_dish_caps((), [*shops, street], REPEAT_EVERY)[NOODLES] == 2
    # two streets for two days: a meal a day elsewhere, so one bowl a day
    night = next(r for r in guilin if r.id == "guilin-zhengyang-night-snacks")
    assert day_dish_caps((), [*shops, street, night], REPEAT_EVERY)[NOODLES] == 1
