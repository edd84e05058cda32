"""A sight dropped from a day said (「第5天不去禾木了」, "skip Hemu on day 5"): the stop of that
day is removed, never the same place on another day — a traveller who names the day means that
day's visit. When the day has no such sight the plan is kept and the answer says on which day
it is, and how to drop it there (`wrong_day_answer`)."""

from __future__ import annotations

import re

from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing.ops import RemoveStop
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.understanding.edit_refs import day_number, stop_named

#: The stop a removal names: 「把X删掉」, 「X不去了」 (before the verb), 「不去X了」 (after it).
_BEFORE = re.compile(
    r"^(?:把|将)?\s*(.+?)\s*(?:删掉|去掉|删了|删除|取消|不去了|不要了|就不去了)(?:吧|了|啊)?$"
)
_AFTER = re.compile(
    r"(?:不去|不要去|不想去|别去|去掉|删掉|删除|取消|不逛|不看)\s*了?\s*(.+)$|"
    r"\b(?:skip|remove|drop|cut)\s+(.+)$",
    re.I,
)
#: A day said, taken out of the words before the stop is looked up (「第5天的禾木」 → 禾木).
_DAY_WORDS = re.compile(
    r"第\s*[0-9一二三四五六七八九十两]+\s*天(?:的)?|(?:最后|头|首)一天(?:的)?|"
    r"\b(?:on|from)\s+(?:the\s+)?(?:day\s*\d+|\w+\s+day)\b|\bday\s*\d+'?s?\b",
    re.I,
)


def removal_words(text: str) -> str | None:
    """The words of `text` that name the stop it drops (「第5天不去禾木了」 → 「禾木了」), the day
    said left out; None when it drops nothing."""
    m = _BEFORE.search(text) or _AFTER.search(text)
    if m is None:
        return None
    words = _DAY_WORDS.sub("", next(g for g in m.groups() if g)).strip(" ，,的")
    return words or None


def day_drop(text: str, day: int, it: Itinerary, kb: KnowledgeBase) -> RemoveStop | None:
    """The removal `text` asks on `day` (1-based): that day's sight it names, else None."""
    words = removal_words(text)
    if words is None or not 1 <= day <= len(it.days):
        return None
    one_day = it.model_copy(update={"days": (it.days[day - 1],)})
    stop = stop_named(words, one_day, kb)
    if stop is None or kb.attraction(stop) is None:
        return None
    return RemoveStop(stop=stop)


def wrong_day_answer(text: str, it: Itinerary, kb: KnowledgeBase, lang: str) -> str | None:
    """「第5天不去禾木了」 where 禾木, named by the person for the trip, is on another day (only):
    the plan is kept, and the answer says where it is and how to drop it there; None when `text`
    drops nothing on a day, the sight is on that day, or the plan chose it (then it is dropped
    where it is)."""
    day = day_number(text, len(it.days))
    words = removal_words(text)
    if day is None or words is None or day > len(it.days) or day_drop(text, day, it, kb):
        return None
    stop = stop_named(words, it, kb)
    place = kb.attraction(stop) if stop else None
    if place is None or place.id not in it.request.must_see:
        return None  # a sight the plan chose is dropped where it is (`edits`)
    on = [d.index for d in it.days for i in d.items
          if i.poi_id == stop and i.kind == ItemKind.ATTRACTION]  # fmt: skip
    if not on:
        return None
    zh, en = place.name_zh, place.name_en
    days_zh = "、".join(f"第{d}天" for d in on)
    days_en = " and ".join(f"day {d}" for d in on)
    return pick(lang,
        f"第{day}天没有安排{zh}（它在{days_zh}），行程没有改动；要去掉它，可以说「去掉第{on[0]}天的{zh}」",
        f"{en} is not on day {day} (it is on {days_en}), so nothing changed; to drop it, say "
        f'"skip {en} on day {on[0]}"')  # fmt: skip
