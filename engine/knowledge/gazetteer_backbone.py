"""The gazetteer backbone: divisions, scenic areas and airports indexed once per process."""

from __future__ import annotations

import functools
import re

from engine.knowledge import place_aliases as tables
from engine.knowledge.gazetteer_index import Index, PlaceMatch
from engine.knowledge.place_names import distance_km, english_name, latin_key, pinyin_keys
from engine.knowledge.regions import Airport, Region, load_airports, load_regions
from engine.knowledge.travel_regions import TravelRegion, travel_regions


def _add_region(index: Index, region: Region) -> int:
    short = region.short
    idx = index.add(
        PlaceMatch(
            name_zh=short,
            name_en=english_name(short),
            level=region.level,
            full_name_zh=region.name,
            province=region.province,
            prefecture=region.prefecture,
            lat=region.lat,
            lon=region.lon,
        ),
        prominent=short in tables.PROMINENT,
    )
    quality = 2 if region.derived else 1
    index.key(index.zh, region.name, idx, 0, "exact")
    index.key(index.zh, short, idx, quality, "alias")
    for i, key in enumerate(pinyin_keys(short)):
        index.key(index.latin, key, idx, quality if i == 0 else 3, "pinyin")
    index.key(index.latin, latin_key(index.entries[idx].name_en), idx, quality, "pinyin")
    return idx


def _best(index: Index, key: str) -> int | None:
    hits = index.zh.get(key)
    return min(hits, key=index.rank)[0] if hits else None


def _add_scenic(index: Index) -> None:
    for name, (host, name_en) in tables.SCENIC.items():
        host_idx = _best(index, host)
        if host_idx is None:
            continue
        base = index.entries[host_idx]
        idx = index.add(
            PlaceMatch(
                name_zh=name,
                name_en=name_en or english_name(name),
                level="scenic",
                full_name_zh=name,
                province=base.province,
                prefecture=base.prefecture,
                lat=base.lat,
                lon=base.lon,
            )
        )
        index.key(index.zh, name, idx, 0, "exact")
        for i, key in enumerate(pinyin_keys(name)):
            index.key(index.latin, key, idx, 1 if i == 0 else 3, "pinyin")
        index.key(index.latin, latin_key(index.entries[idx].name_en), idx, 0, "exact")


def _add_airports(index: Index) -> None:
    named: set[str] = set()
    for airport in load_airports():
        served = _serving_region(index, airport.city, airport.lat, airport.lon)
        if served is None:  # "Chengdu/Tianfu Airport" in the city "Tianfu": its name's city
            served = _serving_region(index, airport.name.split("/")[0], airport.lat, airport.lon)
        city = index.entries[served if served is not None else _nearest_city(index, airport)]
        zh_name = tables.AIRPORT_ZH.get(airport.iata, "")
        full = f"{city.name_zh}{zh_name}" if zh_name else f"{city.name_zh}机场（{airport.iata}）"
        idx = index.add(
            PlaceMatch(
                name_zh=full,
                name_en=airport.name,
                level="airport",
                full_name_zh=full,
                province=city.province,
                prefecture=city.prefecture,
                lat=airport.lat,
                lon=airport.lon,
                iata=airport.iata,
            )
        )
        index.iata[airport.iata] = idx
        index.key(index.zh, full, idx, 0, "exact")
        if zh_name:
            plain = zh_name.replace("国际", "")
            for key in (zh_name, plain, f"{city.name_zh}{plain}"):
                index.key(index.zh, key, idx, 0, "alias")
        if city.name_zh not in named:
            named.add(city.name_zh)
            index.key(index.zh, f"{city.name_zh}机场", idx, 1, "alias")
        index.key(index.latin, latin_key(airport.name), idx, 0, "exact")


def _serving_region(index: Index, city_en: str, lat: float, lon: float) -> int | None:
    """The division an airport serves: one named `city_en` within 150 km, else None."""
    words = [w for w in re.findall(r"[a-z]+", city_en.lower()) if w not in {"county", "city"}]
    hits = index.latin.get("".join(words), [])
    near = [
        (distance_km(lat, lon, e.lat or 0.0, e.lon or 0.0), h[0])
        for h in hits
        if (e := index.entries[h[0]]).level in ("prefecture", "county")
    ]
    near = [item for item in near if item[0] <= 150]
    return min(near)[1] if near else None


def _nearest_city(index: Index, airport: Airport) -> int:
    """The prefecture whose centre is nearest to `airport`."""
    lat, lon = airport.lat, airport.lon
    cities = [
        (distance_km(lat, lon, e.lat or 0.0, e.lon or 0.0), i)
        for i, e in enumerate(index.entries)
        if e.level == "prefecture"
    ]
    return min(cities)[1]


def _add_travel_regions(index: Index) -> None:
    """Travel regions (江南, 东北 …) as entries of level ``region``; the extra names of
    provinces (彩云之南 → 云南) as keys of the province's entry."""
    for region in travel_regions():
        if region.kind == "province":
            idx = _best(index, region.areas[0])
            if idx is not None:
                _region_keys(index, region, idx, own=False)
            continue
        areas = [index.entries[i] for name in region.areas if (i := _best(index, name)) is not None]
        provinces = {a.province for a in areas}
        idx = index.add(
            PlaceMatch(
                name_zh=region.name_zh,
                name_en=region.name_en,
                level="region",
                full_name_zh=region.name_zh,
                province=provinces.pop() if len(provinces) == 1 else "",
                prefecture="",
                lat=_mean([a.lat for a in areas]),
                lon=_mean([a.lon for a in areas]),
                region_id=region.id,
            )
        )
        _region_keys(index, region, idx, own=True)


def _region_keys(index: Index, region: TravelRegion, idx: int, *, own: bool) -> None:
    if own:
        index.key(index.zh, region.name_zh, idx, 0, "exact")
        index.key(index.latin, latin_key(region.name_en), idx, 0, "exact")
        for i, key in enumerate(pinyin_keys(region.name_zh)):
            index.key(index.latin, key, idx, 1 if i == 0 else 3, "pinyin")
    for alias in region.aliases:
        if re.search(r"[\u3400-\u9fff]", alias):
            index.key(index.zh, alias, idx, 0, "alias")
        else:
            index.key(index.latin, latin_key(alias), idx, 0, "alias")


def _mean(values: list[float | None]) -> float | None:
    known = [v for v in values if v is not None]
    return round(sum(known) / len(known), 2) if known else None


@functools.cache
def backbone() -> Index:
    """The knowledge-base-independent index, built once per process (about 0.3 s)."""
    index = Index()
    for region in load_regions():
        _add_region(index, region)
    for alias, target in tables.ZH_ALIASES.items():
        idx = _best(index, target)
        if idx is not None:
            index.key(index.zh, alias, idx, 0, "alias")
    _add_scenic(index)
    for alias, target in tables.EN_ALIASES.items():
        idx = _best(index, target)
        if idx is not None:
            index.key(index.latin, alias, idx, 0, "alias")
    _add_airports(index)
    _add_travel_regions(index)
    index.sort()
    return index
