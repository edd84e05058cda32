"""A day more for another place, said as a follow-up (「加一天去乐山」, 「再加个乐山一日游」,
"add a day trip to Leshan"): the open trip gains that destination for one day (its sight, when
one was named, a must-see), never a new trip (`engine.understanding.revision`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.domain.itinerary import Itinerary
from engine.i18n import pick
from engine.understanding.attractions import clean, find_attraction, find_destination
from engine.understanding.edit_refs import place_ref

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
    for pattern in _SAID[:1] + _SAID[3:]:  # 「加一天去X」, "add a day in X"
        if (m := pattern.search(text)) is None:
            continue
        words = clean(m.group("a"))
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
