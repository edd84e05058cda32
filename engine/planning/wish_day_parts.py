"""The report's answers to a sight wished in the afternoon or the evening (「下午去熊猫基地」,
「晚上去宽窄巷子」, "Hongyadong in the evening"; `TripRequest.afternoons`, `evenings`), and
whether a morning wish was said as *first thing* (「一大早」, 「开门就去」, "first thing", "early").
"""

from __future__ import annotations

import re

from engine.domain.feasibility import WishCheck
from engine.domain.itinerary import Item, ItemKind, Itinerary, clock_minutes
from engine.domain.request import Wish
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.hours import HoursError, place_windows
from engine.planning import wish_places as wp

#: When a visit begun counts as in that part of the day (minutes after midnight, [from, to)):
#: the afternoon 12:00–18:00; the evening from 16:30 (傍晚: the light going, the lamps lit).
PARTS = {"afternoon": (12 * 60, 18 * 60), "evening": (16 * 60 + 30, 24 * 60)}
_WORDS = {"afternoon": ("下午", "in the afternoon"), "evening": ("傍晚或晚上", "in the evening")}
#: Words of a morning wish that ask for the opening hour, not just the morning.
FIRST_THING = re.compile(
    r"一大早|大清早|一早|清早|开门|first thing|early|at opening|opens?\b", re.I
)


def first_thing(w: Wish) -> bool:
    """Whether a ``morning`` wish was said as first thing in the day (`FIRST_THING`)."""
    return FIRST_THING.search(w.said) is not None


def day_part(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """An ``afternoon`` or ``evening`` wish: the visit to the place (a POI id) or to a sight of
    the kind (a tag) begun in that part of the day (`PARTS`), or where it is and why not (the
    place closes before then, or the day's other stops took that time)."""
    lang = plan.lang
    lo, hi = PARTS[w.kind]
    word = pick(lang, *_WORDS[w.kind])
    hits = [(day.index, day.date, item) for day in plan.days for item in day.items
            if item.kind == ItemKind.ATTRACTION and _is_wished(w.value, item, kb)]  # fmt: skip
    if not hits:
        place = kb.attraction(w.value)
        what = place.name(lang) if place is not None else wp.tag_word(w.value, lang)
        return wp._not(w, pick(lang, f"行程里没有{what}", f"{what} is not in the plan"),
                       pick(lang, "见上面的回答", "see the answer above"), "")  # fmt: skip
    for index, _date, item in hits:
        start = clock_minutes(item.start)
        if lo <= start < hi:
            return wp._ok(w, pick(lang, f"第{index}天{_clock(start)}去{item.name}",
                                  f"{item.name} at {_clock(start)} on day {index}"))  # fmt: skip
    index, date, item = hits[0]
    start = clock_minutes(item.start)
    where = pick(lang, f"{item.name}排在第{index}天{_clock(start)}",
                 f"{item.name} is at {_clock(start)} on day {index}")  # fmt: skip
    close = _closes(kb, item, date)
    if close is not None and close <= lo + 30:
        return wp._not(w, where, pick(lang, f"它{_clock(close)}就关门，{word}去不了",
                                      f"it closes at {_clock(close)}, too early to go {word}"),
                       "")  # fmt: skip
    return wp._not(
        w, where,
        pick(lang, f"那天{word}排不下（当天其他安排占了时间）",
             f"that day had no room for it {word} (its other stops took the time)"),
        pick(lang, f"说「第{index}天{word}去{item.name}」", f"say “{item.name} {word} on day "
             f"{index}”"),
    )  # fmt: skip


def _closes(kb: KnowledgeBase, item: Item, date: object) -> int | None:
    """When the place of `item` closes on `date` (minutes after midnight), or None."""
    place = kb.attraction(item.poi_id or "")
    if place is None:
        return None
    try:
        windows = place_windows(place, date)  # type: ignore[arg-type]
    except HoursError:
        return None
    return max((close for _open, close in windows), default=None)


def _is_wished(value: str, item: Item, kb: KnowledgeBase) -> bool:
    if item.poi_id == value:
        return True
    place = kb.attraction(item.poi_id or "")
    return place is not None and value in place.tags


def _clock(minutes: int) -> str:
    minutes %= 24 * 60
    return f"{minutes // 60:02d}:{minutes % 60:02d}"
