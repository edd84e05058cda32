"""Shows at set times (a musical fountain): which play on a date, whether a visit sees one, and
the line a timeline row says about them.

Times come from `Attraction.shows` (`ShowTimes`, sourced in `Attraction.shows_source`), local
time, minutes after midnight.
"""

from __future__ import annotations

import datetime as dt

from engine.i18n import pick
from engine.knowledge.festivals import holiday_on
from engine.knowledge.periods import in_period
from engine.knowledge.schema import Attraction, ShowTimes

#: A visit is there this many minutes before a show at most (the planner's window,
#: `engine.planning.model`) …
SHOW_EARLY_MAX = 15
#: … and at least this many (to find a place to stand).
SHOW_EARLY_MIN = 8
#: OSM weekday abbreviations (`ShowTimes.days`), Monday first (`date.weekday()`).
WEEKDAYS = ("Mo", "Tu", "We", "Th", "Fr", "Sa", "Su")


def _minutes(clock: str) -> int:
    return int(clock[:2]) * 60 + int(clock[3:])


def shows_on(place: Attraction, date: dt.date) -> ShowTimes | None:
    """The `ShowTimes` of `place` that hold on `date` (the first whose period and weekdays hold
    it: a light show on Fridays, Saturdays and public holidays), None when it plays none that
    day or has no show times."""
    for show in place.shows:
        if (not show.start or in_period(date, show.start, show.end)) and _plays_on(show, date):
            return show
    return None


def _plays_on(show: ShowTimes, date: dt.date) -> bool:
    """Whether `show` plays on the weekday of `date` (`ShowTimes.days`, `ShowTimes.holidays`)."""
    if not show.days or WEEKDAYS[date.weekday()] in show.days:
        return True
    return show.holidays and holiday_on(date) is not None


def days_words(show: ShowTimes, lang: str) -> str:
    """The days `show` plays, in words (「周五、周六和法定节假日」, "Fridays, Saturdays and public
    holidays"); "" when it plays every day."""
    if not show.days:
        return ""
    zh = "、".join("周" + "一二三四五六日"[WEEKDAYS.index(d)] for d in show.days)
    en = ", ".join(_EN_DAYS[WEEKDAYS.index(d)] for d in show.days)
    if show.holidays:
        return pick(lang, f"{zh}和法定节假日", f"{en} and public holidays")
    return pick(lang, zh, en)


_EN_DAYS = ("Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays", "Sundays")


def starts_on(place: Attraction, date: dt.date) -> list[tuple[int, int]]:
    """The shows of `place` on `date`: (start, end) in minutes after local midnight; [] when
    none plays that day."""
    show = shows_on(place, date)
    if show is None:
        return []
    return [(_minutes(t), _minutes(t) + show.minutes) for t in show.times]


def seen_show(place: Attraction, date: dt.date, start: int, end: int) -> tuple[int, int] | None:
    """The show a visit from `start` to `end` (minutes after midnight) sees — it is there by the
    show's start and stays at least half of it — else None."""
    for begin, stop in starts_on(place, date):
        if start <= begin and end >= begin + (stop - begin) // 2:
            return begin, stop
    return None


def show_line(place: Attraction, date: dt.date, start: int, end: int, lang: str) -> str:
    """What a timeline row of a visit to `place` from `start` to `end` says about its shows:
    「表演19:30开始，约20分钟；提前10分钟到」 when the visit sees one, 「错过表演时间：…」 when
    it sees none (the visit was kept at another hour), 「当天没有表演」 when none plays that day;
    "" for a place without show times."""
    if not place.shows:
        return ""
    show = shows_on(place, date)
    if show is None:
        days = pick(lang, "、", ", ").join(
            w for w in (days_words(s, lang) for s in place.shows) if w
        )
        if days:
            return pick(
                lang, f"当天没有表演（只在{days}演出）", f"No show that day (only on {days})"
            )
        return pick(lang, "当天没有表演（见表演季节）", "No show that day (see its season)")
    clocks = pick(lang, "、", ", ").join(show.times)
    seen = seen_show(place, date, start, end)
    if seen is None:
        return pick(
            lang,
            f"错过表演时间：表演{clocks}开始，每场约{show.minutes}分钟",
            f"Misses the show: it starts at {clocks}, about {show.minutes} min each",
        )
    begin, _ = seen
    clock = f"{begin // 60:02d}:{begin % 60:02d}"
    early = begin - start
    ahead = pick(lang, f"；提前{early}分钟到", f"; there {early} min early") if early else ""
    return pick(
        lang,
        f"表演{clock}开始，约{show.minutes}分钟{ahead}",
        f"The show starts at {clock}, about {show.minutes} min{ahead}",
    )
