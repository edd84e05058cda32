"""Sights named anywhere in a request (想看天安门升旗, "Potala Palace please", "the Mogao Caves
are the goal"): a place the person names is a must-see (DESIGN: "Places the person names are
must-sees"), when it is an attraction of the trip's destinations."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from itertools import pairwise

from engine.knowledge.gazetteer import Gazetteer
from engine.understanding import lexicon
from engine.understanding.found import Found
from engine.understanding.text import has_cjk

#: Capitalised English names, with the small words inside them ("Temple of Heaven").
_CAPS = re.compile(
    r"\b(?:[Tt]he\s+)?[A-Z][\w'’\-]*(?:\s+(?:(?:of|and|the|de|on)\s+)*[A-Z][\w'’\-]*(?:\.(?!\s))?){0,4}"
)
_LEADING = re.compile(r"^(?:the)\s+", re.I)
Keep = Callable[[str | None, int, int], None]


def named_sights(
    text: str, gaz: Gazetteer, destination_ids: Iterable[str], skip: Iterable[tuple[int, int]]
) -> list[Found]:
    """One must-see `Found` (value: the POI id) per attraction of `destination_ids` named in
    `text` outside the `skip` spans (where to stay, where from)."""
    dest_ids = set(destination_ids)
    spans = list(skip)
    out: list[Found] = []

    def keep(poi_id: str | None, start: int, end: int) -> None:
        if poi_id and not any(start < e and s < end for s, e in spans):
            if all(f.value != poi_id for f in out):
                out.append(Found("must_see", poi_id, text[start:end].strip(), (start, end)))

    if not dest_ids:
        return out
    if has_cjk(text):
        hits = [(s, e, m) for s, e, m in gaz.scan(text) if m.destination_id in dest_ids]
        for start, end, match in hits:
            keep(match.poi_id, start, end)
        for (_, gap_start, left), (gap_end, _, right) in pairwise(hits):
            if left.poi_id and right.poi_id:
                _run_together(gaz, text, gap_start, gap_end, dest_ids, keep)
    for m in _CAPS.finditer(text):
        # "the Forbidden City and the Great Wall": the names on each side of "and" first,
        # then the whole ("Ice and Snow World")
        start, found = m.start(), False
        parts = re.split(r"(\s+and\s+)", m.group(0))
        for part in parts if len(parts) > 1 else ():
            if part.strip() != "and":
                found = _english_sight(gaz, part, dest_ids, start, keep) or found
            start += len(part)
        if not found:
            _english_sight(gaz, m.group(0), dest_ids, m.start(), keep)
    return out


#: Capitalised words that end or frame a request, never a place's name.
_NOT_NAMES = lexicon.EN_STOPWORDS | {
    "thanks",
    "thank",
    "please",
    "cheers",
    "regards",
    "hi",
    "hello",
}
#: Between two names of one list: ", ", " and ", ", and ".
_LIST_JOIN = re.compile(r"^\s*(?:,|，|、)?\s*(?:and\s+|&\s*)?$", re.I)


def unknown_listed(text: str, gaz: Gazetteer, sights: list[Found]) -> list[Found]:
    """Capitalised names listed right beside named sights ("Potala Palace, Jokhang Temple,
    Namtso") that are no place and no sight the knowledge base holds: one must-see `Found`
    each (value: the words), so that the report answers them instead of dropping them."""
    spans = sorted(f.span for f in sights)
    out: list[Found] = []
    for m in _CAPS.finditer(text):
        words = _LEADING.sub("", m.group(0)).strip()
        if any(m.start() < e and s < m.end() for s, e in spans) or len(words) < 4:
            continue
        beside = any(  # the join on the side where the sight stands, never an empty slice
            _LIST_JOIN.match(text[e : m.start()])
            if e <= m.start()
            else _LIST_JOIN.match(text[m.end() : s])
            for s, e in spans
            if e <= m.start() or m.end() <= s
        )
        if (
            beside
            and not any(w.lower() in _NOT_NAMES for w in words.split())
            and gaz.resolve(words) is None
            and gaz.find_attraction(words) is None
        ):
            out.append(Found("must_see", words, words, m.span()))
    return out


#: The longest name run together between two named sights (「故宫长城环球影城」: 长城), characters.
_RUN_NAME_MAX = 6


def _run_together(
    gaz: Gazetteer, text: str, start: int, end: int, dest_ids: set[str], keep: Keep
) -> None:
    """A sight named between two others with nothing between (「故宫长城环球影城」): the words
    `text[start:end]`, when they name part of one of `dest_ids`' sights (长城 → 八达岭长城)."""
    words = text[start:end]
    if 2 <= len(words) <= _RUN_NAME_MAX and re.fullmatch(r"[\u4e00-\u9fff]+", words):
        hit = gaz.partial(words, dest_ids)
        if hit is not None and hit.poi_id:
            keep(hit.poi_id, start, end)


def _english_sight(gaz: Gazetteer, words: str, dest_ids: set[str], start: int, keep: Keep) -> bool:
    phrase = _LEADING.sub("", words).strip()
    place = gaz.resolve(phrase)
    if len(phrase) < 4 or (place is not None and place.poi_id is None):
        return False  # a city or region ("Beijing", "Yunnan"), not a sight
    hit = gaz.find_attraction(phrase, dest_ids)
    if hit is None or not hit.poi_id:
        return False
    keep(hit.poi_id, start, start + len(words))
    return True
