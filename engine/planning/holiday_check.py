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
from engine.knowledge.festivals import GOLDEN_WEEKS, HOLIDAY_NAMES, WORDS, holiday_on, next_span
from engine.knowledge.holiday_spans import HolidaySpan, span_words


def holiday_check(plan: Itinerary, kb: KnowledgeBase) -> Check:
    """See the module docstring; passed when no day of the trip is a public holiday."""
    lang = plan.lang
    found: dict[str, list[int]] = {}
    spans: dict[str, HolidaySpan | None] = {}
    for day in plan.days:
        festival = holiday_on(day.date)
        if festival in HOLIDAY_NAMES:
            found.setdefault(festival, []).append(day.index)
            spans.setdefault(festival, next_span(str(festival), day.date))
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
        held_span = spans[festival]
        words = span_words(held_span, lang) if held_span is not None else ""
        when = "" if not words else f"（{words}）" if lang == "zh" else f" ({words})"
        parts.append(pick(lang, f"第{span}天在{zh}{when}：{'全年人最多，' if busy else ''}热门景点排队、"
                          "常限流，住宿和门票可能涨价", f"{days_en} in {en}{when}: "
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


def holiday_said(said: str, plan: Itinerary) -> tuple[str, str]:
    """For a start said as a holiday (「清明」, "Golden Week") whose days off hold the plan's
    first day: (the days off in words with their source, 「清明假期4月3日–5日，估算：…」; the days
    of the trip after the holiday, 「第4天已在清明假期之后（假期3天）」, or ""). ("", "") when
    `said` names no holiday or the trip does not start in it (「国庆后」)."""
    words = said.lower().replace("-", " ")
    festival = next((WORDS[w] for w in sorted(WORDS, key=len, reverse=True) if w in words), None)
    if not plan.days or festival not in HOLIDAY_NAMES:
        return "", ""
    span = next_span(festival or "", plan.days[0].date)
    if span is None or not span.holds(plan.days[0].date):
        return "", ""
    lang = plan.lang
    zh, en = HOLIDAY_NAMES[festival or ""]
    shown = pick(lang, f"{zh}{span_words(span, lang)}", f"{en}, {span_words(span, lang)}")
    after = [d.index for d in plan.days if d.date > span.end]
    if not after:
        return shown, ""
    n = (span.end - span.start).days + 1
    days = f"{after[0]}" if len(after) == 1 else f"{after[0]}–{after[-1]}"
    return shown, pick(lang, f"第{days}天已在{zh}之后（假期共{n}天）",
                       f"day{'s' if len(after) > 1 else ''} {days} fall{'' if len(after) > 1 else 's'}"
                       f" after {en} ({n} day{'s' if n > 1 else ''} off)")  # fmt: skip
