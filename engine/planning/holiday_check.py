"""The ``holidays`` check (a warning): days of the trip inside a public holiday (国庆, 春节, 五一 …,
`engine.knowledge.festivals.holiday_on`) — crowds and caps at the sights, dearer rooms and
tickets, bookings that sell out — said with the days and the sights to book early. Holiday
prices and closures themselves are already the ones of each date (`Attraction.seasons`,
`closures`); this check says why those days differ."""

from __future__ import annotations

from engine.domain.feasibility import Check
from engine.domain.itinerary import ItemKind, Itinerary
from engine.i18n import join_names, pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.festivals import GOLDEN_WEEKS, HOLIDAY_NAMES, holiday_on


def holiday_check(plan: Itinerary, kb: KnowledgeBase) -> Check:
    """See the module docstring; passed when no day of the trip is a public holiday."""
    lang = plan.lang
    found: dict[str, list[int]] = {}
    for day in plan.days:
        festival = holiday_on(day.date)
        if festival in HOLIDAY_NAMES:
            found.setdefault(festival, []).append(day.index)
    if not found:
        return Check(code="holidays", passed=True, severity="warning",
                     message=pick(lang, "行程不在法定假期", "no day of the trip is a public "
                                  "holiday"))  # fmt: skip
    parts = []
    for festival, days in found.items():
        zh, en = HOLIDAY_NAMES[festival]
        span = f"{days[0]}" if len(days) == 1 else f"{days[0]}–{days[-1]}"
        busy = festival in GOLDEN_WEEKS
        days_en = f"day {span} falls" if len(days) == 1 else f"days {span} fall"
        parts.append(pick(lang, f"第{span}天在{zh}：{'全年人最多，' if busy else ''}热门景点排队、"
                          "常限流，住宿和门票可能涨价", f"{days_en} in {en}: "
                          f"{'the busiest travel of the year, ' if busy else ''}queues and caps "
                          "at popular sights, dearer rooms and tickets"))  # fmt: skip
    held = {d for days in found.values() for d in days}
    # The bookings to make first come first: required before recommended, the longest lead
    # first (故宫's 7 days was cut by name order behind four others).
    need = {i.name: (a.reservation != "required", -(a.reservation_lead_days or 0))
            for d in plan.days if d.index in held for i in d.items
            if i.kind is ItemKind.ATTRACTION and (a := kb.attraction(i.poi_id or ""))
            and a.reservation != "none"}  # fmt: skip
    booked = sorted(need, key=lambda name: (*need[name], name))
    if booked:
        parts.append(pick(lang, f"尽早预约{join_names(booked[:4], lang)}",
                          f"book {join_names(booked[:4], lang)} early"))  # fmt: skip
    first = min(held)
    return Check(code="holidays", passed=False, severity="warning", day=first,
                 message=pick(lang, "；", "; ").join(parts),
                 relax=pick(lang, "错开假期出行人少价低；假期里早出发、先去热门景点",
                            "travel outside the holiday for fewer people and lower prices; on "
                            "holiday, start early with the popular sights"))  # fmt: skip
