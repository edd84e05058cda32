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
class SpurRide:
    """The ride from a destination at the end of a line to where the line meets others.

    Attributes:
        end: the destination where the line first branches (or `towards`, when reached).
        minutes: the rides' typical minutes; `fare_cny`: their second-class fares, CNY.
        via: the destinations passed, `end` included (ids).
    """

    end: str
    minutes: int
    fare_cny: float
    via: tuple[str, ...]


def spur_ride(kb: KnowledgeBase, start: str, towards: str) -> SpurRide | None:
    """From `start`, the ride its typical ``hsr`` links force: while the place has a single way
    on (one link at the start; two, one of them back, further on), follow it, until the line
    branches or reaches `towards`. None when `start` has no such spur (several links, or none).
    香格里拉's only link is to 丽江: any train from 香格里拉 first rides to 丽江, 78 min, and a
    straight line from 香格里拉 to 重庆 at 220 km/h (4 h) is no train that runs. Only what the
    base says for certain is used: a missing link elsewhere (成都—西安) makes no detour."""
    edges: dict[str, dict[str, tuple[int, float]]] = {}
    for link in kb.links:
        if link.mode == "hsr" and not link.service:
            edges.setdefault(link.a, {})[link.b] = (link.duration_minutes, link.fare_cny)
            edges.setdefault(link.b, {})[link.a] = (link.duration_minutes, link.fare_cny)
    here, back = start, ""
    minutes, fare, via = 0, 0.0, []
    while here != towards:
        onward = [d for d in edges.get(here, {}) if d != back]
        if len(onward) != 1 or (back == "" and len(edges.get(here, {})) != 1):
            break
        nxt = onward[0]
        ride, cost = edges[here][nxt]
        minutes, fare, back, here = minutes + ride, fare + cost, here, nxt
        via.append(nxt)
        if len(via) > len(edges):
            break  # a ring
    return SpurRide(here, minutes, fare, tuple(via)) if via else None


#: Minutes a change of trains adds on a ride along several links (`chain_ride`; estimated).
CHANGE_MIN = 30


def chain_ride(kb: KnowledgeBase, start: str, end: str) -> SpurRide | None:
    """The quickest ride from `start` to `end` along the base's typical ``hsr`` links, a change
    of trains (`CHANGE_MIN`) at each place passed: 广州→长沙→北京→哈尔滨 about 14.5 h, the
    G trains changed at 长沙 and 北京 (the real journey is about 8 h to 北京 and 5 h on, with a
    change: businesstraveller.com 2012, tellerreport.com 2021). None when no chain joins them.
    `SpurRide.via` lists the places passed, `end` included."""
    edges: dict[str, dict[str, tuple[int, float]]] = {}
    for link in kb.links:
        if link.mode == "hsr" and not link.service:
            for a, b in ((link.a, link.b), (link.b, link.a)):
                known = edges.setdefault(a, {}).get(b)
                if known is None or link.duration_minutes < known[0]:
                    edges[a][b] = (link.duration_minutes, link.fare_cny)
    best: dict[str, tuple[int, float, tuple[str, ...]]] = {start: (0, 0.0, ())}
    todo = [(0, start)]
    while todo:
        minutes, here = heapq.heappop(todo)
        if here == end:
            ride, fare, via = best[here]
            return SpurRide(end, ride - CHANGE_MIN, fare, via)
        if minutes > best[here][0]:
            continue
        for nxt, (ride, cost) in edges.get(here, {}).items():
            total = minutes + ride + CHANGE_MIN
            if nxt not in best or total < best[nxt][0]:
                best[nxt] = (total, best[here][1] + cost, (*best[here][2], nxt))
                heapq.heappush(todo, (total, nxt))
    return None
