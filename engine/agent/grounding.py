"""Grounding a written guide: which places it names that are neither in the plan nor in the
knowledge base.

Two scans, since a model may name a place no list knows:

1. Known names: the gazetteer (`Gazetteer.scan`) finds every Chinese place name it knows —
   knowledge-base destinations and attractions, and the backbone of provinces, prefectures,
   counties, airports and famous scenic areas. Knowledge-base hits are grounded; so are
   administrative areas and airports in the trip's provinces (歙县 in a 黄山 guide). Other
   exact hits (a scenic area the knowledge base lacks, a city off the route) are flagged.
2. Place-like names: a run of characters ending in a place-type word (…寺, …博物馆, …古镇,
   "… Temple", "… Museum") is a place — unless a dish word follows it (「问政山笋」 is a dish)
   or it is a time and a common word (「十二月山上可能结冰」). Its longest tail that matches a plan or knowledge-base
   name (exactly, or rapidfuzz ratio >= `FUZZY`) grounds it; otherwise the name, trimmed of
   the verbs and particles before it, is flagged.

A flagged place is only reported (the ``guide_grounding`` warning); nothing is added to the plan.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from rapidfuzz import fuzz, process

from engine.domain.feasibility import Check
from engine.domain.itinerary import Itinerary
from engine.knowledge.gazetteer import gazetteer_for

#: rapidfuzz ratio (0..100) at which a name counts as a known one (typos, 的/之 variants).
FUZZY = 90
CHECK_CODE = "guide_grounding"
_SUFFIXES = sorted(
    (
        "风景区", "景区", "博物馆", "纪念馆", "美术馆", "公园", "古镇", "古城", "古村", "老街",
        "酒店", "宾馆", "饭店", "餐厅", "酒家", "客栈", "广场", "大桥", "瀑布", "故居", "书院",
        "大峡谷", "索道", *"寺庙祠宫塔楼阁亭园湖山峰岭洞岛桥街村",
    ),
    key=len,
    reverse=True,
)  # fmt: skip
_CJK_RUN = re.compile(r"[\u4e00-\u9fff]+")
_ZH_BREAK = re.compile(
    r".*(?:前往|参观|游览|打卡|推荐|建议|可以|附近|周边|还有|以及|或者|来到|抵达|入住|品尝|欣赏"
    r"|[零一二三四五六七八九十两]+[月日号天年]|[春夏秋冬][天季]"  # times: 「十二月山上结冰」
    r"|[的在去到和与及或是从往逛看吃尝住登爬至入进经过来、这那此该每各某些个座条一])"
)
#: Words that make the name before them a dish (「问政山笋」, 「九华山笋」), not a place.
_DISH = re.compile(r"[笋鱼虾蟹鸡鸭鹅肉面粉饼糕酥丸羹汤粽饺]|豆腐|烧饼|小吃")
_EN_PLACE = re.compile(
    r"\b((?:[A-Z][\w'’-]*\s+){1,4}(?:Temple|Museum|Park|Lake|Mountain|Hill|Village|Town|"
    r"Street|Tower|Bridge|Garden|Gardens|Palace|Square|Hotel|Restaurant|Gate|Peak|Cave|Island|"
    r"Falls|Pagoda|Market|Scenic Area)|Mount\s+[A-Z][\w-]+)"
)
_EN_LEAD = {
    "the", "a", "visit", "see", "at", "in", "to", "from", "explore", "enjoy", "then", "and",
    "day", "after", "before", "near", "try", "stay", "walk", "head", "go", "take",
}  # fmt: skip


def known_names(itinerary: Itinerary, kb: object) -> set[str]:
    """Every name the plan and the knowledge base use (lower-cased): places, their aliases and
    highlights, destinations, and the plan's items and leg ends."""
    names: set[str] = set()
    for destination in getattr(kb, "destinations", {}).values():
        names.update([destination.name_zh, destination.name_en, *destination.aliases])
        for group in (destination.attractions, destination.restaurants, destination.lodging,
                      destination.hubs):  # fmt: skip
            for place in group:
                names.update([place.name_zh, place.name_en, *place.aliases])
                for highlight in getattr(place, "highlights", ()):
                    names.update([highlight.name_zh, highlight.name_en])
    for day in itinerary.days:
        for item in day.items:
            names.update(n for n in (item.name, item.from_name) if n)
    if itinerary.request.departure:
        names.add(itinerary.request.departure)
    return {n.strip().lower() for n in names if n and n.strip()}


def facts_text(itinerary: Itinerary, kb: object) -> str:
    """The knowledge base's prose about the trip's destinations (descriptions, notes): a place
    named there was handed to the writer as a fact."""
    parts: list[str] = []
    destinations = getattr(kb, "destinations", {})
    for dest_id in itinerary.request.destinations:
        destination = destinations.get(dest_id)
        if destination is None:
            continue
        parts += [destination.summary_zh, destination.summary_en]
        parts += [t for note in destination.notes for t in (note.zh, note.en)]
        for place in (*destination.attractions, *destination.restaurants, *destination.lodging):
            for attr in ("description_zh", "description_en", "ticket_note_zh", "ticket_note_en",
                         "reservation_note_zh", "reservation_note_en"):  # fmt: skip
                parts.append(getattr(place, attr, "") or "")
            for highlight in getattr(place, "highlights", ()):
                parts += [highlight.note_zh, highlight.note_en]
    return "\n".join(p for p in parts if p)


