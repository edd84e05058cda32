"""Travel regions: names that mean several destinations (云南, 江南, 东北 …), from regions.json."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Literal

from pydantic import ConfigDict, Field, TypeAdapter

from engine.knowledge.schema import Provenance
from engine.paths import knowledge_dir


class TravelRegion(Provenance):
    """A region a person may name as the goal of a trip (`resources/knowledge/regions.json`).

    Attributes:
        id: slug (``yunnan``, ``jiangnan``); its own namespace, apart from destination ids.
        kind: ``province`` (a province-level division: its name resolves through the backbone)
            or ``travel`` (a region of travel writing: 江南, 东北, 川西 …).
        name_zh, name_en: display names; `aliases`: other names (zh or en).
        areas: divisions the region spans, by official name (``云南省``, ``嘉兴市``); a
            covered destination lying in one of them belongs to the region.
        destinations: destination ids that belong whatever their division (华东五市).
        exclude: destination ids that never belong.
        core: route priority, most essential first; ids may name destinations not in the
            knowledge base yet (ignored until they are). Members not listed follow by fame.
        gateway: where a trip usually starts when the departure says nothing (first covered).
        named: places the region's own name names (川渝: 成都 for 川, 重庆 for 渝): a route
            through it keeps each of them while the days allow one each.
        stay_days: days a stop gets in a full route, where the default (from its sights) is
            wrong for this region (乌镇 is one day in a 江南 route).
        note_zh, note_en: why the route goes the way it does (links, distances), one clause.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    kind: Literal["province", "travel"]
    name_zh: str = Field(min_length=2)
    name_en: str = Field(min_length=2)
    aliases: tuple[str, ...] = ()
    areas: tuple[str, ...] = ()
    destinations: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    core: tuple[str, ...] = ()
    gateway: tuple[str, ...] = ()
    named: tuple[str, ...] = ()
    stay_days: dict[str, int] = Field(default_factory=dict)
    note_zh: str = ""
    note_en: str = ""

    def name(self, lang: str) -> str:
        return self.name_zh if lang == "zh" else self.name_en

    def note(self, lang: str) -> str:
        return self.note_zh if lang == "zh" else self.note_en


_REGIONS = TypeAdapter(tuple[TravelRegion, ...])


def load_travel_regions(path: Path | None = None) -> tuple[TravelRegion, ...]:
    """Every region of `path` (default: ``resources/knowledge/regions.json``).

    Raises:
        pydantic.ValidationError: a record does not match `TravelRegion`.
        ValueError: an id is used twice.
    """
    path = path or knowledge_dir() / "regions.json"
    regions = _REGIONS.validate_python(json.loads(path.read_bytes())["regions"])
    ids = [r.id for r in regions]
    if len(set(ids)) != len(ids):
        raise ValueError(f"{path.name}: a region id is used twice")
    return regions


@functools.cache
def travel_regions() -> tuple[TravelRegion, ...]:
    """The curated regions, loaded once per process."""
    return load_travel_regions()


@functools.cache
def region_by_id() -> dict[str, TravelRegion]:
    """The curated regions by id."""
    return {r.id: r for r in travel_regions()}


@functools.cache
def province_regions() -> dict[str, TravelRegion]:
    """Province-kind regions by the official name of their province (``云南省`` → 云南)."""
    return {r.areas[0]: r for r in travel_regions() if r.kind == "province" and r.areas}
