"""Whole days for long places with lunch inside (e.g. 黄山风景区): which place, which day."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import Item, ItemKind, clock_minutes
from engine.knowledge.geo import haversine_m
from engine.knowledge.hours import open_windows, place_windows
from engine.knowledge.schema import Attraction
from engine.knowledge.sun import sun_times
from engine.planning import access, transit
from engine.planning.altitude import too_high_today
from engine.planning.candidates import ScoredAttraction
from engine.planning.frames import DayFrame, clock_time
from engine.planning.pace import BREAKFAST_WINDOW, FULL_DAY_START

FULL_DAY_MINUTES = 300  # a place this long, with lunch inside, gets a day of its own
WHOLE_DAY_MINUTES = 420  # a place this long (a theme park) is a day of its own, lunch inside
NEAR_START_M = 15_000.0  # a day that starts this close to the place is preferred for it
#: Share of a day's sightseeing minutes (pace profile) the headline sights may fill when
#: checking whether a popular full-day place leaves them room: the other half is for the legs,
#: arrival and departure and the sights around them (three days in Shanghai for a couple:
#: 外滩, 豫园, 南京路, 东方明珠, 上海博物馆 — 540 minutes — leave no day for Disney; four do).
HEADLINE_DAY_SHARE = 0.5
#: A must-see or headline theme park (`WHOLE_DAY_MINUTES` or more) that no day holds whole
#: still gets the day that holds most of it, when that is at least this share of its visit: a
#: family sleeping at the Disney hotel with a train home at 19:50 spends the day in the park
#: until the ride to the station, not a day in town (its report says the visit is shortened).
PARK_MIN_SHARE = 0.6
#: Minutes kept spare beside a shortened park visit (the schedule's legs are the party's own,
#: a little longer than `rides`' one-person estimate).
PARK_SLACK = 10


def is_full_day(s: ScoredAttraction) -> bool:
    """A long place where lunch is eaten inside (e.g. 黄山风景区), or one that fills a day
    (`WHOLE_DAY_MINUTES`: a theme park) whatever its records say of lunch."""
    a = s.attraction
    return (a.meal_inside_cny is not None and a.visit_minutes >= FULL_DAY_MINUTES) or (
        a.visit_minutes >= WHOLE_DAY_MINUTES
    )


def full_day_anchor(
    scored: list[ScoredAttraction],
    days: int,
    dates: list[dt.date] | None = None,
    *,
    day_minutes: int = 390,
) -> ScoredAttraction | None:
    """The full-day place a stay of `days` days would be built around, if any (open on one of
    `dates` when given: 亚布力's ski slopes do not anchor a May trip; `day_minutes`: the pace's
    sightseeing minutes a day, see `leaves_headline_room`)."""
    for s in scored:
        if dates is not None and not any(place_windows(s.attraction, d) for d in dates):
            continue
        if is_full_day(s) and (
            s.must_see
            or s.headline is not None
            or (
                s.attraction.popularity >= 5
                and days >= 2
                and leaves_headline_room(s, scored, days, day_minutes)
            )
        ):
            return s
    return None


def leaves_headline_room(
    s: ScoredAttraction, scored: list[ScoredAttraction], days: int, day_minutes: int
) -> bool:
    """Whether giving a day to `s` (a popular full-day place that is neither a must-see nor a
    headline sight: 上海迪士尼) leaves the other ``days - 1`` days room for the destination's
    other headline sights and must-sees (their visit minutes within `HEADLINE_DAY_SHARE` of
    `day_minutes` a day). Two days in Shanghai are 外滩, 豫园 and 上海博物馆, not a day at
    Disney and one for the rest."""
    first = [
        o.attraction.visit_minutes
        for o in scored
        if (o.headline is not None or o.must_see) and o is not s and not is_full_day(o)
    ]
    return sum(first) <= (days - 1) * day_minutes * HEADLINE_DAY_SHARE


def reserve_full_days(frames: list[DayFrame], scored: list[ScoredAttraction]) -> dict[int, str]:
    """Give long places with lunch inside (e.g. 黄山风景区) a day of their own.

    A candidate is reserved when it is a must-see, a headline sight (a day at 泰山 is the
    mountain) or the sight of a kind wished (`ScoredAttraction.wished`: 「想滑雪」's ski area,
    a ski day with lunch at the slopes), or when it has popularity 5, the stay has at least two days and the other days
    leave the headline sights room (`leaves_headline_room`); the day chosen
    is one that starts near the place (after a night nearby), then one that is not the only day
    another headline sight can be seen (`_only_days`: 故宫 closed on the Monday), then the one
    with the most time once started at 07:00 from the lodging. Such days start at 07:00. A day holds the place
    only when the whole visit fits with the way there from where the day starts and the way on
    to where it ends (`rides`: 峨眉山's bus and cable car, about three hours each way, and the
    ride to 双流 for the flight home leave the last day no five hours on 金顶) — except a
    must-see or headline theme park (`is_park`), which gets the day that holds the most of it
    (`park_minutes`, at least `PARK_MIN_SHARE`) when none holds it whole: the model gives it
    that shortened visit and the plan says so. Returns day index -> attraction id.
    """
    reserved: dict[int, str] = {}
    long_ones = [s for s in scored if is_full_day(s)]
    day_minutes = frames[0].profile.max_visit_minutes if frames else 390
    for s in long_ones:
        if not (s.must_see or s.headline is not None or s.wished  # 「想滑雪」: the ski day
                or (s.attraction.popularity >= 5 and len(frames) >= 2
                    and leaves_headline_room(s, scored, len(frames), day_minutes))):  # fmt: skip
            continue
        if len(reserved) >= max(1, len(frames) // 2):
            break
        free = [f for f in frames if f.index not in reserved]

        def room(f: DayFrame, a: Attraction = s.attraction) -> int:
            go, back = rides(a, f)
            if _arrives(f):
                return f.end_time - (f.start_time - _earlier_transfer(f)) - go - back
            return f.end_time - min(f.start_time, full_day_start(a, f)) - go - back

        fitting = [
            f
            for f in free
            if room(f) >= s.attraction.visit_minutes  # the rides there and on are counted
            and _open_long_enough(
                s.attraction, f, full_day_start(s.attraction, f), rides=rides(s.attraction, f)
            )
            and _back_by_last_boat(s.attraction, f)
            and _by_dusk(s.attraction, f)
            and not too_high_today(s.attraction, f, frames)
        ]
        shortened = not fitting and is_park(s)
        if shortened:  # the day that holds most of it (shortened, said so)
            least = PARK_MIN_SHARE * s.attraction.visit_minutes
            fitting = [
                f
                for f in free
                if park_minutes(s.attraction, f) >= least
                and _back_by_last_boat(s.attraction, f)
                and not too_high_today(s.attraction, f, frames)
            ]
        if not fitting:
            continue

        def near(f: DayFrame, a: Attraction = s.attraction) -> bool:
            """The day starts from a night near the place (a stay that moves, or the night at
            the park's hotel: that day is the park's)."""
            return haversine_m(f.start.lat, f.start.lon, a.lat, a.lon) <= NEAR_START_M

        def most(f: DayFrame, a: Attraction = s.attraction, short: bool = shortened) -> int:
            return park_minutes(a, f) if short else room(f)

        only = _only_days(s, scored, long_ones, free)
        best = max(fitting, key=lambda f: (near(f), -only.get(f.index, 0), most(f), -f.index))
        shift = (
            _earlier_transfer(best)
            if _arrives(best)
            else max(0, best.start_time - full_day_start(s.attraction, best))
            if best.before and not _pinned(best.before)
            else 0
        )
        if shift:
            best.start_time -= shift
            best.before = [_shift(i, -shift) for i in best.before]
        reserved[best.index] = s.attraction.id
    return reserved


def _only_days(
    s: ScoredAttraction,
    scored: list[ScoredAttraction],
    long_ones: list[ScoredAttraction],
    free: list[DayFrame],
) -> dict[int, int]:
    """Day index -> how many other headline sights and must-sees (not long places of their own)
    have that free day as the only one they are open with room for half a visit — a day not to
    give to `s` when another holds it: 八达岭 took the Sunday of a trip whose Monday closed
    故宫 and whose last morning was the train home, and 故宫 was left out."""
    out: dict[int, int] = {}
    long_ids = {o.attraction.id for o in long_ones}
    for o in scored:
        a = o.attraction
        if o is s or a.id in long_ids or not (o.must_see or o.headline is not None):
            continue
        days = [f.index for f in free if not f.travel_only
                and f.span >= a.visit_minutes // 2 and place_windows(a, f.date)]  # fmt: skip
        if len(days) == 1:
            out[days[0]] = out.get(days[0], 0) + 1
    return out


def is_park(s: ScoredAttraction) -> bool:
    """A must-see or headline theme park (tag ``theme-park``) that fills a day
    (`WHOLE_DAY_MINUTES`: 迪士尼, 环球影城, 长隆): a shortened visit of it is better than none
    (`PARK_MIN_SHARE`)."""
    a = s.attraction
    return (
        a.visit_minutes >= WHOLE_DAY_MINUTES
        and "theme-park" in a.tags
        and (s.must_see or s.headline is not None)
    )


def park_minutes(a: Attraction, frame: DayFrame) -> int:
    """The longest visit to `a` (minutes, at most its `visit_minutes`) the frame's day holds
    inside its opening hours, with the ride there from where the day starts and on to where
    it ends (`rides`), setting out as a day given to it does (`full_day_start`) and keeping
    `PARK_SLACK` spare: 上海迪士尼 from the resort hotel at 08:30 until the metro to 虹桥
    for a 19:50 train is about 9.7 of its 11 hours. 0 when it is closed that day."""
    go, back = rides(a, frame)
    begin = frame.start_time if _arrives(frame) else min(frame.start_time, full_day_start(a, frame))
    spans = [
        min(close, frame.end_time - back) - max(open_at, begin + go)
        for open_at, close in open_windows(a.hours, frame.date)
    ]
    return max(0, min(a.visit_minutes, max(spans, default=0) - PARK_SLACK))


def _back_by_last_boat(a: Attraction, frame: DayFrame) -> bool:
    """Whether a whole visit to `a` ends before its access area's last way out when the night
    is spent outside the area (a day trip to 涠洲岛: the last boat at 15:00 leaves no 7 hours
    on the island) — else it gets no day of its own, and its main part may be seen."""
    area = access.area_at(frame.destination, (a.lat, a.lon))
    if area is None or area.last_out is None:
        return True
    if access.area_at(frame.destination, (frame.end.lat, frame.end.lon)) is area:
        return True  # the night is there
    inside = access.area_at(frame.destination, (frame.start.lat, frame.start.lon)) is area
    opens = min((start for start, _ in place_windows(a, frame.date)), default=0)
    over = 0 if inside else area.ride_minutes  # the day starts there: no crossing first
    return max(opens, full_day_start(a, frame) + over) + a.visit_minutes <= area.last_out


def _pinned(before: list[Item]) -> bool:
    """Whether the morning holds a moment timed to the sun (a sunrise watched before breakfast,
    `engine.planning.moments.dawn`): it is not moved earlier with the day — 「第二天轻松点」 had
    put 泰山's sunrise watch at 04:58, 2 h before the 07:23 sunrise."""
    return any(i.kind == ItemKind.FREE for i in before)


