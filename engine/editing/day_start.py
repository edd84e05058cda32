"""A day's asked start kept (「第3天早上8点出发」): the tour's first stop begins near it — a stop
that opens earlier goes first — or the reason it cannot is said (opening time, breakfast, the
ride)."""

from __future__ import annotations

from dataclasses import replace

from engine.domain.itinerary import Day, Item, ItemKind, clock_minutes
from engine.editing.draft import Draft
from engine.editing.sketch import Sketch
from engine.i18n import pick
from engine.knowledge.hours import fmt_minutes, place_windows
from engine.knowledge.schema import Attraction, Restaurant

#: How long after a day's asked start its first stop may begin before that is said (minutes:
#: breakfast's end to the first sight, a short ride).
IDLE_START = 45


def first_stop(day: Day) -> Item | None:
    """The day's first sight or meal after breakfast (its tour's first stop), or None."""
    return next((i for i in day.items if i.kind == ItemKind.ATTRACTION or (
        i.kind == ItemKind.MEAL and i.meal in ("lunch", "dinner"))), None)  # fmt: skip


def earliest_first(draft: Draft, sk: Sketch, start: int) -> Sketch:
    """`sk`, or the same stops with another one first when that lets the tour begin nearer
    `start` (「第3天8点出发」 with a first sight that opens at 10:00: one that opens earlier
    goes first); the least travel among equally early starts."""

    def first_at(option: Sketch) -> tuple[int, int] | None:
        timed = draft.attempt(option)
        item = first_stop(timed.day) if timed.day is not None else None
        return None if item is None else (max(clock_minutes(item.start) - start, 0), timed.travel)

    best, key = sk, first_at(sk)
    if key is None or key[0] <= IDLE_START:
        return sk
    for n, stop in enumerate(sk.stops):
        if n == 0 or stop.locked or stop.start is not None or stop.meal:
            continue
        option = replace(sk, stops=[stop, *sk.stops[:n], *sk.stops[n + 1 :]])
        found = first_at(option)
        if found is not None and (key is None or found < key):
            best, key = option, found
    return best


def why_late(draft: Draft, sk: Sketch, day: Day, start: int, lang: str) -> str:
    """Why `day`'s first stop begins well after `start`: the day's train or flight in arriving
    later, its opening time that day, breakfast (served from its window's start), or the ride
    there."""
    leg = next((i for i in reversed(sk.head) if i.kind == ItemKind.INTERCITY), None)
    if leg is not None and clock_minutes(leg.end) > start:  # the day's train or flight in
        return pick(
            lang, f"{leg.name}{leg.end:%H:%M}才到", f"{leg.name} arrives at {leg.end:%H:%M}"
        )
    first = first_stop(day)
    place = draft.kb.place(first.poi_id or "") if first is not None else None
    windows = place_windows(place, sk.date) if isinstance(place, (Attraction, Restaurant)) else ()
    opens = min((a for a, _ in windows), default=None)
    if opens is not None and opens > start:
        return pick(lang, f"{fmt_minutes(opens)}开门", f"it opens at {fmt_minutes(opens)}")
    breakfast = next((i for i in day.items if i.meal == "breakfast"), None)
    if breakfast is not None and clock_minutes(breakfast.end) > start:
        at = f"{breakfast.start:%H:%M}–{breakfast.end:%H:%M}"
        return pick(lang, f"早餐{at}", f"breakfast {at}")
    return pick(lang, "路上要一段时间", "it takes a while to get there")


#: How much later than the time asked a stop may begin before the time is said to be missed
#: (minutes: the timing rounds to its grid).
LATE_GRACE = 5


def missed_start(draft: Draft, sk: Sketch, day: Day | None, poi_id: str, wanted: int) -> str | None:
    """Why stop `poi_id`, asked to begin at `wanted` (minutes after midnight), cannot: the
    day's train or flight in arrives later (「上海站 → 苏州站08:25才到」), or on the timed `day`
    (None: it did not time) it begins later (「09:00开门」, 「最早10:40才能到」); None when it can.
    A time asked that cannot be kept is no change made (`edit time 拙政园 08:00` on a day whose
    train reaches 苏州 at 08:25 had stored a version changing nothing)."""
    lang = draft.request.lang
    place = draft.kb.place(poi_id)
    windows = place_windows(place, sk.date) if isinstance(place, (Attraction, Restaurant)) else ()
    opens = min((a for a, _ in windows), default=None)
    leg = next((i for i in reversed(sk.head) if i.kind == ItemKind.INTERCITY), None)
    if leg is not None and clock_minutes(leg.end) > wanted:
        if opens is not None and opens > clock_minutes(leg.end):
            return None  # 宋城 at 07:00: its 10:00 opening binds (the timing's refusal says so)
        return pick(
            lang, f"{leg.name}{leg.end:%H:%M}才到", f"{leg.name} arrives at {leg.end:%H:%M}"
        )
    item = next((i for i in (day.items if day else ()) if i.poi_id == poi_id and i.start), None)
    if item is None or item.start is None or clock_minutes(item.start) <= wanted + LATE_GRACE:
        return None
    if opens is not None and opens > wanted:
        return pick(lang, f"{fmt_minutes(opens)}开门", f"it opens at {fmt_minutes(opens)}")
    return pick(lang, f"最早{item.start:%H:%M}才能到", f"it can be reached at {item.start:%H:%M} "
                "at the earliest")  # fmt: skip
