"""Lay the trip out in days: frames with intercity legs first and last, full days reserved."""

from __future__ import annotations

from engine.domain.itinerary import Item, clock_minutes
from engine.domain.request import TripRequest
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Destination
from engine.planning import intercity, transit
from engine.planning.candidates import ScoredAttraction
from engine.planning.errors import PlanningError
from engine.planning.frames import (
    BUFFER_MIN,
    HUB_EXIT_MIN,
    DayFrame,
    breakfast_item,
    clock_time,
    intercity_item,
    lodging_point,
    outbound_departure,
    return_departure,
    trip_dates,
)
from engine.planning.intercity import IntercityOption, Point
from engine.planning.pace import FULL_DAY_START, profile
from engine.planning.schedule import transit_item
from engine.planning.stays import Stay

FULL_DAY_MINUTES = 300  # a place this long, with lunch inside, gets a day of its own
ECONOMY_MAX_LEG_MIN = 12 * 60  # economy mode takes a cheaper leg only up to this long


def _leg(
    kb: KnowledgeBase,
    a: Destination | Point,
    b: Destination,
    request: TripRequest,
    *,
    economy: bool = False,
) -> IntercityOption:
    """The intercity option: the fastest door to door, or in economy mode the cheapest."""
    found = intercity.options(kb, a, b, avoid=frozenset(request.avoid.transport))
    if not found:
        raise PlanningError(
            "no_transport",
            f"避开{'、'.join(request.avoid.transport)}后，没有到{b.name_zh}的交通方式，请放宽交通限制。",
            f"With {', '.join(request.avoid.transport)} avoided there is no way to reach "
            f"{b.name_en}; relax the transport limits.",
        )
    if economy:  # the cheapest that still fits in a day (no 20-hour sleeper on a short trip)
        bearable = [o for o in found if o.minutes <= ECONOMY_MAX_LEG_MIN] or found[:1]
        return min(bearable, key=lambda o: (o.fare_cny, o.minutes))
    return found[0]


def build_frames(
    request: TripRequest,
    stays: list[Stay],
    origin: Destination | Point | None,
    kb: KnowledgeBase,
    *,
    economy: bool = False,
) -> list[DayFrame]:
    """One frame per day: tour start/end points and times, fixed items around the tour.

    Raises:
        PlanningError: no transport between two places given the modes to avoid.
    """
    dates = trip_dates(request)
    people, lang = request.party.size, request.lang
    frames: list[DayFrame] = []
    last = len(dates) - 1
    for si, stay in enumerate(stays):
        dest = stay.destination
        home = (
            lodging_point(stay.lodging)
            if stay.lodging
            else Point(dest.name_zh, dest.name_en, dest.lat, dest.lon)
        )
        for k, d in enumerate(stay.days):
            prof = profile(request.day_pace.get(d + 1, request.pace))
            frame = DayFrame(
                index=d,
                date=dates[d],
                destination=dest,
                profile=prof,
                start=home,
                start_time=prof.day_start,
                end=home,
                end_time=prof.day_end,
                lodging=stay.lodging if d < last else None,
            )
            previous = stays[si - 1] if si > 0 else None
            if k == 0 and previous is None and origin is not None:
                option = _leg(kb, origin, dest, request, economy=economy)
                depart = outbound_departure(option, prof)
                frame.outbound = option
                frame.before.append(intercity_item(option, depart, people, lang))
                frame.start = option.b_hub
                frame.start_time = depart + option.minutes + HUB_EXIT_MIN
            elif k == 0 and previous is not None:
                _transfer(frame, previous, dest, kb, request)
            else:
                frame.before.append(breakfast_item(frame, lang, people))
            if d == last and origin is not None:
                back = _leg(kb, origin, dest, request, economy=economy).reversed()
                depart = return_departure(back)
                frame.return_leg = back
                frame.end = back.a_hub
                frame.end_time = depart - BUFFER_MIN.get(back.mode, 30)
                frame.after.append(intercity_item(back, depart, people, lang))
            _ensure_room(frame, request)
            frames.append(frame)
    return frames


