"""A day more for another place, said as a follow-up (「加一天去乐山」, 「再加个乐山一日游」,
"add a day trip to Leshan"): the open trip gains that destination for one day (its sight, when
one was named, a must-see), never a new trip (`engine.understanding.revision`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.domain.itinerary import Itinerary
from engine.editing.ops import AddPlace, Edit, RegenerateDay
from engine.i18n import pick
from engine.knowledge.geo import haversine_m
from engine.understanding.attractions import clean, find_attraction, find_destination
from engine.understanding.edit_refs import DAY, place_ref

_END = r"(?=[，。,.;；!?！？]|$)"
_SAID = (
    re.compile(
        r"(?:加|多加|再加|增加)\s*(?:一|1)\s*天\s*(?:去|到)\s*(?P<a>[^，。,.;；!?！？\s]{2,12}?)"
        rf"(?:玩玩|玩|一日游|逛逛|看看|吧|呢)*{_END}"
    ),
    re.compile(
        r"(?:加|加上|加个|加一个|再加个|增加|安排|安排个)\s*(?:去)?\s*"
        rf"(?P<a>[^，。,.;；!?！？\s]{{2,12}}?)(?:的)?一日游(?:吧|呢)*{_END}"
    ),
    re.compile(
        r"\b(?:add|include|plan|fit in)\s+(?:a|one)\s+day[- ]trip\s+(?:out\s+)?to\s+"
        r"(?:the\s+)?(?P<a>[A-Za-z][\w' -]{1,40}?)(?=[,.;!?]|\s+and\b|$)",
        re.I,
    ),
    re.compile(
        r"\b(?:add|one more|an extra|another)\s+day\s+(?:in|at|for|to see|to visit|to)\s+"
        r"(?:the\s+)?(?P<a>[A-Za-z][\w' -]{1,40}?)(?=[,.;!?]|\s+and\b|$)",
        re.I,
    ),
)


@dataclass(frozen=True)
class DayAdded:
    """A day more for a destination the trip does not visit yet.

    Attributes:
        destination: its id; sight: the POI id of the sight named (乐山大佛), or None.
        said: the person's words.
    """

    destination: str
    sight: str | None
    said: str


def day_added_for(text: str, destinations: tuple[str, ...], kb: Any) -> DayAdded | None:
    """The day `text` adds for a destination outside `destinations` (by its name, or one of its
    sights'), or None (a day for the trip's own places is `engine.editing.ops.AddDay`)."""
    for pattern in _SAID:
        if (m := pattern.search(text)) is None:
            continue
        words = clean(m.group("a"))
        dest, sight = find_destination(words, kb), None
        if dest is None and (hit := find_attraction(words, kb)) is not None:
            sight, dest = hit
        if dest is not None and dest not in destinations:
            return DayAdded(dest, sight, m.group(0).strip())
    return None


def unknown_day_place(text: str, it: Itinerary, kb: Any) -> str | None:
    """The words of a place a day is added for (「加一天去那拉提」) that nothing in the knowledge
    base is — no destination, no sight, no place of the trip — else None. Such a day is not
    added empty (an added day that names no sight is filled by the solver with what is left:
    「加一天去那拉提」 gave a day of driving and waiting with no 那拉提); the answer says why."""
    for pattern in _SAID[:1] + _SAID[2:]:  # 「加一天去X」, "add a day (trip) in/to X"
        if (m := pattern.search(text)) is None:
            continue
        words = clean(
            re.sub(
                r"\s+(?:on|for|in)\s+(?:the\s+)?(?:day\b|first|second|third|"
                r"fourth|fifth|last).*$",
                "",
                m.group("a"),
                flags=re.I,
            )
        )
        if len(words) < 2 or find_destination(words, kb) or find_attraction(words, kb):
            return None
        return None if place_ref(words, it, kb) else words
    return None


def unknown_day_answer(text: str, it: Itinerary, kb: Any, lang: str) -> str | None:
    """The refusal of a day added for a place the knowledge base does not have, or None."""
    words = unknown_day_place(text, it, kb)
    if words is None:
        return None
    return pick(lang, f"资料里还没有「{words}」的景点和路线，没法专门加一天去那里，行程没有改动；"
                "想多玩一天可以说「加一天」",
                f"the knowledge base has no sights or routes for “{words}” yet, so I cannot add "
                'a day for it; the plan is unchanged (say "add a day" for one more day here)')  # fmt: skip


#: A day trip said for a day of the plan (「第三天去喀拉库勒湖一日游」, "add a day trip to Karakul
#: Lake on day 3", 「第二天去X玩一天」): the words of the place.
_ON_DAY = (
    re.compile(
        r"(?:去|到|加上?|加个|加一个|安排(?:个|一个)?)?\s*"
        r"(?P<a>[A-Za-z][A-Za-z' ()-]{1,40}?|[^，。,.;；!?！？\s]{2,12}?)"
        rf"(?:的)?\s*(?:一日游|玩一整?天|逛一整?天|待一整?天){_END}"
    ),
    re.compile(
        r"\b(?:a|one)\s+day[- ]trip\s+(?:out\s+)?to\s+(?:the\s+)?"
        r"(?P<a>[A-Za-z\u4e00-\u9fff][\w' ()\u4e00-\u9fff-]{1,40}?)"
        r"(?=\s+(?:on|for|in)\s+(?:the\s+)?(?:day|first|second|third|fourth|fifth|last)\b|[,.;!?]|$)",
        re.I,
    ),
)
#: A place at least this far (straight line, metres) from the night's lodging before a day
#: given to it is a day trip: the day is planned again around it, its other sights moved to
#: other days (卡拉库勒湖 is about 190 km from 喀什's old city; 「第三天加上卡拉库勒湖」 had been
#: refused as not fitting beside the old city's 3 hours).
FAR_DAY_M = 60_000.0


def day_trip_on(text: str, day: int | None, it: Itinerary, kb: Any) -> Edit | None:
    """Day `day` given to the place a day trip is said for (`_ON_DAY`): that day planned again
    around it (`RegenerateDay.near`), the sights it held moved to other days, said; None when
    no day or no day trip is said, or the words name another destination (a day added for it:
    `day_added_for`) or nothing known (answered by `unknown_day_trip_answer`)."""
    if day is None or day > len(it.days):
        return None
    words = _day_trip_words(text)
    if words is None or find_destination(words, kb) not in (None, *it.request.destinations):
        return None
    place = place_ref(words, it, kb)
    if place is None or kb.attraction(place) is None:
        return None
    return RegenerateDay(day=day, near=_name(place, it, kb))


def far_day(edit: Edit, it: Itinerary, kb: Any) -> Edit:
    """`edit` — a sight put on a day (「第三天加上卡拉库勒湖」) — as that day planned again around
    the sight when it lies `FAR_DAY_M` or more from the day's lodging (a day trip: it takes the
    day, the others move), else as it is."""
    if not isinstance(edit, AddPlace) or edit.day is None or edit.instead_of or edit.position:
        return edit
    sight = kb.attraction(edit.place)
    if sight is None or edit.day > len(it.days):
        return edit
    day = it.days[edit.day - 1]
    if (home_city := kb.destination_of(sight.id)) is None or home_city.id != day.destination:
        return edit  # a sight of another city: refused as such by the edit
    night = day.lodging_id or (it.days[edit.day - 2].lodging_id if edit.day > 1 else None)
    home = kb.place(night or "")
    if home is None or haversine_m(home.lat, home.lon, sight.lat, sight.lon) < FAR_DAY_M:
        return edit
    return RegenerateDay(day=edit.day, near=_name(sight.id, it, kb))


def _name(poi_id: str, it: Itinerary, kb: Any) -> str:
    place = kb.place(poi_id)
    if place is None:
        return poi_id
    return str(place.name_zh if it.request.lang == "zh" else place.name_en)


def _day_trip_words(text: str) -> str | None:
    bare = re.sub(DAY, " ", text, flags=re.I)  # 「第三天去X一日游」: X, not 三天去X
    for pattern, said in zip(_ON_DAY, (bare, text), strict=True):
        if (m := pattern.search(said)) is not None:
            words = clean(m.group("a"))
            return words if len(words) >= 2 else None
    return None


def day_trip_said(text: str) -> bool:
    """Whether `text` says a day trip to a place (「X一日游」, "a day trip to X")."""
    return _day_trip_words(text) is not None


def unknown_day_trip_answer(text: str, it: Itinerary, kb: Any, lang: str) -> str | None:
    """The refusal of a day trip said for a day of the plan (「第三天去X一日游」) to a place the
    knowledge base does not have, by its name; None otherwise."""
    words = _day_trip_words(text)
    if words is None or find_destination(words, kb) or place_ref(words, it, kb):
        return None
    return pick(lang, f"知识库里没有「{words}」，没法安排这一日游，行程没有改动",
                f"the knowledge base has no “{words}”, so I cannot plan that day trip; "
                "the plan is unchanged")  # fmt: skip
