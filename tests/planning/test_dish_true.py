"""A dish wished is honoured only where that dish is served (issue 12): 「想吃泡馍」 was ✅ with a
lunch at a place of 油泼面 and 肉夹馍 among its meals; 「想吃小笼包」 ✅ at a 包子 house (哈尔滨,
北京 have no 小笼包 on any menu) — a dish's other names (小笼, 汤包, "xiao long bao") are the
same dish, another dish of its kind (生煎) is not."""

from __future__ import annotations

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import FoodWish
from engine.planning.dishes import on_menu, serves_said
from tests.helpers.plans import KB, plan


def _food_row(p: Itinerary):  # type: ignore[no-untyped-def]
    assert p.feasibility is not None
    (row,) = [w for w in p.feasibility.wishes if w.kind == "food"]
    return row


def _place(destination: str, name: str):  # type: ignore[no-untyped-def]
    return next(r for r in KB.destinations[destination].restaurants if r.name_zh.startswith(name))


def test_every_meal_the_answer_names_serves_the_dish() -> None:
    """西安 「想吃泡馍」: the answer named 大雁塔·大唐不夜城餐馆集中区 (油泼面、肉夹馍、凉皮) beside two
    泡馍 houses; each meal named now has 泡馍 on its menu."""
    wish = FoodWish(cuisine="northwest", said="想吃泡馍")
    p = plan(destinations=("xian",), days=3, departure="beijing", food=(wish,))
    row = _food_row(p)
    assert row.status == "honoured", row
    meals = [i for d in p.days for i in d.items if i.kind == ItemKind.MEAL and i.poi_id]
    named = [i for i in meals if i.name in row.message]
    assert named
    for item in named:
        place = KB.restaurant(item.poi_id or "")
        assert place is not None and serves_said(place, wish), (item.name, row.message)


@pytest.mark.parametrize(
    "said", ["想吃小笼包", "想吃小笼", "try xiaolongbao", "try xiao long bao", "some xiao long bao"]
)
def test_a_dish_s_other_names_are_the_same_dish_and_no_other_dish(said: str) -> None:
    """上海: 南翔's 蟹粉小笼 and 佳家's 汤包 serve 小笼包 said any way; 小杨生煎's 生煎包 does not."""
    wish = FoodWish(cuisine="dumplings", said=said)
    assert serves_said(_place("shanghai", "南翔馒头店"), wish)
    assert serves_said(_place("shanghai", "佳家汤包"), wish)
    assert not serves_said(_place("shanghai", "小杨生煎"), wish)


def test_sheng_jian_is_not_xiaolongbao() -> None:
    assert on_menu(_place("shanghai", "小杨生煎"), "生煎")
    assert not on_menu(_place("shanghai", "南翔馒头店"), "生煎")
    assert on_menu(_place("shanghai", "南翔馒头店"), "soup dumplings")


@pytest.mark.parametrize(
    ("destination", "wish", "dish", "where"),
    [("harbin", FoodWish(cuisine="dumplings", said="想吃小笼包"), "小笼包", "杭州"),
     ("lanzhou", FoodWish(cuisine="northwest", said="想吃泡馍"), "泡馍", "西安")],
)  # fmt: skip
def test_a_dish_of_another_city_is_not_honoured_by_its_kind(
    destination: str, wish: FoodWish, dish: str, where: str
) -> None:
    """哈尔滨 「想吃小笼包」 was ✅ at 东方饺子王; 兰州 「想吃泡馍」 at a 牛肉面 street: the food's kind
    is no meal of the dish. ⚠️ with that meal named as its kind, and the cities that serve it."""
    p = plan(destinations=(destination,), days=3, departure=None, food=(wish,))
    row = _food_row(p)
    assert row.status != "honoured", row
    assert f"没有「{dish}」" in row.message or f"没有安排{dish}" in row.message, row
    assert row.reason is not None and dish in row.reason and where in row.reason, row
