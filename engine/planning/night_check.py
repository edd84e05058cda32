"""The ``night_views`` check (a warning): headline sights and sights the person named whose
point is after dark (`Attraction.best_time` ``after_dark``: 洪崖洞's lit stilt houses, 外滩,
乌镇西栅, 西塘's lanterns) that the plan shows by day — a city given no evening for them (half a
day in 重庆 before the train home, or days the person fixed), young children due back before
the lights have been on long, or seniors back by their pace's evening (a night view they did not
name does not keep them out later: `engine.planning.planner._evening_shows`) — said with the day
and time, the reason, and what would show them lit."""

from __future__ import annotations

from engine.domain.feasibility import Check
from engine.domain.itinerary import ItemKind, Itinerary, clock_minutes
from engine.i18n import join_names, pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.sun import sun_times
from engine.planning.frames import KIDS_BACK_BY, early_nights
from engine.planning.pace import day_profile
from engine.planning.visit_windows import AFTER_DARK_MIN, DUSK_MIN

#: The ride back to the lodging after a night view (minutes), for young children's bedtime.
KIDS_RIDE_MIN = 20


def night_check(plan: Itinerary, kb: KnowledgeBase) -> Check:
    """See the module docstring; passed when every such sight in the plan is still being
    visited `DUSK_MIN` + its first `AFTER_DARK_MIN` minutes after sunset on its day (the
    planner's own aim, `engine.planning.model`)."""
    lang = plan.lang
    by_day: list[tuple[int, str]] = []  # (day, what was seen when)
    cities: list[str] = []
    bedtime = False  # lit only after young children are due back (`frames.KIDS_BACK_BY`)
    kids = early_nights(plan.request.party)
    elders = 0  # seniors back by their pace's day end (this, minutes after midnight)
    seniors = plan.request.party.seniors > 0 and not kids
    for day in plan.days:
        dest = kb.destinations.get(day.destination)
        if dest is None:
            continue
        for item in day.items:
            place = kb.attraction(item.poi_id or "") if item.kind is ItemKind.ATTRACTION else None
            if place is None or place.best_time != "after_dark":
                continue
            if place.id not in dest.headline and place.id not in plan.request.must_see:
                continue
            _, sunset = sun_times(place.lat, place.lon, day.date)
            lit_until = sunset + DUSK_MIN + min(AFTER_DARK_MIN, place.visit_minutes)
            if clock_minutes(item.end) >= lit_until:
                continue
            bedtime = bedtime or (kids and lit_until + KIDS_RIDE_MIN > KIDS_BACK_BY)
            nights = any(d.lodging_id for d in plan.days if d.destination == day.destination)
            if seniors and place.id not in plan.request.must_see and nights:  # evenings held
                elders = day_profile(plan.request, day.index).day_end
            at = item.start.strftime("%H:%M")
            by_day.append((day.index, pick(lang, f"{item.name}（第{day.index}天{at}）",
                                           f"{item.name} (day {day.index} at {at})")))  # fmt: skip
            if dest.name(lang) not in cities:
                cities.append(dest.name(lang))
    if not by_day:
        return Check(code="night_views", passed=True, severity="warning",
                     message=pick(lang, "夜景代表景点都在天黑后", "headline night views are "
                                  "seen after dark"))  # fmt: skip
    seen = join_names([text for _, text in by_day], lang)
    where = join_names(cities, lang)
    if bedtime:
        message = pick(
            lang,
            f"{seen}白天去，看不到夜景：孩子还小，每天{KIDS_BACK_BY // 60}:00前"
            f"回到住处，天黑后来不及",
            f"{seen} by day, not lit: with young children back by "
            f"{KIDS_BACK_BY // 60}:00 the evening is too short for it",
        )
        relax = pick(
            lang,
            "孩子可以晚点睡的话，这一晚晚点回住处",
            "if the children can stay up, come back later that evening",
        )
    elif elders:
        at = f"{elders // 60}:{elders % 60:02d}"
        message = pick(
            lang,
            f"{seen}白天去，看不到夜景：同行老人每天{at}前回到住处，天黑后来不及",
            f"{seen} by day, not lit: with seniors back by {at} the evening is too short for it",
        )
        relax = pick(
            lang,
            "想看夜景的话，直接说「想看…夜景」，这一晚会晚点回住处",
            'to see it lit, name it ("see … at night"): that evening ends later',
        )
    else:
        message = pick(
            lang,
            f"{seen}白天去，看不到夜景：{where}这次没有空出的晚上",
            f"{seen} by day, not lit: {where} has no evening free for it",
        )
        relax = pick(lang, f"在{where}多留一晚", f"stay a night more in {where}")
    return Check(code="night_views", passed=False, severity="warning", day=by_day[0][0],
                 message=message, relax=relax)  # fmt: skip
