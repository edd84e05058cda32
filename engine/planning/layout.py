"""Lay the trip out in days: one frame per day, the intercity legs placed (`leg_frames`)."""

from __future__ import annotations

from dataclasses import replace

from engine.domain.request import TripRequest
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import Destination
from engine.planning import transit
from engine.planning.aboard import ride_through
from engine.planning.candidates import SHORT_WALK_DAY_MINUTES, STEP_FREE
from engine.planning.frames import (
    BUFFER_MIN,
    KIDS_BACK_BY,
    DayFrame,
    breakfast_item,
    early_nights,
    intercity_item,
    trip_dates,
    wants_nap,
)
from engine.planning.intercity import Point
from engine.planning.leg_frames import (
    arrive,
    drive_on,
    go_home,
    home_arrival,
    leave,
    ride_minutes,
    stay_point,
    transfer,
    trip_legs,
)
from engine.planning.own_hours import keep_busy
from engine.planning.pace import PaceProfile, day_end, day_profile
from engine.planning.stays import Stay
from engine.planning.summit import is_summit


def build_frames(
    request: TripRequest,
    stays: list[Stay],
    origin: Destination | Point | None,
    kb: KnowledgeBase,
    *,
    economy: bool = False,
    rest_cny: float | None = None,
    lean: bool = False,
    wanted: dict[str, dict[str, tuple[bool, bool]]] | None = None,
) -> list[DayFrame]:
    """One frame per day: tour start/end points and times, fixed items around the tour.

    With an origin, the first day begins with the leg out and the last ends with the leg home;
    an overnight leg out leaves the first day to the departure (the night aboard, no lodging)
    and an overnight leg home leaves the evening before the last day, which then holds only the
    arrival (`engine.planning.legs`).

    `rest_cny`: what the cheapest economy plan spent besides legs and lodging; `lean`: daytime
    at the destination weighs less against fares (see `legs`). `wanted`: destination id ->
    its candidate sights (id -> (must-see, headline)), for a one-way sight that makes the move
    between two stays (`leg_frames.transfer`).

    Raises:
        PlanningError: no transport between two places given the modes to avoid
            (``no_transport``), or none that fits the days (``trip_too_short``).
    """
    dates = trip_dates(request)
    frames: list[DayFrame] = []
    last = len(dates) - 1
    out, home = (
        trip_legs(request, stays, origin, kb, economy=economy, rest_cny=rest_cny, lean=lean)
        if origin
        else (None, None)
    )
    kids = early_nights(request.party)  # back by nine with young children
    for si, stay in enumerate(stays):
        dest = stay.destination
        for k, d in enumerate(stay.days):
            prof = gentle(day_profile(request, d + 1), request)
            end = day_end(prof, dest.lat, dest.lon, dates[d])  # later in the far west
            night = stay.night(d) if d < last else None
            frame = DayFrame(
                index=d,
                date=dates[d],
                destination=dest,
                profile=prof,
                start=stay_point(stay, d - 1 if k else None),
                start_time=prof.day_start,
                end=stay_point(stay, d if d < last else _bags(stay, d, k)),
                end_time=min(end, KIDS_BACK_BY) if kids else end,
                lodging=night,
                nap=wants_nap(request),
            )
            if origin is None and is_summit(stay.lodging) and (d == 0 or d == last):
                _foot_of_summit(frame, first=d == 0, last=d == last)
            if out is not None and d == 0:
                leave(frame, out, request)
            elif out is not None and 0 < d < out.nights:
                ride_through(frame, out, request)  # the day between two nights aboard
            elif out is not None and out.nights and d == out.nights:
                arrive(frame, out, request)
            elif k == 0 and si > 0:
                transfer(frame, stays[si - 1], dest, kb, request, economy=economy,
                         wanted=(wanted or {}).get(stays[si - 1].destination.id))  # fmt: skip
            elif k == 1 and si > 0 and drive_on(frame, frames[-1], request.lang):
                pass  # the second day of a two-day drive: on from the hotel on the way
            else:
                frame.before.append(breakfast_item(frame, request.lang, request.party.diners))
            if home is not None and d == last - home.nights:
                go_home(frame, home, request)
            elif home is not None and 0 < last - d < home.nights:
                ride_through(frame, home, request)
            elif home is not None and home.nights and d == last:
                home_arrival(frame, home, request)
            keep_busy(frame, request)  # 「第二天白天开会」: no sights in those hours
            _ensure_room(frame, request)
            frames.append(frame)
    return frames


def _bags(stay: Stay, d: int, k: int) -> int | None:
    """The night whose lodging the last day (`d`, the `k`-th of its stay) ends at when no leg
    home replaces its end: where the bags are — the night before (三亚湾 after a first night in
    海棠湾, not a 37-km ride back to the first night's hotel) — or the stay's own lodging on the
    stay's only day, or when the night before was on a summit (a night up there for the
    sunrise: the day ends down at the stay's own lodging)."""
    if k == 0 or is_summit(stay.night(d - 1)):
        return None
    return d - 1


def _foot_of_summit(frame: DayFrame, *, first: bool, last: bool) -> None:
    """A trip with no place to start from whose lodging is on a summit (「峨眉山两天，住金顶看日出」)
    begins its first day at the foot — the destination's centre, the town one arrives in — and
    ends its last there: not with breakfast on the summit before the night there, nor a ride back
    up after the last cable car."""
    dest = frame.destination
    foot = Point(dest.name_zh, dest.name_en, dest.lat, dest.lon)
    if first:
        frame.start = foot
    if last:
        frame.end = foot


def gentle(prof: PaceProfile, request: TripRequest) -> PaceProfile:
    """The pace for a party with seniors, limited mobility or a walking limit: one sight and an hour of
    sightseeing less a day (at least three sights, and at least `GENTLE_VISIT_MINUTES` so one
    headline sight such as 故宫 keeps its whole visit), so days keep time to rest."""
    if not (request.party.seniors or set(request.access) & (STEP_FREE | {"short-walks"})):
        return prof
    minutes = max(GENTLE_VISIT_MINUTES, prof.max_visit_minutes - 60)
    if "short-walks" in request.access:  # a walking limit: the day's sights too
        minutes = min(minutes, SHORT_WALK_DAY_MINUTES)
    return replace(
        prof, max_attractions=max(3, prof.max_attractions - 1), max_visit_minutes=minutes
    )


#: Sightseeing minutes a gentle day keeps: a four-hour headline visit whole, not cut to 60 %
#: with the afternoon left empty.
GENTLE_VISIT_MINUTES = 240


def _ensure_room(frame: DayFrame, request: TripRequest) -> None:
    """Give an over-full day (late arrival, early departure) just the time to move; a train home
    that would leave before one can reach the station is replaced by a later one."""
    if frame.travel_only:
        return
    need = ride_minutes(frame.destination, frame.start, frame.end, transit.style_of(request)) + 5
    if frame.end_time >= frame.start_time + need:
        return
    frame.end_time = frame.start_time + need
    back = frame.return_leg
    if back is not None and not back.scheduled and frame.after:  # too early: take a later one
        depart = max(frame.end_time + BUFFER_MIN.get(back.mode, 30), back.first_departure)
        frame.after[-1] = intercity_item(back, depart, request.party, request.lang)
