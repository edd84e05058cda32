"""A minimal request reader for the in-process job fallback, used only while
`engine.understanding` (the real parser) is not installed. Temporary: see `engine_port`.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from engine.domain.request import Lang, Pace, Party, TripRequest
from engine.knowledge.base import KnowledgeBase

_CN_DIGITS = {
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_DAYS = re.compile(r"(\d+|十[一二三四五六七八九]?|[一二两三四五六七八九]十?)\s*(?:天|日游)")
_DAYS_EN = re.compile(r"(\d+)\s*days?", re.I)
_PACE = {"轻松": Pace.RELAXED, "悠闲": Pace.RELAXED, "relaxed": Pace.RELAXED,
         "紧凑": Pace.PACKED, "packed": Pace.PACKED}  # fmt: skip


class RequestProblem(Exception):
    """The request cannot be understood; `message` is for the person, in their language."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def cn_number(text: str) -> int:
    """``"3"``, ``"两"``, ``"十二"`` → int."""
    if text.isdigit():
        return int(text)
    if text.startswith("十"):
        return 10 + _CN_DIGITS.get(text[1:], 0)
    if text.endswith("十"):
        return _CN_DIGITS[text[0]] * 10
    return _CN_DIGITS[text]


def _names(kb: KnowledgeBase) -> list[tuple[str, str]]:
    pairs = [
        (name, d.id)
        for d in kb.destinations.values()
        for name in (d.name_zh, d.name_en, *d.aliases)
        if name
    ]
    return sorted(pairs, key=lambda p: -len(p[0]))


def parse(text: str, form: dict[str, Any], kb: KnowledgeBase) -> TripRequest:
    """Read `text` plus form fields (``from``, ``to``, ``days``, ``date``, ``people``,
    ``budget``, ``pace``, ``interests``; form wins) into a TripRequest.

    Raises:
        RequestProblem: no destination the knowledge base covers, or a bad field.
    """
    zh = not text or any("\u4e00" <= ch <= "\u9fff" for ch in text)
    lang: Lang = "zh" if zh else "en"
    lowered = text.lower()
    found: list[tuple[int, str, str]] = []
    for name, dest in _names(kb):
        at = lowered.find(name.lower())
        if at >= 0 and all(dest != d for _, _, d in found):
            found.append((at, name, dest))
    found.sort()
    departure = None
    for at, name, dest in found:
        after = text[at + len(name) : at + len(name) + 3]
        before = lowered[max(0, at - 5) : at]
        if after.startswith("出发") or before.endswith(("从", "from ")):
            departure = dest
    destinations = [d for _, _, d in found if d != departure]
    if form.get("from"):
        departure = _lookup(str(form["from"]), kb) or str(form["from"])
    if form.get("to"):
        to = _lookup(str(form["to"]), kb)
        if to is None:
            raise RequestProblem(
                _msg(zh, f"还不能规划「{form['to']}」", f"Cannot plan {form['to']!r} yet")
            )
        destinations = [to]
    if not destinations:
        names = "、".join(d.name_zh for d in kb.destinations.values())
        raise RequestProblem(
            _msg(zh, f"请告诉我想去哪里（可规划：{names}）", f"Where to? (covered: {names})")
        )
    days = 2
    match = _DAYS.search(text) or _DAYS_EN.search(text)
    if match:
        days = cn_number(match.group(1))
    fields: dict[str, Any] = {}
    if form.get("days"):
        days = int(form["days"])
    if form.get("date"):
        fields["start_date"] = dt.date.fromisoformat(str(form["date"]))
    if form.get("people"):
        fields["party"] = Party(adults=int(form["people"]), children=0, seniors=0)
    if form.get("budget"):
        fields["budget_cny"] = int(form["budget"])
    pace = form.get("pace") or next((p for w, p in _PACE.items() if w in lowered), None)
    if pace:
        fields["pace"] = Pace(pace)
    if form.get("interests"):
        fields["interests"] = tuple(form["interests"])
    try:
        return TripRequest(
            departure=departure,
            destinations=tuple(destinations),
            days=days,
            lang=lang,
            text=text or None,
            **fields,
        )
    except ValueError as exc:
        raise RequestProblem(_msg(zh, f"请求有误：{exc}", f"Bad request: {exc}")) from None


def _lookup(name: str, kb: KnowledgeBase) -> str | None:
    for known, dest in _names(kb):
        if name.strip().lower() in (known.lower(), dest):
            return dest
    return None


def _msg(zh: bool, zh_text: str, en_text: str) -> str:
    return zh_text if zh else en_text
