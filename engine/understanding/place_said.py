"""What a question about the trip names when it names no place by a whole name: a place said
in a traveller's English ("the panda base", "the Terracotta Army"), a scenic area of several
sights (西湖, "West Lake"), or a show or activity whose venue the knowledge base has
(「评弹在哪里听」, "where can we see Sichuan opera face-changing").

Used by `engine.understanding.place_questions` after a whole name or alias said
(`engine.editing.places.place_names`) found nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from engine.domain.itinerary import Itinerary
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.place_aliases import SCENIC
from engine.knowledge.schema import Attraction
from engine.understanding.activities import find_activities, resolve_activity
from engine.understanding.area_sights import area_sights
from engine.understanding.text import has_cjk

#: Words that say nothing of which place is meant, even inside a name ("the", "of").
_STOP = frozenset("the a an of and in at on to for by with de la".split())
_WORD = re.compile(r"[a-z0-9]+")


def _words(text: str) -> list[str]:
    """Lower-case words of `text`, a plural's final ``s`` dropped ("pandas": "panda")."""
    return [w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w
            for w in _WORD.findall(text.lower())]  # fmt: skip


def _name_words(place: Attraction) -> set[str]:
    names = [place.name_en, *(a for a in place.aliases if a.isascii())]
    return {w for n in names for w in _words(n)} - _STOP


def english_named(text: str, places: Iterable[Attraction]) -> Attraction | None:
    """The sight of `places` that English `text` names by words of its English names or aliases
    said next to each other, in any order ("the panda base": Chengdu Research Base of Giant
    Panda Breeding; "the Terracotta Army": Emperor Qinshihuang's Mausoleum Site Museum
    (Terracotta Army)): the place with the longest such run, of two words or more, or of one
    word no other place's names hold ("Wuhou"); None when two places tie, when the run is an
    area's name (`area_named`), or when `text` is Chinese."""
    if has_cjk(text):
        return None
    said = _words(text)
    places = list(places)
    sets = [(p, _name_words(p)) for p in places]
    counts: dict[str, int] = {}
    for _p, words in sets:
        for w in words:
            counts[w] = counts.get(w, 0) + 1
    best: list[tuple[int, Attraction]] = []
    for place, words in sets:
        run = longest = 0
        for w in said:
            if w in words:
                run += 1
                longest = max(longest, run)
            elif w not in _STOP or not run:
                run = 0
        if longest == 1 and not any(w in words and counts[w] == 1 and len(w) >= 4 for w in said):
            longest = 0
        if longest:
            best.append((longest, place))
    best.sort(key=lambda t: -t[0])
    if not best or (len(best) > 1 and best[0][0] == best[1][0]):
        return None
    return best[0][1]


def area_named(text: str, kb: KnowledgeBase, dest_ids: Iterable[str]) -> tuple[str, list[str]]:
    """(the area's name as said, its sights' POI ids) for a famous scenic area of several sights
    that `text` names (`engine.knowledge.place_aliases.SCENIC`: 西湖, "West Lake") and that is
    no sight of its own in the trip's destinations; ("", []) when it names none."""
    said = text.lower()
    dest_ids = tuple(dest_ids)
    for zh, (_host, en) in SCENIC.items():
        name = zh if zh in said else en if en and en.lower() in said else ""
        if not name:
            continue
        sights = area_sights(name, kb, dest_ids)
        if len(sights) >= 2:
            return name, sights
    return "", []


def activity_venue(text: str, it: Itinerary, kb: KnowledgeBase) -> Attraction | None:
    """The sight of the trip's destinations where a show or activity `text` names is seen
    (「评弹在哪里听」: the 评弹 venue; `engine.understanding.activities.resolve_activity`),
    None when it names none or no sight offers it."""
    dests = it.request.destinations
    for found in find_activities(text):
        poi = resolve_activity(found.value.split(":", 1)[1], kb, dests, found.said)
        place = _attraction(poi, it, kb) if poi else None
        if place is not None:
            return place
    return None


def _attraction(poi: str, it: Itinerary, kb: KnowledgeBase) -> Attraction | None:
    for d in it.request.destinations:
        dest = kb.destinations.get(d)
        for a in dest.attractions if dest else ():
            if a.id == poi:
                return a
    return None
