"""When a place's copies may start in the trip's TOPTW instance (`engine.planning.model`): its
opening windows on the day's date (`day_windows`), the hours that are its point (sunset, night
views, mornings first thing: `timed_windows`), show times, a day trip out and back, the short
visit of its main part, and the copies that take lunch or dinner inside. Minutes are local
time on the day's axis (0 = the day's midnight); windows are (earliest start, latest start)
of a visit.
"""

from __future__ import annotations

from engine.knowledge import shows
from engine.knowledge.hours import place_windows
from engine.knowledge.schema import Attraction, Destination, Restaurant
from engine.knowledge.sun import sun_times
from engine.planning import access, transit
from engine.planning import pace as pace_mod
from engine.planning.candidates import watches_sunset
from engine.planning.frames import DayFrame
from engine.planning.intercity import Point

DAY = 1440

#: Night views: a visit still going `DUSK_MIN` after sunset (and starting after `EVENING`,
#: minutes after midnight) is weighted up, an earlier one down.
EVENING = 17 * 60

DUSK_MIN = 20

NIGHT_BONUS, DAY_PENALTY = 1.3, 0.6

#: A visit at the sunset (`at_sunset`) is there at least this many minutes before the sun
#: sets and stays at least this many after.
SUNSET_SPAN_MIN = 15

#: A sight whose point is after dark (`Attraction.best_time`): its visit lasts until this many
#: minutes after dusk (sunset + `DUSK_MIN`); a shorter visit is wholly after dusk (外滩's lights
#: come on about 18:00 in winter, after a 17:00 sunset).
AFTER_DARK_MIN = 90

#: An after-dark visit this long (a park, a water town, the ice world) takes dinner inside when
#: it starts by `DINNER_INSIDE_BY` (minutes after midnight): it spans the dinner hour, and those
#: places have their own restaurants (冰雪大世界's food halls, 乌镇西栅's inns) — as does an
#: after-dark quarter of any length tagged ``food`` (夫子庙's snack streets: its two lit hours
#: after a 90-minute dinner did not fit a senior's 20:30 end, so it was seen at 11:30).
DINNER_INSIDE_MIN_VISIT = 150

DINNER_INSIDE_BY = 17 * 60 + 30

#: A sight best seen in the morning starts by this time (minutes after midnight) to be worth more.
MORNING_LATEST_START = 10 * 60 + 30

#: When a visit wished in a part of the day begins (minutes after midnight, a planning
#: convention): the afternoon 13:00–17:00, the evening from 17:00 (tags set from
#: `TripRequest.afternoons`, `evenings` by `engine.planning.planner`).
PART_WINDOWS = {"afternoon": (13 * 60, 17 * 60), "evening": (17 * 60, 22 * 60)}

#: For a late riser (`PaceProfile.late_start`) a morning sight is first thing: begun within this
#: many minutes of setting out (「每天10点以后再出门」: 成都's pandas by 11:00, not left out).
MORNING_REACH_MIN = 60

#: … but never less than this share of it (a day's pace may hold less than `SHORT_SHARE`).
SHORT_MIN_SHARE = 0.4


def place_point(place: Attraction | Restaurant) -> Point:
    return Point(place.name_zh, place.name_en, place.lat, place.lon, place.id)


def day_windows(
    place: Attraction | Restaurant,
    frame: DayFrame,
    service: int,
    lo: int,
    hi: int,
    *,
    kept: bool = False,
) -> list[tuple[int, int]]:
    """Start-of-visit windows on the frame's date, inside [lo, hi] (minutes after midnight);
    none on a date inside a yearly closure of the place. A place inside an access area
    (a mountain top) ends its visit early enough to be on the way out by closing time: the
    walk to the landing and the ride down (`way_out`) — the cable cars stop with the gates;
    and, on a day that does not sleep inside, in time for the last boat or bus out when it is
    known (`_out_by`)."""
    found = []
    last_entry = place.last_entry if isinstance(place, Attraction) else 0
    way_out = way_out_minutes(frame.destination, place)
    out_by = min(_out_by(frame, place), _in_by(frame, place))
    if daylight_view(place, kept=kept):  # a view seen by day: the visit is over by dusk
        out_by = min(out_by, sun_times(place.lat, place.lon, frame.date)[1] + DUSK_MIN)
    for open_at, close_at in place_windows(place, frame.date):
        early = max(open_at, lo, frame.start_time)
        late = min(close_at - service - way_out, close_at - last_entry, hi,
                   frame.end_time - service, out_by - service)  # fmt: skip
        if late >= early:
            found.append((early, late))
    if isinstance(place, Attraction) and place.shows and not kept:
        return _at_shows(place, frame, found)
    return found


