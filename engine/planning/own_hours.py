"""The traveller's own hours in the plan: the leg out arriving when they said (「早上6点到」, "I
land at 22:00"), the leg home leaving when they said ("my 20:00 flight home"), a night train
when asked for (卧铺, 夜车), and busy hours kept free of sights (「第二天白天开会」).

Legs (`engine.planning.legs`): a typical link (any departure between its first and last
service) leaves so as to arrive at the hour said — the same day, or the next morning for a night
leg — as near as its services allow; among the usable legs those arriving (or, home, leaving)
nearest the hour said are kept, and overnight ones when a night leg is asked for — when any of
them fits the days; otherwise the usual choice stands and the report says why
(`engine.planning.wish_own_hours`).

Busy hours (`keep_busy`): the day's tour runs only outside them. Hours from the morning start the
tour when they end, hours into the evening end it when they begin; hours in the middle keep the
longer side of the day. A day busy all day (`BusyTime.all_day`) keeps no sight: breakfast, the
busy hours and, from `BUSY_DAY_END`, dinner near the lodging. The hours are shown as an item of
their own (the person's affairs, where they are is theirs).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine.domain.itinerary import Item, ItemKind
from engine.domain.request import BusyTime, TripRequest
from engine.i18n import pick
from engine.knowledge.hours import fmt_minutes
from engine.planning.frames import DAY, DayFrame, clock_time, free_item
from engine.planning.intercity import IntercityOption
from engine.planning.meal_price import ordinary_price
from engine.planning.pace import DINNER_WINDOW

if TYPE_CHECKING:
    from engine.planning.legs import Leg

#: A night leg asked for with no hour said arrives about then the next morning (minutes).
NIGHT_ARRIVAL = 7 * 60
#: A typical link shorter than this cannot be a night on board (a 2-hour high-speed train).
MIN_NIGHT_MINUTES = 6 * 60
#: Legs within this many minutes of the best one's distance to the hour said are all kept.
NEAR_MIN = 30
#: The busy item's name (zh, en).
BUSY_NAME = ("你自己的安排（开会/办事）", "Your own time (meetings, work)")


def out_departure(option: IntercityOption, arrive_at: int | None, night: bool) -> int | None:
    """When a typical link out leaves to arrive at `arrive_at` (minutes, local), the next
    morning when `night` (a night leg asked for) and the ride is long enough, within its first
    and last service; None when nothing was said (the usual departure stands) or the option is
    a timetabled service (it leaves at its time)."""
    if option.scheduled or (arrive_at is None and not night):
        return None
    at = arrive_at if arrive_at is not None else NIGHT_ARRIVAL
    tries = [at - option.minutes, at + DAY - option.minutes]
    if night and option.minutes >= MIN_NIGHT_MINUTES:
        tries.reverse()
    inside = [d for d in tries if option.first_departure <= d <= option.last_departure]
    if inside:
        return inside[0]
    return min((max(option.first_departure, min(option.last_departure, d)) for d in tries),
               key=lambda d: min(abs(d + option.minutes - t) for t in (at, at + DAY)))  # fmt: skip


def home_departure(option: IntercityOption, leave_at: int | None) -> int | None:
    """When a typical link home leaves for a departure said at `leave_at` (minutes): that hour
    within its first and last service; None when nothing was said or the option is timetabled."""
    if option.scheduled or leave_at is None:
        return None
    return max(option.first_departure, min(option.last_departure, leave_at))


def nearest(legs: list[Leg], at: int | None, night: bool, when: str) -> list[Leg]:
    """The legs of `legs` (`engine.planning.legs.Leg`) the traveller's words ask for: overnight
    ones when `night` (all when none is), then those whose `when` (``arrive`` or ``depart``,
    minutes, taken within the day) is nearest `at`."""
    if night:
        legs = [leg for leg in legs if leg.overnight] or legs
    if at is None or not legs:
        return legs

    def off(leg: Leg) -> int:
        return abs((leg.arrive if when == "arrive" else leg.depart) % DAY - at)

    best = min(off(leg) for leg in legs)
    return [leg for leg in legs if off(leg) <= best + NEAR_MIN]


def keep_busy(frame: DayFrame, request: TripRequest) -> None:
    """Keep the busy hours said for `frame`'s day out of its tour (see the module docstring)."""
    for busy in request.busy:
        if busy.day == frame.index + 1 and not frame.travel_only:
            _keep(frame, busy, request)


#: A day busy all day has dinner from this hour (minutes), near the lodging.
BUSY_DAY_END = 18 * 60
#: A dinner of one's choosing where the destination lists no ordinary meal (CNY a head, estimated).
FALLBACK_MEAL_CNY = 60.0


def _keep(frame: DayFrame, busy: BusyTime, request: TripRequest) -> None:
    lang = request.lang
    start = max(busy.start, frame.start_time)
    end = min(max(busy.end, BUSY_DAY_END) if busy.all_day else busy.end, frame.end_time)
    if end <= start:
        return
    note = pick(
        lang, "这段时间不安排行程，留给你自己的事", "nothing planned in these hours: they are yours"
    )
    name = pick(lang, *BUSY_NAME)
    if busy.all_day:
        frame.profile = replace(frame.profile, max_attractions=0, max_visit_minutes=0)
    morning = start - frame.start_time
    evening = frame.end_time - end
    if busy.all_day or morning <= 30 or (evening > 30 and evening > morning):
        frame.before.append(free_item(frame.start.lat, frame.start.lon, start, end, name, note))
        frame.start_time = max(frame.start_time, end)
        return
    # the day's sights end where the busy hours begin, back at the lodging
    frame.end_time = min(frame.end_time, start)
    frame.fixed_end = True
    after = [free_item(frame.end.lat, frame.end.lon, start, end, name, note)]
    if frame.return_leg is None and end <= DINNER_WINDOW[1]:
        after.append(_dinner_after(frame, end, request))  # 「下午有事」: dinner once it is over
    frame.after[:0] = after


def _dinner_after(frame: DayFrame, end: int, request: TripRequest) -> Item:
    """Dinner near the lodging once the busy hours are over: a place of the traveller's
    choosing, priced at the destination's ordinary meal (`meal_price.ordinary_price`)."""
    begin = max(end + 10, DINNER_WINDOW[0])
    head = round(ordinary_price(frame.destination) or FALLBACK_MEAL_CNY)
    return Item(
        kind=ItemKind.MEAL,
        name=pick(request.lang, "晚餐（住处附近自选）", "Dinner near the lodging (your choice)"),
        poi_id=frame.end.poi_id,
        start=clock_time(begin),
        end=clock_time(begin + frame.profile.dinner_minutes),
        lat=frame.end.lat,
        lon=frame.end.lon,
        cost_cny=float(head * request.party.diners),
        meal="dinner",
        note=pick(request.lang, f"估算每人约{head}元", f"about {head} CNY per person (estimated)"),
    )


def busy_said(busy: BusyTime, lang: str) -> str:
    """The busy hours as said back: 「第2天 09:00–18:00」, "day 2 09:00–18:00"."""
    hours = f"{fmt_minutes(busy.start)}–{fmt_minutes(busy.end)}"
    return pick(lang, f"第{busy.day}天 {hours}", f"day {busy.day} {hours}")
