"""Where and how to stay: areas (resolved to POIs of the destinations), on site, type,
features, things to avoid — zh and en."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.understanding import ParseResult

Read = Callable[[str], ParseResult]


@pytest.mark.parametrize(
    ("text", "near", "on_site"),
    [
        ("住在鼓浪屿上，厦门两天", ("xiamen-lodging-gulangyu", "gulangyu"), True),
        ("厦门两天，住鼓浪屿岛上", ("xiamen-lodging-gulangyu", "gulangyu"), True),
        ("厦门两天，想住鼓浪屿附近", ("xiamen-lodging-gulangyu", "gulangyu"), False),
        ("北京三天，住王府井附近", ("beijing-lodging-wangfujing",), False),
        ("北京三天，住故宫旁边", ("forbidden-city",), False),
        ("北京三天，住在北京南站附近", ("beijing-south-station",), False),
        ("黄山两天，住山顶看日出", ("huangshan-lodging-summit",), True),
        ("黄山两天，想住山上", ("huangshan-lodging-summit",), True),
        ("杭州两天，住西湖边", ("west-lake",), False),
        ("杭州两天，住在平江路附近", ("平江路",), False),
        ("2 days in Xiamen, stay on Gulangyu Island", ("xiamen-lodging-gulangyu", "gulangyu"), True),
        ("3 days in Shanghai, a hotel near the Bund", ("the-bund",), False),
        ("3 days in Beijing, staying near the Forbidden City", ("forbidden-city",), False),
        ("北京三天，住王府井", ("beijing-lodging-wangfujing",), True),
        ("黄山两天，住宏村看日出", ("hongcun",), True),
        ("北京三天，住一晚就走", (), False),
        ("2 days in Xiamen, stay in Gulangyu", ("xiamen-lodging-gulangyu", "gulangyu"), True),
        ("2 days in Huangshan, stay at the summit", ("huangshan-lodging-summit",), True),
        ("Huangshan 2 days, we want to sleep on the mountain", ("huangshan-lodging-summit",), True),
        ("Huangshan 3 days, staying on the mountain for the sunrise", ("huangshan-lodging-summit",), True),
        ("北京三天，住在北京", (), False),
        ("上海出发去黄山玩两天", (), False),
    ],
)  # fmt: skip
def test_where_to_stay(read: Read, text: str, near: tuple[str, ...], on_site: bool) -> None:
    result = read(text)
    request = result.request
    assert request is not None, result.message()
    assert request.lodging.near == near
    assert request.lodging.on_site is on_site
    areas = [w for w in request.wishes if w.kind == "lodging_area"]
    assert [w.value for w in areas] == list(near[:1])
    assert all(w.said in text for w in areas)


@pytest.mark.parametrize(
    ("text", "kind", "features", "avoid"),
    [
        ("杭州两天，想住民宿", "homestay", (), ()),
        ("杭州两天，住客栈", "homestay", (), ()),
        ("杭州两天，住青旅", "hostel", (), ()),
        ("杭州两天，住五星酒店，要有泳池", "luxury", ("pool",), ()),
        ("杭州两天，想住设计感强的酒店", "design", (), ()),
        ("杭州两天，住经济型酒店，含早", "budget", ("breakfast",), ()),
        # cheaper rooms said as people say them (a tester's 「换个便宜点的酒店」 was not understood)
        ("杭州两天，换个便宜点的酒店", "budget", (), ()), ("杭州两天，酒店太贵了", "budget", (), ()),
        ("杭州两天，便宜些的住处就行", "budget", (), ()),
        ("2 days in Hangzhou, a cheaper hotel please", "budget", (), ()),
        ("2 days in Hangzhou, the hotels are too expensive", "budget", (), ()),
        ("杭州两天，住度假村", "resort", (), ()),
        # a low-budget trip is a budget wish (cheap rooms, meals and rides, issue 12:
        # tests/understanding/test_low_budget_words.py), not a lodging kind of its own
        ("杭州两天，穷游", None, (), ()), ("2 days in Hangzhou on a shoestring", None, (), ()),
        ("杭州两天，酒店要能免费停车", None, ("parking",), ()),
        ("杭州两天，住民宿，要能停车", "homestay", ("parking",), ()),
        ("杭州两天，酒店离地铁近一点", None, ("near-metro",), ()),
        ("杭州两天，要海景房", None, ("view",), ()),
        ("杭州两天，带孩子，要亲子房", None, ("family-room",), ()),
        ("杭州两天，酒店要安静", None, ("quiet",), ()),
        ("杭州两天，住火车站附近", None, ("near-station",), ()),
        ("杭州两天，要无障碍酒店", None, ("accessible",), ()),
        ("2 days in Hangzhou, we need a wheelchair-accessible room", None, ("accessible",), ()),
        ("杭州两天，不住青旅", None, (), ("hostel",)),
        ("杭州两天，不要民宿", None, (), ("homestay",)),
        ("2 days in Hangzhou, a boutique hotel with a pool", "design", ("pool",), ()),
        ("2 days in Hangzhou, hotel near the metro with breakfast included", None, ("breakfast", "near-metro"), ()),
        ("2 days in Hangzhou, stay in a hostel", "hostel", (), ()),
        ("2 days in Hangzhou, hotel near the train station", None, ("near-station",), ()),
        ("2 days in Hangzhou, free parking at the hotel", None, ("parking",), ()),
        ("去杭州两天，想拍网红照片", None, (), ()),
        ("杭州两天，找个安静的茶馆", None, (), ()),
    ],
)  # fmt: skip
def test_how_to_stay(
    read: Read, text: str, kind: str | None, features: tuple[str, ...], avoid: tuple[str, ...]
) -> None:
    result = read(text)
    request = result.request
    assert request is not None, result.message()
    lodging = request.lodging
    assert (lodging.kind, set(lodging.features), lodging.avoid) == (kind, set(features), avoid)
    values = {(w.kind, w.value) for w in request.wishes}
    assert kind is None or ("lodging_type", kind) in values
    assert {("lodging_feature", f) for f in features} <= values
    assert {("lodging_type", f"avoid:{a}") for a in avoid} <= values


def test_lodged_on_the_island_not_across_the_water(read: Read) -> None:
    """Issue #12: 「住在鼓浪屿上」 was lodged 2.6 km away across the water."""
    request = read("厦门玩两天，住在鼓浪屿上").request
    assert request is not None
    assert request.lodging.on_site and request.lodging.near[0] == "xiamen-lodging-gulangyu"
    wish = next(w for w in request.wishes if w.kind == "lodging_area")
    assert (wish.value, wish.said) == ("xiamen-lodging-gulangyu", "住在鼓浪屿上")


