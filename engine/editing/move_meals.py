"""A stop moved within its day keeps the day's meals: 「宏村想早上去拍照」 put 宏村 first and left
西递 before the lunch restaurant, so lunch became dinner and the day had no lunch. When the
order the move makes changes a meal (a lunch eaten as dinner, one missing), the day's other
stops are tried in other orders after it and the one that keeps every meal, with the least
travel, is taken."""

from __future__ import annotations

import itertools
from dataclasses import replace

from engine.domain.itinerary import Day, ItemKind
from engine.editing.draft import Draft
from engine.editing.fitting import _insert
from engine.editing.sketch import Sketch, Stop

#: The most orders of the day's other stops tried (every order of up to five stops).
ORDERS = 120


def meals_of(day: Day) -> dict[str, str]:
    """The day's lunch and dinner: meal → where it is eaten (POI id, "" for one of your
    choice)."""
    return {i.meal: i.poi_id or "" for i in day.items
            if i.kind == ItemKind.MEAL and i.meal in ("lunch", "dinner")}  # fmt: skip


def keeping_meals(
    draft: Draft, found: tuple[Sketch, int], into: Sketch, stop: Stop, position: int | None,
    *, strict_pace: bool = True,
) -> tuple[Sketch, int]:  # fmt: skip
    """`found` (the day with `stop` moved, its travel in minutes), or — when it does not keep
    the meals the day had (`meals_of` of the day as stored before the edit) — the order of
    `into`'s stops with `stop` at `position` that keeps them, the least travel first; `found`
    when no order does."""
    before = meals_of(draft.days[into.index - 1])
    timed = draft.attempt(found[0], strict_pace=strict_pace)
    if timed.day is None or meals_of(timed.day) == before:
        return found
    best: tuple[Sketch, int] | None = None
    for order in itertools.islice(itertools.permutations(into.stops), ORDERS):
        for option in _insert(replace(into, stops=list(order)), stop, position):
            timed = draft.attempt(option, strict_pace=strict_pace)
            if timed.day is None or meals_of(timed.day) != before:
                continue
            if best is None or timed.travel < best[1]:
                best = (option, timed.travel)
    return best or found
