"""Day frames: for each day, where the tour starts and ends, when, and the fixed items around it.

A day's *tour* (what the solver fills) runs from `start` at `start_time` to `end` by `end_time`.
Around it sit fixed items: the outbound intercity leg (day 1), breakfast at the lodging, a
transfer between destinations, and the transfer + intercity leg home (last day).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from engine.domain.itinerary import Item, ItemKind, Mode
from engine.domain.request import FoodWish, Party, TripRequest
from engine.i18n import pick
from engine.knowledge.hours import fmt_minutes
from engine.knowledge.schema import Destination, Lodging
from engine.planning import driving
from engine.planning import pace as pace_mod
from engine.planning.fares import child_fare_note, party_fare
from engine.planning.intercity import IntercityOption, Point

DAY = 24 * 60
NAP_MINUTES = 60  # a rest after lunch when a child of `NAP_AGE` or under travels
NAP_AGE = 5
#: The rest after lunch as the plan names it (zh, en); a small child's says so after it.
NAP_NAME = ("午休", "Rest after lunch")


def wants_nap(request: TripRequest) -> bool:
    """Whether lunch is followed by a rest (`NAP_MINUTES`) each day: a child of `NAP_AGE` or
    under travels, or a nap was asked for (access ``nap``: 每天都要午睡, "a nap after lunch")."""
    return "nap" in request.access or any(age <= NAP_AGE for age in request.party.child_ages)


#: With a child of this age or under, or one whose age was not said, each day ends back at the
#: lodging by `KIDS_BACK_BY` (a planning convention: young children are in bed by about nine;
#: a family of 5- and 8-year-olds was out on 外滩 until 22:05): evening outings are shorter or
#: left out, and the plan says so (the wishes' party row).
BEDTIME_AGE = 9
KIDS_BACK_BY = 21 * 60
HUB_EXIT_MIN = 15  # leaving the station/airport after arrival
#: Minutes at the hub before a departure; a car (``drive``) leaves from the door once loaded.
BUFFER_MIN = {"flight": 90, "hsr": 30, "train": 30, "coach": 20, "drive": 10}
LATEST_HOME_ARRIVAL = 22 * 60 + 30
#: With young children (`early_nights`) the way home arrives by this time (local, minutes), so
#: that the ride from the station leaves them in bed by about `KIDS_BACK_BY`.
KIDS_HOME_ARRIVAL = KIDS_BACK_BY - 30
EARLIEST_RETURN_DEPARTURE = 14 * 60


@dataclass
class DayFrame:
    """One day's frame. Times are minutes after local midnight of `date`."""

    index: int
    date: dt.date
    destination: Destination
    profile: pace_mod.PaceProfile
    start: Point
    start_time: int
    end: Point
    end_time: int
    lodging: Lodging | None
    before: list[Item] = field(default_factory=list)
    after: list[Item] = field(default_factory=list)
    lunch: bool = True
    dinner: bool = True
    outbound: IntercityOption | None = None
    return_leg: IntercityOption | None = None
    #: the morning move from the previous stay (`engine.planning.leg_frames.transfer`)
    transfer: IntercityOption | None = None
    travel_only: bool = False  # only an overnight leg's departure or arrival: no tour
    nap: bool = False  # a small child travels: lunch is followed by a rest (`NAP_MINUTES`)
    #: the day ends at `end_time` whatever could follow (the traveller's busy hours from then,
    #: `engine.planning.own_hours`): no evening show or night view extends it
    fixed_end: bool = False

    @property
    def span(self) -> int:
        return max(0, self.end_time - self.start_time)

    @property
    def dinner_window(self) -> tuple[int, int]:
        """This day's dinner start window (`pace.dinner_window` at the destination)."""
        return pace_mod.dinner_window(self.destination.lat, self.destination.lon, self.date)


def early_nights(party: Party) -> bool:
    """Whether `party`'s days end by `KIDS_BACK_BY`: a child of `BEDTIME_AGE` or under travels,
    or a child whose age was not said."""
    ages = party.child_ages[: party.children]
    return party.children > len(ages) or any(age <= BEDTIME_AGE for age in ages)


