"""A missed food wish says the reason that holds (issue 12): 「离每天的行程太远」 was said whenever
nothing else explained it — of a place already eaten at, and of one next to a day's sights; and
苏州's 「喝茶」 was ❌ (no tea garden) beside ✅ for a teahouse, with no teahouse known there."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import FoodWish, Wish
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Restaurant
from engine.planning import wish_food_why
from tests.helpers.plans import KB, plan


def _guangzhou() -> Itinerary:
    return plan(destinations=("guangzhou",), days=2, departure=None)


def test_a_place_already_eaten_at_is_said_so() -> None:
    p = _guangzhou()
    day, item = next((d.index, i) for d in p.days for i in d.items
                     if i.kind is ItemKind.MEAL and i.meal == "lunch" and i.poi_id)  # fmt: skip
    place = KB.restaurant(item.poi_id or "")
    assert isinstance(place, Restaurant)
    reason = wish_food_why._off_the_way([place], p)
    assert f"第{day}天" in reason and "不重复" in reason and "太远" not in reason


def test_far_and_near_places_are_told_apart_with_the_distance() -> None:
    p = _guangzhou()
    used = {i.poi_id for d in p.days for i in d.items if i.kind is ItemKind.MEAL}
    stops = [(i.lat, i.lon) for d in p.days for i in d.items if i.kind is ItemKind.ATTRACTION]
    places = [r for r in KB.destinations["guangzhou"].restaurants if r.id not in used]

    def away(r: Restaurant) -> float:
        return min(
            haversine_m(r.lat, r.lon, a, b) for a, b in stops if a is not None and b is not None
        )

    near = [r for r in places if away(r) < wish_food_why.FAR_M]
    far = [r for r in places if away(r) >= wish_food_why.FAR_M]
    assert near, "a Guangzhou restaurant near the plan's sights"
    said = wish_food_why._off_the_way(near[:1], p)
    assert "太远" not in said and near[0].name_zh in said and "公里" in said
    if far:  # (the city is compact: a far one, when there is one, is said far, with how far)
        said = wish_food_why._off_the_way(far[:1], p)
        assert "太远" in said and "公里" in said


def test_tea_in_suzhou_is_answered_at_a_teahouse_once() -> None:
    p = plan(destinations=("suzhou",), days=2, departure=None, interests=("tea",),
             food=(FoodWish(cuisine="tea-house", said="喝茶"),),
             wishes=(Wish(kind="interest", value="tea", said="喝茶"),
                     Wish(kind="food", value="tea-house", said="喝茶")))  # fmt: skip
    assert p.feasibility is not None
    rows = [w for w in p.feasibility.wishes if w.said == "喝茶"]
    assert rows and all(w.status == "honoured" for w in rows), rows
    houses = [i.name for d in p.days for i in d.items if i.kind is ItemKind.MEAL
              and "tea-house" in getattr(KB.restaurant(i.poi_id or ""), "cuisines", ())]  # fmt: skip
    assert houses and any(houses[0] in w.message for w in rows)
