"""Budgets in requests: 预算3400元, 3000块, 5k, 1.5万, 人均1000, "budget of 3400 RMB", "¥2000"."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.understanding.limits import MIN_BUDGET
from engine.understanding.numbers import SIGN, parse_number
from engine.understanding.text import clause_end, clause_start

_AMOUNT = (
    SIGN
    + r"(?P<num>\d+(?:\.\d+)?|[零〇一二两三四五六七八九十百千万]*[十百千万][零〇一二两三四五六七八九]?)\s*(?P<unit>万|千|[kKwW](?![a-zA-Z]))?"
)
_CUR_AFTER = r"\s*(?:元|块钱|块|人民币|rmb\b|cny\b|yuan\b|kuai\b)"
_CUR_BEFORE = r"(?:[¥￥]|rmb|cny)\s*"
_CUE = r"(?:预算|经费|花费|费用|总共|一共|总计|最多|不超过|控制在|人均|每人|每个人|每位|budget|spend(?:ing)?|up to|no more than|under|within|around|about)"
#: Text after an amount that shows it is not money (3天, 5km, 2个人, 3小时).
_NOT_MONEY_AFTER = re.compile(r"^\s*(?:天|日|晚|夜|人|个|位|岁|公里|千米|米|小时|分钟|km|m\b|days?|nights?|people|persons?|adults?|kids?|children|hours?|years?|%)", re.I)  # fmt: skip
_PER_PERSON = re.compile(
    r"人均|每人|每个人|每位|一人|per (?:person|head|pax)|\bpp\b|/\s*人|/\s*person|each|a head", re.I
)
_PER_DAY = re.compile(r"每天|一天|每日|/\s*天|per day|a day|/\s*day|daily", re.I)

_PATTERNS = (
    re.compile(_CUR_BEFORE + _AMOUNT, re.I),
    re.compile(_AMOUNT + r"(?P<cur>" + _CUR_AFTER + r")", re.I),
    re.compile(_CUE + r"[^\d零〇一二两三四五六七八九十|]{0,8}?" + _AMOUNT, re.I),
    re.compile(
        r"(?<![\d.])" + r"(?P<num>\d+(?:\.\d+)?)\s*(?P<unit>万|千|[kKwW](?![a-zA-Z]))", re.I
    ),
)
_CUE_RX = re.compile(_CUE, re.I)


@dataclass
class BudgetFind:
    """A budget amount (CNY) as written, and what it covers.

    Attributes:
        amount: the number, CNY.
        per_person: written per person (人均, "per person"): the total is amount × party size.
        per_day: written per day (每天, "a day"): the total is amount × days.
        span: (start, end) of the consumed text.
    """

    amount: float
    per_person: bool
    per_day: bool
    span: tuple[int, int]


def find_budget(text: str) -> BudgetFind | None:
    """The first budget in `text`, or None. An amount under `MIN_BUDGET` CNY (or below zero)
    counts only when a budget word says it is one (预算-5元, "budget 1 yuan": kept as said,
    for `finalize` to give the valid range); else it is a fare, not a budget (3块)."""
    best: BudgetFind | None = None
    for priority, pattern in enumerate(_PATTERNS):
        for m in pattern.finditer(text):
            if priority >= 2 and _NOT_MONEY_AFTER.match(text[m.end() :]):
                continue
            value = parse_number(m.group("num"))
            if value is None:
                continue
            unit = (m.group("unit") or "").lower()
            value *= {"万": 10000, "w": 10000, "千": 1000, "k": 1000}.get(unit, 1)
            if m.groupdict().get("sign"):
                value = -value
            before = text[max(clause_start(text, m.start()), m.start() - 8) : m.start()]
            if value < MIN_BUDGET and not (priority == 2 or _CUE_RX.search(before)):
                continue
            window = before + text[m.start() : min(clause_end(text, m.end()), m.end() + 16)]
            find = BudgetFind(
                value, bool(_PER_PERSON.search(window)), bool(_PER_DAY.search(window)), m.span()
            )
            if best is None or find.span[0] < best.span[0]:
                best = find
        if best is not None:
            return best
    return None