def lodging_point(lodging: Lodging) -> Point:
    return Point(lodging.name_zh, lodging.name_en, lodging.lat, lodging.lon, lodging.id)


def free_item(lat: float, lon: float, begin: int, end: int, name: str, note: str | None) -> Item:
    """A stretch of free time (`ItemKind.FREE`: a rest, a sunset or sunrise watched, an
    afternoon to oneself) at (lat, lon) from `begin` to `end` (minutes after midnight)."""
    return Item(kind=ItemKind.FREE, name=name, start=clock_time(begin), end=clock_time(end),
                lat=lat, lon=lon, note=note)  # fmt: skip


def clock_time(minutes: int) -> dt.time:
    """Minutes after midnight as a local time, kept within the day (00:00–23:59)."""
    minutes = max(0, min(23 * 60 + 59, int(minutes)))
    return dt.time(minutes // 60, minutes % 60)


def _label(option: IntercityOption, lang: str) -> str:
    label = {
        "hsr": pick(lang, "高铁", "high-speed rail"),
        "train": pick(lang, "火车", "train"),
        "flight": pick(lang, "航班", "flight"),
        "coach": pick(lang, "大巴", "coach"),
        "drive": pick(lang, "自驾", "self-drive"),
    }[option.mode]
    return f"{label} {option.service}" if option.service else label


def _mode(option: IntercityOption) -> Mode:
    return Mode(option.mode) if option.mode in Mode.__members__.values() else Mode.TRAIN


def intercity_item(option: IntercityOption, depart: int, party: Party, lang: str) -> Item:
    """The intercity leg as an itinerary item (cost = the party's fares,
    `engine.planning.fares.party_fare`: child fares by the railway's rule). A leg arriving the
    next day is marked ``overnight="depart"`` (its end clipped to 23:59, the arrival in the
    note)."""
    label = _label(option, lang)
    arrive = depart + option.minutes
    if option.mode == "drive":
        return _drive_item(option, depart, party, lang)
    flight = option.mode == "flight"
    check = pick(
        lang,
        "出发前请在航司官网或购票平台确认航班与余票" if flight else "出发前请在12306确认车次与余票",
        "check the airline for the actual flight before you go"
        if flight
        else "check 12306 for the actual train before you go",
    )
    if option.mode == "coach":  # coaches are not sold on 12306
        check = pick(lang, "出发前请向客运站或购票平台确认班次与余票",
                     "check the coach station for the actual departure before you go")  # fmt: skip
    note = pick(
        lang,
        f"{label}约{option.minutes // 60}小时{option.minutes % 60}分，参考票价{option.fare_cny:.0f}元/人；{check}",
        f"{label}, about {option.minutes // 60} h {option.minutes % 60} min, "
        f"fare about {option.fare_cny:.0f} CNY per person; {check}",
    )
    if children := child_fare_note(option.fare_cny, option.mode, party, lang):
        note += pick(lang, f"；{children}", f"; {children}")
    if option.scheduled and option.note_zh and option.service not in option.note_zh:
        # a timetabled service's own facts (how often it runs, the berth fares), not only its number
        note += pick(lang, f"；{option.note_zh}", f"; {option.note_en}")
    if option.via_zh:
        note += pick(lang, f"；{option.via_zh}", f"; {option.via_en}")
    if option.confidence == "estimated":
        note += pick(lang, "（时间与票价为估算）", " (time and fare estimated)")
    if option.onward_zh:
        note += pick(lang, f"；{option.onward_zh}", f"; {option.onward_en}")
    overnight = arrive >= DAY
    if overnight:
        aboard = (
            pick(lang, "机上", "on the plane")
            if option.mode == "flight"
            else pick(lang, "车上", "on the train")
        )
        if arrive >= 2 * DAY:  # a through train to 拉萨: two nights and the day between aboard
            note += pick(
                lang,
                f"；第三天{fmt_minutes(arrive - 2 * DAY)}到达，两晚在{aboard}过夜",
                f"; arrives {fmt_minutes(arrive - 2 * DAY)} on the third day — two nights {aboard}",
            )
        else:
            note += pick(
                lang,
                f"；次日{fmt_minutes(arrive - DAY)}到达，当晚在{aboard}过夜",
                f"; arrives {fmt_minutes(arrive - DAY)} next day — the night is spent {aboard}",
            )
    return _leg_item(option, depart, arrive, lang, cost_cny=party_fare(option.fare_cny,
                     option.mode, party), mode=_mode(option), note=note)  # fmt: skip


def _drive_item(option: IntercityOption, depart: int, party: Party, lang: str) -> Item:
    """A driven intercity leg (`engine.planning.driving`): tolls and fuel for the cars, the night
    on the way of a two-day drive; ``overnight="depart"`` when it arrives the next day."""
    arrive = depart + option.minutes
    note = driving.note(option, party.size, lang)
    if arrive >= DAY:
        note += pick(lang, f"；次日{fmt_minutes(arrive - DAY)}到达",
                     f"; arrives {fmt_minutes(arrive - DAY)} the next day")  # fmt: skip
    return _leg_item(option, depart, arrive, lang, cost_cny=driving.leg_cny(option, party.size),
                     mode=Mode.DRIVE, note=note)  # fmt: skip


def _leg_item(
    option: IntercityOption, depart: int, arrive: int, lang: str, *, cost_cny: float,
    mode: Mode, note: str,
) -> Item:  # fmt: skip
    """The timeline item of an intercity leg from `option.a_hub` to `option.b_hub`, leaving at
    `depart` and arriving at `arrive` (minutes after the day's midnight; ``overnight="depart"``
    and the item cut at midnight when it arrives the next day)."""
    return Item(
        kind=ItemKind.INTERCITY,
        name=f"{option.a_hub.name(lang)} → {option.b_hub.name(lang)}",
        poi_id=option.b_hub.poi_id,
        start=clock_time(depart),
        end=clock_time(min(arrive, DAY - 1)),
        lat=option.b_hub.lat,
        lon=option.b_hub.lon,
        cost_cny=cost_cny,
        mode=mode,
        from_name=option.a_hub.name(lang),
        note=note,
        overnight="depart" if arrive >= DAY else None,
    )


def arrival_item(option: IntercityOption, depart: int, lang: str) -> Item:
    """The next-day arrival of an overnight leg that left at `depart` the day before (cost 0:
    the fare is on the departure item)."""
    nights = (depart + option.minutes) // DAY
    arrive = depart + option.minutes - nights * DAY
    breakfast = arrive <= pace_mod.BREAKFAST_WINDOW[1]
    when_zh, when_en = (
        ("前天", "the day before yesterday") if nights > 1 else ("前一天", "yesterday")
    )
    note = pick(
        lang,
        f"{_label(option, lang)}{when_zh}{fmt_minutes(depart)}出发，今天{fmt_minutes(arrive)}到达"
        f"{option.b_hub.name(lang)}" + ("；早餐可在车上或车站解决" if breakfast else ""),
        f"{_label(option, lang)} that left {fmt_minutes(depart)} {when_en} arrives at "
        f"{option.b_hub.name(lang)} {fmt_minutes(arrive)}"
        + ("; have breakfast aboard or at the station" if breakfast else ""),
    )
    if option.mode == "drive":  # the night was spent in a hotel on the way
        setout = fmt_minutes(driving.LONG_SETOUT)
        note = pick(
            lang,
            f"自驾第二天：途中酒店早餐后{setout}出发，{fmt_minutes(arrive)}到达{option.b_hub.name(lang)}",
            f"second day of the drive: breakfast at the hotel on the way, on at {setout}, "
            f"arriving at {option.b_hub.name(lang)} {fmt_minutes(arrive)}",
        )
    return Item(
        kind=ItemKind.INTERCITY,
        name=f"{option.a_hub.name(lang)} → {option.b_hub.name(lang)}",
        poi_id=option.b_hub.poi_id,
        start=clock_time(arrive),
        end=clock_time(arrive),
        lat=option.b_hub.lat,
        lon=option.b_hub.lon,
        mode=_mode(option),
        from_name=option.a_hub.name(lang),
        note=note,
        overnight="arrive",
    )


#: Minutes from leaving home to a departure (the ride to the hub, check-in or security) that a
#: person who said no early mornings gets after the day's start (a planning convention).
HUB_LEAD_MIN = {"flight": 90, "hsr": 45, "train": 45, "coach": 30, "drive": 15}


def outbound_departure(option: IntercityOption, profile: pace_mod.PaceProfile) -> int:
    """When to leave home: around the pace's day start (arriving by late morning), later if the
    first service is later; earlier for long legs so the arrival is before evening. For a late
    start (「不想早起」, `PaceProfile.late_start`) the service leaves `HUB_LEAD_MIN` after the
    day's start, whatever the length of the leg."""
    if profile.late_start:
        lead = HUB_LEAD_MIN.get(option.mode, 45)
        return min(max(option.first_departure, profile.day_start + lead), option.last_departure)
    depart = max(option.first_departure, profile.day_start - 30)
    if depart + option.minutes > 19 * 60:
        depart = option.first_departure
    return depart


def return_departure(option: IntercityOption, home_by: int = LATEST_HOME_ARRIVAL) -> int:
    """When to leave for home: as late as arrives by `home_by` (22:30; `KIDS_HOME_ARRIVAL` with
    young children), not after the last service, and not before 14:00 unless the leg is long."""
    depart = min(option.last_departure, home_by - option.minutes)
    if depart < EARLIEST_RETURN_DEPARTURE:
        depart = max(option.first_departure, min(option.last_departure, depart))
    return depart


def meal_applies(window: tuple[int, int], minutes: int, start: int, end: int) -> bool:
    """A meal belongs in the tour when the tour is open from the window's start to a meal's end."""
    return start <= window[1] and end >= max(start, window[0]) + minutes + 20


def finish_meals(frame: DayFrame) -> None:
    """Decide whether lunch and dinner belong in the day's tour."""
    p = frame.profile
    frame.lunch = meal_applies(
        pace_mod.LUNCH_WINDOW, p.lunch_minutes, frame.start_time, frame.end_time
    )
    frame.dinner = meal_applies(
        frame.dinner_window, p.dinner_minutes, frame.start_time, frame.end_time
    )


def breakfast_item(frame: DayFrame, lang: str, people: int) -> Item:
    """Breakfast at the lodging just before the day starts (estimated 25 CNY per person)."""
    p = frame.profile
    begin = max(pace_mod.BREAKFAST_WINDOW[0], frame.start_time - p.breakfast_minutes)
    return Item(
        kind=ItemKind.MEAL,
        name=pick(lang, "早餐（住处或附近早点）", "Breakfast (at the lodging or nearby)"),
        poi_id=frame.start.poi_id,
        start=clock_time(begin),
        end=clock_time(begin + p.breakfast_minutes),
        lat=frame.start.lat,
        lon=frame.start.lon,
        cost_cny=25.0 * people,
        meal="breakfast",
        note=pick(lang, "估算每人25元；很多酒店含早", "about 25 CNY per person; often included"),
    )


def trip_dates(request: TripRequest) -> list[dt.date]:
    """The trip's dates: `days` consecutive days from the (resolved) start date."""
    start = request.resolved_start_date()
    return [start + dt.timedelta(days=i) for i in range(request.days)]


def wished_meal(wish: FoodWish, frame: DayFrame) -> str | None:
    """The meal (``lunch``/``dinner``) a lunch-or-dinner food wish weights on `frame`'s day."""
    if wish.meal in ("breakfast", "late") or wish.cuisine in ("vegetarian", "halal"):
        return None  # a diet is every meal (the candidates are filtered), not one weighted
    if wish.meal in ("lunch", "dinner"):
        return wish.meal
    return "dinner" if frame.dinner else "lunch" if frame.lunch else None
