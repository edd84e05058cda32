"""Name indexes behind the gazetteer: entries, Chinese keys, Latin (pinyin/English) keys."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from engine.knowledge.regions import Level

How = Literal["exact", "alias", "pinyin", "fuzzy"]
LEVEL_RANK: dict[str, int] = {
    "region": 0,
    "province": 1,
    "prefecture": 2,
    "scenic": 3,
    "county": 4,
    "airport": 5,
}

#: Fame tiers, most famous first: what a traveller most likely means by a name that several
#: places carry. A covered destination or a travel region; a famous sight (headline or
#: popularity ≥ 4, or a well-known scenic area); a province or prefecture; a county or
#: county-level city; a minor sight, or a sight's name without 山 (普陀 for 普陀山); a city
#: district (区); an airport.
TIER_DESTINATION, TIER_SIGHT, TIER_PREFECTURE, TIER_COUNTY, TIER_MINOR, TIER_DISTRICT = range(6)
TIER_AIRPORT = 6
#: Index quality of a key that is a famous name less a trailing 山 (普陀 → 普陀山).
QUALITY_STEM = 4


@dataclass(frozen=True, slots=True)
class PlaceMatch:
    """A resolved place.

    Attributes:
        name_zh: common Chinese name (``黄山``, ``稻城``, ``乌镇``; a covered destination's own name).
        name_en: English name (pinyin of `name_zh` unless a better one is known).
        level: ``region`` (a travel region such as 江南 or 东北), ``province``, ``prefecture``
            (municipalities included), ``county`` (districts included), ``scenic`` (a scenic
            area or a knowledge-base attraction) or ``airport``.
        full_name_zh: official name (``黄山市``, ``稻城县``); `name_zh` for scenic areas.
        province: province-level division, official name (``安徽省``).
        prefecture: prefecture-level division it lies in, official name (itself for one).
        lat, lon: WGS-84 degrees; backbone positions are approximate (±0.01°, a town centre).
        adcode: GB/T 2260 code when known (knowledge-base destinations only).
        destination_id: the knowledge-base destination that covers this place, if any.
        poi_id: the attraction id when the name is a knowledge-base attraction.
        iata: the airport's IATA code, for airports.
        region_id: the travel region (`engine.knowledge.travel_regions`) for level ``region``.
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
    region_id: str | None = None

    @property
    def covered(self) -> bool:
        """Whether the knowledge base has places (attractions, food, lodging) for it."""
        return self.destination_id is not None

    def name(self, lang: str) -> str:
        """`name_zh` or `name_en`."""
        return self.name_zh if lang == "zh" else self.name_en

    @property
    def district(self) -> bool:
        """Whether this is a city district (普陀区), not a county or county-level city."""
        full = self.full_name_zh
        return (
            self.level == "county"
            and full.endswith("区")
            and not full.endswith(("地区", "自治区", "林区"))
        )

    def label(self, lang: str) -> str:
        """The name with where it is, for suggestions: 「普陀区（上海）」, 「中山（广东）」,
        「华山（陕西渭南）」, "Zhongshan (Guangdong)"; provinces, regions, municipalities and
        covered destinations' own cities as they are."""
        from engine.knowledge.place_names import where_label

        name = self.name(lang)
        if lang == "zh" and (self.district or self.level == "province"):
            full = self.full_name_zh  # 普陀区, 海南省: not a bare 普陀 or 海南
            name = full if self.district or full.endswith("省") else name
        where = where_label(self, lang)
        if not where or where == name:
            return name
        return f"{name}（{where}）" if lang == "zh" else f"{name} ({where})"


@dataclass(frozen=True, slots=True)
class Coverage:
    """What a covered destination offers, for ranking names and sizing routes.

    Attributes:
        fame: sum of the popularity (1..5) of its sights rated 4 or more, or headline.
        stay_days: days its main sights take (visit time of those sights / 8 h, 1..3).
        attractions: ids of its attractions, most popular first.
    """

    fame: float
    stay_days: int
    attractions: tuple[str, ...] = ()


#: Index value: (entry index, quality, how); quality 0 official or curated name, 1 natural short
#: name (黄山市 → 黄山), 2 derived short name (甘孜藏族自治州 → 甘孜), 3 other reading of a
#: heteronym (长治 → zhangzhi), 4 a famous name less its trailing 山 (`QUALITY_STEM`).
Hit = tuple[int, int, How]


@dataclass
class Index:
    """Entries plus their keys; `zh` and `latin` lists are sorted best first by `sort()`."""

    entries: list[PlaceMatch] = field(default_factory=list)
    prominent: list[bool] = field(default_factory=list)
    #: fame tier of each entry (`TIER_*`) and a weight that orders entries within a tier
    #: (a sight's popularity, a destination's fame).
    tier: list[int] = field(default_factory=list)
    weight: list[float] = field(default_factory=list)
    zh: dict[str, list[Hit]] = field(default_factory=dict)
    latin: dict[str, list[Hit]] = field(default_factory=dict)
    iata: dict[str, int] = field(default_factory=dict)
    #: entries from this index on come from a knowledge base (preferred on ties).
    kb_start: int = 1 << 30
    #: knowledge-base destination id → its entry.
    destinations: dict[str, int] = field(default_factory=dict)
    #: knowledge-base destination id → its `Coverage`.
    coverage: dict[str, Coverage] = field(default_factory=dict)

    def add(
        self,
        entry: PlaceMatch,
        prominent: bool = False,
        tier: int | None = None,
        weight: float = 0.0,
    ) -> int:
        self.entries.append(entry)
        self.prominent.append(prominent)
        self.tier.append(default_tier(entry) if tier is None else tier)
        self.weight.append(weight)
        return len(self.entries) - 1

    def key(self, table: dict[str, list[Hit]], key: str, idx: int, quality: int, how: How) -> None:
        if not key:
            return
        hits = table.get(key)
        if hits is None:
            table[key] = [(idx, quality, how)]
            return
        for i, hit in enumerate(hits):
            if hit[0] == idx:
                if quality < hit[1]:  # a better reading of the same place (朝阳: chaoyang)
                    hits[i] = (idx, quality, how)
                return
        hits.append((idx, quality, how))

    def rank(self, hit: Hit) -> tuple[bool, int, float, int, bool, bool, int, bool, int]:
        """Sort key of a hit, best first: fame tier (`TIER_*`), weight, quality of the key,
        covered, from the knowledge base, level, well-known; other readings of heteronyms
        last."""
        idx, quality, _how = hit
        entry = self.entries[idx]
        tier = self.tier[idx] if quality != QUALITY_STEM else max(self.tier[idx], TIER_MINOR)
        return (
            quality == 3,
            tier,
            -self.weight[idx],
            quality,
            entry.destination_id is None,
            idx < self.kb_start,
            LEVEL_RANK[entry.level],
            not self.prominent[idx],
            idx,
        )

    def sort(self) -> None:
        for table in (self.zh, self.latin):
            for hits in table.values():
                hits.sort(key=self.rank)

    def copy(self) -> Index:
        return Index(
            list(self.entries),
            list(self.prominent),
            list(self.tier),
            list(self.weight),
            {k: list(v) for k, v in self.zh.items()},
            {k: list(v) for k, v in self.latin.items()},
            dict(self.iata),
            self.kb_start,
            dict(self.destinations),
            dict(self.coverage),
        )


def default_tier(entry: PlaceMatch) -> int:
    """The fame tier of a backbone entry from its level (districts below counties)."""
    if entry.level == "region":
        return TIER_DESTINATION
    if entry.level == "scenic":
        return TIER_SIGHT
    if entry.level in ("province", "prefecture"):
        return TIER_PREFECTURE
    if entry.level == "airport":
        return TIER_AIRPORT
    return TIER_DISTRICT if entry.district else TIER_COUNTY
