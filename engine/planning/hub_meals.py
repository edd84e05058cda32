"""Lunch or dinner at the station or airport on a travel day, when the day's tour cannot hold it.

A traveller who reaches the station or airport in the meal's hour with time before the train or
flight eats there (or buys food at the station to eat on board); one who lands at lunchtime with
every place to eat still out of reach before lunch is over eats at the airport or station first.
Both are said as such, never as an invented restaurant: the meal is the hub's own eateries (a
place of the knowledge base at the hub, `meal_reach.at_hub`, when there is one; else a meal "at
the station / airport" at an estimated price per diner, `HUB_MEAL_CNY`).

- `departure_meals` (after the solver): a day that ends with its intercity leg, arrives at the
  hub and has neither lunch nor dinner in that meal's window (`pace.LUNCH_WINDOW`,
  `pace.DINNER_WINDOW`) gets the meal there when it can start by the window's end and last
  `HUB_MEAL_MIN` minutes before `BOARDING_MIN` of the departure (a flight's security and
  boarding; a train's gate).
- `arrival_meal` (before the solver): a day starting at the hub it arrived at, whose nearest
  place to eat is reached only after the meal window's latest start, eats at the hub on arrival
  when that is within the window (成都天府机场 at 12:55, 70 km from the city: lunch in town would
  start after 14:00), and the tour starts after it.
- `dinner_room` (before the solver): a day whose tour starts at the hub in the dinner window
  after a long ride, and whose dinner near the hub and the ride on to the night's lodging end up
  to `DINNER_SLACK_MIN` minutes past the day's end, ends that much later (稻城 at 18:47 after
  nine and a half hours of coach, the lodging 53 km on: a sight, and no dinner, fitted; dinner
  did not by five minutes).
- `onboard_meals` (after the above): a train or coach ridden through a meal's hour (`CORE_HOURS`)
  on a day with no such meal (成都东站 13:20 → 北京南站 22:15: no dinner line at all) carries the
  meal on the leg: its note says to buy food at the station before boarding (a coach: it stops
  for meals on the way), at about `HUB_MEAL_OTHER_CNY` a diner, said as not in the costs (the
  leg's cost stays its fare: a budget's cuts are not made for a sandwich's estimate).
"""

from __future__ import annotations

from engine.domain.itinerary import Day, Item, ItemKind, Mode, clock_minutes
from engine.domain.request import TripRequest
from engine.i18n import pick
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Restaurant
from engine.planning import pace as pace_mod
from engine.planning import transit
from engine.planning.frames import DayFrame, clock_time
from engine.planning.intercity import Point
from engine.planning.meal_reach import HUB_REACH_M, at_hub

#: Minutes of a meal at the hub (a quick meal at the terminal's or station's eateries), at least
#: `HUB_MEAL_MIN`, at most `HUB_MEAL_MAX`.
HUB_MEAL_MIN = 20
HUB_MEAL_MAX = 45
#: Minutes of a meal on landing: a quick one, the day's sights are still ahead.
ARRIVAL_MEAL_MIN = 30
#: Minutes before the departure by which the meal is over: security and boarding for a flight,
#: the gate for a train or coach.
BOARDING_MIN = {Mode.FLIGHT: 40}
BOARDING_OTHER_MIN = 5
#: Estimated price of a meal at the hub per diner, CNY (airport food costs more).
HUB_MEAL_CNY = {Mode.FLIGHT: 60.0}
HUB_MEAL_OTHER_CNY = 30.0
MEALS = {"lunch": ("午餐", "Lunch"), "dinner": ("晚餐", "Dinner")}
WINDOWS = {"lunch": pace_mod.LUNCH_WINDOW, "dinner": pace_mod.DINNER_WINDOW}
#: A day starting at the hub in the dinner window may end this many minutes later for dinner.
DINNER_SLACK_MIN = 30
#: The hour in which each meal is surely eaten (the validator's ``meals_planned``): a leg landing
#: after it was travelled through the meal, eaten on board or before.
CORE_HOURS = {"lunch": (12 * 60, 13 * 60), "dinner": (18 * 60, 19 * 60)}


def departure_meals(
    days: list[Day], restaurants: list[Restaurant], request: TripRequest
) -> list[Day]:
    """`days` with a lunch or dinner at the hub on each day that ends with its intercity leg and
    misses that meal (see the module docstring)."""
    return [_departure_meal(day, restaurants, request) for day in days]


