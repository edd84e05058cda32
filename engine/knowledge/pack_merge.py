"""Merging a data pack into the knowledge base: curated records win on id or near-duplicate name.

Rules (`merge_pack`):

- A pack destination whose id the knowledge base already has keeps that destination's record
  (names, notes, centre, radius) and its places; the pack adds only places that are new — not
  the same id, not a near-duplicate of a place of the same kind (`is_duplicate`), and inside the
  destination's ``radius_km``.
- A pack destination the knowledge base lacks becomes a destination (its places less any id
  already used).
- A pack link is added when both destinations and both hubs exist (hubs of dropped duplicates are
  mapped to the record that won) and, for a typical link, no typical link of the same mode joins
  the two destinations yet; scheduled services (a timetable) are always added.

Near-duplicates: the same normalised name within `SAME_NAME_M` (a big site's centre differs by up
to a kilometre between sources), or, within `NEAR_M`, one name containing the other or a
`rapidfuzz.fuzz.ratio` >= `FUZZ`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rapidfuzz import fuzz

from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Destination, Place

if TYPE_CHECKING:
    from engine.knowledge.packs import Pack

NEAR_M = 300.0
SAME_NAME_M = 3000.0
FUZZ = 85.0
KINDS = ("attractions", "restaurants", "lodging", "hubs")
#: Generic endings dropped before names are compared (longest first).
SUFFIXES = (
    "风景名胜区", "历史文化街区", "旅游度假区", "国家森林公园", "历史街区", "文化街区", "旅游区",
    "风景区", "度假区", "景区", "步行街", "博物院", "公园",
)  # fmt: skip
_BRACKETS = re.compile(r"[(（【\[].*?[)）】\]]")
_CJK = re.compile(r"[\u4e00-\u9fff]")


@functools.lru_cache(maxsize=65536)
def normalise(name: str) -> str:
    """Drop bracketed parts (branch names), spaces, dots and one generic ending (``景区``…)."""
    name = _BRACKETS.sub("", name)
    name = re.sub(r"[\s·・.,，、]", "", name)
    for suffix in SUFFIXES:
        if name.endswith(suffix) and len(name) - len(suffix) >= 2:
            return name[: -len(suffix)]
    return name


def names_of(place: Place) -> set[str]:
    """Normalised Chinese names of `place` (``name_zh`` and the aliases written in Chinese)."""
    names = [place.name_zh, *(a for a in place.aliases if _CJK.search(a))]
    return {n for n in (normalise(x) for x in names) if n}


def is_duplicate(a: Place, b: Place) -> bool:
    """Whether `a` and `b` are the same place (see the module docstring)."""
    metres = haversine_m(a.lat, a.lon, b.lat, b.lon)
    if metres > SAME_NAME_M:
        return False
    an, bn = names_of(a), names_of(b)
    if an & bn:
        return True
    if metres > NEAR_M:
        return False
    return any(
        (min(len(x), len(y)) >= 2 and (x in y or y in x)) or fuzz.ratio(x, y) >= FUZZ
        for x in an
        for y in bn
    )


def find_duplicate(place: Place, others: Iterable[Place]) -> Place | None:
    """The first of `others` that `place` duplicates, or None."""
    return next((o for o in others if is_duplicate(place, o)), None)


@dataclass
class MergeStats:
    """What `merge_pack` did: places added per kind, duplicates dropped, places outside their
    destination's radius dropped, links added."""

    added: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    duplicates: int = 0
    outside: int = 0
    links: int = 0
    new_destinations: list[str] = field(default_factory=list)


def merge_pack(kb: KnowledgeBase, pack: Pack) -> MergeStats:
    """Merge `pack` into `kb` in place (see the module docstring)."""
    name = pack.name
    stats = MergeStats()
    remap: dict[str, str] = {}
    for incoming in pack.destinations:
        current = kb.destinations.get(incoming.id)
        if current is None:
            stats.new_destinations.append(incoming.id)
        base: Destination = current or incoming.model_copy(update=dict.fromkeys(KINDS, ()))
        updates = {}
        added_ids: list[str] = []
        for kind in KINDS:
            existing = list(getattr(base, kind))
            near = Near(existing)
            added = []
            for place in getattr(incoming, kind):
                if kb.place(place.id) is not None:
                    stats.duplicates += 1
                    continue
                far = haversine_m(place.lat, place.lon, base.lat, base.lon) > base.radius_km * 1e3
                if current is not None and far:
                    stats.outside += 1
                    continue
                twin = near.duplicate_of(place) if current is not None else None
                if twin is not None:
                    remap[place.id] = twin.id
                    stats.duplicates += 1
                    continue
                added.append(place)
            updates[kind] = tuple(existing + added)
            stats.added[kind] += len(added)
            added_ids.extend(p.id for p in added)
        kb.add(base.model_copy(update=updates))
        kb.pack_places.update(dict.fromkeys(added_ids, name))
    typical = {(frozenset((k.a, k.b)), k.mode) for k in kb.links if not k.service}
    for link in pack.links:
        a_hub, b_hub = remap.get(link.a_hub, link.a_hub), remap.get(link.b_hub, link.b_hub)
        if link.a not in kb.destinations or link.b not in kb.destinations:
            continue
        if kb.hub(a_hub) is None or kb.hub(b_hub) is None:
            continue
        key = (frozenset((link.a, link.b)), link.mode)
        if not link.service and key in typical:
            continue
        if not link.service:
            typical.add(key)
        kb.links.append(link.model_copy(update={"a_hub": a_hub, "b_hub": b_hub}))
        stats.links += 1
    kb.packs.append(name)
    kb.pack_credits[name] = f"{pack.attribution} — {pack.licence}"
    return stats


class Near:
    """Places bucketed on a 0.03° grid (about 3 km, `SAME_NAME_M`), for duplicate look-ups."""

    CELL = 0.03

    def __init__(self, places: Iterable[Place] = ()) -> None:
        self.grid: dict[tuple[int, int], list[Place]] = {}
        for place in places:
            self.add(place)

    def _cell(self, place: Place) -> tuple[int, int]:
        return int(place.lat // self.CELL), int(place.lon // self.CELL)

    def add(self, place: Place) -> None:
        self.grid.setdefault(self._cell(place), []).append(place)

    def duplicate_of(self, place: Place) -> Place | None:
        """The first stored place that `place` duplicates, or None."""
        y, x = self._cell(place)
        near = (
            p for dy in (-1, 0, 1) for dx in (-1, 0, 1) for p in self.grid.get((y + dy, x + dx), ())
        )
        return find_duplicate(place, near)


def dedupe(places: list[Place]) -> tuple[list[Place], int]:
    """`places` without near-duplicates of an earlier one (order = preference); and how many
    were dropped."""
    seen = Near()
    kept: list[Place] = []
    for place in places:
        if seen.duplicate_of(place) is None:
            kept.append(place)
            seen.add(place)
    return kept, len(places) - len(kept)
