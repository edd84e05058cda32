"""A day spent around one place, said in a follow-up (「第四天就在亚龙湾附近玩」, 「第三天就在古城一带
逛逛」, "spend day 2 around the Bund"), or given to an activity (「第三天想租电动车环洱海骑一天」,
「第二天骑自行车玩一天」): that day planned again with sights near it, or along the lake gone
round (`engine.editing.ops.RegenerateDay.near`, `along`, `activity`)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from engine.editing.ops import RegenerateDay
from engine.understanding.activities import activity_key, find_activities, resolve_activity

_NEAR = r"(?:附近|周边|一带|周围|那一?带|那边)"
_SPEND = r"(?:玩|逛|转|走走|待|呆|溜达|休息|活动|度过|过)"
#: 「就在X附近玩」, 「在X一带逛逛」, 「就在X玩」 (就/只/都 said: the whole day there).
_ZH = re.compile(
    rf"(?:(?:就|只|都|全天|一整天)\s*(?:在|去)\s*(?P<a>[^，。,;；在去]{{2,12}}?)\s*{_NEAR}?"
    rf"|(?:在|去|到)\s*(?P<b>[^，。,;；在去到]{{2,12}}?)\s*{_NEAR})\s*(?:\S{{0,2}})?{_SPEND}"
)
_LODGING = re.compile(r"酒店|宾馆|住处|民宿|客栈|房间|家里|hotel", re.I)
_EN = re.compile(
    r"\b(?:spend|stay|hang out|spent|keep)\b.{0,20}?\b(?:around|near|close to|in the area of)\s+"
    r"(?:the\s+)?(.{3,40}?)(?:\s+area)?(?:[.,;!?]|$)",
    re.I,
)


def area_day(text: str, day: int | None) -> RegenerateDay | None:
    """The day `day` spent around the place `text` names, or None (no day, or no such words)."""
    if day is None:
        return None
    if m := _ZH.search(text):
        place = (m.group("a") or m.group("b")).strip()
        place = re.sub(r"^(?:第\s*\S{1,3}\s*天|这天|那天)", "", place).strip()
        if len(place) < 2 or _LODGING.search(place):
            return None  # 「就在酒店休息」: a rest, not an area
        return RegenerateDay(day=day, near=place)
    if m := _EN.search(text):
        return RegenerateDay(day=day, near=m.group(1).strip())
    return None


#: 「环洱海」, 「环湖」: a lake (or island) gone round; the name before the verb or 一天.
_LOOP = re.compile(r"环\s*([\u4e00-\u9fff]{2,5}?)\s*(?=骑|走|徒步|玩|逛|游|一|$)")
_WHOLE_DAY = re.compile(r"一整?天|全天|整天|一日|\b(?:all|whole|full) day\b", re.I)


def activity_day(
    text: str, day: int | None, kb: Any, dest_ids: Iterable[str]
) -> RegenerateDay | None:
    """The day `day` given to an activity `text` asks for: round the lake it names (「环洱海」),
    or a whole day (「一天」) at the sight that offers it (`resolve_activity`); None otherwise."""
    if day is None:
        return None
    found = find_activities(text)
    said = found[0].said if found else None
    if loop := _LOOP.search(text):
        if found or _WHOLE_DAY.search(text):
            return RegenerateDay(day=day, near=loop.group(1), along=True, activity=said)
        return None
    key = activity_key(found[0].value) if found else None
    if key is None or not _WHOLE_DAY.search(text):
        return None
    where = resolve_activity(key, kb, dest_ids, found[0].said)
    return RegenerateDay(day=day, near=where, activity=said) if where else None


__all__ = ["activity_day", "area_day"]
