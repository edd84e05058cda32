"""Intercity legs on day frames: the legs out and home (overnight ones too), moves between stays."""

from __future__ import annotations

from functools import cache

from engine.domain.itinerary import ItemKind, clock_minutes
from engine.domain.request import TripRequest, leg_modes
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.hours import place_windows
from engine.knowledge.prices import park_of
from engine.knowledge.schema import Attraction, Destination
from engine.planning import candidates as cand
from engine.planning import driving, intercity, legs, oneway, transit
from engine.planning.access import area_at
from engine.planning.errors import PlanningError
from engine.planning.frames import (
    BUFFER_MIN,
    DAY,
    HUB_EXIT_MIN,
    KIDS_HOME_ARRIVAL,
    LATEST_HOME_ARRIVAL,
    DayFrame,
    arrival_item,
    breakfast_item,
    early_nights,
    intercity_item,
    lodging_point,
)
from engine.planning.intercity import IntercityOption, Point
from engine.planning.pace import LUNCH_WINDOW, day_profile
from engine.planning.stays import Stay
from engine.planning.summit import access_minutes, is_summit
from engine.planning.transit_items import transit_item
from engine.planning.visit_items import place_item
from engine.planning.visit_windows import place_point

AVOIDED_NAMES = {"flight": ("飞机", "flights"), "hsr": ("高铁", "high-speed rail"),
                 "train": ("火车", "trains"), "coach": ("大巴", "coaches")}  # fmt: skip


def options_for(
    kb: KnowledgeBase,
    a: Destination | Point,
    b: Destination | Point,
    request: TripRequest,
    *,
    wished: bool = True,
    home: bool = False,
    ends: tuple[Point | None, Point | None] = (None, None),
    between: bool = False,
) -> list[IntercityOption]:
    """The intercity options from `a` to `b`, fastest first; only those of the modes the person
    asked for (`TripRequest.prefer_transport`, best first) when there are any and `wished` (the
    report's wishes section says when there are none). The leg `home` takes the modes asked for
    the way home (`TripRequest.home_transport`: 「飞回来」) first, even one the trip refuses; a
    leg `between` two destinations the modes asked for those legs (`TripRequest.
    between_transport`: 「城市之间坐火车」) first, and a leg named with a mode (`TripRequest.
    leg_transport`: "train from Xi'an to Chengdu") that mode before all. A drive wished (「自驾」) is the one driven leg
    (`drive_options`) from door to door: `ends` are where it starts and ends when known (the
    lodging), else the places' centres.

    Raises:
        PlanningError: every mode that would reach `b` is avoided.
    """
    prefer = request.prefer_transport if wished else ()
    avoid = frozenset(request.avoid.transport)
    if home and wished and request.home_transport:
        prefer, avoid = request.home_transport, avoid - set(request.home_transport)
    if between and wished and request.between_transport:
        prefer = (*request.between_transport, *prefer)
    if wished and isinstance(a, Destination) and isinstance(b, Destination):
        prefer = (*leg_modes(request, a.id, b.id), *prefer)  # "train from Xi'an to Chengdu"
    found = intercity.options(kb, a, b, avoid=avoid, prefer=prefer)
    found = _within_rail_limit(kb, a, b, request, found)
    for mode in prefer:  # best first: 「飞到丽江租车自驾」 flies, and drives once there
        of_mode = (drive_options(a, b, request, ends) if mode == "drive"
                   else [o for o in found if intercity.satisfies(mode, o.mode)])  # fmt: skip
        if of_mode:
            return of_mode
    if not found:
        dest = b if isinstance(b, Destination) else a
        assert isinstance(dest, Destination)
        avoided = [m for m in request.avoid.transport if m in AVOIDED_NAMES]
        zh = "、".join(AVOIDED_NAMES[m][0] for m in avoided)
        en = ", ".join(AVOIDED_NAMES[m][1] for m in avoided)
        raise PlanningError(
            "no_transport",
            f"不坐{zh}的话，没有到{dest.name_zh}的交通方式；请放宽交通限制（例如说「可以坐飞机」）。",
            f"Without {en} there is no way to reach {dest.name_en}; relax the transport limits "
            '(e.g. say "flying is fine").',
        )
    return found


