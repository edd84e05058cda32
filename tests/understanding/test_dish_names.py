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
    [("wuhan-bali-crayfish-dongting", ("油焖大虾", "蒜蓉虾")),
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
