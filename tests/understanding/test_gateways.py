"""A city named only as where the journey arrives (坐高铁到西宁, "fly into Chengdu") is the way in
to the trip's place, not a second destination, unless days were said for it (issue #12)."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.knowledge.base import load_curated
from engine.understanding import read_request
from engine.understanding.gateways import reached_through

KB = load_curated()
TODAY = dt.date(2026, 3, 2)


def trip(text: str) -> tuple[str | None, tuple[str, ...], tuple[int, ...]]:
    request = read_request(text, KB, today=TODAY).request
    assert request is not None, text
    return request.departure, request.destinations, request.destination_days


@pytest.mark.parametrize(
    "text",
    [
        "青海湖玩3天，从兰州坐火车到西宁",
        "从兰州坐动车到西宁，再去青海湖玩三天",
        "Qinghai Lake for 3 days, taking the train to Xining from Lanzhou",
    ],
)
def test_the_arrival_city_of_a_lake_reached_at_its_station_is_no_stop(text: str) -> None:
    assert trip(text)[:2] == ("lanzhou", ("qinghai-lake",))


def test_a_place_without_a_station_is_reached_through_the_city_flown_into() -> None:
    assert trip("四姑娘山3天，从上海飞成都")[:2] == ("shanghai", ("siguniangshan",))


def test_days_said_for_the_gateway_keep_it_a_stop() -> None:
    assert trip("从兰州坐火车到西宁玩1天，青海湖2天") == (
        "lanzhou",
        ("xining", "qinghai-lake"),
        (1, 2),
    )


def test_a_city_with_its_own_station_is_a_stop_of_its_own() -> None:
    """苏州 has its own stations: 杭州 then 苏州 is a two-city trip."""
    assert trip("从上海坐高铁到杭州再去苏州玩3天")[1] == ("hangzhou", "suzhou")


def test_reached_through_is_read_from_the_hubs() -> None:
    d = KB.destinations
    assert reached_through(d["qinghai-lake"], d["xining"], KB)
    assert reached_through(d["siguniangshan"], d["chengdu"], KB)
    assert not reached_through(d["suzhou"], d["hangzhou"], KB)
    assert not reached_through(d["xining"], d["xian"], KB)


@pytest.mark.parametrize(
    "text",
    [
        "We're flying into Chengdu for 3 days, want to see pandas and visit Leshan Giant Buddha",
        "飞成都玩3天，想看熊猫，还想去乐山大佛",
    ],
)
def test_a_city_flown_into_stays_when_the_other_place_is_only_one_of_its_sights(text: str) -> None:
    """乐山 named only by its Buddha is a trip from 成都, not the stay 成都 is the way in to
    (the plan was three days in 乐山, no pandas, no 成都)."""
    assert trip(text)[1] == ("chengdu", "leshan")


@pytest.mark.parametrize(
    ("text", "places"),
    [("成都三天，去一趟乐山大佛", ("chengdu", "leshan")), ("想去一趟北京", ("beijing",)),
     ("去趟苏州吧，两天", ("suzhou",))],
)  # fmt: skip
def test_go_once_to_a_place(text: str, places: tuple[str, ...]) -> None:
    """「去一趟乐山大佛」 was dropped without a word: 一趟 after 去 hid the place."""
    assert trip(text)[1] == places


def test_a_day_trip_inside_the_days_is_one_of_them() -> None:
    """ "3 days in Chengdu with a day trip to the Leshan Giant Buddha" was 4 days (3 in 成都 and
    "a day" more), its row saying 「3 days a day day trip」."""
    request = read_request(
        "3 days in Chengdu with a day trip to the Leshan Giant Buddha", KB, today=TODAY
    ).request
    assert request is not None
    assert request.days == 3
    assert request.destinations == ("chengdu", "leshan")
    assert [w.said for w in request.wishes if w.kind == "days"] == ["3 days"]


def test_a_place_named_itself_and_by_a_sight_is_still_reached_through_the_gateway() -> None:
    """青海湖 said by its name and by 茶卡盐湖: 西宁 is the way in, not a stay (the rule above
    kept 西宁 when 青海湖's last mention was its sight, and 茶卡 no longer fitted)."""
    assert trip("青海湖3天，从西安坐高铁到西宁，去茶卡盐湖，住黑马河看日出")[1] == ("qinghai-lake",)