def drive_options(
    a: Destination | Point,
    b: Destination | Point,
    request: TripRequest,
    ends: tuple[Point | None, Point | None] = (None, None),
) -> list[IntercityOption]:
    """The driven leg from `a` to `b` (`engine.planning.driving`), from `ends[0]` (else `a`'s
    centre) to `ends[1]` (else `b`'s); none when no car can go (`driving.undrivable`), the
    drive is longer than `driving.MAX_DRIVE_MIN`, or driving is refused."""
    if "drive" in request.avoid.transport:
        return []
    if driving.undrivable(a, b, request.resolved_start_date()) is not None:
        return []
    option = driving.drive(ends[0] or driving.centre(a), ends[1] or driving.centre(b))
    return [option] if option is not None else []


def home_options(
    kb: KnowledgeBase, last: Destination, origin: Destination | Point | None, request: TripRequest
) -> list[IntercityOption]:
    """The options home from the last destination, fastest first (`options_for`), for sizing
    the stays before the legs are chosen; none when the trip does not go home or no mode the
    person allows gets there (the legs say so later)."""
    if origin is None:
        return []
    try:
        return options_for(kb, last, origin, request, home=True)
    except PlanningError:
        return []


def _within_rail_limit(
    kb: KnowledgeBase,
    a: Destination | Point,
    b: Destination | Point,
    request: TripRequest,
    found: list[IntercityOption],
) -> list[IntercityOption]:
    """`found` without train rides over `TripRequest.max_rail_minutes`; where that leaves
    nothing, the ways that avoid rail (a flight, a coach), else `found` as it was (the report's
    ``max_rail`` wish says the long ride stays and why)."""
    limit = request.max_rail_minutes
    if limit is None:
        return found
    rail = ("hsr", "train")
    short = [o for o in found if not (o.mode in rail and o.minutes > limit)]
    if short:
        return short
    avoid = frozenset({*request.avoid.transport, *rail})
    return intercity.options(kb, a, b, avoid=avoid, prefer=request.prefer_transport) or found


def trip_legs(
    request: TripRequest,
    stays: list[Stay],
    origin: Destination | Point,
    kb: KnowledgeBase,
    *,
    economy: bool,
    rest_cny: float | None,
    lean: bool = False,
) -> tuple[legs.Leg, legs.Leg]:
    """The legs out (to the first stay) and home (from the last), see `engine.planning.legs`."""
    first, last = stays[0], stays[-1]
    rooms, people = cand.rooms(request), request.party.size
    style = transit.style_of(request)
    last_point = stay_point(last, last.days[-2] if len(last.days) > 1 else None)
    nights = [
        cand.nightly_price(s.lodging, economy=economy) * rooms for s in (first, last) if s.lodging
    ]
    shape = legs.TripShape(
        days=request.days,
        first_stay_days=len(first.days),
        last_stay_days=len(last.days),
        first_profile=day_profile(request, 1),
        last_profile=day_profile(request, request.days),
        people=request.party.size,
        night_cny=sum(nights) / len(nights) if nights else 0.0,
        budget_cny=request.budget_cny,
        rest_cny=rest_cny,
        lean=lean,
        # (cached: the choice asks for the same few hubs for every pair of options)
        home_access=cache(lambda hub: ride_minutes(last.destination, last_point, hub, style)),
        out_ride_cny=cache(
            lambda hub: ride(first.destination, hub, stay_point(first), people, style).cost_cny
        ),
        home_ride_cny=cache(
            lambda hub: ride(last.destination, last_point, hub, people, style).cost_cny
        ),
        home_by=KIDS_HOME_ARRIVAL if early_nights(request.party) else LATEST_HOME_ARRIVAL,
        arrive_at=request.arrival_time,
        leave_at=request.home_departure_time,
        night_out="out" in request.overnight_legs,
        night_home="home" in request.overnight_legs,
        # two nights aboard are the traveller's choice: a train asked for, or flights refused
        long_rides="train" in (*request.prefer_transport, *request.home_transport)
        or "flight" in request.avoid.transport,
    )
    out_found = options_for(kb, origin, first.destination, request, ends=(None, stay_point(first)))
    home_found = options_for(kb, last.destination, origin, request, home=True,
                             ends=(last_point, None))  # fmt: skip
    try:
        try:
            return legs.choose(out_found, home_found, shape, economy=economy)
        except legs.TripTooShort:
            if not (request.prefer_transport or request.home_transport):
                raise
            # The wished mode does not fit the days (a 10-hour train on a 2-day trip): the wished
            # mode on the way out and any mode home (train in, fly home), else any mode; the
            # report's wishes section says so.
            any_home = options_for(kb, last.destination, origin, request, wished=False)
            try:
                return legs.choose(out_found, any_home, shape, economy=economy)
            except legs.TripTooShort:
                pass
            out_found = options_for(kb, origin, first.destination, request, wished=False)
            return legs.choose(out_found, any_home, shape, economy=economy)
    except legs.TripTooShort as short:
        raise _too_short(short, request, origin, first.destination,
                         legs.needed_days(out_found, home_found, shape)) from None  # fmt: skip


