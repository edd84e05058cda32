"""Headline sights the plan leaves out, offered in the free time that could hold them.

A party that rests (seniors, small children, a relaxed pace) gets about four hours of sights a
day (`engine.planning.pace`, `engine.planning.layout.gentle`); on a short trip a headline sight
can be left out while an afternoon is free (苏州 with a grandmother: 虎丘 not planned, day 2
free 14:45–16:40). The plan does not call that 「排不下」: the free time that could hold the
sight names it (「体力允许可以去虎丘」), and the ``headline`` check says it was left out to keep
the pace, on which day there is time for it (`engine.planning.headline_check`).

A free stretch holds a sight when the sight is within `free_time.REACH_M` of where the stretch
begins, open on that date for its whole visit with `RIDE_MIN` minutes to get there and back
inside the stretch, entered before its last entry.
"""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import Day, Item, ItemKind, Itinerary, clock_minutes
from engine.domain.request import TripRequest
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.knowledge.hours import place_windows
from engine.knowledge.prices import alone_cny
from engine.knowledge.schema import Attraction
from engine.planning.candidates import declined
from engine.planning.frames import KIDS_BACK_BY, early_nights
from engine.planning.free_time import GAP_MIN, REACH_M, open_to_sights
from engine.planning.layout import gentle
from engine.planning.model import SHORT_MIN_VISIT, SHORT_SHARE
from engine.planning.pace import day_end, day_profile

#: Minutes allowed for the ride to the sight and for the ride back, each way.
RIDE_MIN = 20
#: A sight closer than this (km) to where free time begins is 「就在附近」.
NEAR_KM = 0.3


def holds(item: Item, place: Attraction, date: dt.date) -> bool:
    """Whether free-time `item` (of a day on `date`) could hold a visit to `place` (see the
    module docstring); False for anything but free time open to sightseeing."""
    if not open_to_sights(item) or item.lat is None or item.lon is None:
        return False
    if haversine_m(item.lat, item.lon, place.lat, place.lon) > REACH_M:
        return False
    begin, end = clock_minutes(item.start) + RIDE_MIN, clock_minutes(item.end) - RIDE_MIN
    for lo, hi in place_windows(place, date):
        start = max(lo, begin)
        if start + place.visit_minutes <= min(hi, end) and start <= hi - place.last_entry:
            return True
    return False


def room_for(place: Attraction, days: tuple[Day, ...] | list[Day]) -> tuple[Day, Item] | None:
    """The day and the longest free stretch of `days` that could hold `place` (`holds`), or
    None."""
    rooms = [(d, i) for d in days for i in d.items if holds(i, place, d.date)]
    return max(rooms, key=lambda r: r[1].minutes, default=None)


def left_out(days: list[Day], kb: KnowledgeBase, request: TripRequest) -> list[Attraction]:
    """Headline sights of the trip's destinations not in `days` and not declined by the
    person (`candidates.declined`), in their curated order; with a budget said, only free
    ones (a ticket may be what the budget left out: `engine.planning.budget_fit`)."""
    seen = {i.poi_id for d in days for i in d.items if i.kind == ItemKind.ATTRACTION}
    out = []
    for dest_id in request.destinations:
        dest = kb.destinations.get(dest_id)
        for poi in dest.headline if dest else ():
            place = kb.attraction(poi)
            if place is None or poi in seen or declined(place, request):
                continue
            if request.budget_cny is None or alone_cny(place) == 0:
                out.append(place)
    return out


def offer_left_out(days: list[Day], kb: KnowledgeBase, request: TripRequest) -> list[Day]:
    """`days` with each headline sight left out (`left_out`) named in the longest free stretch
    that could hold it (`room_for`; one sight a stretch): 「体力允许可以去虎丘（约4.2公里，游览约
    2小时），行程里没有排进它」."""
    out = list(days)
    taken: set[tuple[int, dt.time]] = set()
    for place in left_out(out, kb, request):
        rooms = [(k, i) for k, d in enumerate(out) for i in d.items
                 if (d.index, i.start) not in taken and holds(i, place, d.date)]  # fmt: skip
        if not rooms:
            continue
        k, item = max(rooms, key=lambda r: r[1].minutes)
        taken.add((out[k].index, item.start))
        assert item.lat is not None and item.lon is not None
        km = haversine_m(item.lat, item.lon, place.lat, place.lon) / 1000
        hours = place.visit_minutes / 60
        near = (pick(request.lang, "就在附近", "close by") if km < NEAR_KM
                else pick(request.lang, f"约{km:.1f}公里", f"about {km:.1f} km"))  # fmt: skip
        note = pick(request.lang,
                    f"体力允许可以去{place.name_zh}（代表景点，{near}，游览约{hours:.1f}小时），"
                    "行程里没有排进它",
                    f"if you feel up to it, {place.name_en} (a headline sight the plan leaves out, "
                    f"{near}, a {hours:.1f} h visit) fits here")  # fmt: skip
        offered = item.model_copy(update={"note": note})
        items = tuple(offered if i is item else i for i in out[k].items)
        out[k] = out[k].model_copy(update={"items": items})
    return out


