"""Meals a traveller would choose (issue 12): a price that fits the trip (an ordinary one when no
budget is said, a fine meal only when asked), a dish wished met where that dish is served and
the answer naming that meal, 火锅 not answered by a 铁锅炖 house, and a town's restaurant before
an airport's food court after landing."""

from __future__ import annotations

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import FoodWish
from engine.knowledge.schema import Restaurant
from engine.planning import plan_trip
from engine.planning.dishes import said_dish, serves_said
from engine.planning.meal_price import FINE_DINING_CNY, ordinary_price
from engine.planning.meal_reach import at_hub
from engine.understanding import parse_request
from tests.helpers.plans import KB, SATURDAY, plan

#: A meal dearer than this many ordinary ones is one a traveller questions (what the bench's
#: price check counts).
DEAR = 3


def _meals(p: Itinerary) -> list[tuple[int, str, Restaurant]]:
    """(day, meal, place) of each lunch and dinner at a known place."""
    return [(d.index, i.meal or "", r) for d in p.days for i in d.items
            if i.kind is ItemKind.MEAL and i.meal in ("lunch", "dinner")
            and isinstance(r := KB.restaurant(i.poi_id or ""), Restaurant)]  # fmt: skip


def _food_rows(p: Itinerary):  # type: ignore[no-untyped-def]
    assert p.feasibility is not None
    return [w for w in p.feasibility.wishes if w.kind == "food"]


def _parsed(text: str) -> Itinerary:
    request = parse_request(text, KB, today=SATURDAY).request
    assert request is not None
    return plan_trip(request, KB)


@pytest.mark.parametrize(
    ("destination", "fields"),
    [("beijing", {"days": 5, "departure": "shanghai"}),
     ("beijing", {"days": 3, "departure": None,
                  "food": (FoodWish(cuisine="vegetarian", said="吃素"),)}),
     ("guangzhou", {"days": 3, "departure": None}),
     ("fuzhou", {"days": 4, "departure": None})],
)  # fmt: skip
def test_with_no_budget_said_meals_are_at_an_ordinary_price(
    destination: str, fields: dict[str, object]
) -> None:
    """北京's 京兆尹, a two-star tasting menu at 820 CNY a head (the city's median is 100), was a
    family's lunch after an 11-hour train, and with 吃素 (it is the one vegetarian house) the
    first meal of every trip; 广州's 400-yuan hotel banquet hall and 福州's 聚春园 came by chance."""
    p = plan(destinations=(destination,), **fields)
    cap = DEAR * (ordinary_price(KB.destinations[destination]) or 0)
    dear = [(d, r.name_zh, r.price_per_person_cny) for d, _, r in _meals(p)
            if r.price_per_person_cny > cap]  # fmt: skip
    assert not dear, dear
    assert len(_meals(p)) >= 2 * len(p.days) - 3  # meals kept: no day goes hungry for it


@pytest.mark.parametrize(
    "text",
    [
        "和老婆去北京玩3天，结婚纪念日，想吃顿好的",
        "3 days in Beijing, we'd love one fine dining dinner",
    ],
)
def test_a_fine_meal_asked_for_is_one_meal_at_a_fine_house(text: str) -> None:
    p = _parsed(text)
    assert [f.cuisine for f in p.request.food] == ["fine-dining"]
    fine = [r.name(p.lang) for _, _, r in _meals(p) if r.price_per_person_cny >= FINE_DINING_CNY]
    assert len(fine) == 1, fine
    (row,) = _food_rows(p)
    assert row.status == "honoured" and fine[0] in row.message, row


@pytest.mark.parametrize(
    ("destination", "wish"),
    [("xian", FoodWish(cuisine="northwest", said="想吃肉夹馍")),
     ("xian", FoodWish(cuisine="northwest", said="try roujiamo")),
     ("hangzhou", FoodWish(cuisine="zhe", said="想尝尝东坡肉"))],
)  # fmt: skip
def test_a_dish_said_is_met_where_that_dish_is_served_and_the_answer_names_it(
    destination: str, wish: FoodWish
) -> None:
    """「想吃肉夹馍」 (西北 food) was answered by 贾三灌汤包子 on day 1 while 樊记腊汁肉夹馍 came on
    day 2: the wish's place is one with the dish on its menu, and the answer names it first."""
    p = plan(destinations=(destination,), days=3, departure=None, food=(wish,))
    served = [(d, meal, r) for d, meal, r in _meals(p) if serves_said(r, wish)]
    assert served, [r.name_zh for _, _, r in _meals(p)]
    (row,) = _food_rows(p)
    assert row.status == "honoured", row
    first = row.message.split("；")[0].split("; ")[0]
    assert any(r.name(p.lang) in first for _, _, r in served), row.message


def test_hotpot_is_not_answered_by_an_iron_pot_stew_or_malatang() -> None:
    """哈尔滨 「想吃火锅」 was ✅ at 索菲亚教堂周边餐馆, whose dishes are 铁锅炖 (a braise in an iron
    pot at the table) and 麻辣烫 (a bowl of boiled picks): neither is a hotpot. No hotpot house
    is known there, so the wish is answered with the reason, in the food's own name."""
    p = plan(destinations=("harbin",), days=3, departure=None,
             food=(FoodWish(cuisine="hotpot", said="想吃火锅"),))  # fmt: skip
    (row,) = _food_rows(p)
    assert row.status == "not", row
    assert "没有安排火锅" in row.message and row.reason, row


def test_after_landing_lunch_is_in_town_not_at_the_terminal() -> None:
    """A honeymoon's first lunch in 厦门 was at 高崎机场's terminal food court (恩施, 曲阜: the
    station's eateries), the town 20 minutes away: a station's or airport's eateries are for
    when nothing better is on the way."""
    for destination, departure in (
        ("xiamen", "beijing"),
        ("enshi", "chengdu"),
        ("qufu", "shanghai"),
    ):
        p = plan(destinations=(destination,), days=3, departure=departure)
        first = [r for d, meal, r in _meals(p) if d == 1]
        assert len(first) == 2 and not any(at_hub(r) for r in first), [r.name_zh for r in first]


@pytest.mark.parametrize(
    ("cuisine", "said", "dish"),
    [("northwest", "想吃肉夹馍", "肉夹馍"), ("zhe", "想尝尝东坡肉", "东坡肉"),
     ("northwest", "try roujiamo", "roujiamo"), ("noodles", "想吃米粉", "米粉"),
     ("seafood", "we love seafood", ""), ("hotpot", "想吃火锅", ""), ("snacks", "尝尝本地小吃", ""),
     ("sichuan", "想吃川菜", ""), ("sichuan", "sichuan food", "")],
)  # fmt: skip
def test_the_dish_said_narrows_only_a_food_broader_than_it(
    cuisine: str, said: str, dish: str
) -> None:
    """「想吃肉夹馍」 narrows 西北 food to the houses with 肉夹馍 on the menu; "we love seafood" or
    「想吃火锅」 is every place of that food (厦门's seafood wish was narrowed to the one market
    whose menu says "seafood")."""
    assert said_dish(FoodWish(cuisine=cuisine, said=said)) == dish
