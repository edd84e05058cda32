"""Chinese public holidays by year: 国庆, 春节, 清明, 五一, 端午, 中秋, 元旦 → the first day off.

Dates come from the `holidays` package's China calendar (python-holidays, MIT; it follows the
State Council's yearly notices where published and computes the lunar festivals otherwise), so
years after this release still resolve. Christmas and Valentine's Day are fixed dates.
"""

from __future__ import annotations

import datetime as dt
import functools
from typing import Any

#: Festival → the holiday names (python-holidays, ``en_US``) whose first date starts it.
_NAMES: dict[str, tuple[str, ...]] = {
    "national": ("National Day",),
    "new-year": ("New Year's Day",),
    "spring": ("Chinese New Year's Eve", "Chinese New Year (Spring Festival)"),
    "qingming": ("Tomb-Sweeping Day",),
    "labour": ("Labor Day",),
    "dragon": ("Dragon Boat Festival",),
    "autumn": ("Mid-Autumn Festival",),
}
#: Festivals that are no public holiday in China: fixed (month, day).
_FIXED: dict[str, tuple[int, int]] = {"christmas": (12, 25), "valentine": (2, 14)}

#: Words (lower case, spaces for hyphens) → festival.
WORDS: dict[str, str] = {
    "国庆": "national", "十一": "national", "national day": "national", "golden week": "national",
    "元旦": "new-year", "new year": "new-year", "五一": "labour", "劳动节": "labour",
    "may day": "labour", "labor day": "labour", "labour day": "labour", "清明": "qingming",
    "qingming": "qingming", "tomb sweeping": "qingming", "春节": "spring", "过年": "spring",
    "chinese new year": "spring", "lunar new year": "spring", "spring festival": "spring",
    "端午": "dragon", "dragon boat": "dragon", "中秋": "autumn", "mid autumn": "autumn",
    "midautumn": "autumn", "圣诞": "christmas", "christmas": "christmas", "情人节": "valentine",
    "valentine": "valentine",
}  # fmt: skip


def festival_start(festival: str, today: dt.date) -> dt.date | None:
    """The first day off of `festival` (a `WORDS` value) that has not passed on `today`
    (today itself when the holiday is under way), or None when it is unknown."""
    if festival in _FIXED:
        month, day = _FIXED[festival]
        this_year = dt.date(today.year, month, day)
        return this_year if this_year >= today else dt.date(today.year + 1, month, day)
    names = _NAMES.get(festival)
    if names is None:
        return None
    for year in (today.year, today.year + 1):
        days = sorted(d for d, name in _calendar(year).items() if _named(name, names))
        if days and days[-1] >= today:
            return max(days[0], today)
    return None


def festival_end(festival: str, today: dt.date) -> dt.date | None:
    """The last day off of the `festival` (a `WORDS` value) that `festival_start` gives, or
    None when it is unknown (one day for a fixed-date festival such as Christmas); 国庆 and
    春节 last seven days at least."""
    start = festival_start(festival, today)
    names = _NAMES.get(festival)
    if start is None or names is None:
        return start
    days = sorted(d for d, name in _calendar(start.year).items() if _named(name, names))
    end = start
    while end + dt.timedelta(days=1) in days:  # the run of days off that holds `start`
        end += dt.timedelta(days=1)
    if festival in ("national", "spring"):  # the State Council's notice makes these a week
        end = max(end, start + dt.timedelta(days=6))  # at least, with swapped weekend days
    return end  # that the calendar of a later year may not hold yet


def _named(name: str, names: tuple[str, ...]) -> bool:
    return any(part.strip() in names for part in name.split(";"))


@functools.cache
def _calendar(year: int) -> Any:
    import holidays  # about 0.4 s: only when a festival is named

    return holidays.China(years=year, language="en_US")


#: Festival -> its name (zh, en), for notes about a trip during it.
HOLIDAY_NAMES: dict[str, tuple[str, str]] = {
    "national": ("国庆假期", "the National Day holiday"), "spring": ("春节假期", "the Spring Festival"),
    "labour": ("五一假期", "the May Day holiday"), "qingming": ("清明假期", "the Qingming holiday"),
    "dragon": ("端午假期", "the Dragon Boat holiday"), "autumn": ("中秋假期", "the Mid-Autumn holiday"),
    "new-year": ("元旦假期", "the New Year holiday"),
}  # fmt: skip
#: The week-long holidays (黄金周): the busiest travel of the year.
GOLDEN_WEEKS = frozenset({"national", "spring", "labour"})


#: (month, day) spans that can hold a public holiday in any year (the lunar ones move within
#: them): 元旦, 春节 (Jan 20 – Feb 25), 清明, 五一, 端午 (late May – June), 中秋 and 国庆.
_HOLIDAY_SEASONS = (((1, 1), (1, 3)), ((1, 20), (2, 25)), ((4, 3), (4, 7)), ((4, 29), (5, 6)),
                    ((5, 27), (6, 26)), ((9, 6), (10, 9)), ((12, 30), (12, 31)))  # fmt: skip


def holiday_on(date: dt.date) -> str | None:
    """The public holiday `date` falls in (a `_NAMES` key: statutory and observed days off per
    python-holidays; the State Council's notice of the year sets the exact days), or None."""
    if not any(a <= (date.month, date.day) <= b for a, b in _HOLIDAY_SEASONS):
        return None  # no holiday can fall here: spare the calendar's import (about 0.4 s)
    name = _calendar(date.year).get(date)
    if not name:
        return None
    for festival, names in _NAMES.items():
        if _named(str(name).replace(" (observed)", ""), names):
            return festival
    return None