def _at_shows(
    place: Attraction, frame: DayFrame, windows: list[tuple[int, int]]
) -> list[tuple[int, int]]:
    """`windows` cut to the starts that see a show (`engine.knowledge.shows`): there
    `SHOW_EARLY_MAX` to `SHOW_EARLY_MIN` minutes before one (西湖音乐喷泉 at 20:24 when it
    plays at 19:30 was no visit); none on a day without a show."""
    found = []
    for begin, _ in shows.starts_on(place, frame.date):
        for early, late in windows:
            a, b = max(early, begin - shows.SHOW_EARLY_MAX), min(late, begin - shows.SHOW_EARLY_MIN)
            if a <= b:
                found.append((a, b))
    return sorted(found)


#: Tags of a sight whose point is a view (景山's palace roofs, a sunrise peak) or the outdoors
#: (a hill, a gorge, a cable car up): seen by day unless it is also a night view
#: (`pace.NIGHT_TAGS`) or best after dark.
VIEW_TAGS = frozenset({"sunset", "sunrise", "mountain", "nature", "cable-car"})

#: Tags of a climb on foot (宝石山's wooded path, 白云山): seen by day even when tagged a night
#: view too, unless its point is after dark (`Attraction.best_time`) — no hill path in the dark.
CLIMB_TAGS = frozenset({"hiking"})

#: … of which a day the person already has (`daylight_view`'s ``kept``) holds only these to dusk.
KEPT_VIEW_TAGS = frozenset({"sunset", "sunrise"})


def daylight_view(place: Attraction | Restaurant, *, kept: bool = False) -> bool:
    """Whether `place` is seen in daylight: a view or an outdoor sight (`VIEW_TAGS`, no night
    tag) or a climb (`CLIMB_TAGS`), none best after dark. Its visit ends by sunset on that
    date + `DUSK_MIN` (景山 was seen at 19:02 on a December evening, two hours after sunset;
    宝石山's path at 19:46 in November; 象鼻山 at 20:24 for two 72-year-olds).

    `kept`: a day the person already has, re-timed by the editor (`build`'s ``chosen``): only a
    sunrise or sunset view ends by dusk there — a hill that a plan made before this rule put at
    dusk is no reason to refuse an edit of its day."""
    if not isinstance(place, Attraction) or place.best_time == "after_dark":
        return False
    tags = set(place.tags)
    if kept:
        return bool(KEPT_VIEW_TAGS & tags) and not pace_mod.NIGHT_TAGS & tags
    return bool(CLIMB_TAGS & tags) or (bool(VIEW_TAGS & tags) and not pace_mod.NIGHT_TAGS & tags)


def day_trip_minutes(a: Attraction, frame: DayFrame, service: int) -> int:
    """Minutes of a visit to `a` that fit between the earliest arrival and the last boat out
    of its access area on a day that sleeps outside (涠洲岛 from a 北海 hotel: the boat back
    at 15:00 leaves less than the main part's 4 hours), when that is less than `service` (the
    main part) and at least `SHORT_MIN_SHARE` of the visit; else 0 (no such copy)."""
    out_by = _out_by(frame, a)
    if out_by >= DAY:
        return 0
    ride = transit.between(frame.destination, (frame.start.lat, frame.start.lon), (a.lat, a.lon),
                           party=1).minutes  # fmt: skip
    room = out_by - (frame.start_time + ride)
    return room if a.visit_minutes * SHORT_MIN_SHARE <= room < service else 0


