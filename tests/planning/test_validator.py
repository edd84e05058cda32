"""The validator catches each kind of infeasibility when a valid plan is broken on purpose."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import Day, ItemKind, Itinerary
from engine.domain.request import TripRequest
from engine.planning import plan_trip, validate
from tests.helpers.synthetic_kb import two_city_kb

KB = two_city_kb()


@pytest.fixture(scope="module")
def plan() -> Itinerary:
    request = TripRequest(
        destinations=("beta",), days=2, departure="alpha", start_date=dt.date(2026, 12, 5)
    )
    result = plan_trip(request, KB, time_limit_s=0.3)
    assert result.feasibility is not None and result.feasibility.passed
    return result


def _replace_day(plan: Itinerary, index: int, day: Day) -> Itinerary:
    days = list(plan.days)
    days[index] = day
    return plan.model_copy(update={"days": tuple(days)})


def _failed(plan: Itinerary) -> set[str]:
    return {c.code for c in validate(plan, KB).failures}


def _first(day: Day, kind: ItemKind) -> int:
    return next(i for i, item in enumerate(day.items) if item.kind is kind)


def test_valid_plan_passes(plan: Itinerary) -> None:
    assert _failed(plan) == set()


def test_visit_outside_opening_hours(plan: Itinerary) -> None:
    day = plan.days[1]
    i = _first(day, ItemKind.ATTRACTION)
    items = list(day.items)
    items[i] = items[i].model_copy(update={"start": dt.time(5, 0), "end": dt.time(5, 30)})
    assert "opening_hours" in _failed(
        _replace_day(plan, 1, day.model_copy(update={"items": tuple(items)}))
    )


def test_repeated_attraction(plan: Itinerary) -> None:
    day0 = plan.days[0]
    sight = day0.items[_first(day0, ItemKind.ATTRACTION)]
    day1 = plan.days[1]
    items = list(day1.items)
    items[_first(day1, ItemKind.ATTRACTION)] = items[_first(day1, ItemKind.ATTRACTION)].model_copy(
        update={"poi_id": sight.poi_id, "name": sight.name}
    )
    assert "no_repeats" in _failed(
        _replace_day(plan, 1, day1.model_copy(update={"items": tuple(items)}))
    )


def test_missing_leg_and_wrong_cost_and_missing_lodging(plan: Itinerary) -> None:
    day = plan.days[0]
    no_legs = tuple(i for i in day.items if i.kind is not ItemKind.TRANSIT)
    assert "transit_legs" in _failed(
        _replace_day(plan, 0, day.model_copy(update={"items": no_legs}))
    )
    items = list(day.items)
    i = _first(day, ItemKind.ATTRACTION)
    items[i] = items[i].model_copy(update={"cost_cny": items[i].cost_cny + 50})
    assert "costs" in _failed(_replace_day(plan, 0, day.model_copy(update={"items": tuple(items)})))
    no_bed = day.model_copy(
        update={
            "items": tuple(i for i in day.items if i.kind is not ItemKind.LODGING),
            "lodging_id": None,
        }
    )
    assert "lodging" in _failed(_replace_day(plan, 0, no_bed))


def test_overlap_and_meal_window(plan: Itinerary) -> None:
    day = plan.days[0]
    items = list(day.items)
    meal = next(i for i, item in enumerate(items) if item.meal == "lunch")
    items[meal] = items[meal].model_copy(update={"start": dt.time(15, 30), "end": dt.time(16, 30)})
    failed = _failed(_replace_day(plan, 0, day.model_copy(update={"items": tuple(items)})))
    assert "meal_windows" in failed and "time_order" in failed


def test_missing_return_leg(plan: Itinerary) -> None:
    day = plan.days[-1]
    cut = day.model_copy(update={"items": day.items[:-1]})
    assert "intercity" in _failed(_replace_day(plan, len(plan.days) - 1, cut))


def test_messages_follow_the_language(plan: Itinerary) -> None:
    english = plan.model_copy(update={"lang": "en"})
    day = plan.days[-1]
    broken = _replace_day(english, 1, day.model_copy(update={"items": day.items[:-1]}))
    check = next(c for c in validate(broken, KB).failures if c.code == "intercity")
    assert "return" in check.message and check.relax and "return" in check.relax
