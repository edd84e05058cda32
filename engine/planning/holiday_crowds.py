"""Crowds refused (「想避开人多的地方」, "we hate crowds": a ``crowds`` wish) on public-holiday days
(`engine.knowledge.festivals.holiday_on`: 五一, 国庆 …): the crowd magnets are seen at opening,
and a minor sight as popular as a magnet counts a little less than a quieter one.

A crowd magnet is a sight of popularity 5 that is seen by day (not a night view, show or
sunset); for each holiday day of the stay with a morning free of intercity legs, the best
magnet open that morning gets the ``morning`` tag (`engine.planning.model`: begun first thing
where the day allows, else later at a penalty; one per such day, so no magnet loses its worth
for want of a morning) —
the advice the report gives (热门景点开门就到) carried out, not only said. Sights of popularity
4–5 that are neither named nor headline sights lose `CROWD_DISCOUNT` of their worth, so of two
near-equal sights the less crowded is taken (a 3-hour zoo on 五一 for a solo adult).

`at_opening` finds the visits that began at opening on holiday days, for the report
(`engine.planning.wish_crowds`).
"""

from __future__ import annotations

from dataclasses import replace

from engine.domain.itinerary import Day, ItemKind, Itinerary, clock_minutes
from engine.domain.request import TripRequest
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.festivals import HOLIDAY_NAMES, holiday_on
from engine.knowledge.hours import place_windows
from engine.knowledge.schema import Attraction, Destination
from engine.planning.candidates import ScoredAttraction
from engine.planning.frames import DayFrame
from engine.planning.pace import NIGHT_TAGS

#: Share of its worth a popular minor sight loses on a holiday when crowds are refused.
CROWD_DISCOUNT = 0.15
#: A visit begun this long after the sight opens still counts as "at opening", minutes.
OPENING_SLACK_MIN = 60
#: … or by this hour when it opened earlier (明孝陵 opens 06:30: first thing after breakfast).
FIRST_THING = 9 * 60 + 30
#: A magnet is seen at opening on a day it opens by this hour (minutes after midnight).
MORNING_OPEN = 10 * 60
_PARTS = frozenset({"morning", "afternoon", "evening"})


def refuses_crowds(request: TripRequest) -> bool:
    """Whether the request says no crowds or queues (a ``crowds`` wish)."""
    return any(w.kind == "crowds" for w in request.wishes)


def is_magnet(a: Attraction) -> bool:
    """Whether `a` draws holiday crowds and is seen by day (see the module docstring)."""
    return (
        a.popularity >= 5
        and not (_PARTS | NIGHT_TAGS) & set(a.tags)
        and a.best_time not in ("sunset", "after_dark")
    )


def crowd_mornings(
    scored: list[ScoredAttraction], request: TripRequest, frames: list[DayFrame]
) -> list[ScoredAttraction]:
    """`scored` with the stay's crowd magnets tagged ``morning`` and popular minor sights
    discounted, when crowds are refused and some of `frames` fall on a public holiday; else
    `scored` unchanged."""
    if not refuses_crowds(request):
        return scored
    holidays = [f for f in frames if not f.travel_only and holiday_on(f.date) in HOLIDAY_NAMES]
    if not holidays:
        return scored
    magnets = sorted((s for s in scored if is_magnet(s.attraction)), key=lambda s: -s.score)
    early: set[str] = set()
    for frame in holidays:
        if frame.outbound is not None or frame.transfer is not None:
            continue  # no morning there: a magnet tagged for it would be worth less all day
        pick = next((s.attraction.id for s in magnets if s.attraction.id not in early
                     and _opens_by(s.attraction, frame)), None)  # fmt: skip
        if pick is not None:
            early.add(pick)
    out = []
    for s in scored:
        a = s.attraction
        if a.id in early:
            s = replace(s, attraction=a.model_copy(update={"tags": (*a.tags, "morning")}))
        elif a.popularity >= 4 and not s.must_see and s.headline is None and not s.wished:
            s = replace(s, score=s.score * (1 - CROWD_DISCOUNT))
        out.append(s)
    return out


def crowd_morning_kept(request: TripRequest, day: Day, destination: Destination) -> bool:
    """Whether `day` keeps its early start (`engine.planning.late_start` does not move it
    later): crowds are refused, the day is a public holiday, and its first sight is a magnet
    of `destination`."""
    if not refuses_crowds(request) or holiday_on(day.date) not in HOLIDAY_NAMES:
        return False
    first = next((i for i in day.items if i.kind == ItemKind.ATTRACTION), None)
    place = next((a for a in destination.attractions if first and a.id == first.poi_id), None)
    return place is not None and is_magnet(place)


def _opens_by(a: Attraction, frame: DayFrame) -> bool:
    """Whether `a` is open on `frame`'s date by `MORNING_OPEN` (a Monday closure is not)."""
    windows = place_windows(a, frame.date)
    return bool(windows) and windows[0][0] <= MORNING_OPEN


def at_opening(plan: Itinerary, kb: KnowledgeBase) -> list[tuple[int, str, str]]:
    """(day, "HH:MM", name) of each crowd magnet seen as a holiday day's first sight, begun
    within `OPENING_SLACK_MIN` of its opening or by `FIRST_THING`."""
    out = []
    for day in plan.days:
        if holiday_on(day.date) not in HOLIDAY_NAMES:
            continue
        item = next((i for i in day.items if i.kind == ItemKind.ATTRACTION), None)
        a = kb.attraction(item.poi_id or "") if item is not None else None
        if item is None or a is None or a.popularity < 5:
            continue
        windows = place_windows(a, day.date)
        start = clock_minutes(item.start)
        if (
            windows
            and windows[0][0] <= start
            and (start - windows[0][0] <= OPENING_SLACK_MIN or start <= FIRST_THING)
        ):
            out.append((day.index, f"{item.start:%H:%M}", item.name))
    return out
