"""Someone who avoids spice eats where mild dishes are served (issue 12): 「成都三天，不吃辣但想吃
火锅」 ate hotpot at three of five meals, because one hot dish on a menu (红油抄手 at 龙抄手, 伤心凉粉
on 锦里's snack street) took the place away. Only a place whose food is mostly hot is left out;
at a place with mild dishes beside hot ones the meal says what to order and what to skip."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind
from engine.domain.request import Avoid, FoodWish, Wish
from engine.knowledge.schema import Restaurant
from engine.planning import spice
from engine.planning.candidates import serves
from tests.helpers.plans import KB, plan


def _restaurant(place_id: str) -> Restaurant:
    place = KB.restaurant(place_id)
    assert isinstance(place, Restaurant)
    return place


def test_a_place_with_mild_dishes_is_kept_and_says_what_to_order() -> None:
    wontons = _restaurant("chengdu-long-chaoshou")  # 原汤抄手, 红油抄手, 小吃套餐
    assert spice.mixed(wontons) and not spice.too_hot(wontons)
    order = spice.order_mild(wontons, "zh")
    assert "点原汤抄手" in order and "别点红油抄手" in order
    assert "clear broth" in spice.order_mild(wontons, "en")
    # mostly hot dishes, a spicy hotpot house, a shop named for a hot dish: left out
    for hot in ("chengdu-chen-mapo-tofu", "chengdu-jinli-hotpot-area", "changsha-feidachu"):
        assert spice.too_hot(_restaurant(hot)), hot
    assert spice.hot_dish("担担面") and spice.hot_dish("冒菜", "spicy simmered vegetables")
    assert not spice.hot_dish("清汤小面") and not spice.hot_dish("酸辣粉（可不辣）")
    # Dai dishes pounded with chilies were the no-spice order for children (tester F17.2)
    assert spice.hot_dish("撒撇") and spice.hot_dish("舂鸡脚", "pounded chicken feet")
    assert not spice.hot_dish("香茅草烤鱼", "lemongrass grilled fish")


def test_no_spice_with_hotpot_wished_serves_hotpot_once_and_mild_places_otherwise() -> None:
    p = plan(destinations=("chengdu",), days=3, departure=None,
             avoid=Avoid(cuisines=("spicy",)),
             food=(FoodWish(cuisine="hotpot", said="想吃火锅"),),
             wishes=(Wish(kind="avoid_food", value="spicy", said="不吃辣"),
                     Wish(kind="food", value="hotpot", said="想吃火锅")))  # fmt: skip
    meals = [(i, KB.restaurant(i.poi_id or "")) for d in p.days for i in d.items
             if i.kind is ItemKind.MEAL and i.meal in ("lunch", "dinner")]  # fmt: skip
    places = [(i, r) for i, r in meals if isinstance(r, Restaurant)]
    hotpot = [r.name_zh for _, r in places if serves(r, "hotpot")]
    assert 1 <= len(hotpot) <= 2, hotpot
    for item, place in places:
        if serves(place, "hotpot"):
            assert "鸳鸯锅" in (item.note or "")
        else:
            assert not spice.too_hot(place), place.name_zh
        if spice.mixed(place):
            assert "不吃辣：点" in (item.note or ""), item
    assert any(spice.mixed(r) for _, r in places)  # 龙抄手 or 锦里 back on the menu
    assert p.feasibility is not None
    (avoid,) = [w for w in p.feasibility.wishes if w.kind == "avoid_food"]
    assert avoid.status == "partly" and avoid.reason and "不辣的菜" in avoid.reason
