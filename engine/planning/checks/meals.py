"""Checks on a plan's meals: in their hours, at most one of each a day, none missing on a day out
(a warning)."""

from __future__ import annotations

from engine.domain.itinerary import Day, ItemKind, Itinerary, clock_minutes
from engine.knowledge.hours import fmt_minutes
from engine.planning.checks import Problem, all_items
from engine.planning.pace import MEAL_CHECK_WINDOWS
from engine.planning.visit_costs import dinner_inside


def meal_windows(it: Itinerary) -> list[Problem]:
    """Meals starting outside their hours (`pace.MEAL_CHECK_WINDOWS`)."""
    out: list[Problem] = []
    for day, item in all_items(it):
        if item.kind != ItemKind.MEAL or not item.meal:
            continue
        lo, hi = MEAL_CHECK_WINDOWS[item.meal]
        if not lo <= clock_minutes(item.start) <= hi:
            out.append(
                (
                    day.index,
                    f"第{day.index}天{item.name}在{fmt_minutes(clock_minutes(item.start))}开始，不在用餐时段",
                    f"day {day.index}: {item.name} starts at {fmt_minutes(clock_minutes(item.start))}, "
                    "outside meal hours",
                )
            )
    return out


def meal_counts(it: Itinerary) -> list[Problem]:
    """At most one breakfast, one lunch and one dinner a day."""
    out: list[Problem] = []
    names = {
        "breakfast": ("早餐", "breakfast"),
        "lunch": ("午餐", "lunch"),
        "dinner": ("晚餐", "dinner"),
    }
    for day in it.days:
        for meal, (zh, en) in names.items():
            count = sum(1 for i in day.items if i.meal == meal)
            if count > 1:
                out.append((day.index, f"第{day.index}天安排了{count}顿{zh}",
                            f"day {day.index} has {count} {en}s"))  # fmt: skip
    return out


#: When someone on a train or plane has no dinner in town to miss (minutes after midnight).
_DINNER_TRAVEL = (17 * 60, 20 * 60)


def _sleeps_here_after_dinner(day: Day) -> bool:
    """A full day in town: a sight visited and a night's stay, with no intercity leg around
    dinner time — its dinner is part of the day even when the tour ends early (a relaxed day
    back at the hotel by 16:00 still eats)."""
    if not any(i.kind == ItemKind.ATTRACTION for i in day.items):
        return False
    if not any(i.kind == ItemKind.LODGING for i in day.items):
        return False
    lo, hi = _DINNER_TRAVEL
    for i in day.items:
        if i.kind != ItemKind.INTERCITY:
            continue
        start, end = clock_minutes(i.start), clock_minutes(i.end)
        if end < start or (start < hi and end > lo):
            return False
    return True


def missing_meals(it: Itinerary) -> list[Problem]:
    """Days out and about at mealtime with no lunch or dinner, and full days in town with no
    dinner (`_sleeps_here_after_dinner`); shown as a warning: the day was too tight, e.g. a
    late arrival."""
    out: list[Problem] = []
    for day in it.days:
        out_at = [
            (clock_minutes(i.start), clock_minutes(i.end))
            for i in day.items
            if i.kind in (ItemKind.ATTRACTION, ItemKind.TRANSIT, ItemKind.MEAL)
        ]
        for meal, (lo, hi), zh, en in (
            ("lunch", (12 * 60, 13 * 60), "午餐", "lunch"),
            ("dinner", (18 * 60, 19 * 60), "晚餐", "dinner"),
        ):
            busy = any(a < hi and b > lo for a, b in out_at) or (
                meal == "dinner" and _sleeps_here_after_dinner(day)
            )
            eaten = any(i.meal == meal for i in day.items) or (
                meal == "dinner" and any(dinner_inside(i) for i in day.items)
            )
            if busy and not eaten:
                out.append(
                    (day.index, f"第{day.index}天没有安排{zh}", f"day {day.index} has no {en}")
                )
    return out
