"""Which stop or place an edit names: a POI id, or a name (zh/en/alias) as people write it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.editing.errors import EditRefused
from engine.editing.sketch import Sketch
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import Attraction, Lodging, Place, Restaurant


def _names(place: Place) -> list[str]:
    return [place.name_zh.lower(), place.name_en.lower(), *(a.lower() for a in place.aliases)]


def _score(query: str, names: Iterable[str]) -> int:
    """3 an exact name, 2 a name inside the words or the words inside a name (by length), 0."""
    best = 0
    for name in names:
        if not name:
            continue
        if name == query:
            return 10_000
        if (len(name) >= 2 and name in query) or (len(query) >= 2 and query in name):
            best = max(best, min(len(name), len(query)))
    return best


def find_stop(sketches: Sequence[Sketch], ref: str, kb: KnowledgeBase) -> tuple[int, int]:
    """(day list index, stop position) of the stop `ref` names.

    Raises:
        EditRefused: ``unknown_stop`` — no stop of the plan matches.
    """
    query = ref.strip().lower()
    best: tuple[int, int, int] | None = None
    for d, sk in enumerate(sketches):
        for p, stop in enumerate(sk.stops):
            place = kb.place(stop.poi_id)
            names = [stop.poi_id, sk.names.get(stop.poi_id, "").lower()]
            names += _names(place) if place else []
            score = _score(query, names)
            if score and (best is None or score > best[0]):
                best = (score, d, p)
    if best is not None and best[0] < 10_000 and _names_another_place(query, kb):
        best = None  # 「屯溪老街」 is not 「屯溪老街小吃」 because it is in the name
    if best is None:
        raise EditRefused(
            "unknown_stop",
            f"行程里没有「{ref}」",
            f'"{ref}" is not in the plan',
        )
    return best[1], best[2]


def _names_another_place(query: str, kb: KnowledgeBase) -> bool:
    """Whether `query` is exactly the name of a place (which is then not in the plan)."""
    return any(
        query in _names(place)
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
    best: tuple[int, int, str, Place] | None = None
    for place, dest in kb.all_places():
        if not isinstance(place, kinds):
            continue
        score = _score(query, _names(place))
        if not score:
            continue
        key = (score, int(dest.id in prefer), place.id)
        if best is None or key[:2] > best[:2]:
            best = (*key, place)
    if best is None:
        raise EditRefused(
            "unknown_place",
            f"知识库和数据包里都没有「{ref}」",
            f'"{ref}" is in neither the knowledge base nor a data pack',
        )
    return best[3]


def find_lodging(ref: str, kb: KnowledgeBase, prefer: Sequence[str]) -> Lodging:
    """The lodging `ref` names.

    Raises:
        EditRefused: ``unknown_place``.
    """
    place = find_place(ref, kb, prefer, (Lodging,))
    assert isinstance(place, Lodging)
    return place


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
