"""A packed pace (「节奏紧凑」, "a packed schedule") against the free time left in the days: a
stretch a sight could have used (`engine.planning.free_time.open_to_sights`) is said in the
pace row, with the plan's own reason, rather than a ✅ over an idle afternoon."""

from __future__ import annotations

from engine.domain.itinerary import Itinerary, clock_minutes
from engine.i18n import pick
from engine.planning.free_time import GAP_MIN, open_to_sights


def idle_stretch(plan: Itinerary) -> str | None:
    """The first free stretch of at least `GAP_MIN` minutes a sight could use, as the pace row
    says it (「第2天15:30–17:07：下午自由活动/休息（附近的景点都已安排）」), or None."""
    for day in plan.days:
        for item in day.items:
            span = clock_minutes(item.end) - clock_minutes(item.start)
            if open_to_sights(item) and span >= GAP_MIN:
                when = f"{item.start:%H:%M}–{item.end:%H:%M}"
                return pick(plan.lang, f"第{day.index}天{when}没有安排：{item.name}",
                            f"day {day.index} {when} is free: {item.name}")  # fmt: skip
    return None
