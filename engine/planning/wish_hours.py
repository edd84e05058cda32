"""The report's answers about hours: 「不想早起」 / "I hate early mornings" (when each day sets
out), and 「熊猫一大早去」 (a sight seen in the morning, `morning`).

A day *sets out* with its first item after breakfast (a ride, a sight, a leg out — a journey is
counted from leaving for the station or airport, `frames.HUB_LEAD_MIN` before it leaves); an
arrival after a night aboard is not setting out. Every day at or after the hour wished
(`TripRequest.earliest_start`) is honoured; a day that starts earlier is said with what it
starts early for (a full day at 黄山 in winter, a scheduled train, a sunrise).
"""

from __future__ import annotations

from engine.domain.feasibility import WishCheck
from engine.domain.itinerary import Day, Item, ItemKind, Itinerary, clock_minutes
from engine.domain.request import Wish
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.planning import wish_places as wp
from engine.planning.frames import HUB_LEAD_MIN
from engine.planning.visit_windows import MORNING_LATEST_START
from engine.planning.wish_day_parts import first_thing


def setting_out(day: Day) -> tuple[int, Item] | None:
    """When `day` sets out (minutes after midnight) and the item it sets out for (the leg out,
    else the first stop after the ride), or None for a day that never leaves (all at the
    lodging, or only an arrival)."""
    items = [i for i in day.items
             if not (i.kind == ItemKind.MEAL and i.meal == "breakfast")
             and i.kind != ItemKind.LODGING and i.overnight != "arrive"]  # fmt: skip
    if not items:
        return None
    first = items[0]
    start = clock_minutes(first.start)
    if first.kind == ItemKind.INTERCITY:
        return start - HUB_LEAD_MIN.get(first.mode.value if first.mode else "", 45), first
    target = next((i for i in items if i.kind != ItemKind.TRANSIT), first)
    return start, target


def day_start(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """Each day's setting out against the hour wished (see the module docstring)."""
    lang = plan.lang
    earliest = plan.request.earliest_start
    if earliest is None:
        hour, _, minute = w.value.partition(":")
        earliest = int(hour) * 60 + int(minute) if hour.isdigit() and minute.isdigit() else 0
    said = _clock(earliest)
    early = []
    for day in plan.days:
        out = setting_out(day)
        if out is not None and out[0] < earliest:
            early.append((day.index, out[0], out[1]))
    if not early:
        return wp._ok(
            w, pick(lang, f"每天{said}以后才出门", f"every day sets out at {said} or later")
        )
    index, start, item = early[0]
    what = _target(item, lang)
    message = pick(
        lang,
        f"其余日子{said}以后出门；第{index}天{_clock(start)}出门（{what}）",
        f"other days set out at {said} or later; day {index} sets out at {_clock(start)} ({what})",
    )
    if len(early) == len(plan.days):
        message = pick(lang, f"第{index}天{_clock(start)}出门（{what}）",
                       f"day {index} sets out at {_clock(start)} ({what})")  # fmt: skip
    if item.kind == ItemKind.INTERCITY:
        reason = pick(lang, "这一段车次/航班出发得早", "that leg leaves early")
        relax = pick(lang, "改晚一点的班次，或晚一天出发", "take a later service")
    else:
        reason = pick(lang, f"{item.name}要早出发才玩得完", f"{item.name} needs an early start")
        relax = pick(lang, f"不去{item.name}，或多留一天", f"skip {item.name}, or add a day")
    status = wp._not if len(early) == len(plan.days) else wp._partly
    return status(w, message, reason, relax)


def _target(item: Item, lang: str) -> str:
    if item.kind == ItemKind.INTERCITY:
        return pick(lang, f"赶{_clock(clock_minutes(item.start))}的{item.name}",
                    f"for the {_clock(clock_minutes(item.start))} {item.name}")  # fmt: skip
    return pick(lang, f"去{item.name}", f"to {item.name}")


def _clock(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


#: A visit begun before this hour (minutes after midnight) as the day's first sight is a
#: morning visit (上午: before noon); any visit begun by `MORNING_LATEST_START` is one too.
NOON = 12 * 60


def morning(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """「熊猫一大早去」, "the Forbidden City in the morning": the visit to the place (a POI id) or
    to a sight of the kind (an attraction tag) begun in the morning — the day's first sight
    before noon, or any sight by `MORNING_LATEST_START` (10:30)."""
    lang = plan.lang
    hits = [(day, item) for day in plan.days for item in day.items
            if item.kind == ItemKind.ATTRACTION and _is_wished(w.value, item, kb)]  # fmt: skip
    if not hits:
        what = wp.tag_word(w.value, lang) if kb.attraction(w.value) is None else w.value
        place = kb.attraction(w.value)
        what = place.name(lang) if place is not None else what
        return wp._not(w, pick(lang, f"行程里没有{what}", f"{what} is not in the plan"),
                       pick(lang, "见上面的回答", "see the answer above"), "")  # fmt: skip
    early = first_thing(w)  # 「一大早」, 「开门就去」, "first thing": the day's first sight
    for day, item in hits:
        start = clock_minutes(item.start)
        sights = [i for i in day.items if i.kind == ItemKind.ATTRACTION]
        if early and not (sights[0] is item and start <= MORNING_LATEST_START):
            continue
        if start <= MORNING_LATEST_START or (sights[0] is item and start < NOON):
            if early:
                return wp._ok(w, pick(lang, f"第{day.index}天第一站，{_clock(start)}就到{item.name}",
                                      f"{item.name} first thing on day {day.index}, at "
                                      f"{_clock(start)}"))  # fmt: skip
            return wp._ok(w, pick(lang, f"第{day.index}天{_clock(start)}就到{item.name}",
                                  f"{item.name} at {_clock(start)} on day {day.index}"))  # fmt: skip
    day, item = hits[0]
    first = next(i for i in day.items if i.kind == ItemKind.ATTRACTION)
    return wp._not(
        w, pick(lang, f"{item.name}排在第{day.index}天{_clock(clock_minutes(item.start))}",
                f"{item.name} is at {_clock(clock_minutes(item.start))} on day {day.index}"),
        pick(lang, f"那天上午先去了{first.name}", f"that morning goes to {first.name} first"),
        pick(lang, f"说「第{day.index}天先去{item.name}」", f"say “{item.name} first on day "
             f"{day.index}”"),
    )  # fmt: skip


def _is_wished(value: str, item: Item, kb: KnowledgeBase) -> bool:
    if item.poi_id == value:
        return True
    place = kb.attraction(item.poi_id or "")
    return place is not None and value in place.tags