def way_out_minutes(destination: Destination, place: Attraction | Restaurant) -> int:
    """Minutes from `place` out of the access area it lies in (the walk to the landing and the
    ride: `engine.planning.access`), 0 outside any."""
    area = access.area_at(destination, (place.lat, place.lon))
    if area is None:
        return 0
    out = access.crossing(destination, area, (place.lat, place.lon), inbound=False,
                          m_per_min=transit.WALK_M_PER_MIN, detour=transit.DETOUR)  # fmt: skip
    return out.walk_minutes + area.ride_minutes


def _out_by(frame: DayFrame, place: Attraction | Restaurant) -> int:
    """When a visit to `place` must end (minutes after midnight) to catch the last boat or bus
    out of the access area it lies in (`AccessArea.last_out`, less the way to the landing);
    no limit (a day's end) outside any area, when the last one is not known, or when the
    night is spent inside."""
    night = frame.lodging
    by = access.last_out_by(frame.destination, (place.lat, place.lon),
                            (night.lat, night.lon) if night is not None else None,
                            m_per_min=transit.WALK_M_PER_MIN, detour=transit.DETOUR)  # fmt: skip
    return DAY if by is None else by


def _in_by(frame: DayFrame, place: Attraction | Restaurant) -> int:
    """When a visit to `place` outside the access area where the night is spent must end
    (minutes after midnight) to board the last boat over (taken as the last one out,
    `AccessArea.last_out`: no timetable of the boats over was found) at the area's gate: no
    19:00 ferry to 涠洲岛; no limit inside the area or without a known last boat."""
    night = frame.lodging
    if night is None:
        return DAY
    area = access.area_at(frame.destination, (night.lat, night.lon))
    if area is None or area.last_out is None or area.way != "ferry":
        return DAY
    if access.area_at(frame.destination, (place.lat, place.lon)) is area:
        return DAY
    gate = access.gate_of(frame.destination, area)
    ride = transit.between(frame.destination, (place.lat, place.lon), (gate.lat, gate.lon), party=1)
    return area.last_out - ride.minutes


def _morning_latest(frame: DayFrame) -> int:
    """The latest start of a morning sight's visit (`MORNING_LATEST_START`), later for a late
    riser: first thing in the day (`MORNING_REACH_MIN` after setting out)."""
    if frame.profile.late_start:
        return max(MORNING_LATEST_START, frame.start_time + MORNING_REACH_MIN)
    return MORNING_LATEST_START


#: Minutes a morning sight may begin after the straight ride from where the day sets out
#: (breakfast, the walk to the stop): later than this, another stop came first (成都's pandas at
#: 10:18 after 大慈寺, though the base opens at 07:30 and says go at opening).
FIRST_THING_SLACK_MIN = 45


def first_thing(a: Attraction, frame: DayFrame) -> int:
    """The latest start of a morning sight's visit that is still the day's first thing: the
    ride from the day's start (`FIRST_THING_SLACK_MIN` more), by `_morning_latest` at the
    latest."""
    ride = transit.between(frame.destination, (frame.start.lat, frame.start.lon),
                           (a.lat, a.lon), party=1)  # fmt: skip
    return min(_morning_latest(frame), frame.start_time + ride.minutes + FIRST_THING_SLACK_MIN)


