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
    assert len(places) >= 4
    assert not [r.name_zh for _, r in places if meat_heavy(r)]
    for item, place in places:
        if "vegetarian" not in place.cuisines:
            assert "吃素：点素菜" in (item.note or ""), item
