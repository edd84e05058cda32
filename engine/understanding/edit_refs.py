"""What a follow-up names: a day (第二天, "the last day"), a stop of the plan, a place of the
knowledge base, a stop position (第一站, 晚上) — shared by the readers of
`engine.understanding.edits` and `engine.understanding.place_edits`."""

from __future__ import annotations

import re

from engine.domain.itinerary import Item, ItemKind, Itinerary
from engine.editing.errors import EditRefused
from engine.editing.places import best_named, find_place, place_names, spot_named
from engine.editing.sketch import is_stop
from engine.knowledge.base import KnowledgeBase
from engine.understanding.attractions import clean, tags_for
from engine.understanding.numbers import NUMBER, parse_int

N = f"({NUMBER})"
DAY = (
    rf"(?:第\s*{N}\s*天|(最后|头|首)一天|\bday\s*{N}\b|\bthe\s+{N}\s+day\b|\b(first|last)\s+day\b)"
)


def day_number(text: str, days: int) -> int | None:
    """The day a clause names (第二天, 最后一天, "day 2", "the last day"), or None."""
    match = re.search(DAY, text, re.I)
    if match is None:
        return None
    raw = next(g for g in match.groups() if g)
    if raw.lower() in ("最后", "last"):
        return days
    if raw.lower() in ("头", "首", "first"):
        return 1
    return parse_int(raw)


def stop_named(words: str, itinerary: Itinerary, kb: KnowledgeBase) -> str | None:
    """The POI id of a stop of the plan the words name: by name, or by a kind said of one
    place ("the museum", 「那个博物馆」); a kind said bare or in the plural (「不去博物馆」,
    "skip the museums") is a wish for the whole trip (`engine.understanding.revision`)."""
    one = bool(
        re.match(r"\s*(?:the|that|this)\s|\s*(?:那个|这个|那家|这家|那座|这座)", words, re.I)
    )
    words = clean(words)
    if one and re.search(r"[a-z]s$", words, re.I) and tags_for(words):
        one = False  # "skip the museums": every museum, a wish for the whole trip
    if len(words) < 2 or (tags_for(words) and not one):
        return None
    query = words.lower()
    stops = [i for d in itinerary.days for i in d.items if is_stop(i) and i.poi_id]
    named = best_named(query, [(item.poi_id or "", stop_names(item, kb)) for item in stops], kb)
    if named is not None:  # 「屯溪老街」 is the street, not 「屯溪老街小吃」
        return named
    tags = set(tags_for(re.sub(r"^(?:那个|这个|那家|这家|那座|这座)", "", words)))
    if tags and one:
        for item in stops:
            place = kb.attraction(item.poi_id or "")
            if place is not None and tags & set(place.tags):
                return item.poi_id
    return None


def place_ref(words: str, itinerary: Itinerary, kb: KnowledgeBase) -> str | None:
    """The POI id of a knowledge-base place the words name (near the plan's destinations), or
    the words themselves when they name a spot inside one (日光岩 of 鼓浪屿: the edit says so)."""
    words = clean(words)
    if len(words) < 2 or re.fullmatch(rf"{N}\s*天|{N}\s*days?|a day|one day", words, re.I):
        return None
    try:
        place = find_place(words, kb, itinerary.request.destinations)
    except EditRefused:
        if not re.match(r"看[\u4e00-\u9fff]", words):
            return None
        # 「看潮」: the trip's sight named with 观 (盐官观潮): 看 and 观 say the same
        seen = place_ref("观" + words[1:], itinerary, kb) if words[1] != "观" else None
        home = kb.destination_of(seen) if seen else None
        return seen if home is not None and home.id in itinerary.request.destinations else None
    return words if spot_named(words, place) else place.id  # 日光岩: said so when answered


def stop_names(item: Item, kb: KnowledgeBase) -> list[str]:
    """A stop's names as matched: as the plan shows it, then the place's (lower case)."""
    place = kb.place(item.poi_id or "")
    return [item.name.lower(), *(place_names(place) if place is not None else [])]


#: The position of "the evening" (第一天晚上, "in the evening"): after every other stop — a stop
#: position past the day's last is its end (`engine.editing.ops.MoveStop`).
LAST_POSITION = 99


def position_said(text: str) -> int | None:
    """A stop position said ("第一站", "first stop", "开头", 早上 = 1; 晚上, "in the evening" = the
    last, `LAST_POSITION`)."""
    if m := re.search(rf"第\s*{N}\s*(?:站|个)|\bstop\s*{N}\b|\b{N}\s+stop\b", text, re.I):
        return parse_int(next(g for g in m.groups() if g))
    if re.search(
        r"最先|最开始|一开始|早上|上午|清早|first thing|\bfirst\b(?!\s+day)|\bmorning\b", text, re.I
    ):
        return 1
    if re.search(r"晚上|傍晚|夜里|\bevening\b|\bat night\b", text, re.I):
        return LAST_POSITION
    return None


def after_dinner(it: Itinerary, day: int | None, moved: str | None) -> int | None:
    """The stop position right after `day`'s dinner (the moved stop not counted), or None."""
    if day is None or not 1 <= day <= len(it.days):
        return None
    tour = [i for i in it.days[day - 1].items if i.poi_id != moved and (
        i.kind == ItemKind.ATTRACTION or (i.kind == ItemKind.MEAL and i.meal != "breakfast"))]  # fmt: skip
    at = next((n for n, i in enumerate(tour) if i.meal == "dinner"), None)
    return None if at is None else at + 2
