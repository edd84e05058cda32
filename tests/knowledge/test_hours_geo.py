"""Opening hours windows and geodesy helpers."""

import datetime as dt

import pytest

from engine.knowledge.geo import haversine_m, to_wgs84
from engine.knowledge.hours import HoursError, fmt_minutes, is_open_between, open_windows

MONDAY = dt.date(2026, 12, 7)
TUESDAY = dt.date(2026, 12, 8)


def test_weekly_closure_gives_no_window_on_monday() -> None:
    assert open_windows("Tu-Su 09:00-17:00", MONDAY) == ()
    assert open_windows("Tu-Su 09:00-17:00", TUESDAY) == ((540, 1020),)


def test_seasonal_hours_pick_the_season_of_the_date() -> None:
    hours = "Mar-Nov 06:30-16:30; Dec-Feb 07:30-16:30"
    assert open_windows(hours, TUESDAY) == ((450, 990),)
    assert open_windows(hours, dt.date(2026, 7, 7)) == ((390, 990),)


def test_split_hours_and_overnight() -> None:
    assert open_windows("10:30-14:00,17:00-21:00", TUESDAY) == ((630, 840), (1020, 1260))
    assert open_windows("18:00-02:00", TUESDAY) == ((0, 120), (1080, 1440))
    assert is_open_between("10:30-14:00,17:00-21:00", TUESDAY, 660, 720)
    assert not is_open_between("10:30-14:00,17:00-21:00", TUESDAY, 800, 900)


def test_bad_hours_raise_a_named_error() -> None:
    with pytest.raises(HoursError, match="cannot parse"):
        open_windows("open sometimes", TUESDAY)


def test_fmt_minutes() -> None:
    assert fmt_minutes(0) == "00:00"
    assert fmt_minutes(1439) == "23:59"
    assert fmt_minutes(1500) == "01:00"


def test_haversine_shanghai_beijing() -> None:
    # People's Square, Shanghai -> Tiananmen, Beijing: about 1 068 km great-circle.
    d = haversine_m(31.2304, 121.4737, 39.9087, 116.3975)
    assert 1_060_000 < d < 1_075_000
    assert haversine_m(30.0, 120.0, 30.0, 120.0) == 0


def test_bd09_conversion_moves_about_half_a_kilometre() -> None:
    lat, lon = to_wgs84(31.2453, 121.5062, "BD-09")
    moved = haversine_m(lat, lon, 31.2453, 121.5062)
    assert 300 < moved < 1500
    assert to_wgs84(31.0, 121.0, "WGS-84") == (31.0, 121.0)
    with pytest.raises(ValueError):
        to_wgs84(31.0, 121.0, "XYZ")  # type: ignore[arg-type]
