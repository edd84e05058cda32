"""Opening hours: OSM ``opening_hours`` strings turned into open windows on a date.

Parsing and evaluation are done by `opening-hours-py` (the Rust `opening-hours` crate), which
implements the OSM specification (https://wiki.openstreetmap.org/wiki/Key:opening_hours/specification).
"""

from __future__ import annotations

import datetime as dt
import functools

import opening_hours

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


def is_open_between(hours: str, date: dt.date, start: int, end: int) -> bool:
    """Whether the place is open for the whole of [start, end] minutes on `date`."""
    return any(a <= start and end <= b for a, b in open_windows(hours, date))


def fmt_minutes(minutes: int) -> str:
    """Minutes after midnight as ``HH:MM`` (24:00 and later wrap into the next day)."""
    minutes = minutes % 1440
    return f"{minutes // 60:02d}:{minutes % 60:02d}"
