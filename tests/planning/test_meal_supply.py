"""Places to eat for every lunch and dinner (issue 12): a budget stay whose places under the meal
cap are fewer than its meals gets the cheapest others too, and where the places left by a wish
cannot fill the meals even with a food street once every two days, the street comes back every
day (shown as a free meal in its area, `meal_groups.free_meals`)."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind
from engine.domain.request import Avoid, TripRequest
from engine.knowledge.schema import Restaurant
from engine.planning.checks.meals import missing_meals
from engine.planning.frames import DayFrame
from engine.planning.intercity import Point
from engine.planning.meal_groups import REPEAT_EVERY, GroupKeys
from engine.planning.pace import profile
from engine.planning.planner import OVER_CAP_MOST, _restaurants
from tests.helpers.plans import KB, SATURDAY, plan

CHONGQING = KB.destinations["chongqing"]
AUGUST = dt.date(2027, 8, 7)


def _place(rid: str) -> Restaurant:
    place = KB.restaurant(rid)
    assert isinstance(place, Restaurant)
    return place


def _frames(days: int) -> list[DayFrame]:
    here = Point(CHONGQING.name_zh, CHONGQING.name_en, CHONGQING.lat, CHONGQING.lon)
    return [DayFrame(k, SATURDAY, CHONGQING, profile("normal"), here, 8 * 60, here, 21 * 60, None)
            for k in range(days)]  # fmt: skip


def test_a_street_comes_back_every_day_only_where_places_cannot_fill_the_meals() -> None:
    street = _place("chongqing-raffles-food-floors")
    buns = _place("chongqing-jiuyuan-buns")
    few = GroupKeys([street, buns], _frames(3), ())  # six meals, two places
    assert few.key(street, 0) != few.key(street, 1)  # day 2 may eat there again
    others = [r for r in CHONGQING.restaurants if r.kind == "restaurant"][:4]
    some = GroupKeys([street, buns, *others], _frames(3), ())  # scarce, not starved
    assert some.key(street, 0) == some.key(street, REPEAT_EVERY - 1)
    assert some.key(street, 0) != some.key(street, REPEAT_EVERY)


def test_a_budget_stay_has_a_place_for_each_meal_not_one_a_day() -> None:
    """Two days under a 15 CNY cap in 重庆: one noodle shop within it, four meals to eat."""
    request = TripRequest(destinations=("chongqing",), days=2, start_date=SATURDAY, budget_cny=300)
    capped = [
        r.id for r in CHONGQING.restaurants if r.price_per_person_cny <= 15 and r.serves_meals
    ]
    found = _restaurants(CHONGQING, request, 15.0, [], 2)
    assert len(found) == 4, [r.id for r in found]
    assert set(capped) <= {r.id for r in found}
    assert all(r.price_per_person_cny <= OVER_CAP_MOST * 15 for r in found)


def test_three_days_in_chongqing_with_no_chili_still_eat_every_lunch_and_dinner() -> None:
    """Without spicy food and hotpot two places are left in 重庆's base for six meals."""
    p = plan(destinations=("chongqing",), days=3, departure=None,
             avoid=Avoid(cuisines=("spicy", "hotpot")))  # fmt: skip
    assert not missing_meals(p), missing_meals(p)
    for day in p.days:
        meals = {i.meal for i in day.items if i.kind == ItemKind.MEAL}
        assert {"lunch", "dinner"} <= meals, (day.index, meals)


def test_a_starved_stay_eats_lunch_and_dinner_at_its_one_street_on_a_day() -> None:
    """青岛 with no seafood leaves one café street: it may give both meals of a day (two of the
    three days had no dinner when it gave one a day)."""
    street = _place("chongqing-raffles-food-floors")
    few = GroupKeys([street], _frames(3), ())
    assert few.key(street, 0, "lunch") != few.key(street, 0, "dinner")
    p = plan(destinations=("qingdao",), days=3, departure=None, start_date=AUGUST,
             avoid=Avoid(cuisines=("seafood",)))  # fmt: skip
    assert not missing_meals(p), missing_meals(p)
    for day in p.days:
        meals = {i.meal for i in day.items if i.kind == ItemKind.MEAL}
        assert {"lunch", "dinner"} <= meals, (day.index, meals)
