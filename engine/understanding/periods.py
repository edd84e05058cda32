"""Parts of a month as people say them — 四月初, 三月底, 5月中旬, 下旬, 下个月初, "early April",
"mid-November", "end of March", "in May" — and seasons (暑假, 寒假, 夏天, "this winter"), with
the start day chosen inside one: a weekend outside the public holidays when the window has one
(「10月去喀什」 is not the 国庆 week the plan would then warn against)."""

from __future__ import annotations

import calendar
import datetime as dt

from engine.knowledge.festivals import holiday_on

#: Days from a chosen start that should hold no public holiday (a trip of up to five days: a
#: week's first Saturday to Wednesday); planning conventions, not a rule of the calendar.
CLEAR_DAYS = 5

#: Part → (first day, last day) of the month; 0 = the month's last day, negative = from the end.
_WINDOWS: dict[str, tuple[int, int]] = {
    "early": (1, 10),
    "mid": (11, 20),
    "late": (21, 0),
    "end": (-6, 0),
    "whole": (1, 0),
    "week1": (1, 7),
    "week2": (8, 14),
    "week3": (15, 21),
    "week4": (22, 28),
}
#: Words → part.
PARTS: dict[str, str] = {
    "初": "early", "上旬": "early", "中旬": "mid", "中": "mid", "下旬": "late", "底": "end",
    "末": "end", "份": "whole", "": "whole", "early": "early", "beginning of": "early",
    "start of": "early", "the beginning of": "early", "the start of": "early", "mid": "mid",
    "middle of": "mid", "the middle of": "mid", "late": "late", "end of": "end",
    "the end of": "end", "in": "whole",
}  # fmt: skip


def period_start(
    month: int | None, part: str, today: dt.date, *, next_month: bool = False
) -> dt.date:
    """The start day chosen for a part of a month (a `PARTS` value, or ``week1``..``week4`` for
    the days 1–7 … 22–28 of "the second week of June", 五月第二周): the first Saturday in it that
    is after `today` and whose `CLEAR_DAYS` hold no public holiday (`festivals.holiday_on`:
    "in October" is the 9th, after the 国庆 week), else its first Saturday after `today`, else its
    first day after `today`. `month` None means this month (the next one when it has passed, or when
    `next_month`). A month without a year is the next one that has not passed.

    Raises:
        ValueError: `month` is not 1..12 or `part` is unknown.
    """
    if month is not None and not 1 <= month <= 12:
        raise ValueError(f"month {month}")
    lo_day, hi_day = _WINDOWS[part]
    year, mon = today.year, month or today.month
    if month is None and next_month:
        year, mon = _add_month(year, mon)
    for _ in range(13):
        lo, hi = _window(year, mon, lo_day, hi_day)
        if hi > today:
            break
        if month is None:
            year, mon = _add_month(year, mon)
        else:
            year += 1
    return _start_in(lo, hi, today)


#: Seasons → (first month, first day, last month, last day); a window whose last month is before
#: its first ends in the next year (meteorological seasons of the northern hemisphere).
SEASONS: dict[str, tuple[int, int, int, int]] = {
    "spring": (3, 1, 5, 31),
    "summer": (6, 1, 8, 31),
    "autumn": (9, 1, 11, 30),
    "winter": (12, 1, 2, 28),
}


def season_start(season: str, today: dt.date) -> dt.date:
    """The start day chosen in the next `season` (a `SEASONS` key) that has not passed: its
    first Saturday after `today`, else its first day after `today` (as `period_start`).

    Raises:
        KeyError: `season` is unknown.
    """
    m1, d1, m2, d2 = SEASONS[season]
    for year in range(today.year - 1, today.year + 2):
        lo = dt.date(year, m1, d1)
        hi = dt.date(year + (m2 < m1), m2, d2)
        if hi > today:
            return _start_in(lo, hi, today)
    raise KeyError(season)  # unreachable: next year's window is always ahead


def _start_in(lo: dt.date, hi: dt.date, today: dt.date) -> dt.date:
    first = max(lo, today + dt.timedelta(days=1))
    saturday = first + dt.timedelta(days=(5 - first.weekday()) % 7)
    calm = saturday
    while calm <= hi:  # a weekend whose days are not a holiday's crowds
        if not any(holiday_on(calm + dt.timedelta(days=k)) for k in range(CLEAR_DAYS)):
            return calm
        calm += dt.timedelta(days=7)
    return saturday if saturday <= hi else first


def _window(year: int, month: int, lo_day: int, hi_day: int) -> tuple[dt.date, dt.date]:
    last = calendar.monthrange(year, month)[1]
    lo = last + lo_day if lo_day <= 0 else lo_day
    hi = last if hi_day == 0 else hi_day
    return dt.date(year, month, lo), dt.date(year, month, hi)


def _add_month(year: int, month: int) -> tuple[int, int]:
    return (year + 1, 1) if month == 12 else (year, month + 1)
