"""Name indexes behind the gazetteer: entries, Chinese keys, Latin (pinyin/English) keys."""

from __future__ import annotations

import functools
import itertools
import math
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Literal

from pypinyin import Style, lazy_pinyin, pinyin

from engine.knowledge import place_aliases as tables
from engine.knowledge.regions import Level, Region, load_airports, load_regions, short_name

How = Literal["exact", "alias", "pinyin", "fuzzy"]
LEVEL_RANK: dict[str, int] = {
    "prefecture": 0,
    "province": 1,
    "scenic": 2,
    "county": 3,
    "airport": 4,
}
_CJK = re.compile(r"[\u3400-\u9fff]")
_VOWEL_START = re.compile(r"^[aoe]")


@dataclass(frozen=True, slots=True)
class PlaceMatch:
    """A resolved place.

    Attributes:
        name_zh: common Chinese name (``黄山``, ``稻城``, ``乌镇``; a covered destination's own name).
        name_en: English name (pinyin of `name_zh` unless a better one is known).
        level: ``province``, ``prefecture`` (municipalities included), ``county``, ``scenic``
            (a scenic area or a knowledge-base attraction) or ``airport``.
        full_name_zh: official name (``黄山市``, ``稻城县``); `name_zh` for scenic areas.
        province: province-level division, official name (``安徽省``).
        prefecture: prefecture-level division it lies in, official name (itself for one).
        lat, lon: WGS-84 degrees; backbone positions are approximate (±0.01°, a town centre).
        adcode: GB/T 2260 code when known (knowledge-base destinations only).
        destination_id: the knowledge-base destination that covers this place, if any.
        poi_id: the attraction id when the name is a knowledge-base attraction.
        iata: the airport's IATA code, for airports.
        how: how the name matched — ``exact`` (an official or curated name), ``alias`` (a short
            name, nickname or suffix-stripped form), ``pinyin`` (Latin spelling) or ``fuzzy``.
        score: 0..100; 100 for exact, alias and pinyin matches, lower for fuzzy suggestions.
    """

    name_zh: str
    name_en: str
    level: Level
    full_name_zh: str
    province: str
    prefecture: str
    lat: float | None
    lon: float | None
    adcode: str | None = None
    destination_id: str | None = None
    poi_id: str | None = None
    iata: str | None = None
    how: How = "exact"
    score: float = 100.0

    @property
    def covered(self) -> bool:
        """Whether the knowledge base has places (attractions, food, lodging) for it."""
        return self.destination_id is not None

    def name(self, lang: str) -> str:
        """`name_zh` or `name_en`."""
        return self.name_zh if lang == "zh" else self.name_en


#: Index value: (entry index, quality, how); quality 0 official or curated name, 1 natural short
#: name (黄山市 → 黄山), 2 derived short name (甘孜藏族自治州 → 甘孜), 3 other reading of a
#: heteronym (长治 → zhangzhi).
Hit = tuple[int, int, How]


@dataclass
class Index:
    """Entries plus their keys; `zh` and `latin` lists are sorted best first by `sort()`."""

    entries: list[PlaceMatch] = field(default_factory=list)
    prominent: list[bool] = field(default_factory=list)
    zh: dict[str, list[Hit]] = field(default_factory=dict)
    latin: dict[str, list[Hit]] = field(default_factory=dict)
    iata: dict[str, int] = field(default_factory=dict)
    #: entries from this index on come from a knowledge base (preferred on ties).
    kb_start: int = 1 << 30
    #: knowledge-base destination id → its entry.
    destinations: dict[str, int] = field(default_factory=dict)

    def add(self, entry: PlaceMatch, prominent: bool = False) -> int:
        self.entries.append(entry)
        self.prominent.append(prominent)
        return len(self.entries) - 1

    def key(self, table: dict[str, list[Hit]], key: str, idx: int, quality: int, how: How) -> None:
        if not key:
            return
        hits = table.get(key)
        if hits is None:
            table[key] = [(idx, quality, how)]
        elif all(hit[0] != idx for hit in hits):
            hits.append((idx, quality, how))

    def rank(self, hit: Hit) -> tuple[bool, bool, int, int, bool, int]:
        entry = self.entries[hit[0]]
        return (
            entry.destination_id is None,
            hit[0] < self.kb_start,
            hit[1],
            LEVEL_RANK[entry.level],
            not self.prominent[hit[0]],
            hit[0],
        )

    def sort(self) -> None:
        for table in (self.zh, self.latin):
            for hits in table.values():
                hits.sort(key=self.rank)

    def copy(self) -> Index:
        return Index(
            list(self.entries),
            list(self.prominent),
            {k: list(v) for k, v in self.zh.items()},
            {k: list(v) for k, v in self.latin.items()},
            dict(self.iata),
            self.kb_start,
            dict(self.destinations),
        )


