"""Gazetteer: any Chinese place name (zh, pinyin, English, nickname, typo) → a `PlaceMatch`."""

from __future__ import annotations

import dataclasses
import re
import weakref
from collections.abc import Iterable

from pypinyin import Style, lazy_pinyin
from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from engine.knowledge import place_aliases as tables
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.gazetteer_backbone import backbone
from engine.knowledge.gazetteer_index import Coverage, How, Index, PlaceMatch
from engine.knowledge.gazetteer_kb import overlay
from engine.knowledge.gazetteer_partial import PartialNames
from engine.knowledge.place_names import (
    distance_km,
    has_cjk,
    latin_attraction_score,
    latin_key,
    latin_variants,
    words,
    zh_variants,
)

__all__ = ["Gazetteer", "PlaceMatch", "gazetteer_for"]

_PINYIN_CUTOFF_ZH = 90
_PINYIN_CUTOFF_LATIN = 80
_COVERED_CUTOFF_LATIN = 70
_STRIP = " \t\r\n\"'“”‘’「」『』《》()（）[]【】,，.。!！?？、:：;；"


class Gazetteer:
    """Place-name resolution against the backbone and one knowledge base.

    Backbone: every province, prefecture and county of ``china-region`` and every Chinese
    airport with an IATA code in ``airportsdata``, plus hand-kept nicknames, English names and
    famous scenic areas (`engine.knowledge.place_aliases`). The knowledge base's destinations
    and attractions come first: a name that a destination covers resolves with its
    ``destination_id``. Indexes are built once (the backbone once per process, about 0.3 s;
    the overlay of a knowledge base about 50 ms); a lookup then takes a few microseconds.

    Usage::

        gaz = gazetteer_for(kb)            # built once per knowledge base, then cached
        gaz.resolve("黄山市")               # PlaceMatch(name_zh="黄山", destination_id="huangshan", …)
        gaz.resolve("Huang Shan")          # the same place, how="pinyin"
        gaz.resolve("黄衫")                 # None — a typo is never silently resolved
        gaz.suggest("黄衫")                 # [PlaceMatch(name_zh="黄山", how="fuzzy", score=100), …]
        gaz.nearest_covered(gaz.resolve("婺源"))   # [(PlaceMatch(黄山…), 90.0), …] (km)

    Ties (one name, several places) go to the place travellers mean, by fame: covered
    destinations and travel regions; famous sights (popularity ≥ 4); provinces, then
    prefectures; counties; minor sights; city districts; airports (`gazetteer_index.TIER_*`).
    Within a tier: the more popular sight or the better-known destination, official or curated
    names over derived short names, covered places, well-known places (苏州 over 宿州).
    `candidates` lists them all, for a caller that knows the context (the departure city,
    other places named).

    Args:
        kb: the knowledge base whose destinations and attractions come first (None: backbone
            only). Later changes to `kb` are not seen; `gazetteer_for` rebuilds when they are.
    """

    def __init__(self, kb: KnowledgeBase | None = None) -> None:
        self._index: Index = overlay(backbone(), kb) if kb is not None else backbone()
        self._zh_keys = list(self._index.zh)
        self._latin_keys = list(self._index.latin)
        self._destinations = [self._index.entries[i] for i in self._index.destinations.values()]
        self._variants: dict[tuple[int, How], PlaceMatch] = {}
        #: Latin keys of the knowledge base's destinations (the places we can plan).
        destination_entries = set(self._index.destinations.values())
        self._covered_latin = [
            key
            for key, hits in self._index.latin.items()
            if any(idx in destination_entries for idx, quality, _how in hits if quality < 3)
        ]
        self._attraction_keys = [
            (key, hit[0])
            for key, hits in self._index.zh.items()
            for hit in hits
            if self._index.entries[hit[0]].poi_id is not None
        ]
        self._partial = PartialNames(self._index)
        self._pinyin_keys: dict[str, list[int]] | None = None

    def resolve(self, name: str) -> PlaceMatch | None:
        """The place `name` denotes, or None.

        Tries, in order: the name as written (official names, knowledge-base names and aliases,
        nicknames such as 魔都); the name without a scenic or administrative suffix (黄山风景区,
        稻城市); for Latin text, pinyin and English names (``huangshan``, ``Mount Huangshan``,
        ``Peking``) and IATA codes (``PVG``). Chinese homophones and typos are not resolved:
        see `suggest`.
        """
        text = name.strip(_STRIP)
        if not text:
            return None
        if has_cjk(text):
            return self._lookup_zh(text)
        return self._lookup_latin(text)

    def candidates(self, name: str) -> list[PlaceMatch]:
        """Every place `name` may denote, most likely first (see the class docstring); one
        entry per place (a district and its same-named duplicate count once)."""
        text = name.strip(_STRIP)
        if not text:
            return []
        keys = zh_variants(text) if has_cjk(text) else latin_variants(text)
        table = self._index.zh if has_cjk(text) else self._index.latin
        out: list[PlaceMatch] = []
        seen: set[tuple[str, str, str | None]] = set()
        for i, key in enumerate(keys):
            for idx, _quality, how in table.get(key, ()):
                entry = self._index.entries[idx]
                tag = (entry.full_name_zh, entry.prefecture, entry.poi_id)
                if tag not in seen:
                    seen.add(tag)
                    out.append(self._match(idx, how if i == 0 else "alias"))
            if out:
                break
        return out

    def partial(self, name: str, destination_ids: Iterable[str] | None = None) -> PlaceMatch | None:
        """A famous sight that `name` names in part (长城 → 八达岭长城, 长隆 → 长隆野生动物世界,
        "Great Wall" → Badaling Great Wall), when one destination's sight is clearly the best;
        among the sights of `destination_ids` only, when given; None for generic words (古镇,
        museum) and for names no sight carries."""
        allowed = frozenset(destination_ids) if destination_ids is not None else None
        found = self._partial.find(name.strip(_STRIP), allowed)
        return None if found is None else self._match(found, "alias")

    def destination(self, dest_id: str) -> PlaceMatch | None:
        """The entry of a covered destination, or None."""
        idx = self._index.destinations.get(dest_id)
        return None if idx is None else self._index.entries[idx]

    def is_destination(self, match: PlaceMatch) -> bool:
        """Whether `match` is a covered destination itself (黄山, 黄山市), not a place that a
        destination covers (黄山区) or one of its sights."""
        dest = self.destination(match.destination_id) if match.destination_id else None
        return (
            dest is not None
            and match.poi_id is None
            and (match.name_zh, match.full_name_zh) == (dest.name_zh, dest.full_name_zh)
        )

    def coverage(self, dest_id: str) -> Coverage | None:
        """Fame and route days of a covered destination (`gazetteer_index.Coverage`)."""
        return self._index.coverage.get(dest_id)

    def covered(self) -> list[PlaceMatch]:
        """The entries of every covered destination, in knowledge-base order."""
        return list(self._destinations)

    def attraction_named(self, name: str, dest_id: str) -> str | None:
        """The id of `dest_id`'s attraction that `name` names exactly (an alias counts:
        黄山 → huangshan-scenic-area), or None."""
        for idx in self._hits(name.strip(_STRIP)):
            entry = self._index.entries[idx]
            if entry.poi_id is not None and entry.destination_id == dest_id:
                return entry.poi_id
        return None

    def attractions_containing(self, word: str, destination_ids: Iterable[str]) -> list[PlaceMatch]:
        """The attractions of `destination_ids` whose Chinese name or an alias contains `word`
        (古镇 → 喜洲古镇 in 大理), those whose name ends with it first; empty when none."""
        allowed = set(destination_ids)
        found: dict[int, bool] = {}
        for key, idx in self._attraction_keys:
            entry = self._index.entries[idx]
            if word and word in key and entry.destination_id in allowed:
                found[idx] = found.get(idx, False) or key.endswith(word)
        order = sorted(found, key=lambda idx: not found[idx])
        return [self._index.entries[idx] for idx in order]

    def suggest(self, name: str, limit: int = 5) -> list[PlaceMatch]:
        """Places `name` may have meant, best first, each with a `score` (0..100, how="fuzzy"
        unless the name resolves as written).

        Scores are the best of: Levenshtein similarity of the toneless pinyin (so homophones
        such as 黄衫/黄山 score 100) and of the characters (×0.95). Pinyin similarity under 90
        (Chinese input) or 80 (Latin input) and character similarity under 66 are dropped.
        Latin input is also compared with the spellings of the knowledge base's destinations
        by optimal-string-alignment similarity (a swapped pair of letters is one edit:
        "Xain" → 西安 scores 75), kept from 70 up.
        """
        text = name.strip(_STRIP)
        if not text:
            return []
        exact = set(self._hits(text))
        scored = dict.fromkeys(exact, 100.0)
        cjk = has_cjk(text)
        spelled = (
            "".join(lazy_pinyin(text, style=Style.NORMAL, errors="ignore"))
            if cjk
            else latin_key(text)
        )
        cutoff = _PINYIN_CUTOFF_ZH if cjk else _PINYIN_CUTOFF_LATIN
        if len(spelled) >= 3:
            found = process.extract(
                spelled, self._latin_keys, scorer=fuzz.ratio, limit=30, score_cutoff=cutoff
            )
            if not cjk:  # near-misses of places we can plan: swapped letters count as one
                found += process.extract(
                    spelled, self._covered_latin, scorer=_near_miss, limit=10,
                    score_cutoff=_COVERED_CUTOFF_LATIN,
                )  # fmt: skip
            for key, score, _ in found:
                for idx, quality, _how in self._index.latin[key]:
                    if quality < 3:
                        scored[idx] = max(scored.get(idx, 0.0), score)
        if cjk:
            found = process.extract(
                text, self._zh_keys, scorer=fuzz.ratio, limit=20, score_cutoff=66
            )
            for key, score, _ in found:
                for idx, _quality, _how in self._index.zh[key]:
                    scored[idx] = max(scored.get(idx, 0.0), score * 0.95)
        order = sorted(
            scored, key=lambda i: (-scored[i] - self._bonus(i), self._index.rank((i, 1, "fuzzy")))
        )
        out: list[PlaceMatch] = []
        seen: set[tuple[str, str]] = set()
        for idx in order:
            entry = self._index.entries[idx]
            tag = (entry.name_zh, entry.destination_id or entry.prefecture)
            if tag in seen:
                continue
            seen.add(tag)
            how = entry.how if idx in exact else "fuzzy"
            out.append(dataclasses.replace(entry, how=how, score=round(scored[idx], 1)))
            if len(out) >= limit:
                break
        return out

    def nearest_covered(self, match: PlaceMatch, limit: int = 3) -> list[tuple[PlaceMatch, float]]:
        """Covered destinations nearest to `match`, as (destination, great-circle km), nearest
        first; `match`'s own destination is left out. Empty when `match` has no position."""
        if match.lat is None or match.lon is None:
            return []
        lat, lon = match.lat, match.lon
        found = [
            (dest, round(distance_km(lat, lon, dest.lat or 0.0, dest.lon or 0.0), 1))
            for dest in self._destinations
            if dest.destination_id != match.destination_id
        ]
        return sorted(found, key=lambda pair: pair[1])[:limit]

    def find_attraction(
        self, name: str, destination_ids: Iterable[str] | None = None, *, lead_word: bool = False
    ) -> PlaceMatch | None:
        """A knowledge-base attraction by name, alias or English name, exact first, then fuzzy
        (similarity ≥ 80: of the characters for Chinese, so 上海 does not match 上海博物馆; see
        `_latin_attraction_score` for English); restricted to `destination_ids` when given.
        With `lead_word`, an English name's first word may stand for the sight whose English
        name starts with it ("Guling town" → Guling Street, "Lingshan" → Lingshan Grand Buddha)."""
        allowed = set(destination_ids) if destination_ids is not None else None

        def ok(idx: int) -> bool:
            entry = self._index.entries[idx]
            return entry.poi_id is not None and (allowed is None or entry.destination_id in allowed)

        text = name.strip(_STRIP)
        if not text:
            return None
        for idx in self._hits(text):
            if ok(idx):
                return self._index.entries[idx]
        scored: list[tuple[float, int]] = []
        if has_cjk(text):
            for key, idx in self._attraction_keys:
                if ok(idx):
                    scored.append((fuzz.ratio(text, key), idx))
        else:
            query = words(text)
            for idx, entry in enumerate(self._index.entries):
                if ok(idx):
                    scored.append((latin_attraction_score(query, words(entry.name_en)), idx))
        if not has_cjk(text):  # "Nianhuawan": the Chinese name in pinyin (拈花湾)
            for idx in self._attraction_pinyin().get(re.sub(r"[^a-z]", "", text.lower()), ()):
                if ok(idx):
                    return dataclasses.replace(self._index.entries[idx], how="pinyin")
        if not scored:
            return None
        score, idx = max(scored, key=lambda pair: (pair[0], -pair[1]))
        if score >= 80:
            return dataclasses.replace(self._index.entries[idx], how="fuzzy", score=round(score, 1))
        lead = [w for w in words(text).split() if w != "the"][:1] if lead_word else []
        for _score, idx in scored if lead and not has_cjk(text) else ():
            if words(self._index.entries[idx].name_en).split()[:1] == lead:
                return dataclasses.replace(self._index.entries[idx], how="fuzzy", score=80.0)
        return None

    def _attraction_pinyin(self) -> dict[str, list[int]]:
        """Toneless pinyin of each attraction's Chinese name (without what is in brackets, at
        least 3 syllables' worth: 8 letters) → entry indexes; built on first use."""
        if self._pinyin_keys is None:
            keys: dict[str, list[int]] = {}
            for _key, idx in self._attraction_keys:
                name = re.sub(r"[（(].*?[)）]", "", self._index.entries[idx].name_zh)
                key = "".join(lazy_pinyin(name, style=Style.NORMAL, errors="ignore"))
                if len(key) >= 8 and idx not in keys.get(key, []):
                    keys.setdefault(key, []).append(idx)
            self._pinyin_keys = keys
        return self._pinyin_keys

    def scan(self, text: str, regions: bool = False) -> list[tuple[int, int, PlaceMatch]]:
        """Place names inside Chinese free text, longest match first, left to right, as
        (start, end, match). Common words that are also county names (东方, 和平) and
        one-character nicknames (沪) are skipped; so are travel regions (东北 in 东北菜) unless
        `regions`."""
        found: list[tuple[int, int, PlaceMatch]] = []
        i, n = 0, len(text)
        while i < n:
            for length in range(min(9, n - i), 1, -1):
                key = text[i : i + length]
                hits = self._index.zh.get(key)
                if hits and not regions:
                    hits = [h for h in hits if self._index.entries[h[0]].level != "region"]
                if key in tables.COMMON_WORDS and not (  # 江南 the region, not 江南区
                    hits and self._index.entries[hits[0][0]].level == "region"
                ):
                    continue
                if hits:
                    match = self._match(hits[0][0], hits[0][2])
                    if not _of_city_before(found, i, match):
                        found.append((i, i + length, match))
                    i += length
                    break
            else:
                i += 1
        return found

    # -- internals -------------------------------------------------------------------------

    def _bonus(self, idx: int) -> float:
        """Ordering bonus for suggestions: covered places and well-known cities first."""
        entry = self._index.entries[idx]
        return (
            5.0 * entry.covered
            + 3.0 * self._index.prominent[idx]
            + 2.0 * (entry.level == "prefecture")
        )

    def _match(self, idx: int, how: How) -> PlaceMatch:
        entry = self._index.entries[idx]
        if entry.how == how:
            return entry
        key = (idx, how)
        match = self._variants.get(key)
        if match is None:
            match = self._variants[key] = dataclasses.replace(entry, how=how)
        return match

    def _hits(self, text: str) -> list[int]:
        keys = zh_variants(text) if has_cjk(text) else latin_variants(text)
        table = self._index.zh if has_cjk(text) else self._index.latin
        for key in keys:
            if key in table:
                return [hit[0] for hit in table[key]]
        if not has_cjk(text) and re.fullmatch(r"[A-Z]{3}", text) and text in self._index.iata:
            return [self._index.iata[text]]
        return []

    def _lookup_zh(self, text: str) -> PlaceMatch | None:
        for i, key in enumerate(zh_variants(text)):
            hits = self._index.zh.get(key)
            if hits:
                idx, _quality, how = hits[0]
                return self._match(idx, how if i == 0 else "alias")
        return None

    def _lookup_latin(self, text: str) -> PlaceMatch | None:
        if re.fullmatch(r"[A-Z]{3}", text) and text in self._index.iata:
            return self._match(self._index.iata[text], "exact")
        for key in latin_variants(text):
            hits = self._index.latin.get(key)
            if hits:
                return self._match(hits[0][0], hits[0][2])
        return None


