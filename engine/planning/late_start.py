"""Days that start later rather than wait: a long wait inside a day is moved to the morning.

A day whose sightseeing fills the pace's hours by mid-afternoon and ends with an evening sight
(西湖 by night, 大唐不夜城) or dinner at 17:30 had one to three hours of nothing in between
(「自由活动（约130分钟）」), and a day given to a mountain that opens at 09:30 waited from 07:00. The
plan keeps the day's visits, their order and its end; this pass starts the morning later instead:
every item before a wait of at least `MIN_WAIT` minutes moves later by as much as the wait and
their windows allow — a sight's closing time and last entry on that date, the last boat out
of the island it is on when the night is spent ashore (涠洲岛: moved 48 minutes later, the visit
ended 15:27 for the 15:00 boat), a meal's start
window (`engine.planning.pace`: breakfast by 10:00, lunch by 13:30, dinner by 19:30), lunch
inside a long visit starting by `engine.planning.model.LUNCH_INSIDE_LATEST`, a sight best
seen in the morning (tag ``morning``) by `engine.planning.visit_windows.MORNING_LATEST_START`. Waits are taken
from the day's last to its first. Only a run of items from the start of the day moves: an
intercity leg, a cable car, a moment at its hour (a sunrise, a nap: ``free`` items; a sight
visited at dawn, before breakfast), a long
visit with lunch inside (a mountain day starts early on purpose) or a locked item stops it, and
so does a day the person gave a start time; the wait just before a moment, a long visit or a
locked sight is still taken (the morning reaches 北京环球度假区 at its 10:00 opening instead of
waiting at the gate from 08:17), the one before a train or a cable car is boarding time. A morning with no sight before lunch keeps breakfast
over `MIN_BREAKFAST_TO_LUNCH` minutes before lunch: the rest of the wait stays in the morning
as free time, not breakfast at 10:00 and lunch at 11:22 (北京 with parents, 颐和园 all
afternoon). The person sleeps in instead of waiting in the afternoon; what is left of a wait
is shown as free time (`engine.planning.free_time`).
"""

from __future__ import annotations

import math

from engine.domain.itinerary import Day, Item, ItemKind, Mode, clock_minutes
from engine.knowledge.hours import place_windows
from engine.knowledge.schema import Attraction, Destination, Restaurant
from engine.knowledge.sun import sun_times
from engine.planning import access, transit
from engine.planning.frames import clock_time
from engine.planning.model import LUNCH_INSIDE_LATEST
from engine.planning.pace import BREAKFAST_WINDOW, DINNER_WINDOW, LUNCH_WINDOW, dinner_window
from engine.planning.visit_windows import (
    DUSK_MIN,
    MORNING_LATEST_START,
    daylight_view,
    way_out_minutes,
)

#: A wait shorter than this stays where it is (a short break between two sights).
MIN_WAIT = 20
#: Latest start of each meal (minutes after midnight), as the solver plans them.
MEAL_LATEST = {
    "breakfast": BREAKFAST_WINDOW[1],
    "lunch": LUNCH_WINDOW[1],
    "dinner": DINNER_WINDOW[1],
}
#: Minutes at least from the end of breakfast to the start of lunch when no sight is between:
#: a morning moved later does not eat twice within the hour (breakfast 10:00, lunch 11:00).
MIN_BREAKFAST_TO_LUNCH = 150


def start_later(days: list[Day], destination: Destination) -> list[Day]:
    """`days` with long waits moved to the morning (see the module docstring); days in another
    destination are returned as they are."""
    places: dict[str, Attraction | Restaurant] = {p.id: p for p in destination.attractions}
    places.update({p.id: p for p in destination.restaurants})
    return [
        _start_later(day, places, destination) if day.destination == destination.id else day
        for day in days
    ]


def _start_later(
    day: Day, places: dict[str, Attraction | Restaurant], destination: Destination
) -> Day:
    if day.starts_at is not None:
        return day
    items = list(day.items)
    breakfast = next(
        (k for k, i in enumerate(items) if i.kind == ItemKind.MEAL and i.meal == "breakfast"), 0
    )
    barrier = next(
        (
            k
            for k, item in enumerate(items)
            if _fixed(item) or (k < breakfast and item.kind == ItemKind.ATTRACTION)
        ),
        len(items),
    )  # (a sight before breakfast is a dawn outing at its hour: 黑马河 at sunrise)
    last = barrier  # the wait before a moment or at the gate of a long visit may shrink; the
    if barrier == len(items) or not _waits_before(items[barrier]):  # one before a train or a
        last = barrier - 1  # cable car is boarding time
    night = next(((i.lat, i.lon) for i in items if i.kind == ItemKind.LODGING
                  and i.lat is not None and i.lon is not None), None)  # fmt: skip
    lunch = next((k for k, i in enumerate(items) if i.meal == "lunch"), 0)
    changed = False
    for k in range(min(last, len(items) - 1), 0, -1):
        wait = clock_minutes(items[k].start) - clock_minutes(items[k - 1].end)
        if wait < MIN_WAIT:
            continue
        shift = min([wait, *(_slack(item, day, places, destination, night) for item in items[:k])])
        if breakfast < k <= lunch and _empty_morning(items, breakfast, lunch):
            meals = clock_minutes(items[lunch].start) - clock_minutes(items[breakfast].end)
            shift = min(shift, meals - MIN_BREAKFAST_TO_LUNCH)  # lunch stays, breakfast moves
        if shift <= 0:
            continue
        items[:k] = [_moved(item, shift) for item in items[:k]]
        changed = True
    return day.model_copy(update={"items": tuple(items)}) if changed else day


