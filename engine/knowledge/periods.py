"""Yearly periods ("MM-DD".."MM-DD", both ends inclusive, may wrap the new year): whether a date
lies in one, and how to say one (「12月1日–2月底」 / "1 Dec – end of Feb")."""

from __future__ import annotations

import datetime as dt

_MONTHS_EN = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def month_day(date: dt.date) -> str:
    """`date` as ``"MM-DD"``."""
    return f"{date.month:02d}-{date.day:02d}"


def in_period(date: dt.date, start: str, end: str) -> bool:
    """Whether `date` lies in the yearly period `start`..`end` ("MM-DD", inclusive; a period
    with `start` > `end` wraps the new year, e.g. ``"12-01"``..``"02-28"``).

    A period ending ``"02-28"`` also holds 29 February (sources write 「2月底」 either way).
    """
    md = month_day(date)
    if end == "02-28":
        end = "02-29"
    if start <= end:
        return start <= md <= end
    return md >= start or md <= end


def _day_text(md: str, lang: str, *, is_end: bool) -> str:
    month, day = int(md[:2]), int(md[3:])
    if is_end and month == 2 and day >= 28:  # the last day of February varies: say 月底
        return "2月底" if lang == "zh" else "end of Feb"
    return f"{month}月{day}日" if lang == "zh" else f"{day} {_MONTHS_EN[month - 1]}"


def period_text(start: str, end: str, lang: str) -> str:
    """The period in words: 「12月1日–2月底」, 「3月1日–11月30日」; "1 Dec – end of Feb"."""
    sep = "–" if lang == "zh" else " – "
    return _day_text(start, lang, is_end=False) + sep + _day_text(end, lang, is_end=True)
