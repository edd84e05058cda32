"""Opening hours: OSM ``opening_hours`` strings turned into open windows on a date, and the
yearly closures of a place (`schema.Closure`) on top of them.

Parsing and evaluation are done by `opening-hours-py` (the Rust `opening-hours` crate), which
implements the OSM specification (https://wiki.openstreetmap.org/wiki/Key:opening_hours/specification).
Weekly and seasonal closures live in the hours string (``Tu-Su``, ``Dec-Feb off``); yearly
closing periods of a whole place, or of a part of it, live in `Attraction.closures`: a whole
closure empties the date's windows (`place_windows`), a part closure is a note on the visit
(`part_closures_on`).
"""

from __future__ import annotations

import datetime as dt
import functools

import opening_hours

from engine.knowledge.periods import in_period
from engine.knowledge.schema import Attraction, Closure, Restaurant

Window = tuple[int, int]  # minutes after local midnight: [open, close)


class HoursError(ValueError):
    """An opening-hours string does not parse."""


@functools.lru_cache(maxsize=4096)
def parse(hours: str) -> opening_hours.OpeningHours:
    """Parse (cached).

    Raises:
        HoursError: the string is not valid OSM opening_hours.
    """
    try:
        return opening_hours.OpeningHours(hours)
    except Exception as exc:  # the binding raises its own SyntaxError subclass
        raise HoursError(f"cannot parse opening hours {hours!r}: {exc}") from exc


@functools.lru_cache(maxsize=65536)
def open_windows(hours: str, date: dt.date) -> tuple[Window, ...]:
    """The open windows of `date` (local time), in minutes after midnight, merged and sorted.

    A window running past midnight is cut at 24:00 (1440).

    Raises:
        HoursError: the string is not valid OSM opening_hours.
    """
    parsed = parse(hours)
    start = dt.datetime.combine(date, dt.time())
    end = start + dt.timedelta(days=1)
    windows: list[Window] = []
    for begin, finish, state, _comment in parsed.intervals(start, end):
        if str(state).rsplit(".", 1)[-1].upper() != "OPEN":
            continue
        a = int((begin - start).total_seconds() // 60)
        b = int((min(finish, end) - start).total_seconds() // 60)
        if b <= a:
            continue
        if windows and windows[-1][1] >= a:
            windows[-1] = (windows[-1][0], max(windows[-1][1], b))
        else:
            windows.append((a, b))
    return tuple(windows)


def closure_on(place: Attraction | Restaurant, date: dt.date) -> Closure | None:
    """The yearly closure of the whole place holding `date` (no `part_zh`), or None."""
    if not isinstance(place, Attraction):
        return None
    for closure in place.closures:
        if not (closure.part_zh or closure.part_en) and in_period(date, closure.start, closure.end):
            return closure
    return None


def part_closures_on(place: Attraction | Restaurant, date: dt.date) -> tuple[Closure, ...]:
    """The yearly closures of a part of the place (the place stays open) holding `date`."""
    if not isinstance(place, Attraction):
        return ()
    return tuple(
        c for c in place.closures if (c.part_zh or c.part_en) and in_period(date, c.start, c.end)
    )


def place_windows(place: Attraction | Restaurant, date: dt.date) -> tuple[Window, ...]:
    """The open windows of `place` on `date` (see `open_windows`): none on a date inside a
    yearly closure of the whole place.

    Raises:
        HoursError: the place's hours are not valid OSM opening_hours.
    """
    if closure_on(place, date) is not None:
        return ()
    return open_windows(place.hours, date)


def is_open_between(hours: str, date: dt.date, start: int, end: int) -> bool:
    """Whether the place is open for the whole of [start, end] minutes on `date`."""
    return any(a <= start and end <= b for a, b in open_windows(hours, date))


def fmt_minutes(minutes: int) -> str:
    """Minutes after midnight as ``HH:MM`` (24:00 and later wrap into the next day)."""
    minutes = minutes % 1440
    return f"{minutes // 60:02d}:{minutes % 60:02d}"
