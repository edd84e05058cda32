"""Sunrise and sunset at a place on a date, computed with astral (NOAA's solar equations), in
China Standard Time (UTC+8, the one time zone of the mainland)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from astral import Observer
from astral.sun import sunrise, sunset

CHINA_TIME = dt.timezone(dt.timedelta(hours=8))
#: Used only where the sun does not rise or set that day (never in China; astral raises then).
FALLBACK = (6 * 60 + 30, 18 * 60 + 30)


def sun_times(lat: float, lon: float, date: dt.date) -> tuple[int, int]:
    """(sunrise, sunset) at the place on `date`, minutes after local (UTC+8) midnight.

    Computed in UTC for the day before, the day and the day after, keeping the event that falls
    on `date` in China time: in the far west (香格里拉, 喀纳斯) the morning sunrise is still the
    previous day in UTC, which astral's search by UTC date can miss (then a neighbouring day's
    time of day stands in, a minute off at most)."""
    observer = Observer(lat, lon)
    return (
        _on(observer, date, sunrise, FALLBACK[0]),
        _on(observer, date, sunset, FALLBACK[1]),
    )


def _on(
    observer: Observer,
    date: dt.date,
    event: Callable[..., dt.datetime],
    fallback: int,
) -> int:
    found: list[dt.datetime] = []
    for day in (date - dt.timedelta(days=1), date, date + dt.timedelta(days=1)):
        try:
            found.append(event(observer, day, tzinfo=dt.UTC).astimezone(CHINA_TIME))
        except ValueError:
            continue
    same = [at for at in found if at.date() == date]
    # When the event falls on a UTC date astral does not search, the neighbouring day's time of
    # day stands in for it (sunrise moves about a minute a day).
    at = same[0] if same else min(found, key=lambda t: abs((t.date() - date).days), default=None)
    return at.hour * 60 + at.minute if at is not None else fallback
