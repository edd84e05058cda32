"""The sights of an area said by its name (西湖, "West Lake") that is no sight of its own.

「不去西湖」 names no single attraction: West Lake is 断桥残雪, 苏堤, 三潭印月, 雷峰塔, the
fountain … each a sight of its own. `area_sights` finds them: the sights whose names or
descriptions name the area, kept within `AREA_M` of where they cluster (a sight that only
mentions it from afar, 龙井村's 「西湖龙井」 tea 4 km off, is not in it), plus the sights of
the area's kind (a lake's ``lake`` sights) in that circle, and every sight carrying the name
in its own name (西湖音乐喷泉). The ``avoid_place`` wish of an area carries them all
(`engine.domain.request.area_value`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine.domain.request import area_value
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Attraction
from engine.understanding.text import has_cjk

#: How far from where an area's sights cluster a sight still lies in it, metres (a city lake
#: or a scenic hill: West Lake's shore sights lie within about 2.2 km of its middle).
AREA_M = 3000.0
#: The sight tag of an area's kind, by the last word of its name.
_KIND_TAGS: tuple[tuple[str, str], ...] = (("湖", "lake"), ("lake", "lake"))


def area_sights(name: str, kb: Any, dest_ids: Iterable[str]) -> list[str]:
    """POI ids of the sights of `dest_ids` that lie in the area `name` names, most popular
    first; empty when `name` is too short (under 2 Chinese characters or 4 letters), `kb` is
    None or no sight names it."""
    needle = name.strip().lower()
    if kb is None or len(needle) < (2 if has_cjk(needle) else 4):
        return []
    tag = next((t for end, t in _KIND_TAGS if needle.endswith(end)), None)
    out: list[Attraction] = []
    for dest_id in dest_ids:
        dest = kb.destinations.get(dest_id)
        if dest is None:
            continue
        own = [a for a in dest.attractions if any(needle in n.lower() for n in _names(a))]
        said = [a for a in dest.attractions if needle in _text(a)]
        core = _clustered(said)
        if not core:
            continue
        lat, lon = _middle(core)
        near = [
            a
            for a in dest.attractions
            if haversine_m(lat, lon, a.lat, a.lon) <= AREA_M and (a in core or tag in a.tags)
        ]
        out += [a for a in dest.attractions if a in own or a in near]
    out.sort(key=lambda a: -a.popularity)
    return list(dict.fromkeys(a.id for a in out))


def _names(a: Attraction) -> list[str]:
    return [a.name_zh, a.name_en, *a.aliases]


def _text(a: Attraction) -> str:
    return " ".join((*_names(a), a.description_zh, a.description_en)).lower()


def _middle(places: Sequence[Attraction]) -> tuple[float, float]:
    return sum(a.lat for a in places) / len(places), sum(a.lon for a in places) / len(places)


def _clustered(places: list[Attraction]) -> list[Attraction]:
    """`places` less those farther than `AREA_M` from their middle (measured once with all of
    them, then kept against the middle of those left)."""
    if not places:
        return []
    lat, lon = _middle(places)
    kept = [a for a in places if haversine_m(lat, lon, a.lat, a.lon) <= AREA_M]
    if not kept:
        return []
    lat, lon = _middle(kept)
    return [a for a in places if haversine_m(lat, lon, a.lat, a.lon) <= AREA_M]


__all__ = ["AREA_M", "area_sights", "area_value"]