def pace_reason(place: Attraction, plan: Itinerary) -> str | None:
    """Why headline sight `place` is not in `plan` when the pace is why, in the plan's
    language: a day at its destination with a free stretch of `free_time.GAP_MIN` minutes or
    more already holds the pace's sights (`full`) — 「虎丘需约2.0小时：第2天的游览已按这次的节奏
    排满（每天约4小时），没有排进；第1天14:45–17:20有空，体力允许可以去」 (the last part when a
    free stretch could hold it, `room_for`); None when the pace is not why (the days had no
    free time, or had room by the pace: the time did not fit)."""
    there = [d for d in plan.days if place.id.startswith(f"{d.destination}-")
             and place_windows(place, d.date)]  # fmt: skip
    lang = plan.lang
    hours = place.visit_minutes / 60
    if there and not any(_in_frame(place, d, plan.request) for d in there):
        end = _day_end(plan.request, there[0].index, place, there[0].date)
        opens = min(lo for d in there for lo, _ in place_windows(place, d.date))
        return pick(lang, f"{place.name_zh}{opens // 60}:{opens % 60:02d}才开始、约{hours:.1f}小时："
                    f"按这次的节奏每天{end // 60}:{end % 60:02d}前回到住处，没有排进",
                    f"{place.name_en} starts at {opens // 60}:{opens % 60:02d} and takes about "
                    f"{hours:.1f} h: this trip's pace is back by {end // 60}:{end % 60:02d} each "
                    "day, so it is left out")  # fmt: skip
    idle = [d for d in there if any(open_to_sights(i) and i.minutes >= GAP_MIN for i in d.items)]
    paced = [d for d in idle if full(d, place, plan.request)]
    if not paced:
        return None
    cap = gentle(day_profile(plan.request, paced[0].index), plan.request).max_visit_minutes / 60
    days = "、".join(str(d.index) for d in paced)
    said = pick(lang, f"{place.name_zh}需约{hours:.1f}小时：第{days}天的游览已按这次的节奏排满"
                f"（每天约{cap:.0f}小时），没有排进", f"{place.name_en} takes about {hours:.1f} h: "
                f"day{'s' if len(paced) > 1 else ''} {days.replace('、', ', ')} already "
                f"hold{'' if len(paced) > 1 else 's'} this trip's pace of sightseeing "
                f"(about {cap:.0f} h a day), so it is left out")  # fmt: skip
    room = room_for(place, there)
    if room is None:
        return said
    day, item = room
    span = f"{item.start:%H:%M}–{item.end:%H:%M}"
    return said + pick(lang, f"；第{day.index}天{span}有空，体力允许可以去",
                       f"; day {day.index} is free {span}: go then if you feel up to it")  # fmt: skip


def full(day: Day, place: Attraction, request: TripRequest) -> bool:
    """Whether `day` holds its pace's sights (`pace.day_profile`, gentler for seniors:
    `layout.gentle`) with no room for `place`: as many sights as the pace has, or too many
    minutes of them for even its main part (`model.SHORT_SHARE` of a visit of
    `model.SHORT_MIN_VISIT` minutes or more)."""
    pace = gentle(day_profile(request, day.index), request)
    sights = [i for i in day.items if i.kind == ItemKind.ATTRACTION]
    visit = place.visit_minutes
    need = round(visit * SHORT_SHARE) if visit >= SHORT_MIN_VISIT else visit
    minutes = sum(i.minutes for i in sights)
    return len(sights) >= pace.max_attractions or minutes + need > pace.max_visit_minutes


def _day_end(request: TripRequest, day: int, place: Attraction, date: dt.date) -> int:
    """When day `day` (1-based) ends back at the lodging at its pace (`pace.day_profile`) at
    `place`'s position on `date` (`pace.day_end`), by `frames.KIDS_BACK_BY` with young children
    (`frames.early_nights`); minutes after midnight."""
    end = day_end(day_profile(request, day), place.lat, place.lon, date)
    return min(end, KIDS_BACK_BY) if early_nights(request.party) else end


def _in_frame(place: Attraction, day: Day, request: TripRequest) -> bool:
    """Whether a whole visit to `place` fits inside `day`'s frame at its pace (from its start
    to its end back at the lodging: `_day_end`) in an opening window on that date."""
    pace = day_profile(request, day.index)
    end = _day_end(request, day.index, place, day.date)
    return any(max(lo, pace.day_start) + place.visit_minutes <= min(hi, end)
               for lo, hi in place_windows(place, day.date))  # fmt: skip
