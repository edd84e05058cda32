"""Sunrise and sunset in China time, also in the far west where the sunrise is a UTC day earlier."""

from __future__ import annotations

import datetime as dt

from engine.knowledge.sun import sun_times


def test_huangshan_in_december() -> None:
    rise, down = sun_times(30.14, 118.17, dt.date(2026, 12, 6))
    assert 6 * 60 + 40 <= rise <= 7 * 60  # about 06:50
    assert 17 * 60 <= down <= 17 * 60 + 15  # about 17:07


def test_the_far_west_rises_late_in_china_time() -> None:
    """香格里拉 (99.7°E): sunrise about 08:00 Beijing time, before midnight UTC."""
    rise, _ = sun_times(27.8, 99.7, dt.date(2026, 2, 14))
    assert 7 * 60 + 50 <= rise <= 8 * 60 + 10


def test_summer_sunrise_in_the_north_is_before_five() -> None:
    rise, down = sun_times(36.25, 117.1, dt.date(2026, 6, 21))  # 泰山
    assert rise < 5 * 60 and down > 19 * 60 + 20
