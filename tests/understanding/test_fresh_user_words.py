"""Words a fresh user said that were dropped or misread (issue 12): a date some months ahead,
beer, food for children, the sea, a stay by the water — each one wish in the person's words."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.request import TripRequest
from engine.planning.dishes import has_dish
from engine.understanding import read_request
from tests.helpers.plans import KB

TODAY = dt.date(2026, 12, 2)  # a Wednesday


def read(text: str) -> TripRequest:
    request = read_request(text, KB, today=TODAY).request
    assert request is not None
    return request


def said(request: TripRequest, kind: str) -> list[str]:
    return [w.said for w in request.wishes if w.kind == kind]


@pytest.mark.parametrize(
    ("text", "start", "words"),
    [
        ("三个月后去杭州玩两天", dt.date(2027, 3, 6), "三个月后"),
        ("半年后去三亚玩5天", dt.date(2027, 6, 5), "半年后"),
        ("两周后去北京3天", dt.date(2026, 12, 19), "两周后"),
        ("3 months from now, 2 days in Hangzhou", dt.date(2027, 3, 6), "3 months from now"),
        ("in two weeks, 3 days in Beijing", dt.date(2026, 12, 19), "in two weeks"),
    ],
)
def test_a_time_ahead_is_the_start_date(text: str, start: dt.date, words: str) -> None:
    request = read(text)
    assert request.start_date == start and start.weekday() == 5  # the Saturday after
    assert said(request, "date") == [words]
    assert all(words not in w for w in said(request, "days"))  # 三个月 is no trip length


@pytest.mark.parametrize(
    "text",
    ["去青岛玩3天，想喝啤酒", "3 days in Qingdao, we want to drink beer", "去青岛3天，想喝精酿"],
)
def test_beer_is_a_wish_for_beer(text: str) -> None:
    request = read(text)
    assert [f.cuisine for f in request.food] == ["beer"]
    assert request.unrecognized == ()


def test_beer_on_the_menu_is_not_fish_cooked_in_it() -> None:
    street = KB.restaurant("qingdao-beer-street")
    fish = KB.restaurant("yangshuo-xie-dajie-beer-fish")
    assert street is not None and has_dish(street, "beer")
    assert fish is not None and not has_dish(fish, "beer")  # 啤酒鱼 / "beer fish"


@pytest.mark.parametrize(
    "text",
    [
        "3 days in Beijing with our two kids, kid-friendly food please",
        "去北京3天带两个孩子，想吃适合孩子的菜",
    ],
)
def test_food_for_children_is_mild_food_not_sights(text: str) -> None:
    request = read(text)
    assert request.avoid.cuisines == ("spicy",)
    assert "kids" not in request.interests and "food" not in request.interests
    assert said(request, "interest") == []


@pytest.mark.parametrize(
    ("text", "tag"), [("去三亚4天，想看海", "sea"), ("去杭州3天，想看湖", "lake")]
)
def test_to_see_the_sea_is_an_interest_not_dropped(text: str, tag: str) -> None:
    request = read(text)
    assert tag in request.interests
    assert said(request, "interest")[0].startswith("想看")


def test_the_second_mention_of_the_sea_is_the_interest() -> None:
    request = read("去三亚4天，住海边，想去海边玩")
    assert said(request, "interest") and said(request, "interest")[0] == "想去海边"
    assert said(request, "lodging_area") == ["住海边"]
    assert request.unrecognized == ()


@pytest.mark.parametrize(
    ("text", "stay"),
    [
        ("去厦门3天，住海边", "xiamen-lodging-gulangyu"),
        ("去威海3天，住在海边", "weihai-lodging-beach"),
    ],
)
def test_by_the_sea_is_the_stay_nearest_the_sea(text: str, stay: str) -> None:
    request = read(text)
    assert request.lodging.near[0] == stay
    (wish,) = [w for w in request.wishes if w.kind == "lodging_area"]
    assert wish.value == stay


def test_where_to_sleep_is_not_also_a_must_see_row() -> None:
    request = read("去三亚5天，住亚龙湾")
    assert [w.kind for w in request.wishes if w.kind != "days"] == ["lodging_area"]
