"""Two days traded (「把第三天和第四天换一下」, 「第3天跟第4天对调」, "swap days 3 and 4"): a
`engine.editing.ops.SwapDays`, the days as said (a day past the trip's end is the editor's to
refuse with the valid range)."""

from __future__ import annotations

import re

from engine.editing.ops import SwapDays
from engine.understanding.edit_refs import DAY, day_number
from engine.understanding.numbers import parse_int

#: Words that trade two things (换成 / 换个地方 replace one thing: not these).
_TRADE = re.compile(
    r"对调|调换|互换|交换|换一下|换一换|换下|换过来|调过来|倒过来|调个个|换个顺序|顺序换|"
    r"\b(?:swap|switch|trade|exchange)\b",
    re.I,
)
#: "swap days 3 and 4", "switch day 2 with day 3".
_EN = re.compile(r"\b(?:swap|switch|trade|exchange)\s+days?\s*(\d+)\s*(?:and|&|with)\s*(?:day\s*)?(\d+)",
                 re.I)  # fmt: skip
#: Between the two days: a joiner (「第三天和第四天」, 「第3天的安排跟第4天」).
_JOIN = re.compile(r"^\s*(?:的(?:安排|行程|计划))?\s*(?:和|跟|与|同|and|with)\s*$", re.I)


def english_swap(text: str) -> tuple[SwapDays, tuple[int, int]] | None:
    """ "swap days 3 and 4" in `text` and where it is said (read before the follow-up is split
    into clauses at "and"), or None."""
    m = _EN.search(text)
    if m is None:
        return None
    a, b = parse_int(m.group(1)), parse_int(m.group(2))
    return (SwapDays(a=a, b=b), m.span()) if a and b and a != b else None


def swap_days(text: str, days: int) -> SwapDays | None:
    """The two days `text` (one clause) trades, or None. `days`: the trip's length (「最后一天」)."""
    if (said_en := english_swap(text)) is not None:
        return said_en[0]
    if not _TRADE.search(text) or re.search(r"换成|换个地方|换一家|换家|换到", text):
        return None
    said = list(re.finditer(DAY, text, re.I))
    if len(said) != 2 or not _JOIN.match(text[said[0].end() : said[1].start()]):
        return None
    a, b = day_number(said[0].group(0), days), day_number(said[1].group(0), days)
    return SwapDays(a=a, b=b) if a and b and a != b else None
