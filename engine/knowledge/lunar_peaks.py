"""The dates of a sight's lunar peak (`Attraction.best_lunar_day`: 钱塘江大潮 on 八月十八), and the
words a plan says about them.

The 8th lunar month is placed by its 15th, 中秋 (`engine.knowledge.holiday_spans`, from the
`holidays` package's lunisolar calendar): 八月十八 is three days after it. Days of other lunar
months are not known here.
"""

from __future__ import annotations

import datetime as dt

from engine.i18n import pick
from engine.knowledge.holiday_spans import holiday_span
from engine.knowledge.schema import Attraction

#: The 中秋 day is the 15th of the 8th lunar month.
_MID_AUTUMN_DAY = 15


def peak_date(place: Attraction, year: int) -> dt.date | None:
    """The Gregorian date of `place`'s lunar peak in `year`, or None when it has none."""
    if not place.best_lunar_day:
        return None
    span = holiday_span("autumn", year)
    if span is None:
        return None
    day = int(place.best_lunar_day[3:])
    return span.day + dt.timedelta(days=day - _MID_AUTUMN_DAY)


def peak_words(place: Attraction, date: dt.date, lang: str) -> str:
    """What a visit on `date` should know of `place`'s peak: 「农历八月十八（2027年9月18日）前后最
    壮观（八月十六至二十）；这天不在其中，相差14天」, or "" when the place has none."""
    peak = peak_date(place, date.year)
    if peak is None:
        return ""
    lunar = f"八月{_lunar_day_zh(int(place.best_lunar_day[3:]))}"
    span = place.best_lunar_span
    first, last = peak - dt.timedelta(days=span), peak + dt.timedelta(days=span)
    around = (
        pick(lang, f"（{_lunar_span_zh(place)}）", f" ({first:%d %b}–{last:%d %b})") if span else ""
    )
    head = pick(lang, f"农历{lunar}（{peak.year}年{peak.month}月{peak.day}日）前后最壮观{around}",
                f"at its greatest around the 18th day of the 8th lunar month ({peak:%d %b %Y})"
                f"{around}")  # fmt: skip
    if first <= date <= last:
        return head + pick(lang, "；这天正在其中", "; this day is one of them")
    off = min(abs((date - first).days), abs((date - last).days))
    return head + pick(lang, f"；这天不在其中，相差{off}天，想看大潮可改在那几天",
                       f"; this day is {off} days outside them — go then for the big bore")  # fmt: skip


def _lunar_day_zh(day: int) -> str:
    tens, ones = divmod(day, 10)
    digits = "〇一二三四五六七八九"
    if day <= 10:
        return "初" + ("十" if day == 10 else digits[ones])
    if day < 20:
        return "十" + (digits[ones] if ones else "")
    return ("二十" if tens == 2 else "三十") + (digits[ones] if ones else "")


def _lunar_span_zh(place: Attraction) -> str:
    day = int(place.best_lunar_day[3:])
    span = place.best_lunar_span
    return f"八月{_lunar_day_zh(day - span)}至{_lunar_day_zh(day + span)}"
