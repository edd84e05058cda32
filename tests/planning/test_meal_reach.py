"""Meals near where the traveller is: a station's or airport's eateries only around a train or
flight there (issue 12: 乌镇's lunch was a 20 km taxi from 木心美术馆 to 桐乡站, then back)."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind, Itinerary
from engine.knowledge.base import load_curated
from engine.knowledge.schema import Restaurant
from engine.planning import plan_trip
from engine.planning.frames import DayFrame
from engine.planning.intercity import Point
from engine.planning.meal_reach import HUB_WAIT_MIN, at_hub, hub_windows
from engine.planning.pace import profile
from engine.understanding import parse_request

KB = load_curated()
TODAY = dt.date(2026, 12, 2)
DAY = dt.date(2026, 12, 5)
LUNCH = [(11 * 60, 13 * 60)]


def _restaurant(rid: str) -> Restaurant:
    place = KB.restaurant(rid)
    assert isinstance(place, Restaurant)
    return place


def _frame(start: Point, start_time: int, end: Point, end_time: int) -> DayFrame:
    dest = KB.destinations["wuzhen"]
    return DayFrame(0, DAY, dest, profile("normal"), start, start_time, end, end_time, None)


def _point(place: Restaurant) -> Point:
    return Point(place.name_zh, place.name_en, place.lat, place.lon, place.id)


def test_station_and_airport_eateries_are_told_from_town_dining_areas() -> None:
    assert at_hub(_restaurant("wuzhen-tongxiang-station-eats"))  # 桐乡站一带餐饮
    assert at_hub(_restaurant("xiamen-airport-food"))  # 高崎机场航站楼餐饮
    assert not at_hub(_restaurant("dali-xiaguan-eats"))  # 下关城区餐馆（大理站附近）
    assert not at_hub(_restaurant("zhangjiajie-tianmen-foot-eats"))  # 索道下站附近餐馆
    assert not at_hub(_restaurant("wuzhen-town-eats"))


def test_a_station_eatery_serves_only_the_hour_around_the_train() -> None:
    station = _restaurant("wuzhen-tongxiang-station-eats")
    town = _point(_restaurant("wuzhen-town-eats"))
    here = _point(station)
    # Arriving at 08:55: lunch from 11:00 is no meal at the station (the person has left).
    assert hub_windows(station, _frame(here, 8 * 60 + 55, town, 21 * 60), 60, LUNCH) == []
    # Arriving at 11:30: lunch at the station right away.
    arrival = _frame(here, 11 * 60 + 30, town, 21 * 60)
    assert hub_windows(station, arrival, 60, LUNCH) == [(11 * 60 + 30, 12 * 60 + 30)]
    # Leaving at 13:30: lunch begun by 12:30, and no earlier than the wait before it.
    leaving = _frame(town, 8 * 60, here, 13 * 60 + 30)
    assert hub_windows(station, leaving, 60, LUNCH) == [(12 * 60 + 30 - HUB_WAIT_MIN, 12 * 60 + 30)]
    # A day that never passes the station: never.
    assert hub_windows(station, _frame(town, 8 * 60, town, 21 * 60), 60, LUNCH) == []
    # Any other place keeps its windows.
    other = _restaurant("wuzhen-town-eats")
    assert hub_windows(other, _frame(town, 8 * 60, town, 21 * 60), 60, LUNCH) == LUNCH


def _plan(text: str) -> Itinerary:
    parsed = parse_request(text, KB, today=TODAY)
    assert parsed.request is not None, parsed.message("en")
    return plan_trip(parsed.request, KB, today=TODAY)


def test_no_ride_out_to_a_station_to_eat() -> None:
    plan = _plan("12月5日从上海出发去乌镇玩两天")
    for day in plan.days:
        items = list(day.items)
        for k, item in enumerate(items):
            if item.kind != ItemKind.MEAL or item.poi_id is None:
                continue
            place = KB.restaurant(item.poi_id)
            if not isinstance(place, Restaurant) or not at_hub(place):
                continue
            # Right after arriving by train or right before leaving by one.
            before = [i.kind for i in items[:k] if i.kind != ItemKind.TRANSIT]
            after = [i.kind for i in items[k + 1 :] if i.kind != ItemKind.TRANSIT]
            assert before[-1:] == [ItemKind.INTERCITY] or after[:1] == [ItemKind.INTERCITY], (
                f"{item.name} day {day.index} at {item.start}"
            )
