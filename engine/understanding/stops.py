"""Days per destination: 北京玩2天然后天津玩1天, 苏州2天再去杭州3天，一共6天, "3 days in Beijing
then 2 in Xi'an"."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.knowledge.gazetteer import Gazetteer, PlaceMatch
from engine.understanding.days import DaysFind
from engine.understanding.numbers import EN_NUM, ZH_NUM, parse_int

#: Words saying a day count is the whole trip's (一共8天, "8 days in total").
TOTAL = re.compile(
    r"一共|总共|共计|合计|总计|其中|\b(?:in total|total|altogether|overall|of which)\b", re.I
)
_EACH = re.compile(
    rf"(?:各|每个(?:地方|城市)?|每地|每处)(?:玩|待|呆)?\s*(?P<n>{ZH_NUM})\s*天"
    rf"|\b(?P<en>{EN_NUM})\s+days?\s+(?:each|in each|apiece|per (?:city|place))\b",
    re.I,
)
_TOTAL_BEFORE = re.compile(r"(?:一共|总共|共计|合计|总计)\s*(?:玩|待|呆|是|就)?\s*$")
_TOTAL_AFTER = re.compile(r"^\s*(?:days?\s+)?(?:in total|total|altogether|overall)\b", re.I)


@dataclass(frozen=True)
class Stops:
    """Days per destination as said.

    Attributes:
        per_destination: aligned with the destinations (0 = not said); empty when no count
            belongs to a destination of a trip with several.
        total: the trip's length when said as a total (一共8天), else None.
        assumed: indexes of the destinations whose days were not said but given one
            (北京玩3天后去天津: 天津), to say back.
    """

    per_destination: tuple[int, ...] = ()
    total: int | None = None
    assumed: tuple[int, ...] = ()


def find_stops(
    text: str,
    gaz: Gazetteer,
    destinations: list[PlaceMatch],
    days: DaysFind,
    unmasked: str | None = None,
) -> Stops:
    """Which day count belongs to which destination: a count goes to the destination named
    just before it (北京玩2天), or right after it ("3 days in Beijing"); a count said as the
    total (一共8天, "8 days in total") is the trip's length. With a total and one destination
    left without a count, that one gets the rest."""
    total: int | None = None
    each = _EACH.search(unmasked or text)
    if each is not None and len(destinations) >= 2:  # "2 days each", 各玩2天
        n = parse_int(each.group("n") or each.group("en") or "") or 0
        if n:
            per_each = (n,) * len(destinations)
            return Stops(per_each, sum(per_each))
    counts: list[tuple[int, int, int]] = []
    for n, (start, end) in zip(days.counts, days.count_spans, strict=True):
        if _TOTAL_BEFORE.search(text[max(0, start - 6) : start]) or _TOTAL_AFTER.match(
            text[end : end + 16]
        ):
            total = n
        else:
            counts.append((start, end, n))
    for i, (_s, _e, n) in enumerate(counts):  # "5 days: 2 in Kunming and 3 in Dali"
        others = [c for j, c in enumerate(counts) if j != i]
        if total is None and len(others) >= 2 and n == sum(c[2] for c in others):
            total, counts = n, others
            break
    if len(destinations) < 2 or not counts:
        return Stops((), total)
    mentions = _mentions(text, gaz, destinations)
    if len(counts) < 2 and total is None:
        return _then_elsewhere(text, counts[0], mentions, len(destinations))
    per = [0] * len(destinations)
    for start, end, n in counts:
        after = [i for pos, i in mentions if end <= pos <= end + 12 and _in_words(text, end, pos)]
        before = [i for pos, i in mentions if pos < start]
        later = [i for pos, i in mentions if pos >= end]
        which = after[0] if after else before[-1] if before else later[0] if later else None
        if which is not None and per[which] == 0:
            per[which] = n
    if not any(per):
        return Stops((), total)
    if total is not None and per.count(0) == 1 and total > sum(per):
        per[per.index(0)] = total - sum(per)
    return Stops(tuple(per), total)


#: Words that send the trip on after a stay (北京玩3天后去天津, "3 days in Beijing then Tianjin").
_THEN = re.compile(
    r"然后|之后|以后|再|接着|随后|后|\b(?:then|after that|afterwards|followed by|before)\b", re.I
)


def _then_elsewhere(
    text: str, count: tuple[int, int, int], mentions: list[tuple[int, int]], n_dest: int
) -> Stops:
    """One count said for one place of several: a stay followed by the rest of the trip
    (北京玩3天后去天津: 3 days in 北京, then at least one day in 天津 — not 3 days shared), when
    a sequence word stands between the count and the places after it; else the count is the
    whole trip's length (去北京和天津玩5天)."""
    start, end, n = count
    after = [i for pos, i in mentions if end <= pos <= end + 12 and _in_words(text, end, pos)]
    before = [i for pos, i in mentions if pos < start]
    which = after[0] if after else before[-1] if before else None
    first_pos = max((pos for pos, i in mentions if i == which), default=-1)
    rest = [(pos, i) for pos, i in mentions if pos > max(end, first_pos) and i != which]
    if which is None or not rest or not _THEN.search(text[end : rest[0][0]]):
        return Stops()
    per = [n if i == which else 1 for i in range(n_dest)]
    if any(pos < start and i != which for pos, i in mentions):
        return Stops()  # 去天津和北京玩3天: the count closes a list, the whole trip's
    assumed = tuple(i for i in range(n_dest) if i != which)
    return Stops(tuple(per), sum(per), assumed)


def _in_words(text: str, end: int, pos: int) -> bool:
    """Whether English linking words, and only those, stand between a count and a place
    ("3 days in Beijing"; not 「北京3天天津」, where the count is Beijing's)."""
    between = text[end:pos]
    linking = r"[\s|]*(?:(?:full\s+)?days?\s+)?(?:in|at)\s+(?:the\s+)?"
    return (
        re.search(r"[a-z]", between, re.I) is not None
        and re.fullmatch(linking, between, re.I) is not None
    )


def _mentions(text: str, gaz: Gazetteer, destinations: list[PlaceMatch]) -> list[tuple[int, int]]:
    """(position, destination index) of each mention, in text order."""
    keys = [d.destination_id or d.name_zh for d in destinations]
    found: list[tuple[int, int]] = []
    for start, _end, match in gaz.scan(text):
        key = match.destination_id or match.name_zh
        if key in keys:
            found.append((start, keys.index(key)))
    lowered = text.lower()
    for i, dest in enumerate(destinations):
        for name in {dest.name_en.lower(), dest.name_en.lower().replace("'", "")}:
            if name and not re.search(r"[\u3400-\u9fff]", name):
                found += [(m.start(), i) for m in re.finditer(rf"\b{re.escape(name)}\b", lowered)]
    return sorted(set(found))
