"""Short waits said on a day made lighter: 「第二天轻松一点」 left 55 minutes between 武侯祠 and the
walk to dinner with no line at all. The planner says waits of `free_time.GAP_MIN` minutes or
more (`engine.planning.free_time.fill_gaps`); on a day the person asked lighter, a wait of
`SHORT_REST_MIN` up to that is said too — a rest where one is, and when the night's lodging is
within `HOTEL_NEAR_M`, that one may rest there."""

from __future__ import annotations

from engine.domain.itinerary import Day, Item, ItemKind, clock_minutes
from engine.i18n import pick
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.planning.frames import free_item
from engine.planning.free_time import GAP_MIN

#: A wait this long (minutes) or longer on a lightened day is said as a rest.
SHORT_REST_MIN = 30
#: The night's lodging this close (straight line, metres) to where a rest begins is offered.
HOTEL_NEAR_M = 1000.0


def say_short_waits(day: Day, kb: KnowledgeBase, lang: str) -> Day:
    """`day` with each wait of `SHORT_REST_MIN` to `GAP_MIN` minutes after a sight or a meal
    (not before a train or flight: that wait is the station's) shown as a rest at that place:
    「休息一下（约55分钟）」, with the lodging offered when it is near (metres, straight line)."""
    lodging = kb.lodging(day.lodging_id) if day.lodging_id else None
    items: list[Item] = []
    for item in day.items:
        prev = items[-1] if items else None
        if prev is not None and prev.lat is not None and prev.lon is not None:
            begin, end = clock_minutes(prev.end), clock_minutes(item.start)
            if (
                SHORT_REST_MIN <= end - begin < GAP_MIN
                and prev.kind in (ItemKind.ATTRACTION, ItemKind.MEAL)
                and item.kind not in (ItemKind.INTERCITY, ItemKind.LODGING, ItemKind.FREE)
            ):
                near = lodging is not None and haversine_m(
                    prev.lat, prev.lon, lodging.lat, lodging.lon) <= HOTEL_NEAR_M  # fmt: skip
                km = haversine_m(prev.lat, prev.lon, lodging.lat, lodging.lon) / 1000 if (
                    near and lodging) else 0  # fmt: skip
                note = pick(lang, f"住处就在约{km:.1f}公里外，也可以回去歇一会儿",
                            f"the lodging is about {km:.1f} km away: you may rest there") if near else None  # fmt: skip
                items.append(free_item(prev.lat, prev.lon, begin, end,
                                       pick(lang, f"休息一下（约{end - begin}分钟）",
                                            f"Rest (about {end - begin} min)"), note))  # fmt: skip
        items.append(item)
    if len(items) == len(day.items):
        return day
    return day.model_copy(update={"items": tuple(items)})
