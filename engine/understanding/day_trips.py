"""Day trips said (「当天往返涠洲岛」, "a day trip to Weizhou Island"): the place is a must-see,
and a ``lodging_area`` wish valued ``day-trip:<AccessArea.id>`` asks for no night in its
car-free area (the island), answered in the report by where the nights are
(`engine.planning.wish_lodging`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.knowledge.geo import haversine_m
from engine.understanding.attractions import clean, find_attraction

_STOP = r"[^\s，,。.；;！!？?、]"
_ZH = re.compile(
    rf"(?:当天|当日|一天)(?:往返|来回)(?:去|到)?(?P<a>{_STOP}{{2,10}})"
    rf"|(?P<b>{_STOP}{{2,10}}?)(?:要|想|就)?(?:当天|当日)(?:往返|来回)"
)
_EN = re.compile(
    r"\bday[- ]trip (?:out |over )?to (?:the )?(?P<a>[A-Za-z][\w' -]{2,40}?)"
    r"(?=[,.;!?]|\s+(?:and|with|by|from|then|on)\b|$)",
    re.I,
)


@dataclass(frozen=True)
class DayTrip:
    """A place to see and leave the same day.

    Attributes:
        poi: the attraction's id; `area`: the id of the access area it lies in.
        said: the person's words.
    """

    poi: str
    area: str
    said: str


def find_day_trips(text: str, kb: Any, dest_ids: tuple[str, ...]) -> list[DayTrip]:
    """The day trips `text` asks for to a sight of `dest_ids` inside an access area (an island
    reached by ferry); a sight outside every area needs no such wish and is not one."""
    out: list[DayTrip] = []
    for pattern in (_ZH, _EN):
        for m in pattern.finditer(text):
            name = clean(m.group("a") or m.group("b") or "")
            hit = find_attraction(name, kb, dest_ids) if kb is not None else None
            if hit is None or hit[1] not in dest_ids:
                continue
            poi, dest_id = hit
            place, dest = kb.place(poi), kb.destinations[dest_id]
            area = next((a for a in dest.access_areas
                         if haversine_m(a.lat, a.lon, place.lat, place.lon) <= a.radius_m), None)  # fmt: skip
            if area is not None and all(t.area != area.id for t in out):
                out.append(DayTrip(poi, area.id, m.group(0).strip()))
    return out
