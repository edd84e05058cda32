"""One leg of the trip named with a mode ("we'd rather take the train from Xi'an to Chengdu",
「西安到成都坐火车」): the two places, so that only that leg changes its mode."""

from __future__ import annotations

import re
from typing import Any

from engine.domain.request import TripRequest

_JOIN = re.compile(r"\bto\b|到|去|至", re.I)
_FROM = re.compile(r"(?:\bfrom\s*|从\s*)$", re.I)


def named_leg(text: str, request: TripRequest, kb: Any) -> tuple[str, str] | None:
    """(from, to) destination ids when `text` names exactly two places of the trip (its
    destinations and departure) joined as one leg (to / 到 / 去 / 至 between them); the one
    after "from" / 从 leaves ("to Chengdu from Xi'an"), else the first said. None otherwise."""
    places = [*request.destinations, *([request.departure] if request.departure else [])]
    low = text.lower().replace("’", "'")
    hits: list[tuple[int, int, str]] = []
    for pid in dict.fromkeys(places):
        dest = kb.destinations.get(pid)
        if dest is None:
            continue
        names = {dest.name_zh, dest.name_zh.removesuffix("市"), dest.name_en.lower()}
        found = [(low.find(n.lower()), len(n)) for n in names if n and n.lower() in low]
        if found:
            at, size = min(found)
            hits.append((at, at + size, pid))
    if len(hits) != 2:
        return None
    (i, i_end, a), (j, _, b) = sorted(hits)
    if not _JOIN.search(low[i_end:j]):
        return None
    if _FROM.search(low[max(0, j - 8) : j]) and not _FROM.search(low[max(0, i - 8) : i]):
        a, b = b, a  # "to Chengdu from Xi'an"
    return a, b