def _shift(item: Item, minutes: int) -> Item:
    """`item` moved by `minutes` (kept within the day)."""
    start, end = clock_minutes(item.start) + minutes, clock_minutes(item.end) + minutes
    return item.model_copy(update={"start": clock_time(start), "end": clock_time(end)})


def rides(a: Attraction, frame: DayFrame) -> tuple[int, int]:
    """(minutes from where the frame's day starts to `a`, minutes from `a` to where the day
    ends): the destination's legs (`transit.between`, one person), through an access area's
    crossing where the place lies in one (金顶 is about three hours above 峨眉山's foot)."""
    d = frame.destination
    go = transit.between(d, (frame.start.lat, frame.start.lon), (a.lat, a.lon), party=1)
    back = transit.between(d, (a.lat, a.lon), (frame.end.lat, frame.end.lon), party=1)
    return go.minutes, back.minutes


def _by_dusk(a: Attraction, frame: DayFrame) -> bool:
    """Whether a whole visit to `a`, when it is seen by daylight (a mountain:
    `visit_windows.daylight_view`), ends by dusk on the frame's date (sunset + `visit_windows.DUSK_MIN`) once
    reached from where the day starts, as the model times it: a 泰山 day after a train in at
    11:15 holds no six hours on the mountain before dark, so it is no day of its own — its
    main part fits that afternoon (a day given to it held no visit at all: 「泰山」 ❌)."""
    from engine.planning.visit_windows import (  # the model imports this module
        DUSK_MIN,
        daylight_view,
    )

    if not daylight_view(a):
        return True
    go, _back = rides(a, frame)
    if _arrives(frame):
        begin = frame.start_time - _earlier_transfer(frame)
    else:
        begin = min(frame.start_time, full_day_start(a, frame))
    opens = [open_at for open_at, _close in open_windows(a.hours, frame.date)]
    dusk = sun_times(a.lat, a.lon, frame.date)[1] + DUSK_MIN
    return max([begin + go, *opens[:1]]) + a.visit_minutes <= dusk


