"""A dish wished by name is served by that dish (issue 12): 鸭血粉丝汤 at a place whose menu has
it — not a 素面 house; the answer names the restaurant and the meal; a dish no restaurant of the
trip serves is ❌ with the reason and the destinations whose restaurants serve it."""

from __future__ import annotations

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.planning import plan_trip
from engine.planning.dishes import has_dish
from engine.understanding import parse_request
from tests.helpers.plans import KB, SATURDAY


def _plan(text: str) -> Itinerary:
    request = parse_request(text, KB, today=SATURDAY).request
    assert request is not None
    return plan_trip(request, KB)


def _food_row(p: Itinerary):  # type: ignore[no-untyped-def]
    assert p.feasibility is not None
    rows = [w for w in p.feasibility.wishes if w.kind == "food"]
    assert len(rows) == 1
    return rows[0]


@pytest.mark.parametrize(
    ("text", "tag", "meal_words"),
    [("去南京3天，想吃鸭血粉丝汤", "duck-blood-soup", ("午餐", "晚餐")),
     ("去昆明3天，想吃过桥米线", "crossing-bridge-noodles", ("午餐", "晚餐")),
     ("3 days in Tianjin, we want to try goubuli buns", "goubuli-buns", ("lunch", "dinner"))],
)  # fmt: skip
def test_the_wish_is_a_meal_whose_menu_has_the_dish(
    text: str, tag: str, meal_words: tuple[str, ...]
) -> None:
    p = _plan(text)
    row = _food_row(p)
    assert row.status == "honoured", row
    meals = [i for d in p.days for i in d.items if i.kind == ItemKind.MEAL and i.poi_id]
    served = [i for i in meals if (r := KB.restaurant(i.poi_id or "")) and has_dish(r, tag)]
    assert served
    assert served[0].name in row.message
    assert any(word in row.message for word in meal_words)
    for i in meals:  # every meal the answer names serves the dish itself
        if i.name in row.message:
            place = KB.restaurant(i.poi_id or "")
            assert place is not None and has_dish(place, tag), i.name


@pytest.mark.parametrize(
    ("text", "said", "where"),
    [("去西安3天，想吃沙茶面", "沙茶面", "厦门"),
     ("3 days in Xi'an, we'd like to try shacha noodles", "shacha noodles", "Xiamen")],
)  # fmt: skip
def test_a_dish_not_served_here_is_not_honoured_by_a_lookalike(
    text: str, said: str, where: str
) -> None:
    """西安 has 面 of every kind but no 沙茶面: ❌, saying where it is eaten."""
    row = _food_row(_plan(text))
    assert row.status == "not", row
    assert said in row.message
    assert row.reason is not None and said in row.reason and where in row.reason


@pytest.mark.parametrize(
    ("text", "dish"),
    [("上海出发去苏州玩两天，住平江路附近，想吃苏式面", "苏式面"),
     ("杭州两天，想吃片儿川", "片儿川"),
     ("成都三天，想吃钟水饺", "钟水饺")],
)  # fmt: skip
def test_a_dish_no_tag_names_is_served_where_the_menu_has_it(text: str, dish: str) -> None:
    """「想吃苏式面」 was 「没看懂」 although a noodle house of the plan serves 苏式汤面: a dish said
    by its own name is a wish, served at a meal whose menu (or name) holds it."""
    p = _plan(text)
    row = _food_row(p)
    assert row.status == "honoured", row
    assert row.value == f"dish:{dish}"
    named = [
        i for d in p.days for i in d.items if i.kind == ItemKind.MEAL and i.name in row.message
    ]
    assert named
    for i in named:
        place = KB.restaurant(i.poi_id or "")
        assert place is not None and has_dish(place, row.value), i.name
    assert not any("没看懂" in w.message for w in p.feasibility.wishes)  # type: ignore[union-attr]


def test_a_named_dish_nobody_serves_is_answered_not_dropped() -> None:
    """A dish no restaurant of the trip has (麦当劳's burgers are not in the knowledge): ❌ with
    the reason, never silence and never a lookalike meal."""
    row = _food_row(_plan("成都三天，想吃螺蛳粉"))
    assert row.status == "not", row
    assert row.reason is not None and "螺蛳粉" in row.reason


def test_each_dish_of_a_list_is_its_own_wish() -> None:
    """「想吃钟水饺和龙抄手」: 龙抄手 after 和 was dropped; a house named for the dish serves it."""
    p = _plan("成都三天，想吃钟水饺和龙抄手")
    assert p.feasibility is not None
    rows = {w.value: w for w in p.feasibility.wishes if w.kind == "food"}
    assert set(rows) == {"dish:钟水饺", "dish:龙抄手"}
    assert all(w.status == "honoured" for w in rows.values()), rows
    assert "龙抄手" in rows["dish:龙抄手"].message
