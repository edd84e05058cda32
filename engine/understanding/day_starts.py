"""「第二天早上别那么早」, 「第二天睡个懒觉」, "sleep in on day 2": a later morning asked for one day,
read as `engine.editing.ops.SetDayTimes` with the day's new start — not the trip-wide wish
(`engine.understanding.mornings`: 「以后都不想早起」 sets every day out later). Said with a new
plan of that day (「第二天轻松一点，早上别那么早」) both are one change: `with_day_plan` folds the
start into the `RegenerateDay`."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence

from engine.domain.itinerary import ItemKind, Itinerary, clock_minutes
from engine.editing.ops import Edit, RegenerateDay, SetDayTimes
from engine.understanding.mornings import LATE_START, SAID_RANGE, find_late_start, start_minutes

#: How much later than now a day sets out when it already starts at `LATE_START` or later and
#: only "not so early" is said (minutes).
LATER_MIN = 60
#: Words that make a late morning the whole trip's (or a habit), not one day's (「以后都不想早起」,
#: 「我从来不早起」, "from now on").
_EVERY_DAY = re.compile(
    r"每天|天天|每一天|每个早上|以后(?:都|每|的)|之后都|往后|今后|所有|整个|全程|从来|一直|总是|平时"
    r"|\bevery\b|\beach\b|\ball\b|\bfrom now on\b|\balways\b|\bnever\b|\busually\b",
    re.I,
)


def every_day(text: str) -> bool:
    """Whether `text` speaks of every day (「每天」, 「以后都」, "every morning")."""
    return bool(_EVERY_DAY.search(text))


def later_start(text: str, day: int | None, it: Itinerary) -> SetDayTimes | None:
    """The later start `text` asks for on 1-based `day` of `it`, or None (no day, no such words,
    or words for every day). An hour said is kept (「第二天10点以后再出门」 → 10:00); the words
    alone give `LATE_START` (09:30), or `LATER_MIN` after the day's present start when it sets
    out that late already (never after `SAID_RANGE`'s end). None on a day that starts with a
    train or flight (its start is the leg's, as for 「第一天晚一点出发」)."""
    if day is None or not 1 <= day <= len(it.days) or every_day(text):
        return None
    found = find_late_start(text)
    minutes = start_minutes(found.value) if found is not None else None
    if minutes is None:
        return None
    now = tour_start(it, day)
    if now is None:
        return None  # a day that starts with a train or flight: its start is the leg's
    if minutes == LATE_START and now >= LATE_START:
        minutes = min(now + LATER_MIN, SAID_RANGE[1])
    return SetDayTimes(day=day, start=dt.time(minutes // 60, minutes % 60))


def with_day_plan(edits: Sequence[Edit]) -> list[Edit]:
    """`edits` with a day's start asked alone (`SetDayTimes`, no end) folded into the new plan
    of that day asked with it (`RegenerateDay.start`): the day planned once, from that hour."""
    plans = {e.day: e for e in edits if isinstance(e, RegenerateDay) and e.start is None}
    starts = {e.day: e for e in edits if isinstance(e, SetDayTimes) and e.start is not None
              and e.end is None and not e.trim and e.day in plans}  # fmt: skip
    out: list[Edit] = []
    for edit in edits:
        if isinstance(edit, SetDayTimes) and starts.get(edit.day) is edit:
            continue
        if isinstance(edit, RegenerateDay) and edit.day in starts and plans[edit.day] is edit:
            edit = edit.model_copy(update={"start": starts[edit.day].start})
        out.append(edit)
    return out


def tour_start(it: Itinerary, day: int) -> int | None:
    """When 1-based day `day`'s tour sets out (minutes after midnight: its first step after
    breakfast), or None when it starts with a leg between cities (its start is the leg's) or
    there is no such day."""
    if not 1 <= day <= len(it.days):
        return None
    for item in it.days[day - 1].items:
        if item.kind == ItemKind.INTERCITY:
            return None
        if item.kind == ItemKind.LODGING or item.meal == "breakfast":
            continue
        return clock_minutes(item.start)
    return None
