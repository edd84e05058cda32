"""A day a removal left hollow, planned again around what it kept.

「No Disneyland please」 took the park out of a day given to it: breakfast at 06:56, nearly
eleven hours free, then the Bund, with no lunch or dinner (the park had held both). A removal
that leaves a day that idle keeps every stop the day still has (each a required visit, its meals
too) and lets the solver (`engine.editing.regen.fill`) add the next-best sights the trip does not
visit yet and the meals the day's hours hold — said in the notes. A removal that leaves a short
wait is only re-timed, as before.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import replace

from engine.domain.itinerary import Day, ItemKind, clock_minutes
from engine.editing.draft import Draft
from engine.editing.errors import EditRefused
from engine.knowledge.schema import Attraction

#: Set while a removal is made to make room for what the same change adds next (an offer of
#: 「整天留给X」: its sights out, then X in): the day is not filled again in between.
MAKING_ROOM: ContextVar[bool] = ContextVar("making_room", default=False)
#: Idle minutes (waits between the day's items, all told) from which a day a removal left is
#: planned again around what it kept; a shorter wait is said as free time.
HOLLOW_MIN = 150
#: … on a day left with at most this many sights (a day of several keeps its free time: room
#: made for a place to add, as a refusal's alternative offers).
LIGHT_SIGHTS = 1


def idle_minutes(day: Day) -> int:
    """Minutes of the day spent waiting between its timed items (free time shown as an item
    counts as waiting), from the first item to the last."""
    timed = sorted((i for i in day.items if i.start is not None and i.end is not None),
                   key=lambda i: clock_minutes(i.start))  # fmt: skip
    idle, last_end = 0, None
    for item in timed:
        start, end = clock_minutes(item.start), clock_minutes(item.end)
        if item.kind == ItemKind.FREE:
            idle += max(0, end - start)
        elif last_end is not None:
            idle += max(0, start - last_end)
        last_end = end if last_end is None else max(last_end, end)
    return idle


def refill(draft: Draft, day: int) -> None:
    """Plan 1-based `day` again around the stops it kept when a removal left it at least
    `HOLLOW_MIN` idle minutes with at most `LIGHT_SIGHTS` sights, or without a lunch or dinner
    it had: the kept stops are required
    (in any order), the solver adds sights of the day's destination that no day visits and meals
    for the windows the day holds. Nothing changes when the solver adds nothing or the day
    cannot be timed so (the removal stays as re-timed)."""
    from engine.editing.regen import fill  # (regen imports the draft's neighbours)

    sk = draft.sketch_of(day)
    if MAKING_ROOM.get() or sk.destination not in draft.kb.destinations or not _hollow(draft, day):
        return
    was = {s.poi_id: s for s in sk.stops}
    required = replace(sk, stops=[replace(s, locked=True) for s in sk.stops])
    try:
        planned = fill(draft, required, variety=False)
        # the solver's day, timed in its order, may hold one sight too many (its model
        # allows what the editor's timing does not): the added sights go first, then meals
        planned, _ = draft.fit_by_dropping(planned, meals_last=True)
    except EditRefused:
        return
    stops = [replace(s, locked=was[s.poi_id].locked) if s.poi_id in was else s
             for s in planned.stops]  # fmt: skip
    added = [s.poi_id for s in stops if s.poi_id not in was]
    sights = [p for p in added if isinstance(draft.kb.place(p), Attraction)]
    if not added:
        return
    option = replace(planned, stops=stops)
    if draft.attempt(option).day is None:
        return
    draft.retime(option)
    names = [draft.name(p) for p in sights]
    meals = [draft.name(p) for p in added if p not in sights]
    zh = f"第{day}天空出来的时间改去" + "、".join(n for n, _ in names) if names else ""
    en = f"day {day}'s freed time goes to " + ", ".join(e for _, e in names) if names else ""
    if meals:
        zh += ("，" if zh else f"第{day}天") + "吃饭在" + "、".join(n for n, _ in meals)
        en += ("; " if en else f"day {day}: ") + "meals at " + ", ".join(e for _, e in meals)
    draft.note(zh, en)


def _hollow(draft: Draft, day: int) -> bool:
    """Whether 1-based `day` as the draft has it idles `HOLLOW_MIN` minutes or more with at
    most `LIGHT_SIGHTS` sights left, or lacks a lunch or dinner the day had before the edit."""
    now, before = draft.days[day - 1], draft.base.days[day - 1]
    sights = [i for i in now.items if i.kind == ItemKind.ATTRACTION]
    if idle_minutes(now) >= HOLLOW_MIN and len(sights) <= LIGHT_SIGHTS:
        return True  # a day that still holds sights keeps its free time (room asked for)
    meals = {i.meal for i in now.items if i.kind == ItemKind.MEAL}
    had = {i.meal for i in before.items if i.kind == ItemKind.MEAL}
    return bool(({"lunch", "dinner"} & had) - meals)
