"""Overlay of a knowledge base on the gazetteer backbone: destinations, attractions, coverage."""

from __future__ import annotations

import dataclasses
import re

from engine.knowledge.base import KnowledgeBase
from engine.knowledge.gazetteer_index import (
    LEVEL_RANK,
    QUALITY_STEM,
    TIER_DESTINATION,
    TIER_MINOR,
    TIER_SIGHT,
    Coverage,
    Index,
    PlaceMatch,
)
from engine.knowledge.place_names import distance_km, has_cjk, latin_key, pinyin_keys, short_of
from engine.knowledge.schema import Attraction, Destination

#: A same-named backbone place this far beyond a destination's radius is another place.
_NAME_MARGIN_KM = 30.0
#: Popularity from which a sight counts as famous (ranks above prefectures of its name).
FAMOUS = 4
#: Visit time (minutes) of a destination's famous sights that makes one day of a route.
_DAY_MINUTES = 8 * 60
#: Name parts that say when or which part, not what: never a name by themselves (「西江观景台
#: （夜景）」 made 「住在能看到夜景的酒店」 in 重庆 a trip to 西江).
QUALIFIER_PARTS = frozenset({"夜景", "日出", "日落", "夜游", "夜间", "白天", "前山", "后山", "东段",
                             "西段", "南段", "北段", "at night", "by night", "night", "sunrise",
                             "sunset"})  # fmt: skip
#: Parts of a sight's name: 「灵隐寺·飞来峰」, 「秦始皇帝陵博物院（兵马俑）」, "A (B)".
_PARTS = re.compile(r"[·•—/／()（）]+")


def overlay(base: Index, kb: KnowledgeBase) -> Index:
    """A copy of `base` with `kb`'s destinations and attractions added and the backbone places
    they cover marked with their ``destination_id``.

    A backbone place is covered by a destination when it carries one of the destination's names
    and lies within ``radius_km`` + 30 km of its centre, or when it lies within ``radius_km``
    inside a prefecture so covered (黄山市 covers 黄山区, 歙县 and the Tunxi airport).
    """
    index = base.copy()
    index.kb_start = len(index.entries)
    claims: dict[int, tuple[float, str]] = {}
    entries: dict[str, int] = {}
    index.coverage = {dest.id: coverage(dest) for dest in kb.destinations.values()}
    for dest in kb.destinations.values():
        entries[dest.id] = _add_destination(index, dest, _link(index, dest, claims))
    index.destinations = entries
    for idx, (_km, dest_id) in claims.items():
        entry = index.entries[idx]
        adcode = kb.destinations[dest_id].adcode if entry.level == "prefecture" else None
        poi = _named_sight(kb.destinations[dest_id], entry) if entry.level == "scenic" else None
        index.entries[idx] = dataclasses.replace(
            entry, destination_id=dest_id, adcode=adcode, poi_id=poi
        )
    for dest in kb.destinations.values():
        _add_attractions(index, dest, index.entries[entries[dest.id]].prefecture)
    index.sort()
    return index


def coverage(dest: Destination) -> Coverage:
    """Fame and route days of `dest` from its sights (see `Coverage`)."""
    famous = [a for a in dest.attractions if _famous(dest, a)]
    minutes = sum(a.visit_minutes for a in famous)
    ranked = sorted(dest.attractions, key=lambda a: (-a.popularity, a.id not in dest.headline))
    return Coverage(
        fame=float(sum(a.popularity for a in famous)),
        stay_days=min(3, max(1, int(minutes / _DAY_MINUTES + 0.5))),
        attractions=tuple(a.id for a in ranked),
    )


def _famous(dest: Destination, poi: Attraction) -> bool:
    return poi.popularity >= FAMOUS or poi.id in dest.headline


def _named_sight(dest: Destination, scenic: PlaceMatch) -> str | None:
    """The attraction of `dest` that a backbone scenic area (八达岭, 兵马俑) names, if any."""
    for poi in dest.attractions:
        if scenic.name_zh in (poi.name_zh, *poi.aliases, *_parts(poi.name_zh)):
            return poi.id
    return None


def _parts(name: str) -> list[str]:
    """Parts of a compound name that are names themselves (at least two characters, or two
    letters-words), without the whole name."""
    pieces = [p.strip() for p in _PARTS.split(name)]
    return [p for p in pieces if p != name.strip() and len(p.replace(" ", "")) >= 2]


def _stem(name: str) -> str | None:
    """A mountain's name as people shorten it (普陀山 → 普陀, 青城山 → 青城), or None."""
    return name[:-1] if has_cjk(name) and name.endswith("山") and len(name) >= 3 else None


def _names(dest: Destination) -> tuple[set[str], set[str]]:
    names = [dest.name_zh, dest.name_en, *dest.aliases]
    zh = {n for n in names if has_cjk(n)}
    zh |= {short_of(n) for n in zh}
    return zh, {latin_key(n) for n in names if not has_cjk(n)} - {""}


