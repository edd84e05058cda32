"""A stop of a trip of several destinations left out, its days given to another (「去掉香格里拉，
多在丽江玩一天」, 「不去乐山了」, "drop Leshan and spend an extra day in Chengdu"): the whole city
goes — not one of its sights — with its must-sees.

`dropped_destination` finds it; `drop_destination` applies it to the destinations and their
days (`engine.understanding.revision` calls it before the places to avoid are read).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.i18n import pick
from engine.understanding.attractions import clean, find_destination
from engine.understanding.numbers import NUMBER, parse_int

N = f"({NUMBER})"
#: A stop left out: (pattern, the group of its name).
_DROP = (
    re.compile(r"(?:去掉|删掉|删除|取消|不去了?|不要去|不想去|别去)\s*([^，。,.;；!?！？]+?)(?:了|吧|这一?站)?(?=[，。,.;；!?！？]|$)"),
    re.compile(r"(?:^|[，。,.;；!?！？])\s*([^，。,.;；!?！？\s]{2,12}?)\s*(?:就|也)?(?:不去了|不去|去掉|删掉|取消)(?=[，。,.;；!?！？吧了]|$)"),
    re.compile(r"\b(?:drop|skip|remove|cut|leave out)\s+(.+?)(?=[,.;!?]|\s+and\b|$)", re.I),
)  # fmt: skip
#: The stop given more days (「多在丽江玩一天」, 「丽江多待两天」, "an extra day in Lijiang",
#: "spend more time in Lijiang"): (pattern, group of the name, group of the count or None).
_MORE = (
    (re.compile(rf"多在\s*([^，。,.;；\s]+?)\s*(?:玩|待|留|住)\s*{N}?\s*天?"), 1, 2),
    (re.compile(rf"(?:在|把天数给|天数给|时间给)\s*([^，。,.;；\s]+?)\s*(?:多玩|多待|多留|多住)\s*{N}?\s*天?"), 1, 2),
    (re.compile(rf"([^，。,.;；\s]{{2,8}}?)\s*(?:多玩|多待|多留|多住)\s*{N}?\s*天?"), 1, 2),
    (re.compile(rf"\b{N}?\s*(?:an? )?(?:extra|more)\s+days?\s+in\s+([A-Za-z' -]+?)(?=[,.;!?]|$)", re.I), 2, 1),
    (re.compile(r"\b(?:more time|longer)\s+in\s+([A-Za-z' -]+?)(?=[,.;!?]|$)", re.I), 1, None),
)  # fmt: skip


@dataclass(frozen=True)
class DroppedStop:
    """A destination left out of the trip.

    Attributes:
        destination: its id.
        to: the destination given more days (None: its days go to the stop before it, else
            the one after).
        more: how many days `to` gains when said (「多玩一天」: 1); None: all the days left out.
        words: the words that said it (kept out of the other readings).
    """

    destination: str
    to: str | None
    more: int | None
    words: tuple[str, ...]


def dropped_destination(text: str, destinations: tuple[str, ...], kb: Any) -> DroppedStop | None:
    """The destination of a trip of several that `text` leaves out, or None (one sight left
    out, a trip of one destination, a place not among them)."""
    if len(destinations) < 2:
        return None
    for pattern in _DROP:
        for m in pattern.finditer(text):
            dest = find_destination(m.group(1), kb)
            if dest in destinations:
                to, more, said = _given_more(text, destinations, dest, kb)
                return DroppedStop(dest, to, more, (m.group(0), *said))
    return None


def _given_more(
    text: str, destinations: tuple[str, ...], dropped: str, kb: Any
) -> tuple[str | None, int | None, tuple[str, ...]]:
    for pattern, name_at, count_at in _MORE:
        for m in pattern.finditer(text):
            dest = find_destination(clean(m.group(name_at)), kb)
            if dest in destinations and dest != dropped:
                raw = m.group(count_at) if count_at else None
                return dest, (parse_int(raw) or 1) if raw else 1, (m.group(0),)
    return None, None, ()


def drop_destination(
    stop: DroppedStop, destinations: list[str], days: list[int], total: int, kb: Any, lang: str
) -> tuple[list[str], list[int], int, str]:
    """The destinations and their days (aligned, or [] when they were not) and the total days
    once `stop` is left out, with the change in words. Its days go to `stop.to` (all of them,
    or `stop.more` when said), else to the stop before it (the first stop: the one after)."""
    at = destinations.index(stop.destination)
    aligned = len(days) == len(destinations)
    had = days[at] if aligned else 0
    rest = [d for d in destinations if d != stop.destination]
    to = stop.to or (destinations[at - 1] if at > 0 else destinations[at + 1])
    gain = stop.more if stop.more is not None else had
    new_days = [d for i, d in enumerate(days) if i != at] if aligned else []
    if new_days:
        new_days[rest.index(to)] += gain
        total = sum(new_days)
    elif stop.more is not None:
        # days per stop not said: each has about an even share; the stop given more keeps its
        # share and gains those days, fixed (「不去香格里拉了，多在丽江待一天」: 丽江 3 of 7), the
        # others left to the planner (0)
        share = max(1, round(total / len(destinations)))
        total = max(1, total + stop.more - share)
        new_days = [0] * len(rest)
        new_days[rest.index(to)] = min(total - (len(rest) - 1), share + stop.more)
        if len(rest) == 1:
            new_days = [total]
        gain = stop.more
    gone, kept = kb.destinations[stop.destination], kb.destinations[to]
    zh = f"去掉{gone.name_zh}" + (f"（{had}天）" if had else "")
    en = f"{gone.name_en} left out" + (f" ({had} day{'s' if had != 1 else ''})" if had else "")
    if new_days:
        n = new_days[rest.index(to)]
        zh += f"，{kept.name_zh}多玩{gain}天（共{n}天）" if gain else ""
        en += (
            f", {gain} more day{'s' if gain != 1 else ''} in {kept.name_en} ({n} there)"
            if gain
            else ""
        )
    zh += f"；全程{total}天"
    en += f"; {total} days in all"
    return rest, new_days, total, pick(lang, zh, en)


__all__ = ["DroppedStop", "drop_destination", "dropped_destination"]
