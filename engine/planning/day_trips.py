"""The ``day_trips`` check: a light day, and why — the destination's sights truly ran out (then
nearby destinations are offered as day trips), or worthwhile sights are still unplanned or cut
short (then they are named, never "ran out")."""

from __future__ import annotations

from engine.domain.feasibility import Check
from engine.domain.itinerary import Day, ItemKind, Itinerary
from engine.domain.request import TripRequest
from engine.i18n import join_names, pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.knowledge.hours import place_windows
from engine.knowledge.schema import Destination
from engine.planning.altitude import ACCLIMATISE_M
from engine.planning.candidates import declined, for_access
from engine.planning.free_time import PACE_SLACK_MIN
from engine.planning.layout import gentle
from engine.planning.origin_sights import at_origin, origin_of
from engine.planning.pace import day_profile

#: Destinations this close (straight line, km) are offered as day trips from a stay that ran out.
DAY_TRIP_KM = 200.0
#: A day whose one sight lasts this long (minutes: a theme park, a mountain) is not light.
FULL_DAY_MIN = 300
#: Sights at least this popular (1..5) are worth a day of their own; fewer left means "ran out".
WORTHWHILE = 3
#: A ride at least this long (minutes) is part of a day out, counted with its sight.
LONG_RIDE_MIN = 60
#: A visit this much shorter (minutes) than the sight's usual time counts as cut short.
CUT_SHORT_MIN = 30


def day_trip_check(plan: Itinerary, kb: KnowledgeBase) -> Check:
    """The ``day_trips`` check (a warning) on whole days at a destination with at most one short
    sight: "ran out" (with the knowledge base's destinations within `DAY_TRIP_KM` as day trips)
    only when no worthwhile sight of that destination (open on one of those days, not declined) is
    left unplanned or cut short; otherwise
    the light days and the sights that could fill them are named. Each destination is spoken of
    for its own days only."""
    lang = plan.lang
    thin = [d for d in plan.days if _light(d, plan.request) and not _acclimatising(d, plan, kb)]
    if not thin:
        return Check(code="day_trips", passed=True, severity="warning",
                     message=pick(lang, "每天都有安排", "every day has things to do"))  # fmt: skip
    by_dest: dict[str, list[Day]] = {}
    for d in thin:
        by_dest.setdefault(d.destination, []).append(d)
    messages, relaxes = [], []
    for dest_id, days in by_dest.items():
        dest = kb.destinations.get(dest_id)
        if dest is None:
            continue
        message, relax = _explain(plan, kb, dest, days)
        messages.append(message)
        relaxes.append(relax)
    if not messages:
        return Check(code="day_trips", passed=True, severity="warning", message="")
    sep = pick(lang, "；", "; ")
    return Check(code="day_trips", passed=False, severity="warning", message=sep.join(messages),
                 relax=sep.join(relaxes), day=thin[0].index)  # fmt: skip


def _light(day: Day, request: TripRequest) -> bool:
    """At most one short sight on a day without a journey or busy hours said (「第二天开会」)
    — short for `FULL_DAY_MIN` and for the
    day's pace (`free_time.intended`'s ``full``: 故宫's four hours fill a day with parents of 70)."""
    sights = [i for i in day.items if i.kind == ItemKind.ATTRACTION]
    # the long rides of a day out count too: 纳木错's three hours come with about 7.5 h by car
    rides = sum(
        i.minutes for i in day.items if i.kind == ItemKind.TRANSIT and i.minutes >= LONG_RIDE_MIN
    )
    minutes = sum(i.minutes for i in sights) + rides
    pace = gentle(day_profile(request, day.index), request)
    return (
        not any(i.kind == ItemKind.INTERCITY for i in day.items)
        and not any(b.day == day.index for b in request.busy)  # the traveller's own hours
        and len(sights) <= 1
        and minutes < min(FULL_DAY_MIN, pace.max_visit_minutes - PACE_SLACK_MIN)
    )