def _departure_meal(day: Day, restaurants: list[Restaurant], request: TripRequest) -> Day:
    items = list(day.items)
    if len(items) < 2 or items[-1].kind != ItemKind.INTERCITY or items[-1].overnight == "arrive":
        return day
    leg, before = items[-1], items[-2]
    if before.lat is None or before.lon is None:
        return day
    mode = Mode(leg.mode) if leg.mode else Mode.TRAIN
    arrive, depart = clock_minutes(before.end), clock_minutes(leg.start)
    by = depart - BOARDING_MIN.get(mode, BOARDING_OTHER_MIN)
    eaten = {i.meal for i in items if i.kind == ItemKind.MEAL or i.meal}
    for meal, (lo, hi) in WINDOWS.items():
        begin = max(arrive, lo)
        if meal in eaten or begin > hi or begin + HUB_MEAL_MIN > by:
            continue
        end = min(begin + HUB_MEAL_MAX, by)
        hub = Point(leg.from_name or before.name, leg.from_name or before.name,
                    before.lat, before.lon)  # fmt: skip
        items.insert(len(items) - 1, _hub_item(hub, mode, meal, begin, end, restaurants,
                                               request, leaving=True))  # fmt: skip
        return day.model_copy(update={"items": tuple(items)})
    return day


def onboard_meals(days: list[Day], request: TripRequest) -> list[Day]:
    """`days` with each meal ridden through on a train or coach said on its leg (see the module
    docstring); a flight's (served aboard or not) is left as it is."""
    return [_onboard(day, request) for day in days]


def _onboard(day: Day, request: TripRequest) -> Day:
    lang = request.lang
    items = list(day.items)
    eaten = {i.meal for i in items if i.meal}
    for k, leg in enumerate(items):
        if leg.kind != ItemKind.INTERCITY or leg.mode == Mode.FLIGHT or leg.overnight == "arrive":
            continue
        start = clock_minutes(leg.start)
        end = 24 * 60 if leg.overnight else clock_minutes(leg.end)
        through = [m for m, (lo, hi) in CORE_HOURS.items()
                   if m not in eaten and not leg.meal and start <= lo and end >= hi]  # fmt: skip
        if not through:
            continue
        zh = "和".join(MEALS[m][0] for m in through)
        en = " and ".join(MEALS[m][1].lower() for m in through).capitalize()
        price = HUB_MEAL_OTHER_CNY * len(through)
        where = leg.from_name or pick(lang, "车站", "the station")
        if leg.mode == Mode.DRIVE:
            said = pick(lang, f"{zh}在路上吃：在高速服务区停车吃饭，也可以出发前买好带上车；"
                              f"另备每人约{price:.0f}元（未计入花费）",
                        f"{en} on the way: stop at an expressway service area, or take food "
                        f"along; about {price:.0f} CNY per person, not in the costs")  # fmt: skip
        elif leg.mode == Mode.COACH:
            said = pick(lang, f"{zh}在路上吃：大巴途中一般会停车吃饭，也可以在{where}买好干粮带上车；"
                              f"另备每人约{price:.0f}元（未计入花费）",
                        f"{en} on the way: the coach usually stops for meals, or buy food at "
                        f"{where} to take along; about {price:.0f} CNY per person, not in the "
                        "costs")  # fmt: skip
        else:
            said = pick(lang, f"{zh}在车上吃：上车前在{where}买好带上车，或在餐车买；"
                              f"另备每人约{price:.0f}元（未计入花费）",
                        f"{en} on board: buy food at {where} before boarding, or at the dining "
                        f"car; about {price:.0f} CNY per person, not in the costs")  # fmt: skip
        note = pick(lang, "；", "; ").join(n for n in (leg.note, said) if n)
        # the item holds one meal: the last ridden through (a day's dinner is what is missed)
        items[k] = leg.model_copy(update={"meal": through[-1], "note": note})
        eaten.update(through)
    return day.model_copy(update={"items": tuple(items)}) if items != list(day.items) else day


def dinner_room(
    frame: DayFrame, restaurants: list[Restaurant], style: transit.Style | None = None
) -> None:
    """Move `frame.end_time` later (at most `DINNER_SLACK_MIN` minutes) when that is what a
    dinner on arrival needs (see the module docstring); `frame` is unchanged otherwise."""
    lo, hi = frame.dinner_window
    if not frame.dinner or not frame.before or frame.before[-1].kind != ItemKind.INTERCITY:
        return
    if not lo - HUB_MEAL_MAX <= frame.start_time <= hi:
        return
    here, end = (frame.start.lat, frame.start.lon), (frame.end.lat, frame.end.lon)
    finish = None
    for r in restaurants:
        there = transit.between(frame.destination, here, (r.lat, r.lon), party=1, style=style)
        begin = max(frame.start_time + there.minutes, lo)
        if begin > hi:
            continue
        on = transit.between(frame.destination, (r.lat, r.lon), end, party=1, style=style)
        done = begin + frame.profile.dinner_minutes + on.minutes + 5
        finish = done if finish is None else min(finish, done)
    if finish is not None and frame.end_time < finish <= frame.end_time + DINNER_SLACK_MIN:
        frame.end_time = finish


