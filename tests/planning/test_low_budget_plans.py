"""Budget travellers get a budget plan (issue 12, G2): "two students on a tight budget" got a
'packed' pace, hotpot at 110 CNY a head, a flight and rooms a third of the way up each area's
prices. A low budget said in words now plans the economy trip: cheap places to eat, rooms at
the low end of the area's range (said as estimated, with the price a head; never a dorm-bed
price the knowledge base does not hold), buses and the metro — and answers the words with
what was done. A number said as well stays the budget the plan keeps within (it decides the
meals, legs and tickets; the words keep the cheap rooms)."""

from __future__ import annotations

import datetime as dt

from engine.domain.feasibility import WishCheck
from engine.domain.itinerary import ItemKind, Itinerary, Mode
from engine.domain.request import Pace
from engine.knowledge.schema import Restaurant
from engine.planning import plan_trip
from engine.planning.candidates import rooms
from engine.planning.meal_price import ECONOMY_MEAL_CAP
from engine.understanding import parse_request
from tests.helpers.plans import KB


def _plan(text: str) -> Itinerary:
    request = parse_request(text, KB, today=dt.date(2026, 12, 1)).request
    assert request is not None
    return plan_trip(request, KB)


def _meal_prices(plan: Itinerary) -> list[float]:
    out = []
    for day in plan.days:
        for item in day.items:
            if item.kind is ItemKind.MEAL and item.meal in ("lunch", "dinner"):
                place = KB.restaurant(item.poi_id or "")
                if isinstance(place, Restaurant):
                    out.append(place.price_per_person_cny)
    assert out
    return out


def _row(plan: Itinerary, kind: str, value: str | None = None) -> WishCheck:
    assert plan.feasibility is not None
    (row,) = [w for w in plan.feasibility.wishes
              if w.kind == kind and (value is None or w.value == value)]  # fmt: skip
    return row


def test_students_on_a_tight_budget_get_cheap_meals_rooms_and_rides() -> None:
    plan = _plan("two students on a tight budget, 4 days in Chengdu from Xi'an, we'd like a hostel")
    assert plan.request.pace is Pace.NORMAL
    assert max(_meal_prices(plan)) <= ECONOMY_MEAL_CAP
    n = rooms(plan.request)
    nights = [i for d in plan.days for i in d.items if i.kind is ItemKind.LODGING]
    assert nights
    for night in nights:
        lodging = KB.lodging(night.poi_id or "")
        assert lodging is not None
        assert night.cost_cny / n == lodging.price_min_cny, night  # the low end of the range
        assert "(budget)" in night.note, night.note
    rides = [i.mode for d in plan.days for i in d.items if i.kind is ItemKind.TRANSIT]
    assert Mode.TAXI not in rides
    row = _row(plan, "budget", "low")
    assert row.status == "honoured", row
    assert "estimated" in row.message and "a head for 2" in row.message, row.message
    hostel = _row(plan, "lodging_type", "hostel")
    assert "not a dorm bed" in (hostel.reason or ""), hostel


def test_the_same_trip_without_budget_words_eats_dearer() -> None:
    """The control: the words, not the destination, make the meals cheap."""
    plan = _plan("two students, 4 days in Chengdu from Xi'an")
    assert max(_meal_prices(plan)) > ECONOMY_MEAL_CAP


def test_a_number_said_with_the_words_is_the_budget_kept() -> None:
    plan = _plan("学生党，预算3000，两个人从西安去成都玩4天")
    assert plan.total_cost_cny <= 3000
    assert _row(plan, "budget", "3000").status == "honoured"
    row = _row(plan, "budget", "low")
    assert row.message.startswith("按省钱安排：住经济型约"), row.message
    assert "估算" in row.message and "2人每人约" in row.message, row.message
    assert row.status == "honoured", row  # the number's meals: none said to be over a cap


def test_a_hostel_alone_plans_the_budget_trip_and_says_so_in_its_row() -> None:
    plan = _plan("4 days in Chengdu, I'll stay in a hostel")
    assert max(_meal_prices(plan)) <= ECONOMY_MEAL_CAP
    row = _row(plan, "lodging_type", "hostel")
    assert "budget rooms at about" in row.message, row
    assert "planned on a budget, lunches and dinners" in row.message, row
    assert "not a dorm bed" in (row.reason or ""), row
