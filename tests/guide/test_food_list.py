"""The guide's food list is true to the party's diets (issue 12): a 吃素 trip's 「美食」 listed
锦里 hotpot houses' 牛油火锅 and 毛肚; a 清真 one may not list a pork dish, 不吃牛肉 no beef one."""

from __future__ import annotations

import re

import pytest

from engine.domain.request import Avoid, FoodWish, TripRequest
from engine.guide.food_list import food_section, suitable_dishes
from engine.planning.dishes import DISH_WORDS, meat_dish
from tests.helpers.plans import KB, SATURDAY, plan

VEGETARIAN = FoodWish(cuisine="vegetarian", said="吃素")


def _place(destination: str, name: str):  # type: ignore[no-untyped-def]
    return next(r for r in KB.destinations[destination].restaurants if r.name_zh.startswith(name))


def _listed(section: str) -> list[str]:
    """The dishes the section names for the plan's places (「- **X**：a、b（人均…）」)."""
    found = re.findall(r"^- \*\*.+?\*\*：(.+)（人均", section, flags=re.M)
    return [dish for line in found for dish in line.split("、")]


@pytest.mark.parametrize("destination", ["chengdu", "xian", "beijing"])
def test_a_vegetarian_trip_lists_no_meat_dish(destination: str) -> None:
    """The plan's places are listed with the dishes a vegetarian orders there (西安's 大雁塔
    food area without its 肉夹馍)."""
    p = plan(destinations=(destination,), days=3, food=(VEGETARIAN,))
    section = food_section(p, KB, zh=True)
    dishes = _listed(section)
    assert dishes, section
    assert not [d for d in dishes if meat_dish(d)], section
    assert "牛油" not in section and "毛肚" not in section, section


def test_a_place_with_no_dish_for_the_diet_says_what_to_order() -> None:
    """锦里 hotpot houses (牛油火锅, 毛肚): beef tallow and tripe, nothing a vegetarian eats by its name."""
    request = TripRequest(destinations=("chengdu",), days=2, start_date=SATURDAY,
                          food=(VEGETARIAN,))  # fmt: skip
    place = _place("chengdu", "锦里—武侯祠大街一带火锅")
    assert suitable_dishes(place, request) == []
    assert meat_dish("牛油火锅") and not meat_dish("牛油果沙拉")


@pytest.mark.parametrize(
    ("destination", "request_fields", "refused"),
    [("xian", {"food": (FoodWish(cuisine="halal", said="清真"),)}, "pork"),
     ("xian", {"avoid": Avoid(cuisines=("beef",))}, "beef")],
)  # fmt: skip
def test_refused_meats_are_not_listed(
    destination: str, request_fields: dict[str, object], refused: str
) -> None:
    request = TripRequest(destinations=(destination,), days=2, start_date=SATURDAY,
                          **request_fields)  # type: ignore[arg-type]  # fmt: skip
    words = [w for w in DISH_WORDS[refused] if not w.isascii()]
    for place in KB.destinations[destination].restaurants:
        for n in suitable_dishes(place, request):
            dish = place.signature_dishes_zh[n]
            assert not any(w in dish for w in words), (place.name_zh, dish)
