"""Which stop or place an edit names: a POI id, or a name (zh/en/alias) as people write it."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TypeVar

from engine.editing.errors import EditRefused
from engine.editing.sketch import Sketch
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import Attraction, Lodging, Place, Restaurant

T = TypeVar("T")


def place_names(place: Place) -> list[str]:
    """A place's names as matched (lower case): Chinese, English, aliases, then for a sight the
    parts of a name that joins two places (「灵隐寺·飞来峰」, "Lingyin Temple and Feilai Feng": 灵隐寺,
    "lingyin temple"), each a name a traveller says alone."""
    names = [place.name_zh.lower(), place.name_en.lower(), *(a.lower() for a in place.aliases)]
    if not isinstance(place, Attraction):
        return names  # 「知味观·味庄」 is a restaurant of its own, not 知味观
    parts = [
        re.sub(r"\s*[（(].*?[)）]\s*", "", p).strip() for n in names[:2] for p in _JOINS.split(n)
    ]
    return names + [p for p in parts if len(p) >= (6 if p.isascii() else 3) and p not in names]


#: Where a name joins two places: 「·」, " and ", " & " (never a bracket: 「楠溪江狮子岩（竹筏
#: 漂流）」's bracket says what it is, not another name).
_JOINS = re.compile(r"\s*(?:·|\band\b|&)\s*")


#: `name_score` of an exact name.
EXACT = 10_000
#: `name_score` at or above which a name was said within the words (not merely part of one).
SAID = 1_000


def name_score(query: str, names: Iterable[str]) -> int:
    """How well the words `query` name a place called `names` (both lower case), the one
    scoring used wherever an edit names a stop or a place (`find_stop`, `find_place`, the
    follow-ups of `engine.understanding.edits`):

    - `EXACT` (10 000): a name exactly;
    - `SAID` + the name's length: a name of 2+ characters said within the words — the longest
      wins (「屯溪老街小吃」 said: the snack street, not 「屯溪老街」);
    - 100 − the name's length: the words (2+ characters) are part of a name — the shortest
      wins (「老街」: 屯溪老街 before 屯溪老街小吃);
    - 0: no match.

    Ties keep the first place scored (callers list the plan's stops in order).
    """
    best = 0
    for name in names:
        if not name:
            continue
        if name == query:
            return EXACT
        if len(name) >= 2 and name in query:
            best = max(best, SAID + len(name))
        elif len(query) >= 2 and query in name:
            best = max(best, max(1, 100 - len(name)))
    return best


def best_named(
    query: str, candidates: Iterable[tuple[T, Sequence[str]]], kb: KnowledgeBase
) -> T | None:
    """The candidate (key, names) the words `query` (lower case) name best by `name_score`,
    or None — also when the match is not exact and the words are exactly the name of another
    place of the knowledge base (「屯溪老街」 is not the plan's 「屯溪老街小吃」)."""
    best: tuple[int, T] | None = None
    for key, names in candidates:
        score = name_score(query, names)
        if score and (best is None or score > best[0]):
            best = (score, key)
    if best is None or (best[0] < EXACT and _names_another_place(query, kb)):
        return None
    return best[1]


def find_stop(sketches: Sequence[Sketch], ref: str, kb: KnowledgeBase) -> tuple[int, int]:
    """(day list index, stop position) of the stop `ref` names (`best_named`).

    Raises:
        EditRefused: ``unknown_stop`` — no stop of the plan matches.
    """
    candidates = [
        ((d, p), [stop.poi_id, sk.names.get(stop.poi_id, "").lower(),
                  *(place_names(place) if (place := kb.place(stop.poi_id)) else [])])
        for d, sk in enumerate(sketches)
        for p, stop in enumerate(sk.stops)
    ]  # fmt: skip
    found = best_named(ref.strip().lower(), candidates, kb)
    if found is None:
        raise EditRefused(
            "unknown_stop",
            f"行程里没有「{ref}」",
            f'"{ref}" is not in the plan',
        )
    return found


def _names_another_place(query: str, kb: KnowledgeBase) -> bool:
    """Whether `query` is exactly the name of a place (which is then not in the plan)."""
    return any(
        query in place_names(place)
        for place, _dest in kb.all_places()
        if isinstance(place, Attraction | Restaurant)
    )


def find_place(
    ref: str,
    kb: KnowledgeBase,
    prefer: Sequence[str],
    kinds: tuple[type[Place], ...] = (Attraction, Restaurant),
) -> Place:
    """The knowledge-base (or data-pack) place `ref` names; places of the `prefer` destinations
    win over others of the same match.

    Raises:
        EditRefused: ``unknown_place``.
    """
    hit = kb.place(ref.strip())
    if isinstance(hit, kinds):
        return hit
    query = ref.strip().lower()
    best: tuple[int, int, int, int, str, Place] | None = None
    for place, dest in kb.all_places():
        if not isinstance(place, kinds):
            continue
        score = name_score(query, place_names(place))
        if not score:
            continue
        # A trip's own place the words name as a whole name or its lead words ("Nanshan" on a
        # 三亚 trip: its Nanshan Cultural Tourism Zone, not 镇江's 南山 of that exact name),
        # then an exact name anywhere, then the trip's own places (「植物园」 on a 厦门 trip: its
        # botanical garden, not a shorter-named one elsewhere), then the better match.
        ours = dest.id in prefer
        key = (int(ours and _leads(query, place_names(place))), int(score == EXACT), int(ours),
               score, place.id)  # fmt: skip
        if best is None or key[:4] > best[:4]:
            best = (*key, place)
    if best is None and Attraction in kinds:
        found = _containing(query, kb, prefer) or _close_name(ref.strip(), kb, prefer)
        if found is not None:
            return found
    if best is None:
        raise EditRefused(
            "unknown_place",
            f"知识库和数据包里都没有「{ref}」",
            f'"{ref}" is in neither the knowledge base nor a data pack',
        )
    return best[5]


def _leads(query: str, names: Iterable[str]) -> bool:
    """Whether the words `query` (lower case) are one of `names` or its first words: 南山 of
    「南山文化旅游区」, "nanshan" of "nanshan cultural tourism zone" (Latin: whole words)."""
    if len(query) < (2 if not query.isascii() else 4):
        return False
    return any(
        n == query
        or (n.startswith(query) and (not query.isascii() or n[len(query) : len(query) + 1] in " ("))
        for n in names
    )


_SPOT_PARTS = re.compile(r"[（()）、，,/]")


def spot_names(name_zh: str, name_en: str) -> list[str]:
    """A spot's names as matched (lower case), with a bracketed part apart: 「袁家界（乾坤柱、
    天下第一桥）」 → 袁家界, 乾坤柱, 天下第一桥; "Sunlight Rock (Riguangyan)" → sunlight rock,
    riguangyan."""
    parts = _SPOT_PARTS.split(f"{name_zh}/{name_en}")
    return [p.strip().lower() for p in parts if len(p.strip()) >= 2]


def spot_named(ref: str, place: Place) -> str | None:
    """The spot inside `place` (`Attraction.highlights`: 鼓浪屿's 日光岩, a peak, a pier) that
    the words `ref` name rather than the place itself — all of a spot's name or a name said in
    them, or 3+ characters of one (「菽庄花园」 of 菽庄花园与钢琴博物馆) — as said; None when
    they name the place (or no spot of it)."""
    query = ref.strip().lower()
    if not isinstance(place, Attraction) or name_score(query, place_names(place)):
        return None
    for spot in place.highlights:
        score = name_score(query, spot_names(spot.name_zh, spot.name_en))
        if score >= SAID or (score and len(query) >= (3 if not query.isascii() else 5)):
            return ref.strip()
    return None


def _containing(query: str, kb: KnowledgeBase, prefer: Sequence[str]) -> Attraction | None:
    """The attraction of the `prefer` destinations one of whose spots (`Attraction.highlights`)
    the words name (日光岩 → 鼓浪屿): a spot is seen by visiting the place it lies in."""
    for dest_id in prefer:
        dest = kb.destinations.get(dest_id)
        for place in dest.attractions if dest is not None else ():
            if spot_named(query, place) is not None:
                return place
    return None


def _close_name(ref: str, kb: KnowledgeBase, prefer: Sequence[str]) -> Attraction | None:
    """An attraction of the `prefer` destinations whose name the words nearly spell, or spell in
    pinyin (「鼓浪岛」, "gulangyu"): the gazetteer's fuzzy match (rapidfuzz, pypinyin)."""
    from engine.knowledge.gazetteer import gazetteer_for

    if not prefer:
        return None
    hit = gazetteer_for(kb).find_attraction(ref, prefer)
    place = kb.attraction(hit.poi_id) if hit is not None and hit.poi_id else None
    return place


def find_lodging(ref: str, kb: KnowledgeBase, prefer: Sequence[str]) -> Lodging:
    """The lodging `ref` names.

    Raises:
        EditRefused: ``unknown_place`` — listing the lodging of the `prefer` destinations.
    """
    try:
        place = find_place(ref, kb, prefer, (Lodging,))
    except EditRefused as exc:
        zh = "、".join(label for _id, label in lodging_choices(prefer, "zh", kb))
        en = "; ".join(label for _id, label in lodging_choices(prefer, "en", kb))
        if zh:
            exc.zh += f"；可以住：{zh}"
            exc.en += f"; places to stay: {en}"
        raise
    assert isinstance(place, Lodging)
    return place


def lodging_choices(
    destinations: Sequence[str], lang: str, kb: KnowledgeBase | None = None
) -> list[tuple[str, str]]:
    """Where one can stay in `destinations`: ``(poi id, label)``, the label the name in `lang`
    and the nightly price range per room (「汤口镇 ¥200–500/晚」, "Tangkou ¥200–500/night"),
    cheapest first. Blocking the first time (loads the knowledge base)."""
    if kb is None:
        from engine.knowledge.base import default_knowledge

        kb = default_knowledge()
    found = []
    for destination in destinations:
        dest = kb.destinations.get(destination)
        for lodging in dest.lodging if dest is not None else ():
            price = f"¥{lodging.price_min_cny:,.0f}–{lodging.price_max_cny:,.0f}"
            night = "/晚" if lang == "zh" else "/night"
            found.append(
                (lodging.price_min_cny, lodging.id, f"{lodging.name(lang)} {price}{night}")
            )
    return [(poi, label) for _price, poi, label in sorted(found)]


def place_choices(
    destinations: Sequence[str], lang: str, kb: KnowledgeBase | None = None
) -> list[tuple[str, str]]:
    """What a search box offers to add to a trip to `destinations`: ``(poi id, label)`` of
    every attraction and restaurant there (`kb`, default: the knowledge base and installed
    data packs), attractions first, the most popular first; the label is the name in `lang`,
    then in the other language. Blocking the first time (loads the knowledge base)."""
    if kb is None:
        from engine.knowledge.base import default_knowledge

        kb = default_knowledge()
    found: list[tuple[int, int, str, str]] = []
    for place, dest in kb.all_places():
        if dest.id not in destinations or not isinstance(place, Attraction | Restaurant):
            continue
        other = place.name_en if lang == "zh" else place.name_zh
        label = f"{place.name(lang)} · {other}" if other != place.name(lang) else place.name(lang)
        rank = -place.popularity if isinstance(place, Attraction) else 0
        found.append((int(isinstance(place, Restaurant)), rank, label, place.id))
    return [(poi, label) for _kind, _rank, label, poi in sorted(found)]
