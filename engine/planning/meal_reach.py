"""Where a lunch or dinner may be eaten: a station's or airport's eateries only around a train
or flight there.

A railway station's or airport's eateries (「桐乡站一带餐饮」, 「高崎机场航站楼餐饮」: `at_hub`)
are where a traveller eats while waiting for a train or flight, never a place to ride out to for a
meal (乌镇: a 20 km taxi from 木心美术馆 to 桐乡站 for lunch, then 2 h 20 idle there). Such a
place is offered to the solver (`engine.planning.model`) only on a day that starts or ends within
`HUB_REACH_M` of it (the arrival or the departure point of that day's frame), and only for a meal
begun within `HUB_WAIT_MIN` minutes of the arrival, or ending by the departure and begun no more
than `HUB_WAIT_MIN` minutes before the meal's latest start (`hub_windows`) — and then only when
nothing better is on the way: its meal is worth `HUB_PENALTY` less to the solver, about two
hours of riding, so a restaurant in town wins whenever one fits (a honeymoon's first lunch in
厦门 was at 高崎机场's terminal food court, landing at 11:00 with the city 20 minutes away).
"""

from __future__ import annotations

import re

from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Restaurant
from engine.planning.frames import DayFrame

#: A station's eatery serves a day whose start or end point is this close to it, metres.
HUB_REACH_M = 2000.0
#: … for a meal begun within this many minutes of arriving, or of the latest start before leaving.
HUB_WAIT_MIN = 60
#: … and worth this much less than a meal elsewhere, in units of the stay's best minor sight's
#: prize (`engine.planning.local_food`: home food costs 0.5, about two hours of riding).
HUB_PENALTY = 0.5
#: A place named for a station's or airport's eateries (the part outside brackets: 「下关城区餐馆
#: （大理站附近）」 is a town's dining area, 「西站商圈餐馆」 a shopping district's, 「天门山索道下站附近
#: 餐馆」 a cable car's).
_HUB_NAME = re.compile(r"(站|机场|航站楼)[^·]{0,6}(餐饮|餐馆|小吃|面馆)")
_BRACKETS = re.compile(r"[（(][^）)]*[）)]")


def at_hub(restaurant: Restaurant) -> bool:
    """Whether `restaurant` is a railway station's or airport's eateries (see the module
    docstring)."""
    name = _BRACKETS.sub("", restaurant.name_zh)
    return "索道" not in name and "商圈" not in name and _HUB_NAME.search(name) is not None


def hub_windows(
    restaurant: Restaurant, frame: DayFrame, minutes: int, windows: list[tuple[int, int]]
) -> list[tuple[int, int]]:
    """`windows` (start-of-meal windows, minutes after midnight, for a meal of `minutes`)
    narrowed for a station's or airport's eatery to the times the traveller is there for the
    day's train or flight (see the module docstring); `windows` itself for any other place."""
    if not at_hub(restaurant):
        return windows
    allowed = []
    for point, lo, hi in (
        (frame.start, frame.start_time, frame.start_time + HUB_WAIT_MIN),
        (frame.end, frame.end_time - minutes - HUB_WAIT_MIN, frame.end_time - minutes),
    ):
        if haversine_m(point.lat, point.lon, restaurant.lat, restaurant.lon) <= HUB_REACH_M:
            allowed.append((lo, hi))
    return sorted(
        (max(early, lo), min(late, hi))
        for early, late in windows
        for lo, hi in allowed
        if max(early, lo) <= min(late, hi)
    )
