"""Staying at a sight for its evening show (「迪士尼想玩到看完烟花再走」, "stay for the fireworks")
on a day whose train or flight home leaves before it: answered with why (the leg's time; the
show's hour is not known here) and the words that move the way home later — not the generic
"I can't do that yet" (`engine.understanding.unread`)."""

from __future__ import annotations

import re

from engine.domain.itinerary import ItemKind, Itinerary
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase

#: The evening shows a stay is asked for (zh/en).
_SHOW = re.compile(r"烟花|焰火|灯光秀|夜场|fireworks?|light show|night show", re.I)
#: Staying until it: 「看完…再走」, 「玩到…」, 「等…」, "stay for", "until".
_STAY = re.compile(
    r"看完|玩到|待到|呆到|等到?|再走|再回|\bstay\b|\buntil\b|\btill\b|\bwait\b", re.I
)


def evening_show_answer(clause: str, it: Itinerary, kb: KnowledgeBase, lang: str) -> str | None:
    """Why a stay for an evening show cannot be planned as it is: the day's train or flight
    leaves first (「第2天19:40的高铁…」), the show's hour unknown; with the words that set a later
    leg home. None when the clause asks no such stay, or no leg leaves after the sight."""
    show = _SHOW.search(clause)
    if show is None or not _STAY.search(clause):
        return None
    for day in it.days:
        items = list(day.items)
        for k, item in enumerate(items):
            place = kb.attraction(item.poi_id or "") if item.kind == ItemKind.ATTRACTION else None
            if place is None or not _SHOW.search(f"{place.description_zh} {place.description_en}"):
                continue
            leg = next((i for i in items[k + 1 :] if i.kind == ItemKind.INTERCITY), None)
            if leg is None or leg.start is None or item.end is None:
                continue
            name, word = place.name(lang), show.group(0)
            end, leaves = item.end.strftime("%H:%M"), leg.start.strftime("%H:%M")
            return pick(
                lang,
                f"{name}的{word}在晚上，知识库里没有它的具体时间；第{day.index}天要赶{leaves}的车"
                f"（{leg.name}），所以{name}只排到{end}。想看完{word}再走，就要换晚一点的车次："
                "可以说「回去的车是晚上10点的」，行程没有改动",
                f"{name}'s {word} is in the evening, at an hour not known here; on day "
                f"{day.index} the way home ({leg.name}) leaves at {leaves}, so {name} ends at {end}. To stay "
                f'for it, take a later one home: say "my train home leaves at 22:00"; the plan '
                "is unchanged",
            )
    return None


__all__ = ["evening_show_answer"]