def _too_short(short: legs.TripTooShort, request: TripRequest, origin: Destination | Point,
               dest: Destination, needed: int | None) -> PlanningError:  # fmt: skip
    """The refusal of a trip whose days cannot hold the ride there and back: the hours each way
    and the days it needs (`legs.needed_days`), a number the traveller can act on."""
    out_h, home_h = round(short.out_minutes / 60), round(short.home_minutes / 60)
    each = f"去程约{out_h}小时、回程约{home_h}小时" if out_h != home_h else f"单程约{out_h}小时"
    each_en = (
        f"about {out_h} h out and {home_h} h back"
        if out_h != home_h
        else f"about {out_h} h each way"
    )
    fly = "flight" in request.avoid.transport
    if needed is not None:
        zh = f"至少要安排{needed}天；请改成{needed}天或更多"
        en = f"it needs at least {needed} days — make it {needed} days or more"
    else:
        zh, en = "请多安排几天", "add days"
    return PlanningError(
        "trip_too_short",
        f"从{origin.name_zh}到{dest.name_zh}路上{each}，{request.days}天排不下：{zh}"
        + ("，或说「可以坐飞机」。" if fly else "。"),
        f"Getting from {origin.name_en} to {dest.name_en} takes {each_en}; {request.days} "
        f"day(s) cannot hold it: {en}" + (' or say "flying is fine".' if fly else "."),
    )


def stay_point(stay: Stay, night: int | None = None) -> Point:
    """Where a stay's days start and end: the lodging of the night after day `night` (0-based
    trip day; None: the stay's own lodging), else the destination's centre."""
    dest = stay.destination
    lodging = stay.night(night) if night is not None else stay.lodging
    if lodging:
        return lodging_point(lodging)
    return Point(dest.name_zh, dest.name_en, dest.lat, dest.lon)


def leave(frame: DayFrame, out: legs.Leg, request: TripRequest) -> None:
    """Day 1 with the leg out: arrive and start from the station, or — overnight — only board."""
    option, lang = out.option, request.lang
    item = intercity_item(option, out.depart, request.party, lang)
    frame.outbound = option
    if out.overnight:
        frame.start = frame.end = option.a_hub
        frame.start_time = frame.end_time = out.depart - BUFFER_MIN.get(option.mode, 30)
        frame.after.append(item)
        frame.lodging = None  # the night is spent aboard
        frame.travel_only = True
        return
    frame.before.append(item)
    frame.start = option.b_hub
    frame.start_time = out.arrive + HUB_EXIT_MIN
    if option.mode == "drive":  # hours at the wheel count against the day's sights
        frame.profile = driving.after_drive(frame.profile, option.minutes)


def arrive(frame: DayFrame, out: legs.Leg, request: TripRequest) -> None:
    """The day an overnight leg out arrives (the morning after, or — two nights aboard — the day
    after next): the day starts at the station on arrival."""
    option = out.option
    frame.outbound = option
    frame.before.append(arrival_item(option, out.depart, request.lang))
    frame.start = option.b_hub
    frame.start_time = out.arrive_clock + HUB_EXIT_MIN


#: Minutes from the day's start to boarding below which a sleeper home is boarded without
#: breakfast at the lodging (the ride to the station and some slack, no meal).
EARLY_TRAIN_MIN = 90
#: ... and then the day starts this long before boarding: the ride, no sight squeezed in first.
EARLY_TRAIN_RIDE_MIN = 60


