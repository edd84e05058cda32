"""Checks on a day's timeline: items in time order, a leg at every change of place, the pace's
sights and hours, the intercity legs out and home."""

from __future__ import annotations

from engine.domain.itinerary import Item, ItemKind, Itinerary
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.planning.checks import Problem
from engine.planning.pace import day_profile, day_sightseeing

MOVE_M = 200.0  # a position change needing a leg


def time_order(it: Itinerary) -> list[Problem]:
    """Items ending before they start, or starting before the one before ends."""
    out: list[Problem] = []
    for day in it.days:
        previous: Item | None = None
        for item in day.items:
            if item.end < item.start:
                out.append(
                    (
                        day.index,
                        f"第{day.index}天{item.name}结束早于开始",
                        f"day {day.index}: {item.name} ends before it starts",
                    )
                )
            if previous is not None and item.start < previous.end:
                out.append(
                    (
                        day.index,
                        f"第{day.index}天{item.name}与{previous.name}时间重叠",
                        f"day {day.index}: {item.name} overlaps {previous.name}",
                    )
                )
            previous = item
    return out


def missing_legs(it: Itinerary) -> list[Problem]:
    """Changes of place (over `MOVE_M` metres) with no transit or intercity leg between."""
    out: list[Problem] = []
    for day in it.days:
        here: Item | None = None
        for item in day.items:
            if item.kind in (ItemKind.TRANSIT, ItemKind.INTERCITY):
                here = item
                continue
            if item.lat is None or item.lon is None:
                continue
            if here is not None and here.lat is not None and here.lon is not None:
                moved = haversine_m(here.lat, here.lon, item.lat, item.lon) > MOVE_M
                if moved:
                    out.append(
                        (
                            day.index,
                            f"第{day.index}天从{here.name}到{item.name}缺少交通",
                            f"day {day.index}: no leg from {here.name} to {item.name}",
                        )
                    )
            here = item
    return out


def over_pace(it: Itinerary, kb: KnowledgeBase) -> list[Problem]:
    """Sights per day and sightseeing hours within the day's pace (`pace.day_sightseeing`: a
    meal inside a visit or an evening outing to a night view is not in the hours; a full day
    given to one long place — lunch eaten inside — may exceed them)."""
    out: list[Problem] = []
    request = it.request
    for day in it.days:
        pace = day_profile(request, day.index)
        sights = [i for i in day.items if i.kind == ItemKind.ATTRACTION]
        if len(sights) > pace.max_attractions:
            out.append((day.index, f"第{day.index}天安排了{len(sights)}个景点，超过该节奏的{pace.max_attractions}个",
                        f"day {day.index} has {len(sights)} sights, more than the pace's {pace.max_attractions}"))  # fmt: skip
        minutes = day_sightseeing(day, kb, pace)
        full_day = any(i.meal == "lunch" for i in sights)
        if minutes > pace.max_visit_minutes and not full_day:
            out.append((day.index, f"第{day.index}天游览{minutes / 60:.1f}小时，超过该节奏的{pace.max_visit_minutes / 60:.1f}小时",
                        f"day {day.index} has {minutes / 60:.1f} h of sightseeing, more than the pace's "
                        f"{pace.max_visit_minutes / 60:.1f} h"))  # fmt: skip
    return out


def intercity(it: Itinerary) -> list[Problem]:
    """A trip from elsewhere with no intercity leg first on day 1 or last on the last day."""
    request = it.request
    if not request.departure or request.departure in request.destinations[:1] or not it.days:
        return []
    out: list[Problem] = []
    first = [i for i in it.days[0].items if i.kind != ItemKind.MEAL]
    last = [i for i in it.days[-1].items if i.kind != ItemKind.MEAL]
    if not first or first[0].kind != ItemKind.INTERCITY:
        out.append((1, "第1天没有去程交通", "day 1 has no outbound leg"))
    if not last or last[-1].kind != ItemKind.INTERCITY:
        out.append((len(it.days), "最后一天没有返程交通", "the last day has no return leg"))
    return out
