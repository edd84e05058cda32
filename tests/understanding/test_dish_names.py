"""Crayfish by its local names (issue 12): 口味虾, 油焖大虾, 麻辣小龙虾, 麻小 are one wish for
crayfish — not also a wish for spicy food — and a menu that calls it so serves it."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.planning.dishes import has_dish
from engine.understanding import read_request
from tests.helpers.plans import KB


@pytest.mark.parametrize(
    "text",
    ["去长沙3天，想吃口味虾", "去长沙3天，想吃麻辣小龙虾", "去武汉3天，想吃油焖大虾",
     "去南京3天，想吃麻小", "3 days in Wuhan, we want crawfish"],
)  # fmt: skip
def test_local_names_of_crayfish_are_one_wish(text: str) -> None:
    request = read_request(text, KB, today=dt.date(2026, 12, 1)).request
    assert request is not None
    assert [f.cuisine for f in request.food] == ["crayfish"]
    assert [w.kind for w in request.wishes if w.kind != "days"] == ["food"]
    assert request.unrecognized == ()


@pytest.mark.parametrize(
    ("poi", "dishes"),
    [("wuhan-bali-crayfish-xuesong", ("油焖大虾", "蒜蓉虾")),
     ("xiangyang-xiang-cuisine", ("宜城大虾",)),
     ("changsha-super-wenheyou", ("口味虾",))],
)  # fmt: skip
def test_a_menu_in_chinese_alone_serves_crayfish(poi: str, dishes: tuple[str, ...]) -> None:
    place = KB.restaurant(poi)
    assert place is not None
    zh_only = place.model_copy(update={"signature_dishes_zh": dishes, "signature_dishes_en": ()})
    assert has_dish(zh_only, "crayfish")
    plain = place.model_copy(update={"signature_dishes_zh": ("清蒸鱼",), "signature_dishes_en": ()})
    assert not has_dish(plain, "crayfish")


@pytest.mark.parametrize(
    ("text", "tag", "name"),
    [("去昆明3天，想吃过桥米线", "crossing-bridge-noodles", "过桥米线"),
     ("去厦门3天，想吃沙茶面", "shacha-noodles", "沙茶面"),
     ("去天津2天，想吃狗不理包子", "goubuli-buns", "狗不理包子"),
     ("去南京3天，想吃鸭血粉丝汤", "duck-blood-soup", "鸭血粉丝汤"),
     ("去天津2天，早上想吃煎饼果子", "jianbing", "煎饼果子"),
     ("去长沙3天，想吃剁椒鱼头", "fish-head", "剁椒鱼头"),
     ("去长沙3天，想吃臭豆腐", "stinky-tofu", "臭豆腐"),
     ("2 days in Kunming, we want crossing-the-bridge noodles", "crossing-bridge-noodles",
      "crossing-the-bridge noodles"),
     ("3 days in Tianjin, I want to try jianbing", "jianbing", "jianbing"),
     ("3 days in Changsha, we'd love stinky tofu", "stinky-tofu", "stinky tofu")],
)  # fmt: skip
def test_a_named_dish_keeps_its_full_name(text: str, tag: str, name: str) -> None:
    """过桥米线 is not shortened to 米线, nor 狗不理包子 to 包子, nor 鱼头 to 鱼."""
    request = read_request(text, KB, today=dt.date(2026, 12, 1)).request
    assert request is not None
    assert [f.cuisine for f in request.food] == [tag]
    assert name.lower() in request.food[0].said.lower()


@pytest.mark.parametrize(
    ("poi", "tag"),
    [("kunming-daguan-eats", "crossing-bridge-noodles"),  # 小锅米线, 砂锅米线
     ("kunming-wenlin-street", "crossing-bridge-noodles"),  # 米线
     ("tianjin-shitoumenkan", "goubuli-buns"),  # 素包子
     ("beijing-qingfeng-baozi", "goubuli-buns"),  # 猪肉大葱包子
     ("nanjing-jiming-vegetarian-noodles", "duck-blood-soup"),  # 素面
     ("tianjin-italian-quarter-food", "jianbing"),  # 意大利面、披萨
     ("beijing-guijie", "fish-head"),  # 烤鱼
     ("changsha-xuji-seafood", "fish-head")],  # 清蒸鱼
)  # fmt: skip
def test_a_word_shared_with_a_dish_does_not_serve_it(poi: str, tag: str) -> None:
    place = KB.restaurant(poi)
    assert place is not None
    assert not has_dish(place, tag)


@pytest.mark.parametrize(
    ("poi", "tag"),
    [("kunming-jianxinyuan", "crossing-bridge-noodles"), ("tianjin-goubuli", "goubuli-buns"),
     ("nanjing-xiaopanji-duck-soup", "duck-blood-soup"), ("tianjin-nanshi-food-street", "jianbing"),
     ("changsha-yuloudong", "fish-head"), ("changsha-heise-jingdian", "stinky-tofu"),
     ("xiamen-wutang-shachamian", "shacha-noodles")],
)  # fmt: skip
def test_a_menu_with_the_dish_serves_it_in_either_language(poi: str, tag: str) -> None:
    place = KB.restaurant(poi)
    assert place is not None
    assert has_dish(place, tag)
    en_only = place.model_copy(update={"signature_dishes_zh": ()})
    assert has_dish(en_only, tag)


def test_a_late_snack_takes_only_the_food_said_with_it() -> None:
    """「晚上想吃夜宵」 said apart from 臭豆腐 and 喝茶: those keep no meal (they were answered
    ❌ 没有安排夜宵), while 夜宵吃烧烤 still makes the barbecue the late meal."""
    text = "去长沙3天，想吃臭豆腐，晚上想吃夜宵，下午喝茶"
    request = read_request(text, KB, today=dt.date(2026, 12, 1)).request
    assert request is not None
    meals = {f.cuisine: f.meal for f in request.food}
    assert meals == {"stinky-tofu": None, "street-food": "late", "tea-house": None}
    request = read_request(
        "去长沙3天，想吃臭豆腐，夜宵吃烧烤", KB, today=dt.date(2026, 12, 1)
    ).request
    assert request is not None
    assert {f.cuisine: f.meal for f in request.food} == {"stinky-tofu": None, "bbq": "late"}
