"""The ``sunsets`` check (a warning): headline sights and sights the person named whose point is
the sunset (`Attraction.best_time` ``sunset``: 鸣沙山's dune ridge) that the plan shows at
another hour — said with the day and time, that day's sunset (`engine.knowledge.sun`), and why:
the place closes before it (鸣沙山's 20:30 on a July evening when the sun sets at 21:11), dinner
would come too late after it (dinner starts by 19:30, `pace.dinner_window`, later in the far
west: 敦煌 by 20:26), or the day had no evening free for it — and what would show it."""

from __future__ import annotations

from engine.domain.feasibility import Check
from engine.domain.itinerary import ItemKind, Itinerary, clock_minutes
from engine.i18n import join_names, pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.hours import fmt_minutes, place_windows
from engine.knowledge.sun import sun_times
from engine.planning.pace import dinner_window
from engine.planning.visit_windows import SUNSET_SPAN_MIN


def sunset_check(plan: Itinerary, kb: KnowledgeBase) -> Check:
    """See the module docstring; passed when every such visit spans its day's sunset."""
    lang = plan.lang
    missed: list[tuple[int, str]] = []  # (day, what was seen when, and why)
    closed = True  # every miss is a place closed by the sunset
    late = False  # a miss is for dinner's sake (a sunset after dinner's window)
    for day in plan.days:
        dest = kb.destinations.get(day.destination)
        for item in day.items:
            place = kb.attraction(item.poi_id or "") if item.kind == ItemKind.ATTRACTION else None
            if place is None or place.best_time != "sunset" or dest is None:
                continue
            if place.id not in dest.headline and place.id not in plan.request.must_see:
                continue
            _, down = sun_times(place.lat, place.lon, day.date)
            if clock_minutes(item.start) < down < clock_minutes(item.end):
                continue
            shut = max((b for _, b in place_windows(place, day.date)), default=0)
            at, sun = item.start.strftime("%H:%M"), fmt_minutes(down)
            if shut <= down:
                why = pick(lang, f"{fmt_minutes(shut)}就关门", f"it closes at {fmt_minutes(shut)}")
            elif (
                down + SUNSET_SPAN_MIN > dinner_window(dest.lat, dest.lon, day.date)[1]
            ):  # late sunsets
                late = True
                last = fmt_minutes(dinner_window(dest.lat, dest.lon, day.date)[1])
                why = pick(lang, f"看完日落再吃晚饭就晚了（晚饭最晚{last}开始）",
                           f"dinner would start after {last}, too late")  # fmt: skip
            else:
                closed = False
                why = pick(lang, "这天傍晚排不下", "that evening has no room for it")
            missed.append((day.index, pick(lang, f"{item.name}（第{day.index}天{at}，日落约{sun}，{why}）",
                                           f"{item.name} (day {day.index} at {at}; sunset about "
                                           f"{sun}, {why})")))  # fmt: skip
    if not missed:
        return Check(code="sunsets", passed=True, severity="warning",
                     message=pick(lang, "看日落的景点都赶上日落", "sunset places are seen at sunset"))  # fmt: skip
    seen = join_names([text for _, text in missed], lang)
    message = pick(lang, f"{seen}看不到日落", f"{seen}: the sunset is missed")
    if late and closed:
        relax = pick(
            lang,
            "想看日落的话，那天晚饭放到日落后自己安排（行程里的晚饭可以去掉）",
            "to see it, have dinner after the sunset that day (the planned dinner can be dropped)",
        )
    elif closed:
        relax = pick(
            lang,
            "换个日落早的季节去，或在景区关门前看晚霞",
            "go when the sun sets earlier, or watch the evening light before it closes",
        )
    else:
        relax = pick(
            lang,
            "说「第N天傍晚去…看日落」，把它换到那天傍晚",
            'say "move … to the evening of day N for the sunset"',
        )
    return Check(code="sunsets", passed=False, severity="warning", day=missed[0][0],
                 message=message, relax=relax)  # fmt: skip
