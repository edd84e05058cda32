"""A trip said by its month only (「九月去海宁看钱塘江大潮」) starts on the peak of the sight it is
for: the days around the sight's lunar peak (`Attraction.best_lunar_day`, 八月十八 for the bore)
when they fall in that month, instead of the month's first Saturday."""

from __future__ import annotations

import datetime as dt
import re

from engine.knowledge.base import KnowledgeBase
from engine.knowledge.lunar_peaks import peak_date
from engine.understanding.found import Found

#: A date said as a whole month: 九月, 9月份, 十月里, "in September", "September".
_MONTH_ONLY = re.compile(
    r"^(?:(?:\d{1,2}|[一二三四五六七八九十]{1,3})\s*月(?:份|里|中)?"
    r"|(?:in\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*)$",
    re.IGNORECASE,
)


def peak_start(
    start: dt.date | None,
    found: list[Found],
    must_see: list[str],
    kb: KnowledgeBase | None,
    days: int,
) -> dt.date | None:
    """The start that puts the trip on the peak of a must-see with a lunar peak, when the date
    was said as a month only and the peak falls in that month (the peak day is then the trip's
    middle day, or its first of two); None to keep `start`."""
    said = next((f.said for f in found if f.kind == "date"), "")
    if start is None or kb is None or not _MONTH_ONLY.match(said.strip()):
        return None
    for poi in must_see:
        place = kb.attraction(poi)
        peak = peak_date(place, start.year) if place is not None else None
        if peak is not None and peak.month == start.month and peak.year == start.year:
            return peak - dt.timedelta(days=(max(days, 1) - 1) // 2)
    return None
