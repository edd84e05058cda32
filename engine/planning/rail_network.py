"""Which places the high-speed rail network joins, from the knowledge base's own links.

Two destinations are on one high-speed network when a chain of curated ``hsr`` links joins
them (connected components of the link graph). On the curated base (2026-12) that is one
mainland network of 117 destinations plus three apart from it: 海口—三亚—万宁 (Hainan's ring
line, which no high-speed train leaves), 乌鲁木齐—吐鲁番 and 拉萨—林芝 (no high-speed line from
the mainland network reaches them in the base). A high-speed estimate between two places on
different networks would invent a line; between two places on one network it is an estimate
of a journey that exists (perhaps with a change), at any distance.
"""

from __future__ import annotations

import heapq
import weakref
from dataclasses import dataclass

from engine.knowledge.base import KnowledgeBase

#: id(kb) -> (a weak reference to it, its number of links, the networks found)
_CACHE: dict[int, tuple[weakref.ref[KnowledgeBase], int, dict[str, int]]] = {}


def networks(kb: KnowledgeBase) -> dict[str, int]:
    """Destination id -> the number of its high-speed network (destinations without any
    ``hsr`` link are absent: the base does not say)."""
    cached = _CACHE.get(id(kb))
    # (links are only ever appended; a dead reference means another base got the same id)
    if cached is not None and cached[0]() is kb and cached[1] == len(kb.links):
        return cached[2]
    joined: dict[str, set[str]] = {}
    for link in kb.links:
        if link.mode == "hsr":
            joined.setdefault(link.a, set()).add(link.b)
            joined.setdefault(link.b, set()).add(link.a)
    found: dict[str, int] = {}
    for start in joined:
        if start in found:
            continue
        number, todo = len(set(found.values())), [start]
        while todo:
            here = todo.pop()
            if here not in found:
                found[here] = number
                todo.extend(joined[here] - found.keys())
    for key in [k for k, (ref, _, _) in _CACHE.items() if ref() is None]:
        del _CACHE[key]
    _CACHE[id(kb)] = (weakref.ref(kb), len(kb.links), found)
    return found


def same_network(kb: KnowledgeBase, a: str | None, b: str | None) -> bool | None:
    """Whether destinations `a` and `b` are on one high-speed network; None when the base
    cannot tell (either has no ``hsr`` link, or is not a destination of the base)."""
    known = networks(kb)
    if a not in known or b not in known:
        return None
    return known[a] == known[b]


@dataclass(frozen=True)
class RailPath:
    """The quickest way along the base's high-speed links between two destinations.

    Attributes:
        minutes: the rides' typical minutes, changes not counted (a chain of links along one
            line is often one through train: 桂林—肇兴—贵阳 on the 贵广 line).
        fare_cny: the sum of the rides' second-class fares, CNY (one adult).
        via: the destinations passed through, in order (ids).
    """

    minutes: int
    fare_cny: float
    via: tuple[str, ...]


def shortest_path(kb: KnowledgeBase, a: str, b: str) -> RailPath | None:
    """The quickest chain of typical ``hsr`` links from destination `a` to `b` (Dijkstra on
    their minutes), or None when no chain joins them. A high-speed estimate between two
    stations far slower along the lines than in a straight line is a detour the lines make:
    香格里拉 reaches 重庆 through 丽江 and 昆明 (about 9 h of rides), never in the 4 h a straight
    line at 220 km/h would give."""
    if a == b:
        return None
    edges: dict[str, list[tuple[str, int, float]]] = {}
    for link in kb.links:
        if link.mode == "hsr" and not link.service:
            edges.setdefault(link.a, []).append((link.b, link.duration_minutes, link.fare_cny))
            edges.setdefault(link.b, []).append((link.a, link.duration_minutes, link.fare_cny))
    best: dict[str, int] = {a: 0}
    queue: list[tuple[int, str, float, tuple[str, ...]]] = [(0, a, 0.0, ())]
    while queue:
        minutes, here, fare, via = heapq.heappop(queue)
        if here == b:
            return RailPath(minutes, fare, via[:-1])
        if minutes > best.get(here, minutes):
            continue
        for there, ride, cost in edges.get(here, ()):
            total = minutes + ride
            if total < best.get(there, total + 1):
                best[there] = total
                heapq.heappush(queue, (total, there, fare + cost, (*via, there)))
    return None
