"""Gaps in a day shown as free time, with something nearby to do.

A wait of at least `GAP_MIN` minutes between two items (the morning before the first ride of the
day, the hour before a restaurant opens for dinner) becomes a ``free`` item at the place one is
at: 「自由活动」 with a suggestion — the nearest sight of the destination not in the plan, open then
and short enough, within `NEAR_M`; else the nearest food street to stroll (`strollable`: never a
restaurant, snack shop or cluster of eateries); else a rest.

The item says why the time is free when the plan means it (`intended`): the party rests
(seniors, a child of six or under, a relaxed pace), the day already holds the pace's sightseeing
(its sights or minutes), or no sight left within `REACH_M` is open long enough in the gap — then
it is 「自由活动/休息」 ("Free time / rest") with the reason. Otherwise it stays 「自由活动（约N分钟）」:
time the plan could have used. A day out back by `EARLY_END` with nothing after says its free
afternoon the same way when the plan means it (桂林's last day on a shoestring, every sight
seen: 「下午自由活动/休息（附近的景点都已安排）」 until dinner's window opens).
"""

from __future__ import annotations

import re

from engine.domain.itinerary import Day, Item, ItemKind, clock_minutes
from engine.domain.request import Pace, TripRequest
from engine.i18n import pick
from engine.knowledge.geo import haversine_m
from engine.knowledge.hours import open_windows, place_windows
from engine.knowledge.prices import alone_cny
from engine.knowledge.schema import Attraction, Destination, Restaurant
from engine.planning import weather
from engine.planning.altitude import ACCLIMATISE_M
from engine.planning.candidates import declined
from engine.planning.frames import KIDS_BACK_BY, early_nights, free_item
from engine.planning.layout import gentle
from engine.planning.pace import DINNER_WINDOW, day_profile

GAP_MIN = 60
NEAR_M = 1500.0
#: A sight farther than this from where a gap begins (straight line, metres) is out of reach
#: for the gap.
REACH_M = 15_000.0
#: A day out back by this time (minutes after midnight) says its free afternoon (`_early_end`)…
EARLY_END = 16 * 60 + 30
#: … which lasts until dinner's window opens (`pace.DINNER_WINDOW`).
AFTERNOON_END = DINNER_WINDOW[0]
#: The day holds the pace's sightseeing when its sights' minutes come this close to the limit.
PACE_SLACK_MIN = 30
#: Free time this long (minutes) for a party that rests is said as 「附近的景点都已安排」 when
#: no sight is left within reach: more than a rest.
LONG_REST_MIN = 150
#: A night market (夜市) is suggested for a stroll only in free time lasting until this hour
#: (minutes after midnight): its stalls open in the evening.
NIGHT_MARKET_FROM = 18 * 60


def fill_gaps(days: list[Day], destination: Destination, request: TripRequest) -> list[Day]:
    """`days` with each long wait shown as free time (see the module docstring)."""
    used = {i.poi_id for d in days for i in d.items if i.poi_id}
    return [_fill(day, destination, request, used) for day in days]


def _fill(day: Day, destination: Destination, request: TripRequest, used: set[str]) -> Day:
    if day.destination != destination.id:
        return day
    items: list[Item] = []
    changed = False
    for n, item in enumerate(day.items):
        if items:
            prev = items[-1]
            gap = clock_minutes(item.start) - clock_minutes(prev.end)
            if (
                gap >= GAP_MIN
                and prev.kind not in (ItemKind.LODGING, ItemKind.INTERCITY, ItemKind.FREE)
                and item.kind != ItemKind.INTERCITY  # waiting for a train is not free time
                and prev.lat is not None
                and prev.lon is not None
            ):
                begin = clock_minutes(prev.end)
                free = _free(prev, begin, begin + gap, day, destination, request, used)
                why = intended(day, begin, begin + gap, destination, request, used, prev)
                later = next((i for i in day.items[n:] if i.kind == ItemKind.ATTRACTION), None)
                items.append(_said(free, why, begin, request.lang, later) if why else free)
                changed = True
        items.append(item)
    changed = _early_end(items, day, destination, request, used) or changed
    return day.model_copy(update={"items": tuple(items)}) if changed else day


def _early_end(
    items: list[Item], day: Day, destination: Destination, request: TripRequest, used: set[str]
) -> bool:
    """Say the free afternoon of a day out that ends by `EARLY_END` (back at the lodging, or
    the last day's last stop) when the plan means it (`intended`): 「下午自由活动/休息（附近的景点
    都已安排）」 until `AFTERNOON_END`, the arrival at the lodging after it; a day with an
    intercity leg, or whose free time the plan could have used, is left as it is. Whether
    `items` changed."""
    if not items or any(i.kind in (ItemKind.INTERCITY, ItemKind.FREE) for i in items[-2:]):
        return False
    if any(i.kind == ItemKind.INTERCITY or i.overnight is not None for i in items):
        return False
    last = items[-1]
    begin = clock_minutes(last.start if last.kind == ItemKind.LODGING else last.end)
    if begin > EARLY_END or last.lat is None or last.lon is None:
        return False
    why = intended(day, begin, AFTERNOON_END, destination, request, used, last)
    if why is None:
        return False
    free = _said(_free(last, begin, AFTERNOON_END, day, destination, request, used), why, begin,
                 request.lang)  # fmt: skip
    if last.kind == ItemKind.LODGING:  # the afternoon near the lodging, then checking in
        at = free.end
        items[-1:] = [free, last.model_copy(update={"start": at, "end": at})]
    else:
        items.append(free)
    return True