def _acclimatising(day: Day, plan: Itinerary, kb: KnowledgeBase) -> bool:
    """Whether `day` is kept light on purpose: the first day at a destination with sights at
    `ACCLIMATISE_M` or higher, before a night there (`engine.planning.altitude`: 拉萨's first
    day is for getting used to 3 650 m, not for 纳木错 at 4 718 m)."""
    dest = kb.destinations.get(day.destination)
    if dest is None or not any((a.altitude_m or 0) >= ACCLIMATISE_M for a in dest.attractions):
        return False
    before = [d for d in plan.days if d.index < day.index and d.destination == day.destination]
    return not any(i.kind == ItemKind.LODGING for d in before for i in d.items)


def _explain(
    plan: Itinerary, kb: KnowledgeBase, dest: Destination, days: list[Day]
) -> tuple[str, str]:
    """(message, relax) for the light `days` at `dest`."""
    lang = plan.lang
    request = plan.request
    day_list = join_names([str(d.index) for d in days], lang)
    word, verb = ("days", "are") if len(days) > 1 else ("day", "is")
    planned = {i.poi_id: i for d in plan.days for i in d.items if i.kind == ItemKind.ATTRACTION}
    origin = origin_of(kb, request)  # the origin's sights are said by `origin_sights_check`
    away = {a.id for a in at_origin(dest, origin[2:] if origin else None, request)}
    left = [
        a.name(lang)
        for a in sorted(dest.attractions, key=lambda a: (-a.popularity, a.id))
        if a.id not in planned
        and a.id not in away
        and (a.popularity >= WORTHWHILE or a.id in dest.headline)
        and not declined(a, request)
        and any(place_windows(a, d.date) for d in days)
    ][:3]
    cut = [
        (a, item.minutes, full)
        for a in dest.attractions
        if (item := planned.get(a.id)) is not None
        and item.minutes < (full := for_access(a, request).visit_minutes) - CUT_SHORT_MIN
    ]
    if left or cut:
        said = [pick(lang, f"还有{join_names(left, lang)}没有安排",
                     f"{join_names(left, lang)} not planned")] if left else []  # fmt: skip
        said += [
            pick(
                lang,
                f"{a.name_zh}只安排了约{_hours(got, lang)}（完整约{_hours(full, lang)}）",
                f"{a.name_en} has only about {_hours(got, lang)} (about {_hours(full, lang)} "
                "in full)",
            )
            for a, got, full in cut
        ]
        message = pick(lang, f"{dest.name_zh}第{day_list}天比较空：", f"{word} {day_list} in "
                       f"{dest.name_en} {verb} light: ") + pick(lang, "，", "; ").join(said)  # fmt: skip
        fill = join_names(left[:1] + [a.name(lang) for a, _, _ in cut[:1]], lang)
        relax = pick(lang, f"可以在第{day_list}天游览{fill}，或少玩一天",
                     f"spend {word} {day_list} on {fill}, or a day less")  # fmt: skip
        return message, relax
    near = sorted(
        ((haversine_m(dest.lat, dest.lon, d.lat, d.lon) / 1000, d)
         for d in kb.destinations.values() if d.id not in request.destinations),
        key=lambda pair: pair[0],
    )  # fmt: skip
    offers = [f"{d.name(lang)}（约{km:.0f}公里）" if lang == "zh" else f"{d.name(lang)} "
              f"(about {km:.0f} km)" for km, d in near[:3] if km <= DAY_TRIP_KM]  # fmt: skip
    message = pick(lang, f"{dest.name_zh}的主要景点已经排完，第{day_list}天比较空",
                   f"{dest.name_en} has run out of sights; {word} {day_list} "
                   f"{verb} light")  # fmt: skip
    relax = (
        pick(lang, f"可以安排一日游：{join_names(offers, lang)}",
             f"take a day trip: {join_names(offers, lang)}")
        if offers
        else pick(lang, "少玩一天，或加一个目的地", "a day less, or add a destination")
    )  # fmt: skip
    return message, relax


def _hours(minutes: int, lang: str) -> str:
    h = round(minutes / 60 * 2) / 2
    text = f"{h:g}"
    return pick(lang, f"{text}小时", f"{text} h")
