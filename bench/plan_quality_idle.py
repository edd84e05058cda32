"""Idle time in a plan as a traveller reads it: the waits nobody meant (gaps between items, free
time that only fills a gap: 「自由活动（约N分钟）」), apart from the rest the plan means — a child's
nap, a midday out of the heat, a declared free afternoon or rest (「自由活动/休息（…）」, with its
reason), and the afternoon after the last sight of a party that rests. Split from
`bench.plan_quality_checks` (issue 12: intended rest was counted as idle).
"""

from __future__ import annotations

import itertools
import re
import statistics
from dataclasses import dataclass, field

from bench.plan_quality_checks import Verdict, visited
from engine.domain.itinerary import ItemKind, Itinerary, Mode, clock_minutes
from engine.domain.request import Pace
from engine.knowledge.base import KnowledgeBase

#: Target: median idle minutes per day.
IDLE_TARGET_MIN = 45
LONG_GAP_MIN = 60
#: Waiting before an intercity departure that is not idle time (boarding; airport check-in).
STATION_BUFFER_MIN = {Mode.FLIGHT: 90}
DEFAULT_STATION_BUFFER_MIN = 30


@dataclass(frozen=True)
class Idle:
    """Idle minutes per day (gaps between consecutive timed items and free time filling them),
    the idle stretches over `LONG_GAP_MIN` as (day, start "HH:MM", minutes), and rest minutes
    per day (see `idle`)."""

    per_day: tuple[int, ...]
    long_gaps: tuple[tuple[int, str, int], ...] = field(default=())
    rest_per_day: tuple[int, ...] = field(default=())

    @property
    def median(self) -> float:
        return statistics.median(self.per_day) if self.per_day else 0.0

    @property
    def verdict(self) -> Verdict:
        if self.median <= IDLE_TARGET_MIN:
            return Verdict(True)
        worst = max(self.long_gaps, key=lambda g: g[2]) if self.long_gaps else None
        extra = f"; longest gap {worst[2]} min on day {worst[0]} at {worst[1]}" if worst else ""
        return Verdict(False, f"median idle {self.median:.0f} min/day{extra}")


def idle(plan: Itinerary) -> Idle:
    """Unintended idle minutes of each day: gaps between consecutive timed items and free time
    that only fills a gap (「自由活动（约N分钟）」 with a nearby idea), excluding the night (before
    the first and after the last item), overnight legs, the wait before an intercity departure
    up to `STATION_BUFFER_MIN` (boarding, check-in), and rest (`Idle.rest_per_day`): free time
    the plan means (`_meant`: a child's nap after lunch, a midday out of the heat, a declared
    free afternoon or rest with its reason) and, for a party that rests (seniors, children of
    six or under, a relaxed pace, limited mobility, a walking limit), the time after the day's
    last sight."""
    per_day, rest_per_day, long_gaps = [], [], []
    rests = _rests(plan)
    for day in plan.days:
        # a leg leaving overnight covers the rest of its day (a two-day drive leaves at 09:30)
        items = sorted((i for i in day.items if i.overnight != "arrive"), key=lambda i: i.start)
        sights = [i for i in items if i.kind == ItemKind.ATTRACTION]
        last_sight = max((clock_minutes(i.end) for i in sights), default=0)
        total = rest = 0
        run, run_start = 0, ""  # idle minutes in a row (a gap, then free time …) and its start
        for prev, item in itertools.pairwise(items):
            gap = clock_minutes(item.start) - clock_minutes(prev.end)
            if item.kind == ItemKind.INTERCITY:
                gap -= STATION_BUFFER_MIN.get(item.mode or Mode.HSR, DEFAULT_STATION_BUFFER_MIN)
            meant = item.kind == ItemKind.FREE and _meant(item.name)
            filler = item.kind == ItemKind.FREE and bool(_FILLER.match(item.name)) and not meant
            minutes = max(0, gap) + (item.minutes if filler else 0)
            if meant:
                rest += item.minutes
            if rests and clock_minutes(prev.end) >= last_sight:
                rest += minutes
                minutes = 0
            if minutes <= 0:
                if run > LONG_GAP_MIN:
                    long_gaps.append((day.index, run_start, run))
                run = 0
                continue
            if run == 0:
                run_start = f"{prev.end:%H:%M}"
            run += minutes
            total += minutes
        if run > LONG_GAP_MIN:
            long_gaps.append((day.index, run_start, run))
        per_day.append(total)
        rest_per_day.append(rest)
    return Idle(tuple(per_day), tuple(long_gaps), tuple(rest_per_day))


#: Daytime, when a traveller expects to be out (minutes after midnight): an empty stretch inside
#: it is an idle hole, wherever in the day it falls (a day ending at 15:00 included).
DAYTIME = (9 * 60, 18 * 60)
#: A daytime hole longer than this (minutes) is what a traveller objects to.
DAYTIME_HOLE_MIN = 90


@dataclass(frozen=True)
class DaytimeIdle:
    """The longest idle stretch inside `DAYTIME` of a plan: (day, start "HH:MM", minutes); the
    minutes of declared free afternoons (「下午自由活动/休息」) beside it."""

    longest: tuple[int, str, int]
    declared_free: int = 0