def has_cjk(text: str) -> bool:
    return _CJK.search(text) is not None


def latin_key(text: str) -> str:
    """Normalised Latin key: ``"Xi'an"`` → ``xian``, ``"Huang Shan"`` → ``huangshan``."""
    return "".join(re.findall(r"[a-z0-9]+", unicodedata.normalize("NFKC", text).lower()))


def english_name(short: str) -> str:
    """Title-cased pinyin with an apostrophe before a/o/e syllables (西安 → ``Xi'an``)."""
    if short in tables.EN_NAMES:
        return tables.EN_NAMES[short]
    syllables = lazy_pinyin(short, style=Style.NORMAL, errors="ignore")
    parts = [s if i == 0 or not _VOWEL_START.match(s) else "'" + s for i, s in enumerate(syllables)]
    return "".join(parts).capitalize()


def pinyin_keys(name: str) -> list[str]:
    """Toneless pinyin spellings of a Chinese name: the usual reading first, then other readings
    of heteronyms (长治 → ``zhangzhi``, ``changzhi`` …), at most 8."""
    first = "".join(lazy_pinyin(name, style=Style.NORMAL, errors="ignore"))
    readings = pinyin(name, style=Style.NORMAL, heteronym=True, errors="ignore")
    combos = itertools.islice(itertools.product(*readings), 8)
    return list(dict.fromkeys([first, *("".join(c) for c in combos)]))


def distance_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance in km (haversine, mean Earth radius 6371 km)."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(a))


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
        city = index.entries[_serving_region(index, airport.city, airport.lat, airport.lon)]
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
            for key in (zh_name, plain, f"{city.name_zh}{plain}", plain.removesuffix("机场")):
                index.key(index.zh, key, idx, 0, "alias")
        if city.name_zh not in named:
            named.add(city.name_zh)
            index.key(index.zh, f"{city.name_zh}机场", idx, 1, "alias")
        index.key(index.latin, latin_key(airport.name), idx, 0, "exact")


def _serving_region(index: Index, city_en: str, lat: float, lon: float) -> int:
    """The division an airport serves: a same-named one within 150 km, else the nearest city."""
    words = [w for w in re.findall(r"[a-z]+", city_en.lower()) if w not in {"county", "city"}]
    hits = index.latin.get("".join(words), [])
    near = [
        (distance_km(lat, lon, e.lat or 0.0, e.lon or 0.0), h[0])
        for h in hits
        if (e := index.entries[h[0]]).level in ("prefecture", "county")
    ]
    near = [item for item in near if item[0] <= 150]
    if near:
        return min(near)[1]
    cities = [
        (distance_km(lat, lon, e.lat or 0.0, e.lon or 0.0), i)
        for i, e in enumerate(index.entries)
        if e.level == "prefecture"
    ]
    return min(cities)[1]


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
    index.sort()
    return index


def short_of(name: str) -> str:
    """Short form of a division name, for matching knowledge-base names to the backbone."""
    return short_name(name)[0]
