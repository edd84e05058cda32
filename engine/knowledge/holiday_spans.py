"""The days off of each Chinese public holiday in a year (国庆, 春节, 清明 …): the span of the
State Council's notice where it is published, else an estimate by the notice's own rules.

Published (国务院办公厅关于…年部分节假日安排的通知, read 2026-12-03):
- 2025: notice of 2024-11-12 (国办发明电〔2024〕12号; Xinhua's full text, reposted at
  gbitcoin.cn/20241113/eef049eea4e94ef591c5bde42aec1c87/c.html and wxredian.com).
- 2026: notice of 2025-11-04 (Xinhua's full text at politics.gmw.cn/2025-11/04/content_38391083.htm).
- 2027: no notice found on 2026-12-03 (searched 「2027年部分节假日安排」): estimated.

Estimated years follow the rules the 2025 notice states ("除个别特殊情形外，春节自农历除夕起放假调休
8天，国庆节自10月1日起放假调休7天，劳动节放假调休5天，元旦、清明节、端午节、中秋节分别放假调休或连休
3天（如逢周三则只在当日放假），国庆节放假如逢中秋节则合并放假8天"): a three-day holiday is the
festival day joined to its weekend (Tuesday: from the Sunday; Thursday: to the Saturday). The
festival days themselves (除夕, 清明, 端午, 中秋 by the lunar and solar calendars) come from the
`holidays` package (python-holidays, MIT).
"""

from __future__ import annotations

import datetime as dt
import functools
from dataclasses import dataclass
from typing import Any

_DAY = dt.timedelta(days=1)


@dataclass(frozen=True)
class HolidaySpan:
    """The days off of one holiday.

    Attributes:
        festival: an `engine.knowledge.festivals` key ("qingming", "national" …).
        start, end: the first and last day off (local dates, both inclusive).
        official: True when a State Council notice sets the days; False when estimated.
        source: the notice (title and date) or how the estimate was made.
        day: the festival's own day (中秋 night, 初一 …; 10-01 for 国庆, 05-01 for 五一).
    """

    festival: str
    start: dt.date
    end: dt.date
    official: bool
    source: str
    day: dt.date

    def holds(self, date: dt.date) -> bool:
        """Whether `date` is one of the days off."""
        return self.start <= date <= self.end


_N2025 = "国务院办公厅关于2025年部分节假日安排的通知（2024-11-12）"
_N2026 = "国务院办公厅关于2026年部分节假日安排的通知（2025-11-04）"
#: Year → (notice, festival → (first, last day off)), from the notices above.
NOTICES: dict[int, tuple[str, dict[str, tuple[str, str]]]] = {
    2025: (_N2025, {"new-year": ("2025-01-01", "2025-01-01"),
                    "spring": ("2025-01-28", "2025-02-04"),
                    "qingming": ("2025-04-04", "2025-04-06"),
                    "labour": ("2025-05-01", "2025-05-05"),
                    "dragon": ("2025-05-31", "2025-06-02"),
                    "national": ("2025-10-01", "2025-10-08"),
                    "autumn": ("2025-10-01", "2025-10-08")}),
    2026: (_N2026, {"new-year": ("2026-01-01", "2026-01-03"),
                    "spring": ("2026-02-15", "2026-02-23"),
                    "qingming": ("2026-04-04", "2026-04-06"),
                    "labour": ("2026-05-01", "2026-05-05"),
                    "dragon": ("2026-06-19", "2026-06-21"),
                    "autumn": ("2026-09-25", "2026-09-27"),
                    "national": ("2026-10-01", "2026-10-07")}),
}  # fmt: skip
ESTIMATED = "按国务院办公厅2025年通知的放假原则估算（当年安排尚未发布）"

#: Festival → the python-holidays (``en_US``) name of its festival day.
_DAY_NAMES = {"new-year": "New Year's Day", "spring": "Chinese New Year (Spring Festival)",
              "qingming": "Tomb-Sweeping Day", "dragon": "Dragon Boat Festival",
              "autumn": "Mid-Autumn Festival"}  # fmt: skip
