"""Gateways: a city named only as where the journey arrives, on the way to the trip's place.

「青海湖3天，从西安坐高铁到西宁」 names 西宁 because the train ends there, not to stay: 青海湖 is
reached at 西宁站. Such a place is left out of the destinations (the trip arrives at its station
all the same, `engine.planning.hubs`) unless days were said for it (西宁1天青海湖2天).
"""

from __future__ import annotations

from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Destination
from engine.understanding.place_find import identity
from engine.understanding.result import RequestDraft

#: Two hub records this close (metres) are one station or airport (西宁站 of 西宁 and of 青海湖).
SAME_HUB_M = 1500.0
_KINDS = ("rail", "airport")


def drop_gateways(draft: RequestDraft, kb: KnowledgeBase) -> None:
    """Remove from `draft.destinations` (and `destination_days`) each place named only as
    where a journey arrives (`RequestDraft.arrivals`) with no days of its own, when another
    destination of the request, named as a place and not only by a sight of it, is reached
    through it (`reached_through`)."""
    days = draft.destination_days
    if len(draft.destinations) < 2 or (days and len(days) != len(draft.destinations)):
        return
    keep = [True] * len(draft.destinations)
    for i, place in enumerate(draft.destinations):
        gate = kb.destinations.get(place.destination_id or "")
        if gate is None or identity(place) not in draft.arrivals or (days and days[i]):
            continue
        others = [
            kb.destinations.get(p.destination_id or "")
            for j, p in enumerate(draft.destinations)
            if j != i and keep[j]
        ]
        if any(o is not None and o.id != gate.id and not _named_by_a_sight(o, draft)
               and reached_through(o, gate, kb) for o in others):  # fmt: skip
            keep[i] = False
    if all(keep):
        return
    draft.destinations = [p for p, k in zip(draft.destinations, keep, strict=True) if k]
    if days:
        draft.destination_days = [n for n, k in zip(days, keep, strict=True) if k]


def _named_by_a_sight(place: Destination, draft: RequestDraft) -> bool:
    """Whether `place` is in the request only through one of its sights ("flying into Chengdu
    … visit the Leshan Giant Buddha": 乐山 is the Buddha's town): its own name (or an alias) is
    nowhere in the words once the sights said are taken out (「青海湖3天…去茶卡盐湖」 still names
    青海湖). The arrival city is then the stay and the sight a trip from it, not a gateway."""
    own = {place.name_zh, place.name_en.lower(), *(a.lower() for a in place.aliases)}
    sights = [s.lower() for s in draft.place_said.values() if s.lower() not in own]
    words = draft.text.lower()
    for said in sorted(sights, key=len, reverse=True):  # (「青海湖」 said for its lake shore is
        words = words.replace(said, " ")  # the place's own name all the same)
    return bool(sights) and not any(name and name in words for name in own)


def reached_through(place: Destination, gate: Destination, kb: KnowledgeBase) -> bool:
    """Whether `place` is reached at a station or airport of `gate`: one of its own hubs of
    that kind is the same as one of `gate`'s (within `SAME_HUB_M`: 青海湖 at 西宁站), or it has
    none of that kind and `gate` has the nearest (四姑娘山, no station: 成都's)."""
    for kind in _KINDS:
        mine = [(h.lat, h.lon) for h in place.hubs if h.kind == kind]
        theirs = [(h.lat, h.lon) for h in gate.hubs if h.kind == kind]
        if not theirs:
            continue
        if not mine:
            nearest = min(
                (
                    (haversine_m(place.lat, place.lon, h.lat, h.lon), d.id)
                    for d in kb.destinations.values()
                    if d.id != place.id
                    for h in d.hubs
                    if h.kind == kind
                ),
                default=None,
            )
            if nearest is not None and nearest[1] == gate.id:
                return True
            continue
        if any(haversine_m(*a, *b) <= SAME_HUB_M for a in mine for b in theirs):
            return True
    return False