@pytest.mark.parametrize(
    ("text", "days"),
    [("去上海两天，想住一晚看夜景", 2), ("杭州三天，住在能看到夜景的酒店", 3),
     ("3 days in Shanghai, one night in a hotel with a night view", 3)],
)  # fmt: skip
def test_a_night_for_the_night_view_is_a_lodging_wish(read: Read, text: str, days: int) -> None:
    """「想住一晚看夜景」 asks to sleep where the night view is: a room with a view, answered
    in the report — not the trip's length (「两天 一晚」) and not only a sight after dark."""
    request = read(text).request
    assert request is not None
    assert "view" in request.lodging.features and "night-view" in request.experiences
    assert request.days == days
    (said,) = [w.said for w in request.wishes if w.kind == "days"]
    assert "一晚" not in said


@pytest.mark.parametrize("text", ["杭州两天，住五一广场附近", "杭州两天，住在十一路附近"])
def test_a_square_named_after_a_holiday_is_a_place_not_a_date(read: Read, text: str) -> None:
    """五一广场 (a square in 长沙) is where to stay: it sets no May Day start date."""
    request = read(text).request
    assert request is not None
    assert request.start_date is None
    assert [w.kind for w in request.wishes if w.kind in ("date", "lodging_area")] == [
        "lodging_area"
    ]


def test_staying_by_the_sea_is_one_wish(read: Read) -> None:
    """「住海边」 is where to sleep, answered once by the lodging — not also 看海 and a beach."""
    request = read("去厦门3天，住海边").request
    assert request is not None
    said = [(w.kind, w.value) for w in request.wishes if w.said == "住海边"]
    assert [k for k, _ in said] == ["lodging_area"], said


@pytest.mark.parametrize(
    "text",
    ["厦门3天，住的地方要能看到海", "3 days in Xiamen, a hotel room where we can see the sea"],
)
def test_lodging_that_sees_the_sea_is_by_the_sea(read: Read, text: str) -> None:
    """Issue 12: a room from which the sea is seen is the lodging by the sea (as 住海边)."""
    request = read(text).request
    assert request is not None
    (row,) = [w for w in request.wishes if w.kind == "lodging_area"]
    assert row.value != "" and request.lodging.near, request.lodging
    assert not request.unrecognized


@pytest.mark.parametrize(
    ("text", "said"),
    [("去厦门玩三天，要能看到海", "要能看到海"), ("Xiamen 3 days, somewhere we can see the sea", "see the sea"),
     ("Xiamen 3 days, I want to see the sea", "see the sea")],
)  # fmt: skip
def test_seeing_the_sea_is_the_sea(read: Read, text: str, said: str) -> None:
    """Issue 12: 「要能看到海」 was not understood ("say it another way"); "see the sea" was
    dropped silently. Both are the sea as an interest."""
    request = read(text).request
    assert request is not None
    assert {"sea", "beach"} <= set(request.interests)
    assert said in [w.said for w in request.wishes if w.kind == "interest"]
    assert not request.unrecognized