def _open_long_enough(
    a: Attraction,
    frame: DayFrame,
    earliest: int,
    margin: int = 0,
    rides: tuple[int, int] = (0, 0),
) -> bool:
    """Whether `a` is open on the frame's date for a whole visit (not closed for the season)
    that ends before the day does (a flight home at 18:20 leaves no room for 长隆's eight hours
    from its 10:00 opening: that day's raised hours went to four minor sights instead), setting
    out at `earliest` at the earliest, with `margin` minutes to spare; `rides` (minutes there
    from the day's start, minutes on to its end: `rides`) come before and after the visit."""
    begin = min(frame.start_time, earliest) if not _arrives(frame) else frame.start_time
    go, back = rides
    return any(
        min(close, frame.end_time - back) - max(open_at, begin + go) >= a.visit_minutes + margin
        for open_at, close in open_windows(a.hours, frame.date)
    )


#: Minutes a late riser's full day must leave beside the visit inside the place's hours (the
#: ride there and the way back: 黄山's bus and cable car take about 90 minutes each way).
LATE_FULL_DAY_MARGIN = 180


def full_day_start(a: Attraction, frame: DayFrame) -> int:
    """The earliest a day given to `a` sets out: the day's own earliest (`PaceProfile.earliest`:
    07:00, or a late riser's 09:30), but 07:00 (`FULL_DAY_START`) for a late riser when from
    09:30 the place's hours leave no whole visit with the ride there and back
    (`LATE_FULL_DAY_MARGIN`: 黄山 in winter); the report says why that day starts early."""
    late = frame.profile.earliest
    if late <= FULL_DAY_START or _open_long_enough(a, frame, late, LATE_FULL_DAY_MARGIN):
        return late
    return FULL_DAY_START


def _earlier_transfer(frame: DayFrame) -> int:
    """How many minutes earlier a day that moves from one stay to the next can set out, so a
    full-day place at the new stay (华山 after 西安, 九寨沟 after 成都) is reached in the morning:
    breakfast no earlier than the pace's breakfast window opens (06:30), a typical link (not a
    scheduled train or flight) no earlier than its first departure. 0 for other days."""
    option = frame.transfer
    if option is None or option.scheduled or frame.outbound is not None or not frame.before:
        return 0
    legs_ = [i for i in frame.before if i.kind == ItemKind.INTERCITY]
    if len(legs_) != 1:
        return 0
    first = clock_minutes(frame.before[0].start)
    depart = clock_minutes(legs_[0].start)
    return max(0, min(first - BREAKFAST_WINDOW[0], depart - option.first_departure))


def _arrives(frame: DayFrame) -> bool:
    """The day begins with an intercity leg (the trip out, or a move between destinations):
    its start is the arrival, which cannot be moved earlier."""
    return frame.outbound is not None or any(i.kind == ItemKind.INTERCITY for i in frame.before)
