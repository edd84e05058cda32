"""Sunrise and sunset at a place on a date, computed with astral (NOAA's solar equations), in
China Standard Time (UTC+8, the one time zone of the mainland)."""

from __future__ import annotations

import datetime as dt

from astral import Observer
from astral.sun import sun

CHINA_TIME = dt.timezone(dt.timedelta(hours=8))


def sun_times(lat: float, lon: float, date: dt.date) -> tuple[int, int]:
    """(sunrise, sunset) at the place on `date`, minutes after local (UTC+8) midnight."""
    times = sun(Observer(lat, lon), date, tzinfo=CHINA_TIME)
    rise, down = times["sunrise"], times["sunset"]
    return rise.hour * 60 + rise.minute, down.hour * 60 + down.minute
