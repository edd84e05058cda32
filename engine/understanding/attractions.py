"""Find a place or an attraction tag from the words a person used (zh or en)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

#: Words for attraction tags (knowledge ATTRACTION_TAGS), longest first when matching.
TAG_WORDS: dict[str, tuple[str, ...]] = {
    "博物馆": ("museum",), "纪念馆": ("museum",), "美术馆": ("art",), "艺术馆": ("art",),
    "寺庙": ("temple",), "寺院": ("temple",), "庙": ("temple",), "寺": ("temple",),
    "宗教": ("religion",), "古镇": ("old-town",), "水乡": ("water-town",), "古村": ("village",),
    "村落": ("village",), "村子": ("village",), "爬山": ("mountain", "hiking"),
    "登山": ("mountain", "hiking"), "山": ("mountain",), "购物": ("shopping",),
    "商场": ("shopping",), "逛街": ("shopping",), "游乐园": ("theme-park",),
    "主题公园": ("theme-park",), "动物园": ("zoo",), "公园": ("park",), "夜市": ("nightlife",),
    "酒吧": ("nightlife",), "温泉": ("hot-spring",), "海边": ("beach",), "海滩": ("beach",),
    "缆车": ("cable-car",), "免税店": ("duty-free",), "免税城": ("duty-free",),
    "免税商场": ("duty-free",), "duty-free": ("duty-free",), "duty-free shop": ("duty-free",),
    "duty free shop": ("duty-free",), "duty-free shopping": ("duty-free",),
    "duty-free mall": ("duty-free",),
    "museum": ("museum",), "gallery": ("art",), "galleries": ("art",), "art": ("art",),
    "temple": ("temple",), "shopping": ("shopping",), "mall": ("shopping",),
    "theme park": ("theme-park",), "amusement park": ("theme-park",), "zoo": ("zoo",),
    "park": ("park",), "old town": ("old-town",), "water town": ("water-town",),
    "village": ("village",), "mountain": ("mountain",), "hiking": ("mountain", "hiking"),
    "climbing": ("mountain", "hiking"), "nightlife": ("nightlife",), "bar": ("nightlife",),
    "hot spring": ("hot-spring",), "beach": ("beach",), "cable car": ("cable-car",),
}  # fmt: skip

_PARTICLES = re.compile(
    r"(了|吧|啦|呢|啊|吗|好吗|行吗|可以吗|这个|那个|这里|那里|please|\s)+$", re.I
)
_ARTICLES = re.compile(r"^(the|a|an|any|all|some)\s+", re.I)


def clean(words: str) -> str:
    """Strip particles, articles and punctuation around a name."""
    words = words.strip(" \t，。,.;；!?！？「」“”\"'")
    words = _PARTICLES.sub("", words)
    return _ARTICLES.sub("", words).strip()


def tags_for(words: str) -> tuple[str, ...]:
    """Attraction tags the words name (``博物馆`` → museum; ``museums`` → museum), or ()."""
    key = clean(words).lower()
    key = re.sub(r"(?<=[a-z])s$", "", key) if key not in TAG_WORDS else key
    return TAG_WORDS.get(key, ())


def find_attraction(words: str, kb: Any, prefer: Sequence[str] = ()) -> tuple[str, str] | None:
    """The attraction the words name: ``(poi_id, destination_id)``, or None.

    Exact names and aliases win; then the longest name contained in the words (or containing
    them). Attractions of the `prefer` destinations are tried first, and one of theirs that
    matches wins over any elsewhere (长城 on a Beijing trip: 八达岭, never 丹东's 虎山长城;
    "the Great Wall": not Jiayuguan's "First Beacon Tower of the Great Wall").
    """
    query = clean(words).lower()
    if len(query) < 2:
        return None
    destinations = list(kb.destinations.values())
    destinations.sort(
        key=lambda d: (d.id not in prefer, prefer.index(d.id) if d.id in prefer else 0)
    )
    best: tuple[int, str, str] | None = None
    for dest in destinations:
        if best is not None and dest.id not in prefer and best[2] in prefer:
            break  # the trip's own sight, before a longer name elsewhere
        for a in dest.attractions:
            names = [a.name_zh.lower(), a.name_en.lower(), *(x.lower() for x in a.aliases)]
            if query in names:
                return a.id, dest.id
            for name in names:
                contained = len(name) >= 2 and name in query
                contains = len(query) >= (2 if not query.isascii() else 4) and query in name
                if contained and not contains and _other_city(query.replace(name, " "), dest, kb):
                    continue  # 「丽江千古情」: 丽江's show, not 三亚千古情 (alias 千古情)
                if (contained or contains) and (best is None or len(name) > best[0]):
                    best = (len(name), a.id, dest.id)
    return (best[1], best[2]) if best else None


def _other_city(rest: str, dest: Any, kb: Any) -> bool:
    """Whether `rest` (the words besides a sight's name) names a destination other than `dest`
    (its Chinese name, or its English name as a word)."""
    if not rest.strip():
        return False
    for other in kb.destinations.values():
        if other.id == dest.id:
            continue
        zh = other.name_zh
        if len(zh) >= 2 and zh in rest:
            return True
        en = (other.name_en or "").lower()
        if len(en) >= 4 and re.search(rf"\b{re.escape(en)}\b", rest):
            return True
    return False


def find_destination(words: str, kb: Any) -> str | None:
    """The destination the words name exactly (``乐山``, ``乐山市``, "Leshan", an alias): its
    id, or None. Only whole names count: 「乐山大佛」 names a sight, not the city."""
    query = re.sub(r"(?<=[\u4e00-\u9fff])(市|县|区)$", "", clean(words)).lower()
    if len(query) < 2:
        return None
    for dest in kb.destinations.values():
        names = (dest.name_zh, dest.name_en, dest.id, *dest.aliases)
        if query in {n.lower() for n in names if n}:
            return str(dest.id)
    return None


def _spot_names(name_zh: str, name_en: str) -> list[str]:
    """A highlight's names, with the bracketed part apart: 「珍珠海（卓玛拉措）」 → 珍珠海, 卓玛拉措."""
    out = []
    for name in (name_zh, name_en):
        for part in re.split(r"[（()）]", name):
            part = part.strip()
            if len(part) >= (3 if not part.isascii() else 6):
                out.append(part)
    return out


def highlights_named(text: str, kb: Any, destinations: Sequence[str]) -> dict[str, str]:
    """Spots inside an attraction of `destinations` (`Attraction.highlights`: 牛奶海 in 亚丁,
    a peak, a cable car) that `text` names: name as said -> the attraction's id. A spot is
    seen by visiting its attraction, so 「看牛奶海」 is a must-see of 亚丁景区, answered there."""
    folded = text.lower()
    found: dict[str, str] = {}
    for dest_id in destinations:
        dest = kb.destinations.get(dest_id) if kb is not None else None
        for a in dest.attractions if dest is not None else ():
            for h in a.highlights:
                for name in _spot_names(h.name_zh, h.name_en):
                    if name.lower() in folded and h.kind != "cable_car":
                        found.setdefault(name, a.id)
    return found


def place_name(poi_id: str, kb: Any, lang: str) -> str:
    """The display name of a place in `lang`, or its id when unknown."""
    place = kb.place(poi_id)
    return place.name(lang) if place is not None else poi_id
