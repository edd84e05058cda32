"""How to get to a place of the trip, asked (「熊猫基地怎么去」, "how do we get to the panda
base?"): answered from the plan's own leg to it — where from, by what, how long — else from how
far it lies from where the trip stays."""

from __future__ import annotations

import datetime as dt
import re

from engine.domain.itinerary import ItemKind, Itinerary
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Attraction, Restaurant
from engine.planning.transit_items import MODE_NAMES

#: A question of how to get to a place.
GETTING_THERE = re.compile(
    r"怎么(?:去|走|到|过去)|如何(?:去|到达|前往)|坐什么车|交通方式|"
    r"\bhow (?:do|can|should|would) (?:i|we|you) get\b|\bhow to get\b|\bgetting there\b|"
    r"\bget there\b",
    re.I,
)


def getting_there(place: Attraction | Restaurant, it: Itinerary, day: int | None, lang: str) -> str:
    """How the plan gets to `place` on `day` (「第1天从锦江宾馆坐地铁约35分钟（约9.8公里）」),
    or, when the plan does not go there, its straight-line distance from the trip's first stay
    (metres from the record's WGS-84 positions); "" when neither is known."""
    zh = lang == "zh"
    if day is not None:
        items = it.days[day - 1].items
        at = next((k for k, i in enumerate(items) if i.poi_id == place.id
                   and i.kind in (ItemKind.ATTRACTION, ItemKind.MEAL)), None)  # fmt: skip
        leg = items[at - 1] if at else None
        if leg is not None and leg.kind == ItemKind.TRANSIT and leg.mode is not None:
            zh_mode, en_mode = MODE_NAMES.get(leg.mode.value, (leg.mode.value, leg.mode.value))
            minutes = _minutes(leg.start, leg.end)
            far = (f"（约{leg.distance_m / 1000:.1f}公里）" if zh
                   else f" (about {leg.distance_m / 1000:.1f} km)") if leg.distance_m else ""  # fmt: skip
            origin = leg.from_name or ("上一站" if zh else "the stop before")
            if zh:
                ride = zh_mode if leg.mode.value in ("walk", "taxi", "drive") else f"坐{zh_mode}"
                return f"第{day}天从{origin}{ride}约{minutes}分钟{far}到达"
            return f"on day {day} from {origin}: {en_mode.lower()}, about {minutes} min{far}"
    stay = next((i for d in it.days for i in d.items
                 if i.kind == ItemKind.LODGING and i.lat is not None), None)  # fmt: skip
    if stay is None or stay.lat is None or stay.lon is None:
        return ""
    km = haversine_m(stay.lat, stay.lon, place.lat, place.lon) / 1000
    return (f"离住处{stay.name}直线约{km:.1f}公里，市内可坐地铁或打车" if zh
            else f"about {km:.1f} km in a straight line from the stay ({stay.name}); "
            "metro or taxi in town")  # fmt: skip


def _minutes(start: dt.time, end: dt.time) -> int:
    return max(1, (end.hour * 60 + end.minute) - (start.hour * 60 + start.minute))
