"""Which of several same-named places a request means: fame first, then the request's context.

A name such as 普陀, 鼓楼 or 南山 belongs to several places. The gazetteer lists them most
famous first (`Gazetteer.candidates`); here the rest of the request decides: a place named
right before (南京鼓楼), the other destinations (去深圳和南山), the departure (沈阳出发去朝阳 →
the 朝阳 in Liaoning; a trip from Shanghai does not go to Shanghai's own 普陀区). A departure is a
division, not a sight. The choice is said back (`PlaceChoice.message`) when another place of
note carries the name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.knowledge.gazetteer import PlaceMatch
from engine.knowledge.regions import short_name


@dataclass(frozen=True)
class PlaceChoice:
    """A name read as one of several places.

    Attributes:
        said: the name as written.
        chosen: the place taken.
        other: the most likely other place of that name.
    """

    said: str
    chosen: PlaceMatch
    other: PlaceMatch

    def message(self, lang: str) -> str:
        """「“普陀”按普陀山（浙江）理解；如果指普陀区（上海），请写明。」"""
        if lang == "zh":
            return (
                f"“{self.said}”按{self.chosen.label('zh')}理解；"
                f"如果指{self.other.label('zh')}，请写明。"
            )
        return (
            f'"{self.said}" is taken as {self.chosen.label("en")}; '
            f"if you meant {self.other.label('en')}, please say so."
        )


def inside(place: PlaceMatch, area: PlaceMatch) -> bool:
    """Whether `place` lies in `area` (a province, a prefecture, or a covered destination)."""
    if area.level == "province":
        return place.province == area.full_name_zh
    if area.destination_id is not None and place.destination_id == area.destination_id:
        return True
    if area.level in ("prefecture", "county") or area.destination_id is not None:
        return bool(area.prefecture) and place.prefecture == area.prefecture
    return False


def same_place(a: PlaceMatch, b: PlaceMatch) -> bool:
    """Whether two matches are one place for planning (one destination, or one division)."""
    if a.destination_id or b.destination_id:
        return a.destination_id == b.destination_id
    if a.region_id or b.region_id:
        return a.region_id == b.region_id
    return (a.full_name_zh, a.prefecture) == (b.full_name_zh, b.prefecture)


def choose(
    candidates: Sequence[PlaceMatch],
    *,
    departure: bool,
    context: Sequence[PlaceMatch],
    home: PlaceMatch | None = None,
) -> PlaceMatch:
    """The candidate the request means.

    Args:
        candidates: the places of one name, most famous first (not empty).
        departure: whether the name is where the trip starts (then a division, not a sight).
        context: the request's other places (destinations; for a destination, also the
            departure).
        home: the departure, for a destination: a district of the departure's own city is
            not a trip.

    Returns:
        The first candidate in the same prefecture as a context place, else the first in the
        same province, else the most famous.
    """
    pool = list(candidates)
    if departure:
        pool = [c for c in pool if c.poi_id is None and c.level != "region"] or pool
    elif home is not None:
        pool = [c for c in pool if not (c.district and inside(c, home))] or pool
    near = [c for c in context if c.level not in ("region", "province")]
    for c in pool:
        if any(c.prefecture and c.prefecture == p.prefecture for p in near):
            return c
    for c in pool:
        if any(c.province and c.province == p.province for p in context):
            return c
    return pool[0]


def alternative(chosen: PlaceMatch, candidates: Sequence[PlaceMatch]) -> PlaceMatch | None:
    """Another place of note carrying the name (covered, a region, a province, a prefecture
    or a county), not the same place and not inside it; None when there is none."""
    for c in candidates:
        if same_place(c, chosen) or inside(c, chosen):
            continue
        if c.level in ("prefecture", "county") and short_name(c.full_name_zh)[1]:
            continue  # 海南 is not said for 海南藏族自治州
        notable = c.covered or c.level in ("region", "province", "prefecture")
        if notable or (c.level == "county" and not c.district):
            return c
    return None
