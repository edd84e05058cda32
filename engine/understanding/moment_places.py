"""A moment at a named area (西湖日落, 西湖夜景, "sunrise over Erhai"): the area is no sight of
its own, so the moment is tied to the sight of that area that offers it — a sight of the
trip's destinations whose name, aliases or description names the area, one tagged for the
moment first (雷峰塔 for 西湖日落), then the more popular. The moment itself stays an
``experience`` wish (answered at its hour)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.understanding.access import MOMENT_WORDS
from engine.understanding.resolve import without_interest_words
from engine.understanding.text import has_cjk, words_pattern

#: Moment → sight tags that offer it.
_TAGS: dict[str, frozenset[str]] = {
    "sunrise": frozenset({"sunrise"}),
    "sunset": frozenset({"sunset"}),
    "night-view": frozenset({"night-view"}),
    "moon": frozenset({"night-view", "lake"}),
    "clouds": frozenset({"mountain"}),
    "snow": frozenset({"snow"}),
    "stars": frozenset({"stars"}),
}


def moments_in(name: str) -> list[str]:
    """The moments (`MOMENT_WORDS` values) said in `name` (西湖日落 → ["sunset"])."""
    return [value for rx, value in MOMENT_WORDS if words_pattern(rx).search(name)]


def moment_area_sight(name: str, kb: Any, dest_ids: Iterable[str]) -> str | None:
    """The POI id of the sight that offers the moment said in `name` at the area it names
    (「西湖日落」 → 雷峰塔), or None when `name` holds no moment, the area is too short to look up
    (under 2 Chinese characters or 4 letters), or no sight of `dest_ids` names the area."""
    moments = moments_in(name)
    area = without_interest_words(name).strip()
    if kb is None or not moments or len(area) < (2 if has_cjk(area) else 4):
        return None
    wanted = frozenset().union(*(_TAGS.get(m, frozenset({m})) for m in moments))
    needle = area.lower()
    best: tuple[bool, int, str] | None = None
    for dest_id in dest_ids:
        dest = kb.destinations.get(dest_id)
        for place in dest.attractions if dest else ():
            words = " ".join(
                (place.name_zh, place.name_en, *place.aliases, place.description_zh,
                 place.description_en)
            ).lower()  # fmt: skip
            if needle not in words:
                continue
            rank = (bool(wanted & set(place.tags)), place.popularity, place.id)
            if best is None or rank[:2] > best[:2]:
                best = rank
    return best[2] if best else None
