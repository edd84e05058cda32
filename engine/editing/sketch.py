"""A saved day taken apart for editing: the fixed items around the tour, the tour's stops.

A day's items are, in order (`engine.planning.schedule.build_day`): the *head* (the leg out,
an overnight arrival, breakfast, a morning transfer), the *tour* (legs and stops: sights,
lunch, dinner), then the *tail* (the night's lodging, the leg home). An edit changes the
stops (or the head and tail when days are added or removed) and the day is timed again
(`engine.editing.timing`); the head and tail are kept as they are — the intercity legs are
never re-chosen by an edit.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, replace

from engine.domain.itinerary import Day, Item, ItemKind, clock_minutes
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import Attraction
from engine.planning import oneway
from engine.planning.frames import BUFFER_MIN, HUB_EXIT_MIN
from engine.planning.free_time import open_to_sights
from engine.planning.intercity import Point
from engine.planning.meal_reach import at_hub


@dataclass(frozen=True)
class Stop:
    """One stop of a tour.

    Attributes:
        poi_id: the attraction or restaurant.
        meal: ``lunch`` / ``dinner`` for a restaurant (``lunch`` on an attraction: lunch is
            eaten inside, the day is given to it); None for a sight.
        minutes: how long the stop lasts (None: the knowledge base's visit time or the pace's
            meal length).
        start: a pinned start, minutes after midnight (set by the person), or None.
        locked: keep it on this day at its time.
    """

    poi_id: str
    meal: str | None = None
    minutes: int | None = None
    start: int | None = None
    locked: bool = False


@dataclass
class Sketch:
    """One day, editable. Times are minutes after local midnight.

    Attributes:
        index: 1-based day number; date, destination: as the day's.
        head, tail: the fixed items before and after the tour (tail: lodging first, if any).
        stops: the tour's stops in order.
        start, start_time: where and when the tour may leave (before `starts_at` is applied).
        end: where the tour ends (the lodging, the station home).
        end_by: the latest return there set by the legs (None: the pace's day end).
        starts_at, ends_at: the day's times set by the person, or None.
        travel_only: a day that holds only an overnight leg (no tour to edit).
        free: the tour's lunches and dinners of your choice (no place named; no stops), timed
            again with the stops (`engine.editing.free_meals`).
    """

    index: int
    date: dt.date
    destination: str
    head: list[Item]
    tail: list[Item]
    stops: list[Stop]
    start: Point
    start_time: int
    end: Point
    end_by: int | None
    lodging_id: str | None
    starts_at: int | None = None
    ends_at: int | None = None
    travel_only: bool = False
    names: dict[str, str] = field(default_factory=dict)  # poi id → name as the plan shows it
    free: tuple[Item, ...] = ()

    def position_of(self, poi_id: str) -> int | None:
        """The 0-based position of a stop, or None."""
        return next((i for i, s in enumerate(self.stops) if s.poi_id == poi_id), None)


def is_stop(item: Item) -> bool:
    """A sight, or a lunch or dinner (not breakfast, which belongs to the head)."""
    if item.kind == ItemKind.ATTRACTION:
        return True
    return item.kind == ItemKind.MEAL and item.meal in ("lunch", "dinner") and bool(item.poi_id)


def sketch(day: Day, kb: KnowledgeBase, previous: Day | None = None) -> Sketch:
    """Take `day` apart (`previous`: the day before, whose lodging the day starts from)."""
    items, free = _without_free_meals(list(day.items), day, kb)
    spots = _spots(items, day, kb)
    if spots:
        first, last = spots[0], spots[-1]
    else:
        last_fixed = _tail_start(items)
        first = last = last_fixed
    head = items[:first]
    leg_in = head.pop() if head and head[-1].kind == ItemKind.TRANSIT else None
    while (len(head) > 1 and open_to_sights(head[-1])
           and (head[-2].kind == ItemKind.MEAL or _is_move(head[-2], day, kb))):  # fmt: skip
        head.pop()  # a free morning after breakfast (or an afternoon after the cruise that was
        # the day's move) is the tour's to use, said again if still free
    rest = items[last + 1 :] if spots else items[last:]
    while spots and rest and rest[0].kind == ItemKind.FREE:
        rest.pop(0)  # a small child's rest after a last lunch: the timing lays it out again
    leg_out = rest.pop(0) if rest and rest[0].kind == ItemKind.TRANSIT else None
    if len(rest) > 1 and _hub_meal(rest[0], kb) and rest[1].kind == ItemKind.INTERCITY:
        rest.pop(0)  # eaten at the station or airport: laid out again with the day
    stops = [
        Stop(
            poi_id=str(item.poi_id),
            meal=item.meal,
            minutes=_kept_minutes(item),
            start=clock_minutes(item.start) if item.locked else None,
            locked=item.locked,
        )
        for item in (items[i] for i in spots)
    ]
    start, start_time = _tour_start(head, leg_in, kb, previous, day)
    end, end_by = _tour_end(rest, leg_out, kb, start)
    travel_only = any(i.overnight for i in items) and not spots and not leg_in and not leg_out
    return Sketch(
        index=day.index,
        date=day.date,
        destination=day.destination,
        head=head,
        tail=rest,
        stops=stops,
        start=start,
        start_time=start_time,
        end=end,
        end_by=end_by,
        lodging_id=day.lodging_id,
        starts_at=clock_minutes(day.starts_at) if day.starts_at else None,
        ends_at=clock_minutes(day.ends_at) if day.ends_at else None,
        travel_only=travel_only,
        names={str(items[i].poi_id): items[i].name for i in spots},
        free=tuple(free),
    )


#: A lunch or dinner shown shorter than this (minutes) is no meal (a version stored by an older
#: editor had a lunch of 15 or 0 minutes before a child's rest): it takes the pace's length again.
MIN_MEAL_MIN = 20


def _kept_minutes(item: Item) -> int | None:
    """How long a stop lasts as the plan shows it (None: the pace's or the place's length)."""
    if item.kind == ItemKind.MEAL and item.minutes < MIN_MEAL_MIN:
        return None
    return item.minutes


def _spots(items: list[Item], day: Day, kb: KnowledgeBase) -> list[int]:
    """The positions of the tour's stops in `items`."""
    return [
        i
        for i, item in enumerate(items)
        if is_stop(item)
        and not _is_move(item, day, kb)
        and not _at_lodging(item, day)
        and not (
            i == len(items) - 2 and _hub_meal(item, kb) and items[-1].kind == ItemKind.INTERCITY
        )
    ]


def _without_free_meals(
    items: list[Item], day: Day, kb: KnowledgeBase
) -> tuple[list[Item], list[Item]]:
    """`items` less the tour's free meals (a lunch or dinner naming no place, after the first
    stop; not the meal at the station before the leg home) and the legs to them; those meals."""
    spots = _spots(items, day, kb)
    if not spots:
        return items, []
    last = len(items) - 2 if items and items[-1].kind == ItemKind.INTERCITY else None
    free = {
        i
        for i, item in enumerate(items)
        if i > spots[0] and i != last and item.kind == ItemKind.MEAL
        and item.meal in ("lunch", "dinner") and not item.poi_id
    }  # fmt: skip
    drop = free | {i - 1 for i in free if items[i - 1].kind == ItemKind.TRANSIT}
    kept = [item for i, item in enumerate(items) if i not in drop]
    return kept, [items[i] for i in sorted(free)]


def _is_move(item: Item, day: Day, kb: KnowledgeBase) -> bool:
    """Whether `item` is a one-way visit that is the day's move to its destination (the 漓江
    cruise from 桂林 that lands in 阳朔, `engine.planning.oneway`): part of the head, kept as it
    is like an intercity leg, not a stop an edit may drop."""
    if item.kind != ItemKind.ATTRACTION:
        return False
    place = kb.place(item.poi_id or "")
    exit_ = getattr(place, "exit", None)
    return exit_ is not None and exit_.destination == day.destination


def _hub_meal(item: Item, kb: KnowledgeBase) -> bool:
    """Whether `item` is a lunch or dinner at the station or airport before the leg home
    (`engine.planning.hub_meals`: estimated, or at the hub's eatery of the knowledge base,
    `meal_reach.at_hub`): the day's re-timing lays it out again (`engine.editing.timing`)."""
    if item.kind != ItemKind.MEAL or item.meal not in ("lunch", "dinner"):
        return False
    place = kb.restaurant(item.poi_id) if item.poi_id else None
    return not item.poi_id or (place is not None and at_hub(place))


def _at_lodging(item: Item, day: Day) -> bool:
    """Whether `item` is a meal at the night's lodging (the dinner of a summit hotel,
    `engine.planning.moments.summit_evening`): part of the tail, after the lodging, not a stop
    to time — the lodging is no restaurant."""
    return item.kind == ItemKind.MEAL and bool(item.poi_id) and item.poi_id == day.lodging_id


def _tail_start(items: list[Item]) -> int:
    """Where the tail begins on a day with no stops: its lodging, else its last intercity leg
    (a leg home), else the end; a leg towards it belongs to the tour."""
    for i, item in enumerate(items):
        if item.kind == ItemKind.LODGING:
            return _before_leg(items, i)
    for i in range(len(items) - 1, -1, -1):
        if items[i].kind == ItemKind.INTERCITY and i > 0:
            return _before_leg(items, i)
    return len(items)


def _before_leg(items: list[Item], i: int) -> int:
    return i - 1 if i > 0 and items[i - 1].kind == ItemKind.TRANSIT else i


def point(kb: KnowledgeBase, poi_id: str | None, item: Item | None = None) -> Point | None:
    """A knowledge-base place as a `Point` (names in both languages), else from `item`."""
    place = kb.place(poi_id) if poi_id else None
    if place is not None:
        return Point(place.name_zh, place.name_en, place.lat, place.lon, place.id)
    if item is not None and item.lat is not None and item.lon is not None:
        return Point(item.name, item.name, item.lat, item.lon, item.poi_id)
    return None


def _tour_start(
    head: list[Item], leg_in: Item | None, kb: KnowledgeBase, previous: Day | None, day: Day
) -> tuple[Point, int]:
    """Where and when the tour leaves: at the station after the leg out (plus the walk out),
    at the lodging after breakfast."""
    if head:
        last = head[-1]
        at = point(kb, last.poi_id, last)
        place = kb.place(last.poi_id or "") if last.kind == ItemKind.ATTRACTION else None
        if isinstance(place, Attraction) and place.exit is not None:  # on from where it ends
            at = oneway.exit_point(place)
        if at is not None:
            if last.kind == ItemKind.INTERCITY:
                return at, clock_minutes(last.end) + HUB_EXIT_MIN
            return at, clock_minutes(last.end)
    lodging = previous.lodging_id if previous else None
    at = point(kb, lodging) or point(kb, leg_in.poi_id if leg_in else None, leg_in)
    if at is None:
        dest = kb.destinations[day.destination]
        at = Point(dest.name_zh, dest.name_en, dest.lat, dest.lon)
    begin = clock_minutes(leg_in.start) if leg_in else 9 * 60
    return at, begin


def _tour_end(
    tail: list[Item], leg_out: Item | None, kb: KnowledgeBase, start: Point
) -> tuple[Point, int | None]:
    """Where the tour ends and by when the legs need it there (None: the pace decides)."""
    first = tail[0] if tail else None
    if first is not None and first.kind == ItemKind.LODGING:
        at = point(kb, first.poi_id, first)
        return at or start, None
    by = None
    if first is not None and first.kind == ItemKind.INTERCITY:
        mode = first.mode.value if first.mode else "train"
        by = clock_minutes(first.start) - BUFFER_MIN.get(mode, 30)
        hub = _hub_named(kb, first.from_name)
        if hub is not None:
            return hub, by
    if leg_out is not None:
        at = point(kb, leg_out.poi_id, leg_out)
        if at is not None:
            return at, by
    return start, by


def _hub_named(kb: KnowledgeBase, name: str | None) -> Point | None:
    if not name:
        return None
    for dest in kb.destinations.values():
        for hub in dest.hubs:
            if name in (hub.name_zh, hub.name_en):
                return Point(hub.name_zh, hub.name_en, hub.lat, hub.lon, hub.id)
    return None


def with_stops(sk: Sketch, stops: list[Stop]) -> Sketch:
    """A copy of `sk` with other stops."""
    return replace(sk, stops=list(stops))
