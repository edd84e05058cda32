"""「周末从广州去顺德吃两天」: a trip made to eat reads 「吃」 as the wish (the place's own dishes every
day), sleeps in the district said (顺德 → 大良, not 禅城 30 km away), and never makes a dessert
shop a meal (tester findings F11/F31) — asserted on whole plans of the curated base."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind, Itinerary
from engine.knowledge.base import load_curated
from engine.knowledge.geo import haversine_m
from engine.planning import plan_trip
from engine.understanding import parse_request

KB = load_curated()
TODAY = dt.date(2026, 12, 2)
TEXT = "周末从广州去顺德吃两天，两个人，预算1000"


def _plan(text: str) -> Itinerary:
    parsed = parse_request(text, KB, today=TODAY)
    assert parsed.request is not None, parsed.message("zh")
    return plan_trip(parsed.request, KB, today=TODAY)


def test_eating_is_the_wish_and_the_district_said_is_where_to_stay() -> None:
    parsed = parse_request(TEXT, KB, today=TODAY)
    assert parsed.request is not None
    (food,) = parsed.request.food
    assert food.cuisine == "local" and food.said == "吃两天"
    assert parsed.request.lodging.near == ("foshan-lodging-daliang",)
    assert parsed.request.days == 2


def test_a_food_weekend_sleeps_in_daliang_and_eats_shunde_food_every_day() -> None:
    plan = _plan(TEXT)
    nights = [i.poi_id for d in plan.days for i in d.items if i.kind is ItemKind.LODGING]
    assert nights and set(nights) == {"foshan-lodging-daliang"}
    meals = [
        (d.index, KB.restaurant(i.poi_id or ""))
        for d in plan.days
        for i in d.items
        if i.kind is ItemKind.MEAL and i.poi_id
    ]
    places = [(day, r) for day, r in meals if r is not None]
    assert all(r.serves_meals for _, r in places), [r.name_zh for _, r in places]
    local_days = {day for day, r in places if "local" in r.cuisines}
    assert local_days == {d.index for d in plan.days}
    assert plan.feasibility is not None
    (row,) = [w for w in plan.feasibility.wishes if w.said == "吃两天"]
    assert row.status == "honoured"


def test_morning_tea_is_dim_sum_not_a_biscuit_street() -> None:
    plan = _plan("周末从广州去顺德玩两天，两个人，第二天早上想喝早茶")
    (tea,) = [i for i in plan.days[1].items if i.kind is ItemKind.MEAL and i.meal == "breakfast"]
    place = KB.restaurant(tea.poi_id or "")
    assert place is not None and "dim-sum" in place.cuisines, tea.name
    assert not any("饼" in dish for dish in place.signature_dishes_zh[:3]), tea.name  # biscuits
    stay = KB.destinations["foshan"].lodging
    night = next(lo for lo in stay if lo.id == "foshan-lodging-daliang")
    assert haversine_m(place.lat, place.lon, night.lat, night.lon) < 3000  # by the night's bed
