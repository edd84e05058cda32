"""Follow-ups that move a sight to its evening hour (zh/en): 「第二天傍晚去鸣沙山看日落」, "move
Mingsha Dunes to the evening of day 2 for the sunset", 「鸣沙山改到晚上去」, 「南山一棵树改到晚上去」.

A place whose point is the sunset (`Attraction.best_time` ``sunset``), or one where a sunset
said is watched (tag ``sunset`` or a sunset highlight), is timed so its visit ends
`AFTER_SUNSET_MIN` after that day's sunset (`engine.knowledge.sun`); a place seen at night
(``after_dark``, or a night tag: `pace.NIGHT_TAGS`) goes after that day's dinner. Either way a
sight of that day that keeps it out moves or is left out, said so (`MoveStop.start`,
`SetStopTime.make_room`). Other places are left to the other readers (the evening of 故宫 is
its closing time's business).
"""

from __future__ import annotations

import datetime as dt
import re

from engine.domain.itinerary import ItemKind, Itinerary, clock_minutes
from engine.editing.ops import Edit, MoveStop, SetStopTime
from engine.editing.places import EXACT, SAID, name_score
from engine.editing.sketch import is_stop
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import Attraction
from engine.knowledge.sun import sun_times
from engine.planning.pace import NIGHT_TAGS
from engine.understanding.edit_refs import (
    LAST_POSITION,
    after_dinner,
    day_number,
    stop_named,
    stop_names,
)

#: Words of the evening or the night (a part of the day asked for a stop).
EVENING = re.compile(r"晚上|傍晚|夜里|夜晚|天黑|黄昏|\bevening\b|\bat night\b|\btonight\b|\bdusk\b",
                     re.I)  # fmt: skip
#: Words of the sunset.
SUNSET = re.compile(r"日落|夕阳|晚霞|落日|\bsunset\b|\bsundown\b", re.I)
#: Words of a meal or a night's stay: their own edits (「第二天晚上住阳朔」, 「晚上去X吃饭」).
_NOT_A_VISIT = re.compile(r"吃|饭|餐|住|\b(?:eat|lunch|dinner|stay|sleep)\b", re.I)
#: How long after sunset a visit asked for the sunset ends (minutes): the light after it.
AFTER_SUNSET_MIN = 20


def sunset_place(place: Attraction) -> bool:
    """Whether a sunset is watched at `place` (its point, its tag, or a sunset highlight)."""
    return (
        place.best_time == "sunset"
        or "sunset" in place.tags
        or any(h.kind == "sunset" for h in place.highlights)
    )


def night_place(place: Attraction) -> bool:
    """Whether `place` is seen at night (its point is after dark, or a night tag)."""
    return place.best_time == "after_dark" or bool(NIGHT_TAGS & set(place.tags))


def evening_move(text: str, it: Itinerary, kb: KnowledgeBase) -> Edit | None:
    """The edit that puts the stop `text` names at its evening hour (see the module docstring)
    on the day said, or its own day; None when no evening or sunset is said, no stop of the
    plan is named, or the stop is neither a sunset nor a night place."""
    sunset_said = bool(SUNSET.search(text))
    if not (sunset_said or EVENING.search(text)) or _NOT_A_VISIT.search(text):
        return None
    named = _named_stop(text, it, kb)
    if named is None:
        return None
    place, own_day, minutes = named
    said = day_number(text, len(it.days))  # kept as said: a wish in the same follow-up may
    day = said or own_day  # re-plan the trip before the move is made
    if not 1 <= day <= len(it.days):
        return None
    if (sunset_said and sunset_place(place)) or place.best_time == "sunset":
        _rise, sunset = sun_times(place.lat, place.lon, it.days[day - 1].date)
        start = max(0, sunset + AFTER_SUNSET_MIN - minutes)
        at = dt.time(start // 60, start % 60)
        if day == own_day and _spans(it, day, place.id, sunset):
            return MoveStop(stop=place.id, day=said, position=_position(it, day, place.id))
        if day == own_day:
            return SetStopTime(stop=place.id, start=at, make_room=True)
        return MoveStop(stop=place.id, day=day, start=at)
    if sunset_said or not night_place(place):
        return None  # a sunset where none is watched: the other readers answer
    position = after_dinner(it, day, place.id) or LAST_POSITION
    return MoveStop(stop=place.id, day=said, position=position)


def _spans(it: Itinerary, day: int, poi_id: str, at: int) -> bool:
    """Whether the visit to `poi_id` on `day` already spans `at` (minutes after midnight)."""
    return any(
        i.poi_id == poi_id
        and i.kind == ItemKind.ATTRACTION
        and clock_minutes(i.start) <= at <= clock_minutes(i.end)
        for i in it.days[day - 1].items
    )


def _position(it: Itinerary, day: int, poi_id: str) -> int:
    """The 1-based stop position of `poi_id` on `day` (`sketch.is_stop`: meals counted)."""
    stops = [i for i in it.days[day - 1].items if is_stop(i)]
    return next((n for n, i in enumerate(stops, 1) if i.poi_id == poi_id), 1)


#: The words naming the stop moved (「把南山一棵树改到晚上」, "move Nanshan Yikeshu to the
#: evening"): part of a name will do (`stop_named`).
_MOVED = re.compile(
    r"^(?:把|将)?\s*(.+?)\s*(?:挪|移|放|调|换|改|安排)(?:到|在)"
    r"|\b(?:move|put|shift)\s+(.+?)\s+(?:to|into)\b",
    re.I,
)


def _named_stop(text: str, it: Itinerary, kb: KnowledgeBase) -> tuple[Attraction, int, int] | None:
    """The sight of the plan `text` names best: (place, its day, its visit minutes); the words
    before the verb of a move may name it by part of its name ("Nanshan Yikeshu")."""
    best: tuple[int, Attraction, int, int] | None = None
    moved = _MOVED.search(text)
    words = (moved.group(1) or moved.group(2) or "").strip().lower() if moved else ""
    said = stop_named(words, it, kb) if len(words) >= 2 else None
    for day in it.days:
        for item in day.items:
            place = kb.place(item.poi_id or "") if item.kind == ItemKind.ATTRACTION else None
            if not isinstance(place, Attraction):
                continue
            names = stop_names(item, kb)
            score = EXACT if place.id == said else name_score(text.lower(), names)
            if score < SAID and len(words) >= 4 and (part := name_score(words, names)):
                score = SAID + part  # part of its name said ("Nanshan Yikeshu")
            if score >= SAID and (best is None or score > best[0]):
                minutes = (item.end.hour * 60 + item.end.minute) - (
                    item.start.hour * 60 + item.start.minute)  # fmt: skip
                best = (score, place, day.index, minutes)
    return None if best is None else best[1:]