def go_home(frame: DayFrame, home: legs.Leg, request: TripRequest) -> None:
    """The day the leg home leaves: the tour ends at the station in time to board (an overnight
    leg: the night is spent aboard, no lodging)."""
    option = home.option
    frame.return_leg = option
    frame.end = option.a_hub
    frame.end_time = home.depart - BUFFER_MIN.get(option.mode, 30)
    frame.after.append(intercity_item(option, home.depart, request.party, request.lang))
    if home.overnight:
        frame.lodging = None
    day_ride = not home.overnight and option.minutes >= legs.LONG_DAY_RIDE_MIN
    if (
        (home.overnight and option.mode == "train") or day_ride
    ) and frame.end_time - frame.start_time < EARLY_TRAIN_MIN:
        # a morning sleeper (青藏铁路 Z918 拉萨 09:00) or a whole day of high-speed trains (哈尔滨
        # to 广州, about 14.5 h): set out early, breakfast in the dining car
        frame.before = [i for i in frame.before if i.meal != "breakfast"]
        earliest = legs.EARLIEST_DEPARTURE if day_ride else frame.profile.earliest
        frame.start_time = max(earliest, frame.end_time - EARLY_TRAIN_RIDE_MIN)


def home_arrival(frame: DayFrame, home: legs.Leg, request: TripRequest) -> None:
    """The last day after an overnight leg home: only the arrival, no tour."""
    option = home.option
    frame.before = [arrival_item(option, home.depart, request.lang)]
    frame.start = frame.end = option.b_hub
    frame.start_time = frame.end_time = home.arrive_clock
    frame.travel_only = True


def transfer(
    frame: DayFrame,
    previous: Stay,
    dest: Destination,
    kb: KnowledgeBase,
    request: TripRequest,
    *,
    economy: bool = False,
    wanted: dict[str, tuple[bool, bool]] | None = None,
) -> None:
    """Morning move from the previous stay's lodging to `dest` by intercity transport: the
    fastest typical option, or in economy mode the cheapest that leaves after one can reach its
    station and arrives by 22:30 the same day. When a one-way sight of the previous stay comes
    out in `dest` (the 漓江 cruise from 桂林 lands in 阳朔) and is among its candidates
    `wanted` (attraction id -> (must-see, headline)), the sight is the move
    (`engine.planning.oneway.move_sight`, `move_by_visit`) when its hours allow."""
    lang = request.lang
    prev_dest = previous.destination
    sight = oneway.move_sight(prev_dest, dest, wanted or {})
    if sight is not None and move_by_visit(frame, previous, sight, request):
        return
    found = options_for(kb, prev_dest, dest, request, between=True)
    lodging = previous.night(frame.index - 1)
    start = lodging_point(lodging) if lodging else found[0].a_hub

    def ready(option: IntercityOption) -> int:
        ride = ride_minutes(prev_dest, start, option.a_hub, transit.style_of(request))
        return frame.start_time + ride + BUFFER_MIN.get(option.mode, 30)

    def departure(option: IntercityOption) -> int:
        return (
            option.first_departure
            if option.scheduled
            else max(option.first_departure, ready(option))
        )

    usable = [o for o in found if departure(o) >= ready(o)
              and departure(o) + o.minutes <= legs.LATEST_SAME_DAY_ARRIVAL]  # fmt: skip
    if not usable and all(o.scheduled for o in found):
        # only timetabled services that cannot arrive the same day (上海→拉萨 Z164, two nights):
        # a move between stays is made in a day, so by another mode (the wishes section says so)
        others = options_for(kb, prev_dest, dest, request, wished=False)
        found = [o for o in others if not o.scheduled] or found
    option = next((o for o in found if not o.scheduled), found[0])
    if economy and usable:
        option = min(usable, key=lambda o: (o.fare_cny, o.minutes))
    if option.mode == "drive":  # from the door of last night's lodging to tonight's: a drive
        # to 赛里木湖 does not end 66 km on in 伊宁's centre and ride back
        lodging = frame.lodging
        drivable = (
            lodging is not None
            and not is_summit(lodging)
            and area_at(dest, (lodging.lat, lodging.lon)) is None
        )
        end = lodging_point(lodging) if lodging is not None and drivable else option.b_hub
        option = driving.drive(start, end) or option
        frame.profile = driving.after_drive(frame.profile, option.minutes)
    frame.start = start
    frame.before.append(breakfast_item(frame, lang, request.party.diners))
    leg = transit_item(
        start,
        option.a_hub,
        frame.start_time,
        destination=prev_dest,
        request=request,
        date=frame.date,
    )
    on_time = frame.start_time + (leg.minutes if leg else 0) + BUFFER_MIN.get(option.mode, 30)
    depart = option.first_departure if option.scheduled else max(option.first_departure, on_time)
    if leg is not None:
        frame.before.append(leg)
    frame.before.append(intercity_item(option, depart, request.party, lang))
    frame.transfer = option
    if option.mode == "drive" and depart + option.minutes >= DAY:  # two days at the wheel
        frame.start = frame.end = start
        frame.start_time = frame.end_time = depart
        frame.lodging = None  # the night is spent in a hotel on the way (`driving.leg_cny`)
        frame.travel_only = True
        return
    frame.start = option.b_hub
    frame.start_time = depart + option.minutes + HUB_EXIT_MIN


