"""Name indexes behind the gazetteer: entries, Chinese keys, Latin (pinyin/English) keys."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from engine.knowledge.regions import Level

How = Literal["exact", "alias", "pinyin", "fuzzy"]
LEVEL_RANK: dict[str, int] = {
    "prefecture": 0,
    "province": 1,
    "scenic": 2,
    "county": 3,
    "airport": 4,
}


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