def arrival_meal(
    frame: DayFrame,
    restaurants: list[Restaurant],
    request: TripRequest,
    style: transit.Style | None = None,
) -> None:
    """Start `frame`'s tour with lunch or dinner at the hub it arrived at when no place to eat
    is reached in that meal's window (see the module docstring): the meal is appended to
    `frame.before`, the tour starts after it and the frame no longer has that meal."""
    if not frame.before or frame.before[-1].kind != ItemKind.INTERCITY or frame.travel_only:
        return
    leg = frame.before[-1]
    mode = Mode(leg.mode) if leg.mode else Mode.TRAIN
    here = (frame.start.lat, frame.start.lon)
    for meal, (lo, hi) in WINDOWS.items():
        if not getattr(frame, meal):
            continue
        begin = max(frame.start_time, lo)
        if begin > hi or begin - frame.start_time > HUB_MEAL_MAX:
            continue
        if clock_minutes(leg.end) >= CORE_HOURS[meal][1]:
            return  # on board through the meal's hour: eaten on the way
        reach = min(
            (transit.between(frame.destination, here, (r.lat, r.lon), party=1, style=style).minutes
             for r in restaurants),
            default=None,
        )  # fmt: skip
        if reach is None or frame.start_time + reach <= hi:
            return  # a place to eat is in reach: the solver decides
        end = begin + ARRIVAL_MEAL_MIN
        frame.before.append(_hub_item(frame.start, mode, meal, begin, end, restaurants,
                                      request, leaving=False, reach=frame.start_time + reach))  # fmt: skip
        frame.start_time = end
        setattr(frame, meal, False)
        return


def _hub_item(
    hub: Point,
    mode: Mode,
    meal: str,
    begin: int,
    end: int,
    restaurants: list[Restaurant],
    request: TripRequest,
    *,
    leaving: bool,
    reach: int | None = None,
) -> Item:
    """The meal at `hub` from `begin` to `end` (minutes after midnight): at the knowledge
    base's eatery of that hub when there is one, else at the hub's own eateries, estimated."""
    lang, diners = request.lang, request.party.diners
    zh, en = MEALS[meal]
    place = next((r for r in restaurants
                  if at_hub(r) and haversine_m(hub.lat, hub.lon, r.lat, r.lon) <= HUB_REACH_M),
                 None)  # fmt: skip
    flight = mode == Mode.FLIGHT
    where_zh, where_en = ("机场", "airport") if flight else ("车站", "station")
    why_zh = why_en = ""
    if reach is not None:
        why_zh = f"：最近的餐馆要{_hhmm(reach)}才到得了，{zh}时段已过"
        why_en = f": the nearest place to eat is reached only at {_hhmm(reach)}, after {en.lower()}"
    elif not flight and leaving:
        why_zh, why_en = "，或买好带上车吃", ", or buy food there to eat on board"
    if place is not None:
        price = place.price_per_person_cny
        name = place.name(lang)
        note = pick(lang, f"在{where_zh}吃{why_zh}；人均约{price:.0f}元",
                    f"eaten at the {where_en}{why_en}; about {price:.0f} CNY per person")  # fmt: skip
    else:
        price = HUB_MEAL_CNY.get(mode, HUB_MEAL_OTHER_CNY)
        name = pick(lang, f"{zh}（{hub.name_zh}内餐饮）", f"{en} at {hub.name_en}")
        note = pick(lang, f"{'候机' if flight else '候车'}时在{where_zh}里吃{why_zh}；"
                          f"估算每人约{price:.0f}元",
                    f"at the {where_en}'s own eateries{why_en}; estimated about "
                    f"{price:.0f} CNY per person")  # fmt: skip
        if not leaving:
            note = pick(lang, f"到站后先在{where_zh}里吃{why_zh}；估算每人约{price:.0f}元",
                        f"eat at the {where_en} on arrival{why_en}; estimated about "
                        f"{price:.0f} CNY per person")  # fmt: skip
    return Item(
        kind=ItemKind.MEAL,
        name=name,
        poi_id=place.id if place is not None else None,
        start=clock_time(begin),
        end=clock_time(end),
        lat=hub.lat,
        lon=hub.lon,
        cost_cny=price * diners,
        meal=meal,
        note=note,
    )


def _hhmm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"
