"""Chinese public holidays by year: 国庆, 春节, 清明, 五一, 端午, 中秋, 元旦 → the first day off.

The days off are the State Council's (`engine.knowledge.holiday_spans`: its yearly notice where
published, else estimated by the notice's rules from the festival days of the `holidays`
package), so years after this release still resolve. Christmas and Valentine's Day are fixed
dates.
"""

from __future__ import annotations

import datetime as dt

from engine.knowledge.holiday_spans import FESTIVALS, HolidaySpan, holiday_span

_THREE_DAYS = dt.timedelta(days=3)
#: Festivals that are no public holiday in China: fixed (month, day).
_FIXED: dict[str, tuple[int, int]] = {"christmas": (12, 25), "valentine": (2, 14)}

#: Words (lower case, spaces for hyphens) → festival.
WORDS: dict[str, str] = {
    "国庆": "national", "十一": "national", "national day": "national", "golden week": "national",
    "元旦": "new-year", "new year": "new-year", "五一": "labour", "劳动节": "labour",
    "may day": "labour", "labor day": "labour", "labour day": "labour", "清明": "qingming",
    "qingming": "qingming", "tomb sweeping": "qingming", "春节": "spring", "过年": "spring",
    "春运": "spring",  # the Spring Festival travel rush: the trip home for the new year
    "chinese new year": "spring", "lunar new year": "spring", "spring festival": "spring",
    "端午": "dragon", "dragon boat": "dragon", "中秋": "autumn", "mid autumn": "autumn",
    "midautumn": "autumn", "圣诞": "christmas", "christmas": "christmas", "情人节": "valentine",
    "valentine": "valentine",
}  # fmt: skip


def festival_start(festival: str, today: dt.date) -> dt.date | None:
    """The first day off of `festival` (a `WORDS` value) that has not passed on `today`
    (today itself when the holiday is under way), or None when it is unknown; the days off
    are the State Council's (`engine.knowledge.holiday_spans`: published, or estimated by its
    rules), so 清明 of 2027 starts on Saturday 04-03, not on the festival day 04-05; 中秋 merged
    into the 国庆 week starts on its own day, inside the week."""
    if festival in _FIXED:
        month, day = _FIXED[festival]
        this_year = dt.date(today.year, month, day)
        return this_year if this_year >= today else dt.date(today.year + 1, month, day)
    span = next_span(festival, today)
    if span is None:
        return None
    if festival == "autumn" and span.start < span.day and span.end - span.start > _THREE_DAYS:
        return max(span.day, today)  # 中秋 inside the 国庆 week: from the festival night on
    return max(span.start, today)


def festival_end(festival: str, today: dt.date) -> dt.date | None:
    """The last day off of the `festival` (a `WORDS` value) that `festival_start` gives, or
    None when it is unknown (one day for a fixed-date festival such as Christmas)."""
    span = next_span(festival, today)
    return span.end if span is not None else festival_start(festival, today)


def next_span(festival: str, today: dt.date) -> HolidaySpan | None:
    """The days off of the next `festival` (a `FESTIVALS` key) that has not ended on `today`,
    or None for a festival with no days off (Christmas) or an unknown one."""
    for year in (today.year, today.year + 1):
        span = holiday_span(festival, year)
        if span is None:
            return None
        if span.end >= today:
            return span
    return None


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
#: them): 元旦, 春节 (Jan 20 – Feb 28), 清明, 五一, 端午 (late May – June), 中秋 and 国庆.
_HOLIDAY_SEASONS = (((1, 1), (1, 3)), ((1, 20), (2, 28)), ((4, 2), (4, 7)), ((4, 28), (5, 6)),
                    ((5, 26), (6, 26)), ((9, 5), (10, 9)), ((12, 29), (12, 31)))  # fmt: skip


def holiday_on(date: dt.date) -> str | None:
    """The public holiday `date` falls in (a `FESTIVALS` key; 国庆 before 中秋 when merged), by
    the days off of `engine.knowledge.holiday_spans` (the State Council's notice of the year,
    or its rules where not yet published), or None."""
    if not any(a <= (date.month, date.day) <= b for a, b in _HOLIDAY_SEASONS):
        return None  # no holiday can fall here: spare the calendar's import (about 0.4 s)
    for festival in FESTIVALS:
        for year in (date.year, date.year + 1):  # 元旦 of next year may begin on 12-30
            span = holiday_span(festival, year)
            if span is not None and span.holds(date):
                return festival
    return None
