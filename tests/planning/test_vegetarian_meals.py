"""A vegetarian diet holds where few vegetarian restaurants are known (issue 12): a 吃素 trip to
西安 dined at 春发生葫芦头泡馍 (pork intestine) and one to 哈尔滨 at a 铁锅炖大鹅 house. A place whose
dishes are mostly meat is left out; every other meal says to order vegetarian dishes."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import ItemKind
from engine.domain.request import FoodWish
from engine.knowledge.schema import Restaurant
from engine.planning.dishes import meat_dish, meat_heavy
from tests.helpers.plans import KB, plan

VEGETARIAN = (FoodWish(cuisine="vegetarian", said="吃素"),)


def test_dishes_of_meat_fish_or_seafood_are_read_from_their_names() -> None:
    assert meat_dish("葫芦头泡馍") and meat_dish("铁锅炖大鹅") and meat_dish("肉夹馍")
    assert not meat_dish("素鸡") and not meat_dish("凉皮") and not meat_dish("西红柿炒鸡蛋")
    hulutou = KB.restaurant("xian-chunfasheng")
    assert isinstance(hulutou, Restaurant) and meat_heavy(hulutou)


@pytest.mark.parametrize(
    ("destination", "start"), [("xian", dt.date(2027, 5, 1)), ("harbin", dt.date(2027, 1, 10))]
)
def test_a_vegetarian_eats_where_vegetarian_dishes_are_ordered(
    destination: str, start: dt.date
) -> None:
    p = plan(destinations=(destination,), days=3, departure="beijing", start_date=start,
             food=VEGETARIAN)  # fmt: skip
    meals = [
        (i, KB.restaurant(i.poi_id or ""))
        for d in p.days
        for i in d.items
        if i.kind is ItemKind.MEAL and i.meal in ("lunch", "dinner")
    ]
    places = [(i, r) for i, r in meals if isinstance(r, Restaurant)]
    # a meal of one's choice around a street eaten at already counts (哈尔滨: not 秋林's 红肠)
    assert len(meals) >= 4 and len(places) >= 3
    assert not [r.name_zh for _, r in places if meat_heavy(r)]
    for item, place in places:
        if "vegetarian" not in place.cuisines:
            assert "吃素：点素菜" in (item.note or ""), item


def test_a_house_named_for_a_meat_dish_is_no_place_for_a_vegetarian() -> None:
    """北京 吃素 had lunch at 南门涮肉 (铜锅涮羊肉, 手切羊肉, 糖蒜, 芝麻烧饼: half meat by its
    dishes, all meat by what it is); a 素包 shop stays one."""
    shuanrou = next(r for r in KB.destinations["beijing"].restaurants if "涮肉" in r.name_zh)
    assert meat_heavy(shuanrou)
    subao = next(r for r in KB.destinations["tianjin"].restaurants if "素包" in r.name_zh)
    assert not meat_heavy(subao)
    p = plan(destinations=("beijing",), days=3, food=VEGETARIAN)
    eaten = [r for d in p.days for i in d.items if i.kind is ItemKind.MEAL
             and isinstance(r := KB.restaurant(i.poi_id or ""), Restaurant)]  # fmt: skip
    assert eaten
    assert not [r.name_zh for r in eaten if meat_heavy(r)]
