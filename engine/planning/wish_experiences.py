"""The report's answers about experiences (`Wish.kind` `experience`): a sunrise or a flag-raising
at dawn, a sunset, night views, the moon, clouds, snow, stars — each at its hour, at a known
spot, or why not (too far a walk from a summit hotel, the visit by day, no such spot here).
Times are local, from the sun's times at the place (`engine.knowledge.sun`)."""

from __future__ import annotations

import datetime as dt

from engine.domain.feasibility import WishCheck
from engine.domain.itinerary import Item, ItemKind, Itinerary, clock_minutes
from engine.domain.request import Wish
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import Destination
from engine.knowledge.sun import sun_times
from engine.planning import wish_places as wp
from engine.planning.candidates import watches_sunset
from engine.planning.frames import clock_time
from engine.planning.summit_afternoon import sunset_out_of_reach

#: A sunset is seen from this long before it (minutes; as `summit_afternoon.SUNSET_EARLY_MIN`).
SUNSET_EARLY_MIN = 30
#: Night views and the moon count from this long after sunset (minutes; `model.DUSK_MIN`).
DUSK_MIN = 20


def _one_day_at_sunrise(plan: Itinerary, kb: KnowledgeBase) -> Destination | None:
    """The first place of a several-stop trip with a sunrise spot (a sight tagged ``sunrise`` or
    with a sunrise highlight: 泰山's 日观峰) that the plan gives a single day, with another stop
    after it: the night there is followed by the move, not a dawn on the mountain."""
    stops = [d.destination for d in plan.days]
    for i, dest_id in enumerate(stops):
        dest = kb.destinations.get(dest_id)
        if dest is None or stops.count(dest_id) != 1 or i + 1 >= len(stops):
            continue
        if any("sunrise" in a.tags or any(h.kind == "sunrise" for h in a.highlights)
               for a in dest.attractions):  # fmt: skip
            return dest
    return None