def timed_windows(
    a: Attraction, frame: DayFrame, *, sunset: bool = False, kept: bool = False
) -> list[tuple[int, int, float]]:
    """An attraction's windows with a weight on its prize: night views (tags ``night-view``,
    ``nightlife``) are worth `NIGHT_BONUS` when the visit lasts until after dusk (sunset on that
    date + `DUSK_MIN`) and `DAY_PENALTY` before, so the solver shows them lit up when the
    evening allows; with `sunset` (a sunset wished), places
    tagged ``sunset`` (or a waterfront where none is: `candidates.watches_sunset`) — and
    always a place whose point is the sunset (`at_sunset`) — are worth `NIGHT_BONUS` while the
    visit spans the sunset (`SUNSET_SPAN_MIN` either side), `DAY_PENALTY` else; a sight best seen
    in the morning (tag ``morning``: 熊猫基地, a morning market) starts by `MORNING_LATEST_START`
    (worth `NIGHT_BONUS`) on a day that opens it by then, else any time (`DAY_PENALTY`); its
    short visit (`short_visit`) stays possible all day. A sight whose point is after dark
    (`Attraction.best_time`: 冰雪大世界's lit ice) is worth `NIGHT_BONUS` when the visit lasts
    `AFTER_DARK_MIN` past dusk and `DAY_PENALTY` before — undamped for a headline sight, so
    it is seen by day only when no evening can hold it."""
    windows = day_windows(a, frame, a.visit_minutes, 0, DAY, kept=kept)
    if at_sunset(a, frame, sunset=sunset):  # before its lights (外滩); 鸣沙山's dune ridge
        _, down = sun_times(a.lat, a.lon, frame.date)
        return _at_hour(windows, down - a.visit_minutes + SUNSET_SPAN_MIN, down - SUNSET_SPAN_MIN)
    if a.best_time == "after_dark":
        _, down = sun_times(a.lat, a.lon, frame.date)
        lo = down + DUSK_MIN + min(AFTER_DARK_MIN, a.visit_minutes) - a.visit_minutes
        timed = [(max(early, lo), late, NIGHT_BONUS) for early, late in windows if late >= lo]
        # by day only when the evenings cannot hold it (a headline sight is not left out)
        day = [(early, min(late, lo - 1), DAY_PENALTY) for early, late in windows if early < lo]
        return timed + day
    part = next((PART_WINDOWS[t] for t in a.tags if t in PART_WINDOWS), None)
    if part is not None:  # 「下午去熊猫基地」, 「晚上去宽窄巷子」: begun in that part of the day
        return _at_hour(windows, *part)
    if "morning" in a.tags:  # pandas awake, a morning market: there first thing
        cut = first_thing(a, frame) + 1
        timed = [(early, min(late, cut - 1), NIGHT_BONUS) for early, late in windows if early < cut]
        # Only the morning when the day has one: a later copy, even worth less, was chosen by
        # the time-limited search (成都's pandas at 13:11 though 09:00 fitted).
        return timed or [(early, late, DAY_PENALTY) for early, late in windows]
    if not {"night-view", "nightlife"} & set(a.tags) or daylight_view(a, kept=kept):  # by day
        return [(early, late, 1.0) for early, late in windows]
    _, down = sun_times(a.lat, a.lon, frame.date)
    evening = max(EVENING, down + DUSK_MIN - a.visit_minutes)  # still there after dark
    timed = []
    for early, late in windows:
        if early < evening:
            timed.append((early, min(late, evening - 1), DAY_PENALTY))
        if late >= evening:
            timed.append((max(early, evening), late, NIGHT_BONUS))
    return timed


def at_sunset(a: Attraction, frame: DayFrame, *, sunset: bool = False) -> bool:
    """Whether a visit to `a` on `frame`'s day is worth most while it spans the sunset: its
    point is the sunset (`Attraction.best_time` ``sunset``: 鸣沙山's dune ridge), or a sunset
    is wished (`sunset`) and watched there (`candidates.watches_sunset`)."""
    return a.best_time == "sunset" or (sunset and watches_sunset(a, frame.destination))


def _at_hour(windows: list[tuple[int, int]], lo: int, hi: int) -> list[tuple[int, int, float]]:
    """`windows` (start ranges, minutes) split at a sight's hour: starts in `lo`..`hi` worth
    `NIGHT_BONUS`, earlier and later ones `DAY_PENALTY` (the sunset over 鸣沙山's ridge, 「晚上去
    宽窄巷子」)."""
    timed = []
    for early, late in windows:
        for a_, b_, weight in ((early, min(late, lo - 1), DAY_PENALTY),
                               (max(early, lo), min(late, hi), NIGHT_BONUS),
                               (max(early, hi + 1), late, DAY_PENALTY)):  # fmt: skip
            if a_ <= b_:
                timed.append((a_, b_, weight))
    return timed