def _empty_morning(items: list[Item], breakfast: int, lunch: int) -> bool:
    """Whether `items[breakfast]` is breakfast, `items[lunch]` a meal (not lunch inside a
    visit: the morning is that visit) and no sight comes between them."""
    return (
        items[breakfast].meal == "breakfast"
        and items[lunch].kind == ItemKind.MEAL
        and not any(i.kind == ItemKind.ATTRACTION for i in items[breakfast:lunch])
    )


def _fixed(item: Item) -> bool:
    """An item that cannot move: an intercity leg, a cable car (the last one up runs early), a
    moment or a rest (``free``), a long visit with lunch inside (a day at a mountain starts
    early on purpose: weather, queues, the last shuttle down), an overnight leg or a locked
    item."""
    return (
        item.kind in (ItemKind.INTERCITY, ItemKind.FREE)
        or (item.kind == ItemKind.ATTRACTION and item.meal == "lunch")
        or item.mode == Mode.CABLE_CAR
        or item.overnight is not None
        or item.locked
    )


def _waits_before(item: Item) -> bool:
    """Whether the wait before fixed `item` is idle time the morning may take: before a moment
    (``free``) or at the gate of a long visit (北京环球度假区 opening at 10:00: not 08:17 at the
    gate after a 06:30 breakfast), not boarding time before a train or a cable car."""
    return item.kind == ItemKind.FREE or (
        item.kind == ItemKind.ATTRACTION and item.mode != Mode.CABLE_CAR and item.overnight is None
    )


def _slack(
    item: Item,
    day: Day,
    places: dict[str, Attraction | Restaurant],
    destination: Destination,
    night: tuple[float, float] | None,
) -> int:
    """How many minutes later `item` may happen on `day` (0 when its place's hours for the day
    are unknown to us or it is not inside one of them), by the solver's own windows
    (`engine.planning.visit_windows.day_windows`): out of an access area by closing time, a daylight view
    over by dusk, a morning sight started by `MORNING_LATEST_START`; and a visit over in time
    for the last boat or bus out of the access area it is in when the night (`night`, None:
    not inside) is spent outside it (`access.last_out_by`)."""
    start, end = clock_minutes(item.start), clock_minutes(item.end)
    slack = math.inf
    if item.kind == ItemKind.MEAL:
        latest = (
            dinner_window(destination.lat, destination.lon, day.date)[1]
            if item.meal == "dinner"
            else None
        )
        slack = (latest or MEAL_LATEST.get(item.meal or "", start)) - start
    elif item.kind == ItemKind.ATTRACTION and item.meal == "lunch":
        slack = LUNCH_INSIDE_LATEST - start
    place = places.get(item.poi_id or "")
    if isinstance(place, Attraction) and "morning" in place.tags and start <= MORNING_LATEST_START:
        slack = min(slack, MORNING_LATEST_START - start)  # the pandas awake, seen by 10:30
    if place is not None and item.kind in (ItemKind.ATTRACTION, ItemKind.MEAL):
        last_entry = place.last_entry if isinstance(place, Attraction) else 0
        way_out = way_out_minutes(destination, place)
        inside = [
            min(close - way_out - end, close - last_entry - start)
            for open_at, close in place_windows(place, day.date)
            if open_at <= start and end <= close
        ]
        slack = min(slack, max(inside, default=0))
        if daylight_view(place):
            dusk = sun_times(place.lat, place.lon, day.date)[1] + DUSK_MIN
            slack = min(slack, dusk - end)
    if item.kind == ItemKind.ATTRACTION and item.lat is not None and item.lon is not None:
        by = access.last_out_by(destination, (item.lat, item.lon), night,
                                m_per_min=transit.WALK_M_PER_MIN, detour=transit.DETOUR)  # fmt: skip
        if by is not None:
            slack = min(slack, by - end)
    return max(0, int(min(slack, 24 * 60 - 1 - end)))


def _moved(item: Item, minutes: int) -> Item:
    start, end = clock_minutes(item.start) + minutes, clock_minutes(item.end) + minutes
    return item.model_copy(update={"start": clock_time(start), "end": clock_time(end)})