def experience(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck:
    """The answer to an ``experience`` wish: the first dawn moment or visit at its hour (with
    the night before, or the sunset time), else the place at the wrong hour, else why not."""
    lang = plan.lang
    if w.value in ("sunrise", "flag-raising"):
        words = ("日出", "Sunrise") if w.value == "sunrise" else ("升旗", "Flag-raising")
        found = [
            (d, item)
            for d in plan.days
            for item in d.items
            if (
                (item.kind == ItemKind.FREE and any(wd in item.name for wd in words))
                or (item.kind == ItemKind.ATTRACTION and _sunrise_spot(item, kb))
            )
            and _at_dawn(item, d.date)
        ]
        found.sort(key=lambda pair: pair[1].kind != ItemKind.FREE)  # the dawn moment first
        for d, item in found[:1]:
            stay = next((i.name for i in plan.days[d.index - 2].items
                         if i.kind == ItemKind.LODGING), "") if d.index > 1 else ""  # fmt: skip
            where = pick(lang, f"（前一晚住{stay}）", f" (the night before at {stay})")
            return wp._ok(w, pick(lang, f"第{d.index}天 {item.start:%H:%M} {item.name}",
                               f"day {d.index} {item.start:%H:%M}: {item.name}")
                       + (where if stay else ""))  # fmt: skip
        what = pick(lang, "看升旗" if w.value == "flag-raising" else "看日出",
                    "flag-raising" if w.value == "flag-raising" else "sunrise")  # fmt: skip
        if w.value == "flag-raising":  # at sunrise only: a visit at another hour is not it
            return wp._not(w, pick(lang, f"没有安排{what}", f"no {what} in the plan"),
                        pick(lang, "升旗在日出时举行，要前一晚住在附近，行程里没有这样的早晨",
                             "it is held at sunrise and needs the night before nearby; no "
                             "morning of the plan has that"),
                        pick(lang, "多留一晚，前一晚住在升旗的地方附近",
                             "add a night, the night before near where it is held"))  # fmt: skip
        if (short := _one_day_at_sunrise(plan, kb)) is not None:
            return wp._not(w, pick(lang, f"没有安排{what}", f"no {what} in the plan"),
                        pick(lang, f"{short.name_zh}只排了1天：看日出要在那里住一晚、第二天早上还在"
                             f"那里，这个行程第二天就离开{short.name_zh}",
                             f"{short.name_en} has one day only: a sunrise needs a night there "
                             f"and the morning after there, and this plan leaves the next day"),
                        pick(lang, f"在{short.name_zh}多留一天", f"add a day in {short.name_en}"))  # fmt: skip
        return wp._not(w, pick(lang, f"没有安排{what}", f"no {what} in the plan"),
                    pick(lang, "看日出要在当地住一晚且有已知的日出观景点",
                         "a sunrise needs a night there and a known sunrise spot"),
                    pick(lang, "多留一晚，或换一个有日出观景点的目的地",
                         "add a night, or choose a place with a sunrise spot"))  # fmt: skip
    tags = {"sunset": {"sunset"}, "night-view": {"night-view", "nightlife"}, "snow": {"snow"},
            "clouds": {"mountain"}, "stars": {"stars"},
            "moon": {"night-view", "lake", "water"}}.get(w.value, {w.value})  # fmt: skip
    if w.value == "sunset":  # a sunset moment (看日落 · 排云亭 from a summit hotel) at its hour
        for d in plan.days:
            for item in d.items:
                if (item.kind == ItemKind.FREE and ("日落" in item.name or "Sunset" in item.name)
                        and _at_its_hour("sunset", item, d.date)):  # fmt: skip
                    return wp._ok(w, pick(lang, f"第{d.index}天 {item.start:%H:%M} {item.name}",
                                       f"day {d.index} {item.start:%H:%M}: {item.name}"))  # fmt: skip
        if far := _sunset_too_far(w, plan, kb):
            return far
    early = []
    for day, item in wp.visits(plan):
        date = plan.days[day - 1].date
        spot = bool(tags & wp._tags(item, kb)) or (
            w.value == "sunset" and _sunset_view(item, plan.days[day - 1].destination, kb)
        )
        if spot and _at_its_hour(w.value, item, date):
            message = pick(lang, f"{wp.when(day, item, lang)}{item.name}", f"{item.name}, "
                           f"{wp.when(day, item, lang)}")  # fmt: skip
            if w.value == "sunset" and item.lat is not None and item.lon is not None:
                down = clock_time(sun_times(item.lat, item.lon, date)[1])
                message += pick(lang, f"（日落约{down:%H:%M}）", f" (sunset about {down:%H:%M})")
            if w.value in ("clouds", "snow"):
                return wp._partly(w, message, pick(lang, "要看天气，无法保证", "it depends on the "
                                                "weather"), "")  # fmt: skip
            return wp._ok(w, message)
        if spot:
            early.append((day, item))
    if early and w.value in ("sunset", "night-view", "moon"):  # the place, not at its hour
        day, item = early[0]
        late = _after_sunset(item, plan.days[day - 1].date) if w.value == "sunset" else None
        if late is not None:
            return wp._partly(w, pick(lang, f"{wp.when(day, item, lang)}去{item.name}，太阳已经落了",
                                   f"{item.name} on {wp.when(day, item, lang)}, after sunset"),
                           pick(lang, f"那天日落约{late:%H:%M}", f"the sun sets about {late:%H:%M}"),
                           pick(lang, f"把{item.name}挪到日落前", f"move {item.name} before "
                                "sunset"))  # fmt: skip
        return wp._partly(w, pick(lang, f"{wp.when(day, item, lang)}去{item.name}，不在那个时段",
                               f"{item.name} on {wp.when(day, item, lang)}, not at that hour"),
                       pick(lang, "行程把它排在了白天", "the plan has it by day"),
                       pick(lang, f"把{item.name}挪到晚上，或多留一天",
                            f"move {item.name} to the evening, or add a day"))  # fmt: skip
    return wp._not(w, pick(lang, "行程里没有合适的时段和地点", "no place and hour for it in the plan"),
                pick(lang, "这里没有已知的观赏点，或排不下", "no known spot here, or none fits"),
                pick(lang, "多留一天", "add a day"))  # fmt: skip


def _sunset_too_far(w: Wish, plan: Itinerary, kb: KnowledgeBase) -> WishCheck | None:
    """A summit night whose sunset point is too far a walk for the person's access needs
    (`summit_afternoon.sunset_out_of_reach`: 黄山's 排云亭, 2 km of mountain path), said so."""
    lang = plan.lang
    for d in plan.days:
        dest = kb.destinations.get(d.destination)
        top = next((lo for lo in dest.lodging if lo.id == d.lodging_id), None) if dest else None
        far = sunset_out_of_reach(dest, top, plan.request) if dest and top else None
        if far:
            spot, metres = far
            name = pick(lang, spot.name_zh, spot.name_en)
            return wp._not(w, pick(lang, f"第{d.index}天住山顶，但没有安排去{name}看日落",
                                f"day {d.index} sleeps on the summit, but no walk to {name}"),
                        pick(lang, f"{name}离酒店直线约{metres / 1000:.1f}公里，山路更长，来回太远，"
                             "走不了远路的人不宜", f"{name} is about {metres / 1000:.1f} km from "
                             "the hotel as the crow flies, more by the mountain path: too far "
                             "for short walks"),
                        pick(lang, "在酒店附近看晚霞", "watch the evening light near the hotel"))  # fmt: skip
    return None


def _after_sunset(item: Item, date: dt.date) -> dt.time | None:
    """The time of sunset (local) when the visit starts after it, else None."""
    if item.lat is None or item.lon is None:
        return None
    _, down = sun_times(item.lat, item.lon, date)
    return clock_time(down) if clock_minutes(item.start) > down else None


def _sunset_view(item: Item, destination: str, kb: KnowledgeBase) -> bool:
    """Whether the visit is to a waterfront or viewpoint that serves a sunset where no sight is
    tagged for it (`candidates.watches_sunset`)."""
    place, dest = kb.attraction(item.poi_id or ""), kb.destinations.get(destination)
    return place is not None and dest is not None and watches_sunset(place, dest)


def _at_its_hour(moment: str, item: Item, date: dt.date) -> bool:
    """Whether a visit is at the moment's hour: there at sunset (from `SUNSET_EARLY_MIN` before
    it), or after dusk (`DUSK_MIN` after sunset) for night views and the moon."""
    if item.lat is None or item.lon is None or moment not in ("sunset", "night-view", "moon"):
        return True
    _, down = sun_times(item.lat, item.lon, date)
    start, end = clock_minutes(item.start), clock_minutes(item.end)
    if moment == "sunset":
        return start <= down and end >= down - SUNSET_EARLY_MIN
    return end >= down + DUSK_MIN


def _sunrise_spot(item: Item, kb: KnowledgeBase) -> bool:
    place = kb.attraction(item.poi_id or "")
    return place is not None and (
        "sunrise" in place.tags or any(h.kind == "sunrise" for h in place.highlights)
    )


def _at_dawn(item: Item, date: dt.date) -> bool:
    """There for the sunrise: arrived by the time the sun rises and still there then (a
    stop reached after sunrise has missed it, whatever its name says)."""
    if item.lat is None or item.lon is None:
        return False
    rise, _ = sun_times(item.lat, item.lon, date)
    return clock_minutes(item.start) <= rise <= clock_minutes(item.end)
