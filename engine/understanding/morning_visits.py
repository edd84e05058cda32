"""Sights wished in the morning: 「熊猫一大早去」, 「一早去看熊猫」, 「故宫上午去」, "the pandas first
thing in the morning", "the Forbidden City in the morning" → a ``morning`` wish for the sight
or kind said in the same clause (answered from the plan: `engine.planning.wish_hours.morning`)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from engine.understanding.found import Found
from engine.understanding.text import clause_end, clause_start

#: Words that put a visit in the morning; not a setting-out hour (早上出发, 上午到) nor a
#: refusal of early hours (早上不想太早: `engine.understanding.mornings`).
_CUE = re.compile(
    r"(?:一大早|大清早|一早|清早|早上|上午|开门就)(?!\s*(?:出发|到|飞|走|起|不|别|的(?:航班|高铁|火车)))"
    r"|\b(?:first thing(?: in the morning)?|(?:early )?in the morning|(?:right )?at opening(?: time)?"
    r"|when (?:it|they) opens?)\b",
    re.I,
)


def find_morning_visits(text: str, said: Iterable[tuple[str, tuple[int, int]]]) -> list[Found]:
    """A ``morning`` wish per morning word (`_CUE`) with a sight or kind in its clause.

    Args:
        text: the request.
        said: (value, span) of what was read as sights and kinds of sights: a POI id or an
            attraction tag (``giant-panda``) and where its words stand in `text`.

    Returns:
        ``Found("morning", value, words, span)`` for the nearest such value in the clause, its
        words running from the sight to the morning word (「熊猫一大早去」).
    """
    things = list(said)
    out: list[Found] = []
    for m in _CUE.finditer(text):
        lo, hi = clause_start(text, m.start()), clause_end(text, m.end())
        near = [(v, s) for v, s in things if lo <= s[0] and s[1] <= hi and s != (0, 0)]
        if not near:
            continue
        value, span = min(near, key=lambda t: min(abs(t[1][0] - m.end()), abs(m.start() - t[1][1])))
        start, end = min(span[0], m.start()), max(span[1], m.end())
        if text[end : end + 1] in ("去", "到", "逛", "看"):  # 熊猫一大早去
            end += 1
        if all(f.value != value for f in out):
            out.append(Found("morning", value, text[start:end].strip(), (m.start(), m.end())))
    return out
