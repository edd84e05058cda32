"""「最后一天直接回西宁，不要绕路」, "go straight home on the last day": the last day's sights are
taken out (`RemoveStop` each; a meal beside one moves onto the way), and a lunch or dinner
further than `FAR_MEAL_M` from both the night's lodging and the station or stop the ride home
leaves from is eaten near the lodging instead (`SwapMeal` near it: 刚察's lunch 144 km out and
107 km back to the lake's coach), so the day is the ride home. The place named is the trip's origin — the way home, not another city to add to a day
(it was refused as 「你说的地方在西宁，不在这次行程的范围里」)."""

from __future__ import annotations

import re

from engine.domain.itinerary import Item, ItemKind, Itinerary
from engine.editing.ops import Edit, RemoveStop, SwapMeal
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m

#: A meal this far (straight line, metres) from both the lodging and where the ride home
#: leaves is a detour on the way home.
FAR_MEAL_M = 30_000.0

#: Straight back, and to where: 「直接回西宁」, 「直接回家」, "straight home", "no detours".
_STRAIGHT = re.compile(
    r"直接(?:回|返回|返)(?P<to>[^\s，,。；;！!]{0,8})|(?:不要|别|不)\s*绕(?:路|远路|道)|"
    r"\b(?:straight|directly|right)\s+(?:back|home)\b(?P<en>.{0,30})|\bno\s+detours?\b",
    re.I,
)
#: The day of the way home: the last day (a day number is checked against the trip's last).
_LAST = re.compile(r"最后一天|回程|返程|回去那天|\blast day\b|\bday home\b|\bway home\b", re.I)
_DAY = re.compile(r"第\s*(\d{1,2})\s*天|\bday\s*(\d{1,2})\b", re.I)


def straight_home(text: str, it: Itinerary, kb: KnowledgeBase) -> list[Edit]:
    """The edits that make the last day of `it` a straight ride home, when `text` asks for it
    (straight back, on the last day, to the trip's origin or home if a place is said): its
    sights removed, its far meals eaten near the lodging; empty when it does not, or the last
    day has nothing to change (a sight the person named, or locked, stays)."""
    if not asks_straight_home(text, it, kb):
        return []
    last = it.days[-1]
    keep = set(it.request.must_see)
    stops = [
        i.poi_id
        for i in last.items
        if i.kind == ItemKind.ATTRACTION and i.poi_id and i.poi_id not in keep and not i.locked
    ]
    edits: list[Edit] = [RemoveStop(stop=s) for s in dict.fromkeys(stops)]
    lodging = kb.lodging(it.days[-2].lodging_id or "") if len(it.days) > 1 else None
    if lodging is None:
        return edits
    leaves = _leaves_from(last.items)
    for item in last.items:
        if item.kind != ItemKind.MEAL or item.meal not in ("lunch", "dinner") or item.locked:
            continue
        if item.lat is None or item.lon is None:
            continue
        points = [(lodging.lat, lodging.lon), *([leaves] if leaves else [])]
        if all(haversine_m(item.lat, item.lon, *p) > FAR_MEAL_M for p in points):
            edits.append(SwapMeal(day=last.index, meal=item.meal, near=lodging.id))
    return edits


def asks_straight_home(text: str, it: Itinerary, kb: KnowledgeBase) -> bool:
    """Whether `text` asks the last day of `it` to be a straight ride home (straight back, on
    the last day, to the origin or home if a place is said, with a ride home that day)."""
    m = _STRAIGHT.search(text)
    if m is None or not it.days:
        return False
    day = _DAY.search(text)
    named_day = int(day.group(1) or day.group(2)) if day else None
    if named_day is not None and named_day != len(it.days):
        return False
    if named_day is None and not _LAST.search(text):
        return False
    to = (m.group("to") or "").strip("了吧啊的")
    if to and not _is_home(to, it, kb):
        return False  # 「最后一天直接回酒店」: not the way home
    return any(i.kind == ItemKind.INTERCITY for i in it.days[-1].items)


def straight_home_answer(text: str, it: Itinerary, kb: KnowledgeBase, lang: str) -> str | None:
    """What to say when the last day is a straight ride home already (`straight_home` finds
    nothing to change): what the day holds, and that a sight named stays; None otherwise."""
    if not asks_straight_home(text, it, kb) or straight_home(text, it, kb):
        return None
    last = it.days[-1]
    ride = next(i for i in last.items if i.kind == ItemKind.INTERCITY)
    named = [i.name for i in last.items if i.kind == ItemKind.ATTRACTION and i.poi_id]
    kept = pick(lang, f"；{'、'.join(named)}是你点名要去的，留着（要去掉就说「最后一天不去"
                f"{named[0]}」）", f"; {', '.join(named)} you named, so it stays (say \"skip "
                f"{named[0]} on the last day\" to drop it)") if named else ""  # fmt: skip
    return pick(lang, f"第{last.index}天已经是回程的一天：没有绕路去的景点，{ride.start:%H:%M}"
                f"坐{ride.name}{kept}。", f"day {last.index} is already the way home: no detour "
                f"to a sight, {ride.name} at {ride.start:%H:%M}{kept}.")  # fmt: skip


def _leaves_from(items: tuple[Item, ...]) -> tuple[float, float] | None:
    """Where the ride home leaves from: the end of the local leg just before it."""
    before = None
    for item in items:
        if item.kind == ItemKind.INTERCITY:
            return before
        if item.kind == ItemKind.TRANSIT and item.lat is not None and item.lon is not None:
            before = (item.lat, item.lon)
    return None


def _is_home(to: str, it: Itinerary, kb: KnowledgeBase) -> bool:
    """Whether the words after 直接回 name home or the trip's origin (「家」, 「西宁」)."""
    if to.startswith(("家", "去", "程")):
        return True
    origin = kb.destinations.get(it.request.departure or "")
    names = (origin.name_zh, *origin.aliases) if origin else (it.request.departure or "",)
    return any(n and to.startswith(n) for n in names)
