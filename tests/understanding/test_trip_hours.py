"""The traveller's own hours said in words (issue 12, tester F2.1, F10.1, F12.2): the arrival on
day 1, the departure home, busy days and parts of days, a night train — read in Chinese and
English into the request's fields, each one wish in the person's words."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.request import BusyTime, TripRequest
from engine.understanding import parse_request
from engine.understanding.revision_wishes import add_wishes
from tests.helpers.plans import KB

TODAY = dt.date(2026, 12, 3)


def read(text: str) -> TripRequest:
    request = parse_request(text, KB, today=TODAY).request
    assert request is not None, text
    return request


def said(request: TripRequest, kind: str) -> list[str]:
    return [w.said for w in request.wishes if w.kind == kind]


def test_a_business_trip_in_english_keeps_the_landing_the_meetings_and_the_flight_home() -> None:
    request = read(
        "Business trip to Shanghai from Beijing next Tuesday for 3 days. I land at 22:00 the first "
        "night, meetings all day on day 2, only day 3 is free for sightseeing before my 20:00 "
        "flight home. I'm vegetarian."
    )
    assert (request.departure, request.destinations) == ("beijing", ("shanghai",))
    assert request.arrival_time == 22 * 60
    assert request.home_departure_time == 20 * 60
    assert {(b.day, b.all_day) for b in request.busy} == {(1, True), (2, True)}
    assert said(request, "arrival") == ["land at 22:00"]
    assert said(request, "departure") == ["my 20:00 flight home"]
    assert said(request, "busy") == ["meetings all day on day 2", "only day 3 is free"]
    assert not request.unrecognized


def test_a_night_sleeper_said_in_chinese_is_the_leg_out_with_its_arrival() -> None:
    request = read("6月中旬从广州坐夜里的卧铺火车去桂林，早上6点到，桂林阳朔玩3天")
    assert request.overnight_legs == ("out",)
    assert request.arrival_time == 6 * 60
    assert said(request, "overnight") == ["夜里的卧铺火车"]
    # 卧铺 is answered by the night-train row, not as a train wish a day's 高铁 would meet
    assert not [w for w in request.wishes if w.kind == "transport" and "卧铺" in w.said]


def test_busy_parts_of_days_and_an_hour_home_in_chinese() -> None:
    request = read("上海出发去杭州玩3天，第二天白天开会，第一天下午有事，最后一天晚上8点的高铁回")
    assert set(request.busy) == {
        BusyTime(day=2, start=9 * 60, end=18 * 60),
        BusyTime(day=1, start=13 * 60, end=18 * 60),
    }
    assert request.home_departure_time == 20 * 60
    assert said(request, "busy") == ["第二天白天开会", "第一天下午有事"]


def test_a_work_day_a_late_arrival_and_a_night_train_home_in_english() -> None:
    request = read(
        "4 days in Beijing from Shanghai, day 2 is a work day, we arrive late, "
        "I have meetings on the afternoon of day 3, overnight train home"
    )
    assert request.arrival_time == 21 * 60
    assert set(request.busy) == {
        BusyTime(day=2, start=9 * 60, end=18 * 60, all_day=True),
        BusyTime(day=3, start=13 * 60, end=18 * 60),
    }
    assert request.overnight_legs == ("home",)


@pytest.mark.parametrize(
    "text",
    [
        "北京出发去上海玩3天，第二天去中共一大会址，第三天轻松点",  # 会址, no meeting
        "上海去杭州3天，第二天不要太累",
        "上海去杭州3天，不坐卧铺",  # a refusal, not a wish
        "上海去杭州3天，第二天10点到12点逛西湖",  # an hour range of a visit, no arrival
        "Business trip to Hangzhou from Shanghai for 2 days",
    ],
)
def test_words_that_are_no_hours_of_ones_own_add_none(text: str) -> None:
    request = read(text)
    assert request.arrival_time is None and request.home_departure_time is None
    assert request.busy == () and request.overnight_legs == ()


def test_a_follow_up_adds_hours_to_those_said_before() -> None:
    request = read("北京出发去上海玩3天，第一天下午有事")
    new, noted = add_wishes("第二天要开会，我晚上10点才到", request, KB, "zh")
    assert new.arrival_time == 22 * 60
    assert set(new.busy) == {
        BusyTime(day=1, start=13 * 60, end=18 * 60),
        BusyTime(day=2, start=9 * 60, end=18 * 60, all_day=True),
    }
    assert sorted(noted) == sorted(["记下了：第二天要开会", "记下了：晚上10点才到"])


def test_meetings_with_the_evening_left_to_plan_keep_the_evening() -> None:
    request = read(
        "Business trip to Shanghai from Beijing for 3 days, I have meetings all day on day 2, "
        "only plan dinner and the evening that day"
    )
    assert request.busy == (BusyTime(day=2, start=9 * 60, end=18 * 60),)
    assert not request.unrecognized


@pytest.mark.parametrize(
    ("text", "modes"),
    [
        ("Budget trip to Chengdu for 3 days from Beijing. I land at 22:00 on day 1.", ("flight",)),
        ("从北京去成都玩3天，第一天晚上10点落地", ("flight",)),
        ("从北京去成都玩3天，第一天晚上10点到", ()),  # arriving, by whatever suits
        ("从北京坐高铁去成都玩3天，晚上10点到", ("hsr",)),
    ],
)
def test_landing_at_an_hour_means_flying_in(text: str, modes: tuple[str, ...]) -> None:
    """ "I land at 22:00" was planned as a 9-hour high-speed train arriving at 22:00."""
    request = read(text)
    assert request.arrival_time == 22 * 60
    assert request.prefer_transport == modes