def _near_miss(a: str, b: str, *, score_cutoff: float | None = None, **_: object) -> float:
    """0..100: the better of Indel (`fuzz.ratio`) and optimal-string-alignment similarity."""
    return max(fuzz.ratio(a, b), OSA.normalized_similarity(a, b) * 100)


_CACHE: dict[int, tuple[weakref.ref[KnowledgeBase], tuple[int, ...], Gazetteer]] = {}


def gazetteer_for(kb: KnowledgeBase | None) -> Gazetteer:
    """The gazetteer of `kb`, built on first use and cached while `kb` lives and keeps the same
    destination objects (adding or replacing a destination rebuilds it)."""
    if kb is None:
        return _backbone_gazetteer()
    stamp = tuple(id(d) for d in kb.destinations.values())
    cached = _CACHE.get(id(kb))
    if cached is not None and cached[0]() is kb and cached[1] == stamp:
        return cached[2]
    gazetteer = Gazetteer(kb)
    key = id(kb)
    _CACHE[key] = (weakref.ref(kb, lambda _ref: _CACHE.pop(key, None)), stamp, gazetteer)
    return gazetteer


_BACKBONE: list[Gazetteer] = []


def _backbone_gazetteer() -> Gazetteer:
    if not _BACKBONE:
        _BACKBONE.append(Gazetteer(None))
    return _BACKBONE[0]


def _of_city_before(
    found: list[tuple[int, int, PlaceMatch]], start: int, match: PlaceMatch
) -> bool:
    """Whether `match`, a sight's short name, comes right after a covered city's name that is
    not its own (「丽江千古情」: 丽江's show, not 三亚千古情 whose alias is 千古情): then the
    words name something of that city, not this sight elsewhere."""
    if match.poi_id is None or match.how != "alias" or not found:
        return False
    _s, end, before = found[-1]
    return (
        end == start
        and before.poi_id is None
        and before.destination_id is not None
        and before.destination_id != match.destination_id
    )