def _claim(claims: dict[int, tuple[float, str]], idx: int, km: float, dest_id: str) -> None:
    if idx not in claims or km < claims[idx][0]:
        claims[idx] = (km, dest_id)


def _link(index: Index, dest: Destination, claims: dict[int, tuple[float, str]]) -> list[int]:
    """Backbone entries that carry `dest`'s names near it, best level first."""
    zh, _latin = _names(dest)
    linked: list[int] = []
    for name in zh:
        for idx, _q, _how in index.zh.get(name, []):
            entry = index.entries[idx]
            if idx >= index.kb_start or entry.lat is None or entry.lon is None:
                continue  # only backbone places are claimed (not another destination)
            km = distance_km(dest.lat, dest.lon, entry.lat, entry.lon)
            if km <= dest.radius_km + _NAME_MARGIN_KM and idx not in linked:
                linked.append(idx)
                _claim(claims, idx, km, dest.id)
    prefectures = {
        index.entries[i].full_name_zh for i in linked if index.entries[i].level == "prefecture"
    }
    for idx, entry in enumerate(index.entries[: index.kb_start]):
        if entry.prefecture in prefectures and entry.lat is not None and entry.lon is not None:
            km = distance_km(dest.lat, dest.lon, entry.lat, entry.lon)
            if km <= dest.radius_km:
                _claim(claims, idx, km, dest.id)
    return sorted(linked, key=lambda i: LEVEL_RANK[index.entries[i].level])


def _add_destination(index: Index, dest: Destination, linked: list[int]) -> int:
    main = index.entries[linked[0]] if linked else None
    if main is None:
        prefectures = [e for e in index.entries if e.level == "prefecture" and e.lat is not None]
        near = min(
            prefectures, key=lambda e: distance_km(dest.lat, dest.lon, e.lat or 0, e.lon or 0)
        )
        prefecture, level, full = near.full_name_zh, "scenic", dest.name_zh
    else:
        prefecture, level, full = main.prefecture, main.level, main.full_name_zh
    idx = index.add(
        PlaceMatch(
            name_zh=dest.name_zh,
            name_en=dest.name_en,
            level=level,  # type: ignore[arg-type]
            full_name_zh=full,
            province=dest.province,
            prefecture=prefecture,
            lat=dest.lat,
            lon=dest.lon,
            adcode=dest.adcode,
            destination_id=dest.id,
        ),
        prominent=True,
        tier=TIER_DESTINATION,
        weight=index.coverage[dest.id].fame,
    )
    zh, latin = _names(dest)
    for name in zh:
        index.key(index.zh, name, idx, 0, "exact" if name == dest.name_zh else "alias")
        if stem := _stem(name):
            index.key(index.zh, stem, idx, QUALITY_STEM, "alias")
    for i, key in enumerate(pinyin_keys(dest.name_zh)):
        index.key(index.latin, key, idx, 0 if i == 0 else 3, "pinyin")
    for key in latin:
        index.key(index.latin, key, idx, 0, "exact" if key == latin_key(dest.name_en) else "alias")
    return idx


def _add_attractions(index: Index, dest: Destination, prefecture: str) -> None:
    """Each attraction with its names, aliases and the parts of its names (兵马俑 of
    「秦始皇帝陵博物院（兵马俑）」, unless a part is also a division's name: 「九龙壁（大同）」)."""
    fame = index.coverage[dest.id].fame
    for poi in dest.attractions:
        famous = _famous(dest, poi)
        idx = index.add(
            PlaceMatch(
                name_zh=poi.name_zh,
                name_en=poi.name_en,
                level="scenic",
                full_name_zh=poi.name_zh,
                province=dest.province,
                prefecture=prefecture,
                lat=poi.lat,
                lon=poi.lon,
                destination_id=dest.id,
                poi_id=poi.id,
            ),
            tier=TIER_SIGHT if famous else TIER_MINOR,
            weight=poi.popularity + fame / 1000,
        )
        for name in (poi.name_zh, poi.name_en, *poi.aliases):
            if has_cjk(name):
                index.key(index.zh, name, idx, 0, "exact" if name == poi.name_zh else "alias")
            else:
                index.key(index.latin, latin_key(name), idx, 0, "exact")
                words = name.lower().split()
                if len(words) > 1 and words[0] == "the":
                    index.key(index.latin, latin_key(" ".join(words[1:])), idx, 0, "alias")
        for name in (poi.name_zh, poi.name_en):
            for part in _parts(name):
                if part.lower() in QUALIFIER_PARTS:
                    continue  # 「西江观景台（夜景）」: 夜景 is when, not a name
                table, key = (index.zh, part) if has_cjk(part) else (index.latin, latin_key(part))
                if not any(hit[0] < index.kb_start for hit in table.get(key, ())):
                    index.key(table, key, idx, 1, "alias")
        if famous:  # 青城 for 青城山（前山）; not from aliases (太平 is not 太平山顶)
            for name in (poi.name_zh, *_parts(poi.name_zh)):
                if stem := _stem(name):
                    index.key(index.zh, stem, idx, QUALITY_STEM, "alias")