def intended(
    day: Day,
    begin: int,
    end: int,
    destination: Destination,
    request: TripRequest,
    used: set[str],
    at: Item,
) -> str | None:
    """Why the time from `begin` to `end` (minutes) of `day` is free by intent — ``acclimatise``
    (after the arrival, on the day of arrival at a destination with sights at `ACCLIMATISE_M` or higher), ``heat``
    (over the midday of a hot day when 怕热 / 怕晒 was said: `weather.rests_at_noon`), ``rest``
    (the party rests), ``full`` (the day holds the pace's sightseeing), ``none_left`` (no
    sight not in the plan within `REACH_M` of `at` is open for its whole visit inside the
    gap) or ``budget`` (a budget was said and each such sight sells tickets) — or None when it
    could have held a sight."""
    if any(
        i.kind == ItemKind.INTERCITY and clock_minutes(i.end) <= begin for i in day.items
    ) and any((a.altitude_m or 0) >= ACCLIMATISE_M for a in destination.attractions):
        # `engine.planning.altitude`: no high sight on the day of arrival — after arriving,
        # never the morning before the ride home
        return "acclimatise"
    lo, hi = weather.MIDDAY
    midday = min(end, hi) - max(begin, lo)
    if midday >= GAP_MIN // 2 and weather.rests_at_noon(request, destination, day.date):
        return "heat"  # 怕热 on a hot day: the midday kept for a rest indoors
    assert at.lat is not None and at.lon is not None
    party = request.party
    resting = party.seniors or any(age <= 6 for age in party.child_ages)
    if resting or request.pace == Pace.RELAXED:
        # a long afternoon with nothing left to see is said as that, not as a rest (桂林 with a
        # wheelchair: four hours "a rest" on a normal-pace trip)
        if end - begin < LONG_REST_MIN or _left(day, begin, end, destination, request, used, at):
            return "rest"
        return "none_left"
    pace = gentle(day_profile(request, day.index), request)
    sights = [i for i in day.items if i.kind == ItemKind.ATTRACTION]
    minutes = sum(i.minutes for i in sights)
    if len(sights) >= pace.max_attractions or minutes >= pace.max_visit_minutes - PACE_SLACK_MIN:
        return "full"
    left = _left(day, begin, end, destination, request, used, at)
    if not left:
        return "none_left"
    if request.budget_cny is not None and all(alone_cny(a) > 0 for a in left):
        return "budget"  # what is left costs a ticket the budget did not leave room for
    return None


def _left(
    day: Day,
    begin: int,
    end: int,
    destination: Destination,
    request: TripRequest,
    used: set[str],
    at: Item,
) -> list[Attraction]:
    """Sights not in the plan nor declined (`declined`: refused, or ruled out by access needs)
    within `REACH_M` of `at`, open for their whole visit between `begin` and `end` (minutes
    after midnight) on `day`, with a ride there and back."""
    assert at.lat is not None and at.lon is not None
    return [
        a
        for a in destination.attractions
        if a.id not in used
        and not declined(a, request)
        and haversine_m(at.lat, at.lon, a.lat, a.lon) <= REACH_M
        and a.visit_minutes <= end - begin - 30  # a ride there and back
        and any(
            max(lo, begin) + a.visit_minutes <= min(hi, end)
            for lo, hi in place_windows(a, day.date)
        )
    ]


#: A sight after a break from this hour on (minutes after midnight) is said as the evening's.
EVENING_FROM = 16 * 60 + 30

_REASONS = {
    "rest": ("休息一下", "a rest"),
    "heat": ("避开午间炎热，在室内歇歇", "out of the midday heat, indoors"),
    "acclimatise": ("刚到高原，先适应海拔", "just arrived at altitude: acclimatise first"),
    "full": ("今天的游览已经够满", "the day's sightseeing is full"),
    "none_left": ("附近的景点都已安排", "the sights within reach are all in the plan"),
    "budget": (
        "预算内附近的景点都已安排",
        "the sights within reach and budget are all in the plan",
    ),
}


#: How the free time `fill_gaps` shows begins (「自由活动（约N分钟）」, 「下午自由活动/休息（…）」).
_FREE_NAMES = ("自由活动", "下午自由活动", "Free time", "Free afternoon")


def open_to_sights(item: Item) -> bool:
    """Whether `item` is free time shown by `fill_gaps` that a sight could use: not a rest kept
    from sights (at altitude on the day of arrival, out of the midday heat), not a nap, a
    sunset watched or a summit afternoon."""
    kept = (*_REASONS["acclimatise"], *_REASONS["heat"])
    return (
        item.kind == ItemKind.FREE
        and item.name.startswith(_FREE_NAMES)
        and not any(words in item.name for words in kept)
    )


