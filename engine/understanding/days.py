"""Trip length: 两天, 三日游, 十二天, 3天2晚, 一周, 周末, "3-day", "a week", "weekend"."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.understanding.numbers import EN_NUM, SIGN, ZH_NUM, parse_number

_ZN = rf"{SIGN}(?P<n>{ZH_NUM})"
_EN = rf"{SIGN}\b(?P<n>{EN_NUM})"
#: (pattern, kind, value); kinds: days, nights (+1 day), weeks (×7), months (×30), fixed (value).
_PATTERNS: tuple[tuple[re.Pattern[str], str, int], ...] = tuple(
    (re.compile(rx, re.I), kind, value)
    for rx, kind, value in (
        # 「3天后出发」 is a date; 「玩3天后去天津」 a stay before the next place
        (rf"(?<!第){_ZN}\s*(?:个)?\s*(?:整天|天|日)(?![前内])(?!后(?!\s*[，,]?\s*(?:再|去|到|前往|转)))", "days", 0),
        (rf"{_EN}[\s-]*(?:full[\s-]+)?days?\b", "days", 0),
        (rf"{_EN}\s*(?:天|日)(?![前内后])", "days", 0),  # a mixed-language "three天"
        (rf"(?:(?<=then )|(?<=plus )|(?<=and )|(?<=: )|(?<=, ))(?P<n>\d+|{EN_NUM})(?:\s+more)?(?=\s+(?:in|at)\s+[A-Z\u3400-\u9fff])", "days", 0),
        (r"\b(?P<n>\d+)\s*d\s*\d+\s*n\b", "days", 0),
        # 「住一晚看夜景」 is a night for the view, not the trip's length.
        (rf"(?<!第){_ZN}\s*(?:个)?\s*(?:晚|夜)(?![上饭餐景市])(?![^，,。；;]{{0,2}}(?:看|赏)[^，,。；;]{{0,6}}夜景)", "nights", 0),
        (rf"{_EN}[\s-]*nights?\b", "nights", 0),
        (rf"{_ZN}\s*(?:个)?\s*(?:周|星期|礼拜)(?![一二三四五六日天末])", "weeks", 0),
        (rf"{_EN}[\s-]*weeks?\b|\bweek[\s-]*long\b", "weeks", 0),
        (r"半个月|half a month", "fixed", 15),
        (rf"(?<!孕)(?<!孕了)(?<!孕已)(?<!孕快){_ZN}\s*个月(?!\s*(?:大|的(?:宝宝|孩子|婴儿)))", "months", 0),
        (r"\bfortnight\b", "fixed", 14),
        (r"小长假|long weekend", "fixed", 3),
        (r"双休|周末|\bweekend\b", "fixed", 2),
        (r"半天|half a day|\bday[\s-]trip\b", "fixed", 1),
        (r"\ba couple of days\b", "fixed", 2),
        (r"\ba few days\b|几天", "fixed", 3),
    )
)  # fmt: skip
_KIND_ORDER = ("days", "nights", "weeks", "months", "fixed")


@dataclass
class DaysFind:
    """The trip length in days as written (may be out of range: 0天, -1天, 400天), or None.

    `approximate` is True for vague words (几天, "a few days") that only suggest a length.
    `counts` are the explicit day counts (三天, "3 days"; not nights or weeks) in text order,
    one per mention — several when each part of a trip has its own (苏州2天再去杭州3天,
    "3 days in Beijing then 2 in Xi'an"); `count_spans` are their (start, end).
    """

    days: int | None = None
    approximate: bool = False
    spans: list[tuple[int, int]] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    count_spans: list[tuple[int, int]] = field(default_factory=list)


def find_days(text: str) -> DaysFind:
    """The trip length in `text`: explicit days win over nights (+1), weeks, months and
    fixed words (周末 = 2); the first mention of the best kind counts."""
    best: tuple[int, int, int, bool] | None = None  # (kind rank, start, days, approximate)
    out = DaysFind()
    counted: dict[int, tuple[int, int]] = {}
    for pattern, kind, value in _PATTERNS:
        for m in pattern.finditer(text):
            days = _days(m, kind, value)
            if days is None or _a_day_trip(text, m, kind):
                continue
            out.spans.append(m.span())
            if kind == "days" and all(not (a <= m.start() < b) for a, b in out.spans[:-1]):
                counted[m.start()] = (days, m.end())
            rank = (_KIND_ORDER.index(kind), m.start())
            if best is None or rank < best[:2]:
                best = (*rank, days, bool(re.search(r"few|几", m.group(0))))
    if best is not None:
        out.days, out.approximate = best[2], best[3]
    out.counts = [counted[start][0] for start in sorted(counted)]
    out.count_spans = [(start, counted[start][1]) for start in sorted(counted)]
    return out


def _a_day_trip(text: str, m: re.Match[str], kind: str) -> bool:
    """Whether `m` is the "a day" of "a day trip" ("3 days in Chengdu with a day trip to
    Leshan": one of the three days, not a fourth; "a 3-day trip" stays three days)."""
    n = (m.groupdict().get("n") or "").lower()
    return kind == "days" and n in ("a", "an", "one") and bool(_TRIP.match(text, m.end()))


_TRIP = re.compile(r"[\s-]*trips?\b", re.I)


def _days(m: re.Match[str], kind: str, value: int) -> int | None:
    if kind == "fixed":
        return value
    raw = m.groupdict().get("n")
    n = 1.0 if raw is None else parse_number(raw)
    if n is None or n != int(n):
        return None
    n_int = int(raw) if raw is not None and raw.isdigit() else int(n)  # (20 digits stay exact)
    if m.groupdict().get("sign"):
        n_int = -n_int  # 玩-1天: said so; finalize gives the valid range
    return {"days": n_int, "nights": n_int + 1, "weeks": 7 * n_int, "months": 30 * n_int}[kind]
