"""Vegetarian, halal and no-pork travellers are sent where a dish they eat is known (issue 12,
H4): a 吃素 trip to 成都 dined at 陈麻婆豆腐 (麻婆豆腐, 回锅肉, 夫妻肺片) and 龙抄手, one to 厦门 at
乌糖沙茶面; a 清真 one to 成都 at 明婷饭店 (蹄花, 肥肠) and a beef-tallow hotpot."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Avoid, FoodWish
from engine.knowledge.schema import Restaurant
from engine.planning import diet_places
from tests.helpers.plans import KB, plan

VEGETARIAN = (FoodWish(cuisine="vegetarian", said="吃素"),)
HALAL = (FoodWish(cuisine="halal", said="清真"),)


def _place(destination: str, name: str) -> Restaurant:
    return next(r for r in KB.destinations[destination].restaurants if name in r.name_zh)


def test_a_place_is_judged_by_the_dishes_known_to_fit() -> None:
    p = plan(destinations=("chengdu",), days=1, food=VEGETARIAN)
    request = p.request
    assert diet_places.standing(_place("chengdu", "陈麻婆豆腐"), request) == diet_places.UNFIT
    assert diet_places.standing(_place("chengdu", "老妈蹄花"), request) == diet_places.UNFIT
    assert diet_places.standing(_place("chengdu", "香积厨"), request) == diet_places.FIT
    # 南门涮肉's 糖蒜 and 烧饼 are sides, not a vegetarian's dinner
    assert diet_places.standing(_place("beijing", "涮肉"), request) == diet_places.UNFIT
    no_pork = plan(destinations=("chengdu",), days=1, avoid=Avoid(cuisines=("pork",))).request
    assert diet_places.standing(_place("chengdu", "龙抄手"), no_pork) == diet_places.UNFIT
    # a side is no meal: 超意兴's 米饭 does not make a 把子肉 house fit a halal diet
    halal = plan(destinations=("jinan",), days=1, food=HALAL).request
    assert diet_places.standing(_place("jinan", "超意兴"), halal) == diet_places.UNFIT


@pytest.mark.parametrize(
    ("destination", "food", "avoid"),
    [
        ("xian", VEGETARIAN, ()),
        ("beijing", VEGETARIAN, ()),
        ("guangzhou", VEGETARIAN, ()),
        ("xiamen", (), ("pork",)),
        ("chengdu", (), ("pork",)),
    ],
)
def test_no_meal_where_every_known_dish_fails_the_diet(
    destination: str, food: tuple[FoodWish, ...], avoid: tuple[str, ...]
) -> None:
    """Where enough places with a dish to order are known (西安 吃素 dined at 德发长's 饺子宴,
    北京 at 海碗居: 炸酱面, 干炸丸子, 京酱肉丝)."""
    p = plan(destinations=(destination,), days=3, food=food, avoid=Avoid(cuisines=avoid),
             start_date=dt.date(2026, 12, 5))  # fmt: skip
    meals = _meals(p)
    assert len(meals) >= 3
    unfit = [(n, r.name_zh) for n, r in meals
             if diet_places.standing(r, p.request) == diet_places.UNFIT]  # fmt: skip
    assert not unfit


def test_where_few_places_fit_every_meal_is_still_eaten() -> None:
    """广州 with a halal diet: four places with a dish known to fit, six meals, no place twice —
    day 1 had neither lunch nor dinner; an unfit place is a meal again, and says to ask."""
    p = plan(destinations=("guangzhou",), days=3, food=HALAL, start_date=dt.date(2026, 3, 7))
    for day in p.days:
        said = {i.meal for i in day.items if i.kind is ItemKind.MEAL}
        assert {"lunch", "dinner"} <= said, day.index
    for item in (i for d in p.days for i in d.items if i.kind is ItemKind.MEAL and i.poi_id):
        place = KB.restaurant(item.poi_id or "")
        if isinstance(place, Restaurant) and diet_places.standing(place, p.request) == "unfit":
            assert "招牌菜里没有确定清真的" in (item.note or ""), item.note


def _meals(p: Itinerary) -> list[tuple[int, Restaurant]]:
    return [(d.index, r) for d in p.days for i in d.items
            if i.kind is ItemKind.MEAL and i.meal in ("lunch", "dinner")
            and isinstance(r := KB.restaurant(i.poi_id or ""), Restaurant)]  # fmt: skip