def ungrounded_places(text: str, itinerary: Itinerary, kb: object) -> list[str]:
    """Places `text` names that are neither in `itinerary` nor in `kb`, in order, once each."""
    known = known_names(itinerary, kb)
    choices = sorted(known)
    facts = facts_text(itinerary, kb)
    gaz = gazetteer_for(kb)  # type: ignore[arg-type]
    spans: list[tuple[int, int]] = []

    def is_known(name: str) -> bool:
        key = name.lower()
        if key in known or (len(name) >= 2 and name in facts):
            return True
        if len(key) >= 3 and any(k.startswith(key) for k in choices):
            return True  # a short form of a known name: 上海虹桥 → 上海虹桥站
        if process.extractOne(key, choices, scorer=fuzz.ratio, score_cutoff=FUZZY) is not None:
            return True
        place = gaz.resolve(name)
        return place is not None and bool(place.poi_id or place.destination_id)

    found: list[tuple[int, str]] = []
    for run in _CJK_RUN.finditer(text):
        for start, end, name in _zh_places(run.group(), is_known):
            spans.append((run.start() + start, run.start() + end))
            if name:
                found.append((run.start() + start, name))
    for match in _EN_PLACE.finditer(text):
        name = _en_name(match.group(1), is_known)
        if name:
            found.append((match.start(), name))
    found += _gazetteer_hits(text, itinerary, kb, gaz, spans, is_known)
    return list(dict.fromkeys(name for _at, name in sorted(found)))


def grounding_check(flagged: list[str], lang: str, ungrounded_text: tuple[str, str],
                    grounded_text: str) -> Check:  # fmt: skip
    """The ``guide_grounding`` warning (passed when nothing was flagged)."""
    if not flagged:
        return Check(code=CHECK_CODE, passed=True, message=grounded_text, severity="warning")
    message, relax = ungrounded_text
    return Check(code=CHECK_CODE, passed=False, message=message, relax=relax, severity="warning")


def _zh_places(run: str, is_known: Any) -> list[tuple[int, int, str | None]]:
    """Place-like names in a run of Chinese characters, right to left, as (start, end, flagged
    name or None when grounded). A name is grounded when one of its tails, or a tail of it
    without the place-type word, is known (黄山景区 → 黄山)."""
    out: list[tuple[int, int, str | None]] = []
    end = len(run)
    while end > 0:
        suffix = next((s for s in _SUFFIXES if run.endswith(s, 0, end)), None)
        if suffix is None:
            end -= 1
            continue
        stem = end - len(suffix)
        if _DISH.match(run, end):  # a dish named after a place: its words are no place
            dish = stem - len(_ZH_BREAK.sub("", run[:stem]))
            out.append((dish, end, None))
            end = dish
            continue
        start = next(
            (
                s for s in range(0, stem)
                if is_known(run[s:end]) or (stem - s >= 2 and is_known(run[s:stem]))
            ),
            None,
        )  # fmt: skip
        if start is not None:
            out.append((start, end, None))
            end = start
            continue
        head = _ZH_BREAK.sub("", run[:stem])
        if head and (len(suffix) > 1 or len(head) >= 2):
            out.append((stem - len(head), end, head + suffix))
            end = stem - len(head)
        else:
            end -= 1
    return out


def _en_name(phrase: str, is_known: Any) -> str | None:
    words = phrase.split()
    while words and words[0].lower() in _EN_LEAD:
        words = words[1:]
    for start in range(len(words)):
        if is_known(" ".join(words[start:])):
            return None
    return " ".join(words) if len(words) >= 2 else None


def _gazetteer_hits(
    text: str, itinerary: Itinerary, kb: object, gaz: Any, spans: Iterable[tuple[int, int]],
    is_known: Any,
) -> list[tuple[int, str]]:  # fmt: skip
    """Exact gazetteer hits (position, name) that no knowledge-base place, no trip province and no place-like
    match covers."""
    provinces = _trip_provinces(itinerary, kb, gaz)
    covered = list(spans)
    out: list[tuple[int, str]] = []
    for start, end, place in gaz.scan(text):
        if place.destination_id or place.poi_id or place.how != "exact":
            continue
        if place.level == "province" or (place.level != "scenic" and place.province in provinces):
            continue  # an administrative area, or a hub, of the trip's own provinces
        if any(s <= start and end <= e for s, e in covered) or is_known(text[start:end]):
            continue
        out.append((start, text[start:end]))
    return out


def _trip_provinces(itinerary: Itinerary, kb: object, gaz: Any) -> set[str]:
    provinces: set[str] = set()
    destinations = getattr(kb, "destinations", {})
    for dest_id in itinerary.request.destinations:
        if dest_id in destinations:
            provinces.add(destinations[dest_id].province)
    departure = itinerary.request.departure
    if departure:
        if departure in destinations:
            provinces.add(destinations[departure].province)
        else:
            match = gaz.resolve(departure)
            if match is not None:
                provinces.add(match.province)
    return provinces
