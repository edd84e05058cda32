"""A place the knowledge base has no record of, found where its records mention it: 那拉提 in
伊宁's tip (「那拉提、喀拉峻、巴音布鲁克都离伊宁3–5小时车程，另安排两三天」), 大峰 in 海子沟's
description (「…是登大峰、二峰的大本营方向」). The ❌ of a wish for it quotes that sentence, so
the traveller learns what the data does know instead of only 「知识库里没有这个地方」."""

from __future__ import annotations

import re
from collections.abc import Iterator

from engine.domain.itinerary import Itinerary
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase

#: Where a quoted sentence ends.
_SENTENCE = re.compile(r"[^。；;!！?？\n]+")
#: The longest sentence quoted, characters (the rest is cut with 「…」).
MAX_QUOTE = 80


def mention(name: str, plan: Itinerary, kb: KnowledgeBase) -> str | None:
    """The first sentence of the trip's destinations' records (notes, then sights' descriptions
    and highlights) that names `name`, prefixed with whose record it is, in the plan's language
    where the record has it; None when no record names it or `name` is under two characters."""
    if len(name.strip()) < 2:
        return None
    for owner, zh, en in _texts(plan, kb):
        text = zh if plan.lang == "zh" or not en else en
        if name not in zh and name.lower() not in (en or "").lower():
            continue
        key = name if name in text else (name.lower() if name.lower() in text.lower() else "")
        sentence = next(
            (
                s.group(0).strip()
                for s in _SENTENCE.finditer(text)
                if key and key.lower() in s.group(0).lower()
            ),
            text.strip(),
        )
        if len(sentence) > MAX_QUOTE:
            sentence = sentence[: MAX_QUOTE - 1] + "…"
        return pick(
            plan.lang,
            f"{owner}的资料提到它：「{sentence}」",
            f'{owner}\'s record mentions it: "{sentence}"',
        )
    return None


def _texts(plan: Itinerary, kb: KnowledgeBase) -> Iterator[tuple[str, str, str]]:
    """(whose, zh, en) of every text of the plan's destinations that may name a place."""
    for dest_id in plan.request.destinations:
        dest = kb.destinations.get(dest_id)
        if dest is None:
            continue
        for note in dest.notes:
            yield dest.name(plan.lang), note.zh, note.en
        for a in dest.attractions:
            yield a.name(plan.lang), a.description_zh, a.description_en
            for h in a.highlights:
                yield a.name(plan.lang), f"{h.name_zh}：{h.note_zh}", f"{h.name_en}: {h.note_en}"