def drive_on(frame: DayFrame, before: DayFrame, lang: str) -> bool:
    """The morning after the first day of a two-day drive between stays (`transfer`): the day
    starts at tonight's lodging on arrival, after breakfast at the hotel on the way (in the
    arrival's note). False (the frame untouched) when `before` holds no such drive."""
    option = before.transfer
    leg = next((i for i in before.before if i.kind == ItemKind.INTERCITY), None)
    if option is None or option.mode != "drive" or leg is None or leg.overnight != "depart":
        return False
    depart = clock_minutes(leg.start)
    frame.before = [arrival_item(option, depart, lang)]
    frame.start = option.b_hub
    frame.start_time = depart + option.minutes - DAY + HUB_EXIT_MIN
    return True


def move_by_visit(frame: DayFrame, previous: Stay, sight: Attraction, request: TripRequest) -> bool:
    """Make the one-way `sight` of the previous stay the morning's move: breakfast, the leg from
    last night's lodging to its way in, the visit from the first time its hours allow, and the
    day goes on from its exit in the frame's destination (lunch on board when the visit spans
    it and the record says lunch is eaten inside). The day sets out early enough to be there
    as the visit's window opens (the 09:30 sailing), no earlier than the pace's earliest start
    (`PaceProfile.earliest`). False (the frame untouched) when no window of the day holds the
    whole visit after one can get there."""
    lang, prev_dest = request.lang, previous.destination
    lodging = previous.night(frame.index - 1)
    start = lodging_point(lodging) if lodging else stay_point(previous)
    entrance = place_point(sight)
    leg = transit_item(start, entrance, frame.start_time, destination=prev_dest, request=request)
    ride_min = leg.minutes if leg is not None else 0
    for open_at, close_at in place_windows(sight, frame.date):
        # a boat that sails at 09:30 sets the morning: leave in time for it, as early as the
        # pace's earliest start allows (a relaxed day's 09:00 would miss the only sailing)
        setout = min(frame.start_time, max(frame.profile.earliest, open_at - ride_min))
        begin = max(setout + ride_min, open_at)
        if begin + sight.visit_minutes > close_at or begin > close_at - sight.last_entry:
            continue
        frame.start_time = setout
        frame.start = start
        frame.before.append(breakfast_item(frame, lang, request.party.size))
        there = transit_item(start, entrance, begin - ride_min, destination=prev_dest,
                             request=request)  # leave so as to be there as it opens  # fmt: skip
        if there is not None:
            frame.before.append(there)
        end = begin + sight.visit_minutes
        lunch = (
            sight.meal_inside_cny is not None
            and begin <= LUNCH_WINDOW[0]
            and (end >= LUNCH_WINDOW[0] + 60)
        )
        frame.before.append(place_item(sight, None, begin, end, request, frame.date,
                                       lunch_inside=lunch, park=park_of(sight, prev_dest)))  # fmt: skip
        frame.start = oneway.exit_point(sight)
        frame.start_time = end
        frame.profile = frame.profile.after_visit(sight.visit_minutes)  # one of the day's sights
        return True
    return False


def ride(
    destination: Destination,
    a: Point,
    b: Point,
    party: int = 1,
    style: transit.Style | None = None,
) -> transit.Leg:
    """The local leg from `a` to `b` in `destination` (`engine.planning.transit`)."""
    return transit.between(destination, (a.lat, a.lon), (b.lat, b.lon), party=party, style=style)


def ride_minutes(
    destination: Destination, a: Point, b: Point, style: transit.Style | None = None
) -> int:
    """Minutes of that leg for one person (with the way up or down to a summit lodging,
    `engine.planning.summit`)."""
    return ride(destination, a, b, style=style).minutes + access_minutes(destination, a, b)
