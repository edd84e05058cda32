"""Choosing the intercity legs out and home: which option, when it leaves, whether overnight.

A `Leg` is an `IntercityOption` with a departure time (minutes after local midnight of the day it
leaves). It is *overnight* when it arrives the next day (a sleeper, a red-eye, a long train): on
the way out the first day then holds only the departure — the night is spent aboard, no lodging
— and sightseeing starts at the arrival the next morning; on the way home an overnight leg leaves
on the second-to-last day and the last day holds only the arrival.

Choice (`choose`):

- normal mode: the fastest typical option each way, leaving as `frames.outbound_departure` and
  `frames.return_departure` say; overnight only when that leg cannot arrive the same day. When
  the two do not fit the days (e.g. a night train on a one-day trip), the quickest pair that does.
- economy mode (the plan was over budget): every usable option — scheduled services (a data
  pack's timetable) and the typical links of modes without a timetable — out and home chosen
  together. Without `rest_cny` (the first economy pass), the cheapest: `money` (the fares for the
  party plus the lodging nights left — an overnight leg spends a night aboard instead) plus
  `TIME_CNY_PER_MIN` per person per minute aboard, less as much per minute of daytime at the
  destination (tie-breaks, so that twenty hours on a hard seat, or a train arriving at 22:16
  instead of 14:00, do not win for a few yuan; a `lean` trip, over budget even so, gives
  daytime a third of that weight). With `rest_cny` (what that cheapest plan spent
  on everything else), the pair leaving the most daytime at the destination (08:00–21:00 of
  each day between arrival and boarding) whose money plus the rest — scaled by that daytime —
  stays within the budget; the cheapest when none does.

Usable legs: out, a departure from 06:00 and a same-day arrival by 22:30 or an overnight arrival
05:30–20:00 the next day (a timetabled service: or the day after, `MAX_NIGHTS_ABOARD` — the day
between is spent wholly aboard); home, a departure leaving time after the day starts for
breakfast and the ride from the lodging to the station, and an arrival before midnight — or,
overnight, 05:30–23:59 the next day (or, timetabled, the day after). When out and home share a
day, they leave `MIN_SHARED_DAY_MIN` between arrival and boarding.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from engine.planning import own_hours
from engine.planning.frames import (
    BUFFER_MIN,
    DAY,
    HUB_EXIT_MIN,
    LATEST_HOME_ARRIVAL,
    outbound_departure,
    return_departure,
)
from engine.planning.intercity import IntercityOption, Point
from engine.planning.pace import PaceProfile

TIME_CNY_PER_MIN = 0.1
EARLIEST_DEPARTURE = 6 * 60  # no 01:55 train on the first morning
LATEST_SAME_DAY_ARRIVAL = 22 * 60 + 30  # still time to reach the lodging
LATEST_NEXT_DAY_ARRIVAL = 20 * 60
EARLIEST_NEXT_DAY_ARRIVAL = 5 * 60 + 30  # no 01:39 arrivals at a station
DAYTIME = (8 * 60, 21 * 60)
OVERNIGHT_HOME_ARRIVAL = 8 * 60  # a typical (unscheduled) night train home aims to arrive then
MIN_SHARED_DAY_MIN = 180
BREAKFAST_MIN = 30
#: Daytime at the destination (`daytime`, minutes) a pair with a two-night train leaves at least:
#: two whole days (拉萨 at 3 650 m wants the first afternoon to acclimatise); with less, one way
#: is flown (train in, fly home) — two nights aboard each way for a day there is no trip.
LONG_RIDE_DAYTIME_MIN = 2 * (DAYTIME[1] - DAYTIME[0])
#: At most two nights aboard one leg (北京西→拉萨 Z21, about 41 h; 广州→拉萨 Z264, about 53 h).
MAX_NIGHTS_ABOARD = 2


class TripTooShort(Exception):
    """No leg out and home fit the trip's days (e.g. only a 30-hour train on a 2-day trip).

    Attributes:
        out_minutes, home_minutes: the shortest vehicle time each way.
    """

    def __init__(self, out_minutes: int, home_minutes: int) -> None:
        super().__init__(f"no legs fit: {out_minutes} min out, {home_minutes} min home")
        self.out_minutes, self.home_minutes = out_minutes, home_minutes


@dataclass(frozen=True)
class Leg:
    """An intercity option taken at `depart` (minutes after midnight of the day it leaves)."""

    option: IntercityOption
    depart: int

    @property
    def arrive(self) -> int:
        """Arrival, minutes after midnight of the departure day (>= 1440: the next day)."""
        return self.depart + self.option.minutes

    @property
    def overnight(self) -> bool:
        return self.arrive >= DAY

    @property
    def nights(self) -> int:
        """Nights aboard: 0 (arrives the day it leaves), 1 (a sleeper), 2 (the 青藏铁路's through
        trains from 北京, 上海, 广州, 成都, 重庆: a whole day aboard between the two nights)."""
        return self.arrive // DAY

    @property
    def arrive_clock(self) -> int:
        """Arrival, minutes after midnight of the arrival day."""
        return self.arrive - self.nights * DAY


@dataclass(frozen=True)
class TripShape:
    """What the choice needs to know of the trip: days, days of the first and last stay, the
    first and last day's pace, the party size, the price of one lodging night (all rooms), the
    budget and what the cheapest plan spent besides legs and lodging (CNY; None: unknown), and
    the minutes from the last lodging to a hub (`home_legs`); `lean`: over budget even so, daytime
    at the destination weighs a third as much in `cost`; the party's fare for the ride from the
    hub to the first lodging and from the last lodging to a hub (`money`); `home_by`: the latest
    arrival home wanted (minutes, local: `frames.KIDS_HOME_ARRIVAL` with young children);
    `long_rides`: a train was asked for, so a leg with two nights aboard may be taken (never
    unbidden, not even to save money: 40 hours aboard is the traveller's choice)."""

    days: int
    first_stay_days: int
    last_stay_days: int
    first_profile: PaceProfile
    last_profile: PaceProfile
    people: int
    night_cny: float
    budget_cny: float | None = None
    rest_cny: float | None = None
    home_access: Callable[[Point], int] | None = None
    lean: bool = False
    out_ride_cny: Callable[[Point], float] | None = None
    home_ride_cny: Callable[[Point], float] | None = None
    home_by: int = LATEST_HOME_ARRIVAL
    #: the traveller's own hours (`engine.planning.own_hours`): arrival on day 1 and departure
    #: home (minutes, local; None: not said), night legs asked for
    arrive_at: int | None = None
    leave_at: int | None = None
    night_out: bool = False
    night_home: bool = False
    long_rides: bool = False


def max_nights(option: IntercityOption) -> int:
    """The nights aboard a leg may take: two for a timetabled service (a through train to 拉萨)
    and for a conventional train (``train``: the through sleepers across China take two nights,
    上海→乌鲁木齐 Z40 41 h 21 min, 成都→乌鲁木齐 about 35.5 h — chinahighlights.com and
    travelchinaguide.com timetables, 2023), one for any other typical link (no high-speed train
    or flight rides through two nights). A leg with two nights is only taken when a train was
    asked for or flights refused (`TripShape.long_rides`)."""
    return MAX_NIGHTS_ABOARD if option.scheduled or option.mode == "train" else 1


def outbound_legs(
    found: list[IntercityOption],
    profile: PaceProfile,
    arrive_at: int | None = None,
    night: bool = False,
) -> list[Leg]:
    """The usable legs out, in `found` order (a scheduled service leaves at its time; a typical
    link as arrives at `arrive_at` when said, overnight when `night`: `own_hours.out_departure`).
    An arrival said later than `LATEST_SAME_DAY_ARRIVAL` is usable (「晚上11点到」)."""
    legs = []
    latest = max(LATEST_SAME_DAY_ARRIVAL, min(DAY - 1, (arrive_at or 0) + own_hours.NEAR_MIN))
    for option in found:
        depart = option.first_departure if option.scheduled else outbound_departure(option, profile)
        said = own_hours.out_departure(option, arrive_at, night)
        depart = depart if said is None else said
        leg = Leg(option, depart)
        later = leg.nights <= max_nights(option) and (
            EARLIEST_NEXT_DAY_ARRIVAL <= leg.arrive_clock <= LATEST_NEXT_DAY_ARRIVAL
        )
        if depart >= EARLIEST_DEPARTURE and (leg.arrive <= latest or later):
            legs.append(leg)
    return legs


def home_legs(
    found: list[IntercityOption],
    profile: PaceProfile,
    access: Callable[[Point], int] | None = None,
    home_by: int = LATEST_HOME_ARRIVAL,
    *,
    lean: bool = False,
    leave_at: int | None = None,
) -> list[Leg]:
    """The usable legs home, in `found` order. A typical link too long to arrive the same day
    leaves the evening before so as to arrive around 08:00. `access` gives the minutes from the
    lodging to a hub (default 30): boarding must leave time for breakfast and that ride. A same-day
    leg arrives by `home_by` (`frames.return_departure`); with a `home_by` earlier than
    `frames.LATEST_HOME_ARRIVAL` (a young child's bedtime, `TripShape.home_by`) a timetabled
    service arriving later is kept only when no usable leg arrives in time, or, `lean` (over the
    budget even so), when its fare is below every one that does (a family flying home at 16:40
    paid about 220 CNY a head more than on a 21:35 flight, and stayed over budget; the budget
    answer says the late arrival, `budget_words`). Adults keep a late timetabled service beside
    the rest: a 20:15 flight landing at 23:00 was dropped for a night train leaving the
    afternoon before, which cost the trip its last evening and its meals."""
    legs: list[Leg] = []
    late: list[Leg] = []
    for option in found:
        ride = access(option.a_hub) if access else 30
        if option.scheduled:
            tries = [Leg(option, option.first_departure)]
        else:
            leg = Leg(option, return_departure(option, home_by))
            said = own_hours.home_departure(option, leave_at)  # "my 20:00 flight home"
            if said is not None and said + option.minutes < DAY:
                tries = [Leg(option, said)]
            elif leg.overnight:
                tries = [Leg(option, d) for d in _night_departures(option)]
            else:
                tries = [leg]
        leg = next((t for t in tries if _boards(t, profile, ride)), tries[0])
        if _boards(leg, profile, ride):
            bedtime = home_by < LATEST_HOME_ARRIVAL and not leg.overnight and leg.arrive > home_by
            (late if bedtime else legs).append(leg)
    if lean and legs:
        least = min(leg.option.fare_cny for leg in legs)
        return legs + [leg for leg in late if leg.option.fare_cny < least]
    return legs or late


def _night_departures(option: IntercityOption) -> list[int]:
    """Departures home for a typical link that cannot arrive the same day, best first: arriving
    about `OVERNIGHT_HOME_ARRIVAL` after one night, then after two (a 33-hour train leaves the
    evening before last: a 08:00 departure aiming at a 08:00 arrival cannot be boarded after
    breakfast), each within the first and last service; between them every hour of the
    services, the earliest first (a 33-hour train leaves after breakfast and the ride to the
    station and arrives the next afternoon: one night aboard rather than two)."""
    aims = [n * DAY + OVERNIGHT_HOME_ARRIVAL - option.minutes for n in (1, 2)]
    found = [min(option.last_departure, max(option.first_departure, aim)) for aim in aims]
    hours = range(option.first_departure, option.last_departure + 1, 60)
    return list(dict.fromkeys([found[0], *hours, option.last_departure, found[1]]))


def _boards(leg: Leg, profile: PaceProfile, ride: int) -> bool:
    """Whether a leg home `leg` arrives in time (overnight: at most `max_nights` nights aboard,
    from `EARLIEST_NEXT_DAY_ARRIVAL`) and can be boarded after the day's start and `ride`
    minutes to its hub."""
    option = leg.option
    boarding = leg.depart - BUFFER_MIN.get(option.mode, 30)
    arrives = not leg.overnight or (
        leg.nights <= max_nights(option) and leg.arrive_clock >= EARLIEST_NEXT_DAY_ARRIVAL
    )
    # a sleeper home has a dining car: breakfast aboard, and the day may set out as early as a
    # long day's (`PaceProfile.earliest`), so the 09:00 青藏铁路 Z918 拉萨→兰州 is boarded
    # straight from the lodging; so is a high-speed ride of a whole day (广州→哈尔滨 about 14 h,
    # which has to leave early to arrive the same day)
    early = leg.overnight and option.mode == "train"
    ready = profile.earliest if early else profile.day_start + BREAKFAST_MIN
    if option.minutes >= LONG_DAY_RIDE_MIN and not leg.overnight:
        ready = EARLIEST_DEPARTURE  # (set out at dawn, breakfast aboard)
    return arrives and boarding >= ready + ride


#: A ride at least this long (minutes) is the day: it may set out as early as a long day's.
LONG_DAY_RIDE_MIN = 10 * 60


def needed_days(out_found: list[IntercityOption], home_found: list[IntercityOption],
                shape: TripShape, *, most: int = 60) -> int | None:  # fmt: skip
    """The fewest days (more than `shape.days`, at most `most`) with which some usable pair of
    legs fits (`fits`), the first and last stays growing by the days added; None when no
    length does (no usable leg either way)."""
    outs = outbound_legs(out_found, shape.first_profile, shape.arrive_at, shape.night_out)
    homes = home_legs(home_found, shape.last_profile, shape.home_access, shape.home_by,
                      leave_at=shape.leave_at)  # fmt: skip
    for days in range(shape.days + 1, most + 1):
        more = days - shape.days
        longer = replace(shape, days=days, first_stay_days=shape.first_stay_days + more,
                         last_stay_days=shape.last_stay_days + more)  # fmt: skip
        if any(fits(o, h, longer) for o in outs for h in homes):
            return days
    return None


def fits(out: Leg, home: Leg, shape: TripShape) -> bool:
    """Whether `out` and `home` fit the trip's days (see the module docstring)."""
    if out.nights and (shape.days <= out.nights or shape.first_stay_days <= out.nights):
        return False
    if home.nights and (shape.days <= home.nights or shape.last_stay_days <= home.nights):
        return False
    arrive_day = out.nights
    leave_day = shape.days - 1 - home.nights
    if max(out.nights, home.nights) > 1 and not shape.long_rides:
        return False
    if max(out.nights, home.nights) > 1 and daytime(out, home, shape) < LONG_RIDE_DAYTIME_MIN:
        return False  # two nights aboard for a day and a half there: fly one way instead
    if arrive_day != leave_day:
        return arrive_day < leave_day
    ready = out.arrive_clock + HUB_EXIT_MIN
    boarding = home.depart - BUFFER_MIN.get(home.option.mode, 30)
    return boarding - ready >= MIN_SHARED_DAY_MIN


def money(out: Leg, home: Leg, shape: TripShape) -> float:
    """Fares for the party, the rides between the lodging and the hubs (a far station's taxi
    counts), and the lodging nights left (CNY)."""
    fares = (out.option.fare_cny + home.option.fare_cny) * shape.people
    rides = (shape.out_ride_cny(out.option.b_hub) if shape.out_ride_cny else 0.0) + (
        shape.home_ride_cny(home.option.a_hub) if shape.home_ride_cny else 0.0
    )
    nights = max(0, shape.days - 1 - out.nights - home.nights)
    return fares + rides + shape.night_cny * nights


def cost(out: Leg, home: Leg, shape: TripShape) -> float:
    """`money` plus the tie-breaks: time aboard costs, daytime at the destination is worth,
    `TIME_CNY_PER_MIN` per person per minute each."""
    aboard = out.option.minutes + home.option.minutes
    there = daytime(out, home, shape) / (3 if shape.lean else 1)
    return money(out, home, shape) + (aboard - there) * shape.people * TIME_CNY_PER_MIN


def daytime(out: Leg, home: Leg, shape: TripShape) -> int:
    """Minutes of daytime (08:00–21:00) at the destination between arrival and boarding."""
    begin = out.arrive + HUB_EXIT_MIN
    leave_day = shape.days - 1 - home.nights
    end = leave_day * DAY + home.depart - BUFFER_MIN.get(home.option.mode, 30)
    total = 0
    for day in range(begin // DAY, leave_day + 1):
        lo, hi = day * DAY + DAYTIME[0], day * DAY + DAYTIME[1]
        total += max(0, min(hi, end) - max(lo, begin))
    return total


def _economy_options(found: list[IntercityOption]) -> list[IntercityOption]:
    """Scheduled services, and the typical links of modes that have no timetable here."""
    timetabled = {o.mode for o in found if o.scheduled}
    return [o for o in found if o.scheduled or o.mode not in timetabled]


def fastest(legs: list[Leg]) -> Leg | None:
    """The first typical leg (options come fastest first), else the first of any kind."""
    typical = [leg for leg in legs if not leg.option.scheduled]
    return next(iter(typical or legs), None)


def _alike(leg: Leg, normal: Leg) -> bool:
    """Whether `leg` may stand in for `normal`: `normal` itself, or — `normal` a timetabled
    overnight service — another overnight service of its mode."""
    if leg == normal:
        return True
    timetabled = normal.option.scheduled and normal.overnight
    return (
        timetabled
        and leg.option.scheduled
        and leg.overnight
        and leg.option.mode == normal.option.mode
    )


def _best_sleepers(
    pairs: list[tuple[Leg, Leg]], out: Leg, home: Leg, shape: TripShape
) -> tuple[Leg, Leg] | None:
    """When the fastest way out or home is a timetabled overnight service (the 青藏铁路's Z
    trains, a data pack's sleepers), the pair of such services leaving the most daytime at the
    destination (then the fewest minutes aboard): minutes of speed matter less than arriving
    at 10:15 rather than 12:29, or boarding at 19:00 rather than 09:00. None otherwise."""
    if not any(leg.option.scheduled and leg.overnight for leg in (out, home)):
        return None
    alike = [(o, h) for o, h in pairs if _alike(o, out) and _alike(h, home)]
    return max(alike, default=None,
               key=lambda p: (daytime(p[0], p[1], shape), -p[0].option.minutes - p[1].option.minutes))  # fmt: skip


def _said(outs: list[Leg], homes: list[Leg], shape: TripShape) -> tuple[list[Leg], list[Leg]]:
    """The legs the traveller's own hours ask for (`own_hours.nearest`: the arrival and the
    departure home said, night legs), each way as far as some pair still fits the days."""
    out_said = own_hours.nearest(outs, shape.arrive_at, shape.night_out, "arrive")
    home_said = own_hours.nearest(homes, shape.leave_at, shape.night_home, "depart")
    for o, h in ((out_said, home_said), (out_said, homes), (outs, home_said)):
        if any(fits(a, b, shape) for a in o for b in h):
            return o, h
    return outs, homes


def choose(
    out_found: list[IntercityOption],
    home_found: list[IntercityOption],
    shape: TripShape,
    *,
    economy: bool,
) -> tuple[Leg, Leg]:
    """The legs out and home (see the module docstring). `out_found` / `home_found` are the
    options each way, fastest first, and must not be empty.

    Raises:
        TripTooShort: no pair of usable legs fits the days.
    """
    outs = outbound_legs(out_found, shape.first_profile, shape.arrive_at, shape.night_out)
    homes = home_legs(home_found, shape.last_profile, shape.home_access, shape.home_by,
                      lean=economy and shape.lean, leave_at=shape.leave_at)  # fmt: skip
    outs, homes = _said(outs, homes, shape)
    pairs = [(o, h) for o in outs for h in homes if fits(o, h, shape)]
    if not pairs:
        raise TripTooShort(min(o.minutes for o in out_found), min(o.minutes for o in home_found))
    if economy:
        allowed = {*_economy_options(out_found), *_economy_options(home_found)}
        cheap = [(o, h) for o, h in pairs if o.option in allowed and h.option in allowed] or pairs
        if shape.budget_cny is None and not (shape.night_out or shape.night_home):
            # no sum to save for and no night aboard asked: 「Xi'an for 3 days on a
            # shoestring」 rode sleepers both ways and had one day in 西安
            cheap = [(o, h) for o, h in cheap if not (o.overnight or h.overnight)] or cheap
        if shape.budget_cny is not None and shape.rest_cny is not None:
            low = min(cheap, key=lambda p: cost(p[0], p[1], shape))
            per_min = shape.rest_cny / max(60, daytime(low[0], low[1], shape))
            affordable = [
                p
                for p in cheap
                if money(p[0], p[1], shape) + per_min * daytime(p[0], p[1], shape)
                <= shape.budget_cny
            ]
            if affordable:
                return max(
                    affordable,
                    key=lambda p: (daytime(p[0], p[1], shape), -money(p[0], p[1], shape)),
                )
        return min(cheap, key=lambda p: cost(p[0], p[1], shape))
    normal_out, normal_home = fastest(outs), fastest(homes)
    if (
        normal_out
        and normal_home
        and (sleeper := _best_sleepers(pairs, normal_out, normal_home, shape))
    ):
        return sleeper
    if normal_out and normal_home and fits(normal_out, normal_home, shape):
        return normal_out, normal_home
    # e.g. the fastest train home leaves too early on a one-day trip: the quickest pair that fits
    return min(pairs, key=lambda p: (p[0].option.scheduled + p[1].option.scheduled,
                                     p[0].option.minutes + p[1].option.minutes))  # fmt: skip
