"""plan_trip on a synthetic knowledge base: structure, constraints and the fall-backs."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Avoid, Pace, Party, TripRequest
from engine.knowledge.schema import Destination
from engine.planning import PlanningError, plan_trip
from tests.helpers.synthetic_kb import attraction, city, restaurant, two_city_kb

SATURDAY = dt.date(2026, 12, 5)


def _plan(**kw) -> Itinerary:  # type: ignore[no-untyped-def]
    kb = kw.pop("kb", None) or two_city_kb()
    fields = {"destinations": ("beta",), "days": 2, "departure": "alpha", "start_date": SATURDAY}
    fields.update(kw)
    return plan_trip(TripRequest(**fields), kb, time_limit_s=0.3)


def kinds(day) -> list[str]:  # type: ignore[no-untyped-def]
    return [i.kind.value for i in day.items]


def test_two_day_trip_has_legs_lodging_meals_and_passes() -> None:
    plan = _plan()
    assert [d.date for d in plan.days] == [SATURDAY, SATURDAY + dt.timedelta(days=1)]
    first, last = plan.days
    assert first.items[0].kind is ItemKind.INTERCITY
    assert last.items[-1].kind is ItemKind.INTERCITY
    assert first.lodging_id == "beta-l1" and last.lodging_id is None
    assert ItemKind.LODGING.value in kinds(first)
    meals = [i.meal for d in plan.days for i in d.items if i.kind is ItemKind.MEAL]
    assert "lunch" in meals and "dinner" in meals and "breakfast" in meals
    assert sum(1 for d in plan.days for i in d.items if i.kind is ItemKind.ATTRACTION) >= 3
    assert plan.feasibility is not None and plan.feasibility.passed, plan.feasibility.failures


def test_no_departure_means_no_intercity_legs() -> None:
    plan = _plan(departure=None, days=3)
    assert all(i.kind is not ItemKind.INTERCITY for d in plan.days for i in d.items)
    assert plan.feasibility.passed, plan.feasibility.failures  # type: ignore[union-attr]


def test_weekly_closure_is_respected() -> None:
    kb = two_city_kb()
    beta = kb.destinations["beta"]
    closed_sat = attraction(
        "beta",
        50,
        beta.lat + 0.005,
        beta.lon,
        hours="Mo-Fr,Su 08:00-18:00",
        popularity=5,
        name_zh="周六闭馆馆",
        name_en="Closed Saturdays",
    )
    kb.add(beta.model_copy(update={"attractions": (*beta.attractions, closed_sat)}))
    plan = _plan(kb=kb, days=2)
    for day in plan.days:
        ids = [i.poi_id for i in day.items]
        if day.date.weekday() == 5:
            assert closed_sat.id not in ids
    assert any(closed_sat.id in [i.poi_id for i in d.items] for d in plan.days)  # Sunday it is open


def test_relaxed_pace_caps_sights_per_day() -> None:
    plan = _plan(pace=Pace.RELAXED, days=3, departure=None)
    for day in plan.days:
        assert sum(1 for i in day.items if i.kind is ItemKind.ATTRACTION) <= 3


def test_avoided_cuisine_never_served() -> None:
    kb = two_city_kb()
    beta = kb.destinations["beta"]
    hot = [
        restaurant("beta", 90 + i, beta.lat + 0.001 * i, beta.lon, cuisines=["sichuan", "spicy"])
        for i in range(4)
    ]
    kb.add(beta.model_copy(update={"restaurants": (*beta.restaurants, *hot)}))
    plan = _plan(kb=kb, avoid=Avoid(cuisines=("spicy",)))
    served = {i.poi_id for d in plan.days for i in d.items if i.kind is ItemKind.MEAL}
    assert not served & {r.id for r in hot}
    assert plan.feasibility.passed  # type: ignore[union-attr]


def test_too_many_must_sees_in_one_day_names_the_conflict() -> None:
    kb = two_city_kb()
    beta = kb.destinations["beta"]
    many = [
        attraction("beta", 100 + i, beta.lat + 0.002 * i, beta.lon - 0.002 * i, visit_minutes=120)
        for i in range(15)
    ]
    kb.add(beta.model_copy(update={"attractions": (*beta.attractions, *many)}))
    plan = _plan(kb=kb, days=1, must_see=tuple(a.id for a in many))
    report = plan.feasibility
    assert report is not None and not report.passed
    must = next(c for c in report.checks if c.code == "must_see")
    assert not must.passed and must.relax and "增加天数" in must.relax


def test_tiny_budget_is_flagged_with_what_it_would_take() -> None:
    plan = _plan(days=5, budget_cny=100)
    budget = next(c for c in plan.feasibility.checks if c.code == "budget")  # type: ignore[union-attr]
    assert not budget.passed
    assert "100" in budget.message and budget.relax and "预算" in budget.relax


def _tickets(plan: Itinerary) -> list[float]:
    return [i.cost_cny for d in plan.days for i in d.items if i.kind is ItemKind.ATTRACTION]


def test_bigger_party_costs_more_per_ticket() -> None:
    one = _plan(party=Party(adults=1), departure=None)
    four = _plan(party=Party(adults=4), departure=None)
    assert sum(_tickets(four)) > sum(_tickets(one))


def test_unknown_destination_raises_planning_error_in_both_languages() -> None:
    with pytest.raises(PlanningError) as info:
        _plan(destinations=("atlantis",))
    assert "atlantis" in info.value.message("zh") and "atlantis" in info.value.message("en")


def test_english_request_gives_english_names() -> None:
    plan = _plan(lang="en")
    assert plan.lang == "en"
    assert any(i.name.startswith("Sight") for d in plan.days for i in d.items)


def test_multi_destination_trip_moves_between_stays() -> None:
    kb = two_city_kb()
    plan = plan_trip(
        TripRequest(destinations=("alpha", "beta"), days=4, start_date=SATURDAY),
        kb,
        time_limit_s=0.3,
    )
    dests = [d.destination for d in plan.days]
    assert dests[0] == "alpha" and dests[-1] == "beta"
    switch = dests.index("beta")
    assert any(i.kind is ItemKind.INTERCITY for i in plan.days[switch].items)
    assert plan.feasibility.passed, plan.feasibility.failures  # type: ignore[union-attr]


def test_destination_without_attractions_left_is_a_planning_error() -> None:
    kb = two_city_kb()
    with pytest.raises(PlanningError):
        plan_trip(TripRequest(destinations=("beta",), days=1, avoid=Avoid(tags=("culture",))), kb)


def _is_destination(obj: object) -> bool:
    return isinstance(obj, Destination)


def test_city_helper_builds_valid_destination() -> None:
    assert _is_destination(city("gamma", 30.0, 114.0))


def test_a_tea_house_or_a_bakery_is_never_lunch_or_dinner() -> None:
    from engine.planning import candidates as cand

    kb = two_city_kb()
    alpha = kb.destinations["alpha"]
    extra = (
        restaurant("alpha", 20, 31.2, 121.45, cuisines=["tea-house"]),
        restaurant("alpha", 21, 31.2, 121.46, cuisines=["dessert"]),
        restaurant("alpha", 22, 31.21, 121.45, cuisines=["dessert", "snacks"]),  # also food
    )
    kb.add(alpha.model_copy(update={"restaurants": (*alpha.restaurants, *extra)}))
    request = TripRequest(destinations=("alpha",), days=2, start_date=dt.date(2026, 12, 7))
    ids = {r.id for r in cand.restaurants(kb.destinations["alpha"], request)}
    assert "alpha-r22" in ids and not {"alpha-r20", "alpha-r21"} & ids


def test_economy_lodging_weighs_the_rides_not_only_the_room() -> None:
    from engine.knowledge.schema import Lodging
    from engine.planning import candidates as cand
    from engine.planning.stays import choose_lodging
    from tests.helpers.synthetic_kb import PROV

    kb = two_city_kb()
    alpha = kb.destinations["alpha"]
    far = Lodging(
        id="alpha-far",
        name_zh="远郊",
        name_en="Far out",
        lat=31.6,
        lon=121.9,
        price_min_cny=60,
        price_max_cny=80,
        description_zh="远郊的便宜住处",
        description_en="A cheap place far out",
        **PROV,
    )  # ~60 km out: two long taxi rides a day
    central = alpha.lodging[0].model_copy(update={"price_min_cny": 120, "price_max_cny": 300})
    destination = alpha.model_copy(update={"lodging": (far, central), "metro": False})
    request = TripRequest(destinations=("alpha",), days=3, start_date=dt.date(2026, 12, 7))
    scored = cand.attractions(destination, request)
    chosen = choose_lodging(destination, scored, top=8, economy=True, budget_per_night=70, party=2)
    assert chosen is not None and chosen.id == central.id