def short_windows(
    a: Attraction, frame: DayFrame, service: int, *, kept: bool = False
) -> list[tuple[int, int]]:
    """Windows of a short visit (`service` minutes): at its hour when the sight has one and
    the day allows it — the pandas in the morning (成都's base was seen 14:31–16:55 in its
    main part while the morning was free), the lights after dark, the sunset over a place
    whose point it is — else any time."""
    windows = day_windows(a, frame, service, 0, DAY, kept=kept)
    if a.best_time == "sunset":
        _, down = sun_times(a.lat, a.lon, frame.date)
        lo, hi = down - service + SUNSET_SPAN_MIN, down - SUNSET_SPAN_MIN
        timed = [(max(e, lo), min(l_, hi)) for e, l_ in windows if max(e, lo) <= min(l_, hi)]
        return timed or windows
    if "morning" in a.tags:
        timed = [(e, min(l_, MORNING_LATEST_START)) for e, l_ in windows
                 if e <= MORNING_LATEST_START]  # fmt: skip
        return timed or windows
    if a.best_time == "after_dark":
        _, down = sun_times(a.lat, a.lon, frame.date)
        lo = down + DUSK_MIN + min(AFTER_DARK_MIN, service) - service
        timed = [(max(e, lo), l_) for e, l_ in windows if l_ >= lo]
        return timed or windows
    return windows


def dinner_inside(a: Attraction, frame: DayFrame) -> bool:
    """Whether an after-dark visit to `a` may take `frame`'s dinner inside: a long one
    (`DINNER_INSIDE_MIN_VISIT`), or a food quarter (tag ``food``) whose lit visit cannot follow
    a dinner at the start of `pace.DINNER_WINDOW` before the day ends (a senior's 20:30 in
    南京 in March: dinner 17:30–19:00, 夫子庙 lit until 20:00 needs two hours from 18:00)."""
    if a.best_time != "after_dark":
        return False
    if a.visit_minutes >= DINNER_INSIDE_MIN_VISIT:
        return True
    _, down = sun_times(a.lat, a.lon, frame.date)
    lit_from = down + DUSK_MIN + min(AFTER_DARK_MIN, a.visit_minutes) - a.visit_minutes
    after_dinner = frame.dinner_window[0] + frame.profile.dinner_minutes
    return "food" in a.tags and max(lit_from, after_dinner) + a.visit_minutes > frame.end_time


def dinner_inside_windows(
    a: Attraction, frame: DayFrame, service: int, *, kept: bool = False
) -> list[tuple[int, int]]:
    """Start windows (minutes after midnight) of an after-dark visit to `a` lasting `service`
    minutes with dinner inside: a long visit as `timed_windows`'s night copies (its own
    minutes still going `AFTER_DARK_MIN` after dusk), a food quarter's counted with its dinner
    (夫子庙 from about 17:15 to 20:00 in March), begun by `DINNER_INSIDE_BY`."""
    _, down = sun_times(a.lat, a.lon, frame.date)
    lit = min(AFTER_DARK_MIN, a.visit_minutes)
    spent = a.visit_minutes if a.visit_minutes >= DINNER_INSIDE_MIN_VISIT else service
    lo = down + DUSK_MIN + lit - spent
    out = []
    for early, late in day_windows(a, frame, service, 0, DAY, kept=kept):
        early, late = max(early, lo), min(late, DINNER_INSIDE_BY)
        if early <= late:
            out.append((early, late))
    return out


def evening_split(
    a: Attraction, windows: list[tuple[int, int, float]], *, kept: bool = False
) -> list[tuple[int, int, float]]:
    """`windows` of a night view cut at `pace.EVENING_OUTING_FROM`, so that its evening copies
    can be evening outings (`pace.evening_outing`); not a sight seen by day (`daylight_view`)."""
    if not pace_mod.NIGHT_TAGS & set(a.tags) or daylight_view(a, kept=kept):
        return windows
    cut = pace_mod.EVENING_OUTING_FROM
    out = []
    for early, late, weight in windows:
        if early < cut <= late:
            out += [(early, cut - 1, weight), (cut, late, weight)]
        else:
            out.append((early, late, weight))
    return out