def _transfer(
    frame: DayFrame, previous: Stay, dest: Destination, kb: KnowledgeBase, request: TripRequest
) -> None:
    """Morning move from the previous stay's lodging to `dest` by intercity transport."""
    people, lang = request.party.size, request.lang
    prev_dest = previous.destination
    option = _leg(kb, prev_dest, dest, request)
    start = lodging_point(previous.lodging) if previous.lodging else option.a_hub
    frame.start = start
    frame.before.append(breakfast_item(frame, lang, people))
    leg = transit_item(
        start, option.a_hub, frame.start_time, destination=prev_dest, request=request
    )
    ready = frame.start_time + (leg.minutes if leg else 0) + BUFFER_MIN.get(option.mode, 30)
    depart = max(option.first_departure, ready)
    if leg is not None:
        frame.before.append(leg)
    frame.before.append(intercity_item(option, depart, people, lang))
    frame.start = option.b_hub
    frame.start_time = depart + option.minutes + HUB_EXIT_MIN


def _ensure_room(frame: DayFrame, request: TripRequest) -> None:
    """Give an over-full day (late arrival, early departure) just the time to move; a train home
    that would leave before one can reach the station is replaced by a later one."""
    meters = haversine_m(frame.start.lat, frame.start.lon, frame.end.lat, frame.end.lon)
    metro = transit.metro_between(
        frame.destination, (frame.start.lat, frame.start.lon), (frame.end.lat, frame.end.lon)
    )
    need = transit.leg(meters, metro=metro, party=1).minutes + 5
    if frame.end_time >= frame.start_time + need:
        return
    frame.end_time = frame.start_time + need
    back = frame.return_leg
    if back is not None and frame.after:  # too early a train home: take a later one
        depart = max(frame.end_time + BUFFER_MIN.get(back.mode, 30), back.first_departure)
        frame.after[-1] = intercity_item(back, depart, request.party.size, request.lang)


def is_full_day(s: ScoredAttraction) -> bool:
    """A long place where lunch is eaten inside (e.g. 黄山风景区)."""
    a = s.attraction
    return a.meal_inside_cny is not None and a.visit_minutes >= FULL_DAY_MINUTES


def full_day_anchor(scored: list[ScoredAttraction], days: int) -> ScoredAttraction | None:
    """The full-day place a stay of `days` days would be built around, if any."""
    for s in scored:
        if is_full_day(s) and (s.must_see or (s.attraction.popularity >= 5 and days >= 2)):
            return s
    return None


def reserve_full_days(frames: list[DayFrame], scored: list[ScoredAttraction]) -> dict[int, str]:
    """Give long places with lunch inside (e.g. 黄山风景区) a day of their own.

    A candidate is reserved when it is a must-see, or when it has popularity 5 and the stay has
    at least two days; the day chosen is the one with the most time once started at 07:00 from
    the lodging. Such days start at 07:00. Returns day index -> attraction id.
    """
    reserved: dict[int, str] = {}
    long_ones = [
        s
        for s in scored
        if s.attraction.meal_inside_cny is not None
        and s.attraction.visit_minutes >= FULL_DAY_MINUTES
    ]
    for s in long_ones:
        if not (s.must_see or (s.attraction.popularity >= 5 and len(frames) >= 2)):
            continue
        if len(reserved) >= max(1, len(frames) // 2):
            break
        free = [f for f in frames if f.index not in reserved]

        def room(f: DayFrame) -> int:
            begin = min(f.start_time, FULL_DAY_START) if not f.outbound else f.start_time
            return f.end_time - begin

        fitting = [f for f in free if room(f) >= s.attraction.visit_minutes + 60]
        if not fitting:
            continue
        best = max(fitting, key=lambda f: (room(f), -f.index))
        if not best.outbound and best.before and best.start_time > FULL_DAY_START:
            shift = best.start_time - FULL_DAY_START
            best.start_time = FULL_DAY_START
            best.before = [_shift(i, -shift) for i in best.before]
        reserved[best.index] = s.attraction.id
    return reserved


def _shift(item: Item, minutes: int) -> Item:
    """`item` moved by `minutes` (kept within the day)."""
    start, end = clock_minutes(item.start) + minutes, clock_minutes(item.end) + minutes
    return item.model_copy(update={"start": clock_time(start), "end": clock_time(end)})