#: Words of a food street's name that say it is a street or market to walk (街, 夜市, 古镇) …
_STREET = re.compile(r"街|巷|夜市|早市|市场|集市|坊|古镇|胡同|弄堂|路")
#: … and words that say it is eateries all the same (餐馆集中区, 面馆, 火锅（…多家）, 酒楼).
_EATERIES = re.compile(r"馆|餐|饭|酒楼|酒家|火锅|加工|多家|农家|排档")


def strollable(place: Restaurant) -> bool:
    """Whether free time may be spent strolling at `place`: a food street by its name (河坊街小吃,
    台东夜市, 曾厝垵小吃街), outside any ticket gate — not a snack shop or restaurant (门框胡同
    百年卤煮, 1980烧肉粽, 又益轩米粉 were suggested for a free afternoon) nor a cluster of
    eateries (大雁塔·大唐不夜城餐馆集中区, 华阴城区面馆)."""
    if place.kind != "food_street" or place.inside is not None:
        return False
    return bool(_STREET.search(place.name_zh)) and not _EATERIES.search(place.name_zh)


def _said(free: Item, why: str, begin: int, lang: str, later: Item | None = None) -> Item:
    """`free` named as time meant to be free, with the reason. A day whose sightseeing is full
    (``full``) with a sight still `later` says the break is before it (「歇一歇，傍晚再去山塘街」):
    「今天的游览已经够满」 read as a contradiction before the evening's sights, or before any
    sight at all (a noon break before the museum next door)."""
    zh, en = _REASONS[why]
    if why == "full" and later is not None:
        evening = clock_minutes(later.start) >= EVENING_FROM
        zh = f"歇一歇，{'傍晚' if evening else ''}再去{later.name}"
        en = f"a break before {later.name}{' this evening' if evening else ''}"
    afternoon = begin >= 12 * 60
    name = pick(lang, f"{'下午' if afternoon else ''}自由活动/休息（{zh}）",
                f"Free {'afternoon' if afternoon else 'time'} / rest ({en})")  # fmt: skip
    if why == "acclimatise":  # no sight suggested on a day meant for rest at altitude
        note = pick(lang, "慢走、多喝水，早点休息", "walk slowly, drink water, rest early")
        return free.model_copy(update={"name": name, "note": note})
    if why == "heat":  # no walk outdoors suggested in the midday heat
        note = pick(lang, "回住处或到附近商场、茶馆歇脚，多喝水",
                    "rest at the hotel or in a mall or tea house nearby; drink water")  # fmt: skip
        return free.model_copy(update={"name": name, "note": note})
    return free.model_copy(update={"name": name})


def _fits_party(place: Attraction, request: TripRequest) -> bool:
    """Whether `place` suits the party as a suggestion for free time: no climb on foot (a
    ``hiking`` place without a ``cable-car``) for seniors (the planner scores those down for
    them: `candidates.score`); an offer is not a plan the person can weigh."""
    tags = set(place.tags)
    return not (request.party.seniors and "hiking" in tags and "cable-car" not in tags)


def _free(
    at: Item,
    begin: int,
    end: int,
    day: Day,
    destination: Destination,
    request: TripRequest,
    used: set[str],
) -> Item:
    assert at.lat is not None and at.lon is not None
    lang = request.lang
    minutes = end - begin
    idea = pick(lang, "在附近休息或喝杯茶", "rest nearby or have a tea")
    sights = []
    for a in destination.attractions:
        meters = haversine_m(at.lat, at.lon, a.lat, a.lon)
        if a.id in used or meters > NEAR_M or a.visit_minutes > minutes - 20:
            continue
        if declined(a, request):  # refused, or ruled out by access needs (布达拉宫's steps)
            continue
        if not _fits_party(a, request):  # a climb for seniors
            continue
        if any(lo <= begin + 15 and begin + 15 + a.visit_minutes <= hi
               for lo, hi in open_windows(a.hours, day.date)):  # fmt: skip
            sights.append((meters, a.name(lang)))
    streets = [
        (haversine_m(at.lat, at.lon, r.lat, r.lon), r.name(lang))
        for r in destination.restaurants
        if strollable(r)
        and r.id != at.poi_id  # not the street just eaten at
        and (end >= NIGHT_MARKET_FROM or "夜市" not in r.name_zh)  # its stalls open at dusk
        and haversine_m(at.lat, at.lon, r.lat, r.lon) <= NEAR_M
        and not (early_nights(request.party) and end > KIDS_BACK_BY)  # small children abed
    ]
    if sights:
        meters, name = min(sights)
        idea = pick(lang, f"附近可以逛逛{name}（约{meters / 1000:.1f}公里）",
                    f"{name} is nearby (about {meters / 1000:.1f} km)")  # fmt: skip
    elif streets:
        meters, name = min(streets)
        idea = pick(lang, f"附近可以逛逛{name}", f"stroll around {name} nearby")
    return free_item(
        at.lat,
        at.lon,
        begin,
        end,
        pick(lang, f"自由活动（约{minutes}分钟）", f"Free time (about {minutes} min)"),
        idea,
    )