FESTIVALS = ("national", "spring", "labour", "qingming", "dragon", "autumn", "new-year")


@functools.cache
def holiday_span(festival: str, year: int) -> HolidaySpan | None:
    """The days off of `festival` (a `FESTIVALS` key) of `year` (元旦 of 2028 may begin on
    2027-12-31): the notice's where published (`NOTICES`), else estimated; None for an unknown
    festival."""
    if festival not in FESTIVALS:
        return None
    notice = NOTICES.get(year)
    if notice is not None and festival in notice[1]:
        first, last = notice[1][festival]
        return HolidaySpan(festival, dt.date.fromisoformat(first), dt.date.fromisoformat(last),
                           official=True, source=notice[0], day=_festival_day(festival, year))  # fmt: skip
    start, end = _estimate(festival, year)
    return HolidaySpan(festival, start, end, official=False, source=ESTIMATED,
                       day=_festival_day(festival, year))  # fmt: skip


def _estimate(festival: str, year: int) -> tuple[dt.date, dt.date]:
    national = dt.date(year, 10, 1)
    if festival in ("national", "autumn"):
        autumn = _festival_day("autumn", year)
        if national - 2 * _DAY <= autumn <= national + 6 * _DAY:  # merged: 8 days
            start = min(autumn, national)
            return start, start + 7 * _DAY
        if festival == "national":
            return national, national + 6 * _DAY
    if festival == "spring":  # from 除夕, the day before 初一
        eve = _festival_day("spring", year) - _DAY
        return eve, eve + 7 * _DAY
    if festival == "labour":  # 5 days holding 1 and 2 May: from the Saturday before a Sun/Mon
        may1 = dt.date(year, 5, 1)
        start = may1 - dt.timedelta(days={6: 1, 0: 2}.get(may1.weekday(), 0))
        return start, start + 4 * _DAY
    day = _festival_day(festival, year)
    weekday = day.weekday()  # Mon 0 … Sun 6
    if weekday == 2:  # a Wednesday: that day only
        return day, day
    start = day - dt.timedelta(days={0: 2, 1: 2, 6: 1}.get(weekday, 0))
    return start, start + 2 * _DAY


def _festival_day(festival: str, year: int) -> dt.date:
    if festival not in _DAY_NAMES:
        return dt.date(year, 10, 1) if festival == "national" else dt.date(year, 5, 1)
    name = _DAY_NAMES[festival]
    days = [d for d, n in _calendar(year).items() if name in str(n).split("; ")]
    return min(days) if days else dt.date(year, 1, 1)


@functools.cache
def _calendar(year: int) -> Any:
    import holidays  # about 0.4 s: only when a holiday is looked up

    return holidays.China(years=year, language="en_US")


def span_words(span: HolidaySpan, lang: str) -> str:
    """The days off in words, with where they come from: 「4月3日–5日，估算：2027年的放假安排尚未
    发布」 / "3–5 Apr, estimated: the 2027 notice is not out yet"; 「…，据国务院办公厅通知」."""
    s, e = span.start, span.end
    if lang == "zh":
        days = f"{s.month}月{s.day}日" + (
            "" if s == e else f"–{e.day}日" if s.month == e.month else f"–{e.month}月{e.day}日"
        )
        where = "据国务院办公厅通知" if span.official else f"估算：{e.year}年的放假安排尚未发布"
        return f"{days}，{where}"
    months = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
    end = f"{e.day} {months[e.month - 1]}"
    days = end if s == e else f"{s.day}–{end}" if s.month == e.month else (
        f"{s.day} {months[s.month - 1]} – {end}")  # fmt: skip
    where = (
        "per the State Council's notice"
        if span.official
        else f"estimated: the {e.year} notice is not out yet"
    )
    return f"{days}, {where}"
