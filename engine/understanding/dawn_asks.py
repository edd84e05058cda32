"""A sunrise asked at a stop of a day (「第二天想去日光岩看日出」 on a plan whose day 2 holds
鼓浪屿, of which 日光岩 is a spot): the visit moved to start before sunrise when the place is
open then (`engine.editing.ops.SetStopTime`), else an answer that says when the sun rises there
that day and when the place opens (`dawn_answer`) — never "it is on day 2 already, keep it"."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from engine.domain.itinerary import Item, ItemKind, Itinerary
from engine.editing.ops import SetStopTime
from engine.editing.places import SAID, name_score, spot_named
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.hours import HoursError, fmt_minutes, place_windows
from engine.knowledge.schema import Attraction
from engine.knowledge.sun import sun_times
from engine.understanding.edit_refs import day_number, stop_names

SUNRISE = re.compile(r"日出|朝阳|\bsunrise\b|\bdawn\b", re.I)
#: How long before sunrise a visit asked for the sunrise starts (minutes): to be there for it.
BEFORE_SUNRISE_MIN = 20


@dataclass(frozen=True)
class _Dawn:
    item: Item
    place: Attraction
    spot: str | None  # the spot said (日光岩), None: the place itself
    day: int
    rise: int  # sunrise there that day, minutes after midnight
    opens: int | None  # when the place opens that day (None: closed all day)


def dawn_edit(text: str, it: Itinerary, kb: KnowledgeBase) -> SetStopTime | None:
    """The stop of the day said, set to start `BEFORE_SUNRISE_MIN` before sunrise, when the
    place is open by then; None when no sunrise at a stop of a day is said, or it is not open."""
    dawn = _dawn(text, it, kb)
    if dawn is None or dawn.opens is None or dawn.opens > dawn.rise - BEFORE_SUNRISE_MIN:
        return None
    start = dawn.rise - BEFORE_SUNRISE_MIN
    return SetStopTime(stop=dawn.place.id, start=dt.time(start // 60, start % 60), make_room=True)


def asks_dawn(text: str, it: Itinerary, kb: KnowledgeBase) -> bool:
    """Whether `text` asks for a sunrise at a stop of a day of `it` (an edit or an answer)."""
    return _dawn(text, it, kb) is not None


def dawn_answer(text: str, it: Itinerary, kb: KnowledgeBase, lang: str) -> str | None:
    """Why the sunrise asked at a stop of a day cannot be seen (the place opens after it), with
    the times: sunrise there that day, opening, the visit as planned; None when `text` asks for
    none or `dawn_edit` can do it."""
    dawn = _dawn(text, it, kb)
    if dawn is None or dawn_edit(text, it, kb) is not None:
        return None
    date = it.days[dawn.day - 1].date
    name = dawn.place.name(lang)
    where = dawn.spot or name
    inside = dawn.spot is not None
    visit = f"{dawn.item.start:%H:%M}–{dawn.item.end:%H:%M}"
    rise = fmt_minutes(dawn.rise)
    if dawn.opens is None:
        opens_zh, opens_en = f"{name}那天不开放", f"{name} is closed that day"
    else:
        at = fmt_minutes(dawn.opens)
        opens_zh, opens_en = f"资料里{name}{at}才开放", f"{name} opens only at {at}"
    return pick(
        lang,
        f"{where}{'在' + name + '里，' if inside else ''}已排在第{dawn.day}天（{visit}）；"
        f"{date.month}月{date.day}日那里日出约{rise}，{opens_zh}，看不到日出，行程没有改动",
        f"{where}{' (inside ' + name + ')' if inside else ''} is on day {dawn.day} ({visit}); "
        f"sunrise there on {date:%b} {date.day} is about {rise} and {opens_en}, so the sunrise "
        "cannot be seen there; the plan is unchanged",
    )


def _dawn(text: str, it: Itinerary, kb: KnowledgeBase) -> _Dawn | None:
    day = day_number(text, len(it.days))
    if day is None or not 1 <= day <= len(it.days) or not SUNRISE.search(text):
        return None
    the_day = it.days[day - 1]
    query = SUNRISE.sub("", text).lower()
    for item in the_day.items:
        place = kb.place(item.poi_id or "") if item.kind == ItemKind.ATTRACTION else None
        if not isinstance(place, Attraction):
            continue
        words = re.sub(r"^.*?(?:去|到|在|上)", "", SUNRISE.sub("", text)).strip("看想 ")
        spot = spot_named(words, place) if words else None
        if spot is None and name_score(query, stop_names(item, kb)) < SAID:
            continue
        rise, _ = sun_times(place.lat, place.lon, the_day.date)
        try:
            windows = place_windows(place, the_day.date)
        except HoursError:
            return None
        opens = windows[0][0] if windows else None
        return _Dawn(item, place, spot, day, rise, opens)
    return None
