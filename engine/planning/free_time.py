"""Gaps in a day shown as free time, with something nearby to do.

A wait of at least `GAP_MIN` minutes between two items (the morning before the first ride of the
day, the hour before a restaurant opens for dinner) becomes a ``free`` item at the place one is
at: 「自由活动」 with a suggestion — the nearest sight of the destination not in the plan, open then
and short enough, within `NEAR_M`; else the nearest food street or snack cluster; else a rest.
"""

from __future__ import annotations

from engine.domain.itinerary import Day, Item, ItemKind, clock_minutes
from engine.domain.request import TripRequest
from engine.i18n import pick
from engine.knowledge.geo import haversine_m
from engine.knowledge.hours import open_windows
from engine.knowledge.schema import Destination
from engine.planning.frames import clock_time

GAP_MIN = 60
NEAR_M = 1500.0


def fill_gaps(days: list[Day], destination: Destination, request: TripRequest) -> list[Day]:
    """`days` with each long wait shown as free time (see the module docstring)."""
    used = {i.poi_id for d in days for i in d.items if i.poi_id}
    return [_fill(day, destination, request, used) for day in days]


def _fill(day: Day, destination: Destination, request: TripRequest, used: set[str]) -> Day:
    if day.destination != destination.id:
        return day
    items: list[Item] = []
    changed = False
    for item in day.items:
        if items:
            prev = items[-1]
            gap = clock_minutes(item.start) - clock_minutes(prev.end)
            if (
                gap >= GAP_MIN
                and prev.kind not in (ItemKind.LODGING, ItemKind.INTERCITY, ItemKind.FREE)
                and item.kind != ItemKind.INTERCITY  # waiting for a train is not free time
                and prev.lat is not None
                and prev.lon is not None
            ):
                begin = clock_minutes(prev.end)
                items.append(_free(prev, begin, begin + gap, day, destination, request, used))
                changed = True
        items.append(item)
    return day.model_copy(update={"items": tuple(items)}) if changed else day


def _free(
    at: Item,
    begin: int,
    end: int,
    day: Day,
    destination: Destination,
    request: TripRequest,
    used: set[str],
) -> Item:
    assert at.lat is not None and at.lon is not None
    lang = request.lang
    minutes = end - begin
    idea = pick(lang, "在附近休息或喝杯茶", "rest nearby or have a tea")
    sights = []
    for a in destination.attractions:
        meters = haversine_m(at.lat, at.lon, a.lat, a.lon)
        if a.id in used or meters > NEAR_M or a.visit_minutes > minutes - 20:
            continue
        if any(lo <= begin + 15 and begin + 15 + a.visit_minutes <= hi
               for lo, hi in open_windows(a.hours, day.date)):  # fmt: skip
            sights.append((meters, a.name(lang)))
    streets = [
        (haversine_m(at.lat, at.lon, r.lat, r.lon), r.name(lang))
        for r in destination.restaurants
        if r.kind != "restaurant" and haversine_m(at.lat, at.lon, r.lat, r.lon) <= NEAR_M
    ]
    if sights:
        meters, name = min(sights)
        idea = pick(lang, f"附近可以逛逛{name}（约{meters / 1000:.1f}公里）",
                    f"{name} is nearby (about {meters / 1000:.1f} km)")  # fmt: skip
    elif streets:
        meters, name = min(streets)
        idea = pick(lang, f"附近可以逛逛{name}", f"stroll around {name} nearby")
    return Item(
        kind=ItemKind.FREE,
        name=pick(lang, f"自由活动（约{minutes}分钟）", f"Free time (about {minutes} min)"),
        start=clock_time(begin),
        end=clock_time(end),
        lat=at.lat,
        lon=at.lon,
        note=idea,
    )
