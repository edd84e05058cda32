"""Sights wished at a part of the day: 「熊猫一大早去」, 「一早去看熊猫」, 「故宫上午去」, "the pandas first
thing in the morning" → a ``morning`` wish; 「下午去熊猫基地」, "the Bund in the afternoon" → an
``afternoon`` wish; 「傍晚去大雁塔」, 「晚上去宽窄巷子」, "Hongyadong in the evening" → an ``evening``
wish — each for the sight or kind said in the same clause (answered from the plan:
`engine.planning.wish_hours`)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from engine.domain.request import WishKind
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


#: Words that put a visit in the afternoon or the evening; not a setting-out or arrival hour
#: (下午出发, 晚上到), a meal (晚上吃火锅) nor a night's stay (晚上住).
_NOT_A_VISIT = r"(?!\s*(?:\d|点|出发|到|飞|走|回|吃|住|不|别|的(?:航班|高铁|火车)))"
_PARTS: tuple[tuple[WishKind, re.Pattern[str]], ...] = (
    ("afternoon", re.compile(rf"(?:下午|午后){_NOT_A_VISIT}|\bin the afternoon\b", re.I)),
    ("evening", re.compile(rf"(?:傍晚|晚上|夜里){_NOT_A_VISIT}|\bin the evening\b", re.I)),
)


def find_morning_visits(text: str, said: Iterable[tuple[str, tuple[int, int]]]) -> list[Found]:
    """A ``morning`` wish per morning word (`_CUE`) with a sight or kind in its clause, and an
    ``afternoon`` or ``evening`` wish per word of those parts of the day (`_PARTS`).

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
    cues: list[tuple[WishKind, re.Match[str]]] = [("morning", m) for m in _CUE.finditer(text)]
    cues += [(kind, m) for kind, rx in _PARTS for m in rx.finditer(text)]
    for kind, m in cues:
        lo, hi = clause_start(text, m.start()), clause_end(text, m.end())
        near = [(v, s) for v, s in things if lo <= s[0] and s[1] <= hi and s != (0, 0)]
        if not near:
            continue
        value, span = min(near, key=lambda t: min(abs(t[1][0] - m.end()), abs(m.start() - t[1][1])))
        start, end = min(span[0], m.start()), max(span[1], m.end())
        if text[end : end + 1] in ("去", "到", "逛", "看"):  # 熊猫一大早去
            end += 1
        if all(f.value != value for f in out):
            out.append(Found(kind, value, text[start:end].strip(), (m.start(), m.end())))
    return out
