"""A day more for another place, said as a follow-up (「加一天去乐山」, 「再加个乐山一日游」,
"add a day trip to Leshan"): the open trip gains that destination for one day (its sight, when
one was named, a must-see), never a new trip (`engine.understanding.revision`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.understanding.attractions import clean, find_attraction, find_destination

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