def daytime_idle(plan: Itinerary) -> DaytimeIdle:
    """Idle minutes inside `DAYTIME`, day by day: what no item covers — a gap, free time that
    only fills a gap (「自由活动（约N分钟）」), the afternoon after a day's last item — between
    the day's first item (or `DAYTIME` start) and its end (`DAYTIME` end, or the end of a last
    intercity leg: home or gone). Not idle: the wait before an intercity departure up to
    `STATION_BUFFER_MIN`, a child's nap, and, for a party that rests (`_rests`), the time after
    the day's last sight; a declared free afternoon (`_DECLARED_FREE`) is counted apart."""
    rests = _rests(plan)
    best, declared = (0, "", 0), 0
    for day in plan.days:
        # a leg leaving overnight covers the rest of its day (a two-day drive leaves at 09:30)
        items = sorted((i for i in day.items if i.overnight != "arrive"), key=lambda i: i.start)
        if not items:
            continue
        sights = [clock_minutes(i.end) for i in items if i.kind == ItemKind.ATTRACTION]
        last_sight = max(sights, default=0)
        lo = max(DAYTIME[0], clock_minutes(items[0].start))
        hi = DAYTIME[1]
        if items[-1].kind == ItemKind.INTERCITY:
            hi = min(hi, clock_minutes(items[-1].end))
        covered: list[tuple[int, int]] = []
        for item in items:
            start, end = clock_minutes(item.start), clock_minutes(item.end)
            if item.kind == ItemKind.INTERCITY:
                buffer = STATION_BUFFER_MIN.get(item.mode or Mode.HSR, DEFAULT_STATION_BUFFER_MIN)
                start -= buffer
            if item.kind == ItemKind.FREE and _DECLARED_FREE.search(item.name):
                declared += max(0, min(end, hi) - max(start, lo))
            elif item.kind == ItemKind.FREE and _FILLER.match(item.name):
                continue
            covered.append((start, end))
        if rests and last_sight:
            covered.append((last_sight, 24 * 60))
        at = lo
        for start, end in [*sorted(covered), (hi, hi)]:
            if start > at and min(start, hi) - at > best[2]:
                best = (day.index, f"{at // 60:02d}:{at % 60:02d}", min(start, hi) - at)
            at = max(at, end)
            if at >= hi:
                break
    return DaytimeIdle(best, declared)


#: A headline sight said not to fit (`engine.planning.headline_check`: 「…，行程排不下」).
_NOT_FIT = re.compile(r"排不下|does not fit")
#: Free time this long (minutes) in the afternoon is a free afternoon.
FREE_AFTERNOON_MIN = 90


def free_while_left_out(plan: Itinerary, kb: KnowledgeBase) -> Verdict:
    """No free afternoon (free time of `FREE_AFTERNOON_MIN` minutes or more starting after
    noon, inside `DAYTIME`) on a day at a destination whose headline sight the report says does
    not fit: the traveller sees the time the plan said it did not have (issue 12). The pace's
    reason and an offer of the sight in that afternoon (「按这次的节奏…体力允许可以去」) pass."""
    report = plan.feasibility
    said = [c.message for c in report.checks if c.code == "headline"] if report else []
    said = [part for m in said for part in re.split("[；;]", m) if _NOT_FIT.search(part)]
    if not said:
        return Verdict(True)
    seen = visited(plan)
    for day in plan.days:
        dest = kb.destinations.get(day.destination)
        left = [kb.attraction(p) for p in (dest.headline if dest else ()) if p not in seen]
        names = [n for a in left if a is not None for n in (a.name_zh, a.name_en)]
        why = next((part for part in said if any(n in part for n in names)), None)
        if why is None:
            continue
        for item in day.items:
            start, end = clock_minutes(item.start), min(clock_minutes(item.end), DAYTIME[1])
            if (item.kind == ItemKind.FREE and start >= 12 * 60
                    and (_FILLER.match(item.name) or _DECLARED_FREE.search(item.name))
                    and end - start >= FREE_AFTERNOON_MIN):  # fmt: skip
                return Verdict(False, f"day {day.index} free {item.start:%H:%M}–{item.end:%H:%M}"
                               f" while: {why[:60]}")  # fmt: skip
    return Verdict(True)


_FILLER = re.compile(r"^(自由活动|Free time)")
#: Free time the plan says it means (`engine.planning.free_time`: 「自由活动/休息（reason）」, a
#: summit afternoon): rest in `idle`; counted apart in `daytime_idle`.
_DECLARED_FREE = re.compile(r"自由活动/休息|Free (afternoon|time) / rest|Free afternoon")
#: A rest in the day: a child's nap after lunch, or the midday kept out of the heat when 怕热 /
#: 怕晒 was said (`engine.planning.free_time`: 「避开午间炎热」).
_NAP = re.compile(r"午休|Rest after lunch|避开午间炎热|out of the midday heat")


def _rests(plan: Itinerary) -> bool:
    """Whether the party rests in the afternoon: seniors, a child of six or under, a relaxed
    pace, limited mobility or a walking limit (the afternoon after a mountain by cable car)."""
    request = plan.request
    return bool(
        request.party.seniors
        or any(age <= 6 for age in request.party.child_ages)
        or request.pace == Pace.RELAXED
        or {"limited-mobility", "short-walks"} & set(request.access)
    )


def _meant(name: str) -> bool:
    """Whether free time named `name` is rest the plan means: a nap or a midday out of the heat
    (`_NAP`), or free time declared with its reason (`_DECLARED_FREE`)."""
    return bool(_NAP.search(name) or _DECLARED_FREE.search(name))
