"""A kind of sight asked for on a day, not a named one (「第三天下午加个适合孩子的景点」, 「第二天加个
博物馆」, "add something for the kids on day 3", "fit in a park on day 1"): read as an `AddPlace`
of the best sight of that kind near the day's stops, not yet in the plan."""

from __future__ import annotations

import re

from engine.domain.itinerary import Itinerary
from engine.editing.ops import AddPlace
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Attraction
from engine.planning import candidates as cand
from engine.understanding.lexicon import INTEREST_WORDS

#: Sights farther than this from the day's stops are taken only when none of the kind is
#: nearer (metres).
NEAR_DAY_M = 8000
#: Kinds that are food or shopping streets rather than sights to add on a day.
_NOT_SIGHTS = frozenset({"food"})


def kind_tags(words: str) -> tuple[str, ...]:
    """The attraction tags a kind of sight said names (「适合孩子的景点」 → kids; "a museum" →
    museum), or () when the words name no kind."""
    tags: list[str] = []
    for pattern, found in INTEREST_WORDS:
        if re.search(pattern, words, re.I):
            tags.extend(t for t in found if t not in _NOT_SIGHTS and t not in tags)
    return tuple(tags)


_FILLER = re.compile(
    r"再|多|一?个|一处|一些|些|的|景点|地方|去处|好玩|玩|逛|看|适合|带|小朋友|孩子们?|小孩|\s+|"
    r"\b(?:a|an|some|something|somewhere|another|one more|sights?|places?|spots?|for|the|to|"
    r"see|visit|good|nice|fun|kids?|children|child|family|friendly)\b|-",
    re.I,
)


def names_a_kind(words: str) -> bool:
    """Whether `words` name only a kind of sight (「适合孩子的景点」, 「一个博物馆」, "something for
    the kids", "a park") — nothing else, no place's name."""
    if not kind_tags(words):
        return False
    rest = words
    for pattern, _tags in INTEREST_WORDS:
        rest = re.sub(pattern, "", rest, flags=re.I)
    return not _FILLER.sub("", rest).strip(" ,.，。吧呢")


def sight_of_kind(words: str, day: int, it: Itinerary, kb: KnowledgeBase) -> AddPlace | None:
    """The `AddPlace` of the best sight of the kind `words` name on day `day` (1-based) of `it`:
    of that day's destination, not in the plan nor declined, within `NEAR_DAY_M` metres of the
    day's stops when any is (best scored first), else the nearest; None when the words name no
    kind or the city has no such sight left."""
    tags = set(kind_tags(words))
    if not tags or not 1 <= day <= len(it.days):
        return None
    the_day = it.days[day - 1]
    dest = kb.destinations.get(the_day.destination)
    if dest is None:
        return None
    planned = {i.poi_id for d in it.days for i in d.items if i.poi_id}
    asked = it.request.model_copy(  # the kind asked now counts as wished (「改成滑雪」: the slopes)
        update={"interests": (*it.request.interests, *sorted(tags - set(it.request.interests)))}
    )
    found = [s for s in cand.attractions(dest, asked)
             if tags & set(s.attraction.tags) and s.attraction.id not in planned]  # fmt: skip
    if not found:
        return None
    points = [p for i in the_day.items if (p := kb.place(i.poi_id or "")) is not None]
    if not points:
        return AddPlace(place=found[0].attraction.id, day=day)

    def far(a: Attraction) -> float:
        return min(haversine_m(a.lat, a.lon, p.lat, p.lon) for p in points)

    near = [s for s in found if far(s.attraction) <= NEAR_DAY_M]
    best = near[0].attraction if near else min((s.attraction for s in found), key=far)
    return AddPlace(place=best.id, day=day)


__all__ = ["kind_tags", "names_a_kind", "sight_of_kind"]
