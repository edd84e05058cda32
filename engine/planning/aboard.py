"""A day wholly aboard a train: the day between the two nights of a through train to 拉萨.

北京西→拉萨 (Z21, about 41 h), 上海→拉萨 (Z164, about 47 h), 广州→拉萨 (Z264, about 53 h) and
成都/重庆→拉萨 (Z322/Z223, about 36 h) leave one day and arrive the day after next
(`engine.planning.legs.Leg.nights` == 2): the day between holds no tour and no lodging, only the
ride, with the meals taken aboard (the dining car, or food brought along). Its item is an
intercity item from 00:00 to 23:59 marked ``overnight="depart"`` (the night after it is spent
aboard too), cost 0 (the fare is on the departure day's item).
"""

from __future__ import annotations

import re

from engine.domain.itinerary import Item, ItemKind, Mode
from engine.domain.request import TripRequest
from engine.i18n import pick
from engine.knowledge.hours import fmt_minutes
from engine.planning import legs
from engine.planning.frames import DAY, DayFrame, clock_time
from engine.planning.intercity import IntercityOption

#: Words that wish for the train as the way in (「想体验青藏铁路」, 「坐火车进藏」, "ride the
#: Qinghai–Tibet railway"): honoured when the leg out rides it, the way home free.
WAY_IN = re.compile(r"青藏铁路|进藏|入藏|Qinghai.{0,3}Tibet|Tibet(?:an)? (?:railway|train)", re.I)


def aboard_item(option: IntercityOption, depart: int, lang: str) -> Item:
    """The whole day aboard `option`, which left at `depart` (minutes after midnight) the day
    before and arrives the day after (the arrival's local time in the note)."""
    arrive = (depart + option.minutes) % DAY
    service = f" {option.service}" if option.service else ""
    note = pick(
        lang,
        f"全天在车上：餐车或自带；火车{service}昨天{fmt_minutes(depart)}"
        f"出发，明天{fmt_minutes(arrive)}到达{option.b_hub.name(lang)}",
        f"a whole day aboard: meals in the dining car or brought along; the train{service} "
        f"left {fmt_minutes(depart)} yesterday and arrives at {option.b_hub.name(lang)} "
        f"{fmt_minutes(arrive)} tomorrow",
    )
    return Item(
        kind=ItemKind.INTERCITY,
        name=f"{option.a_hub.name(lang)} → {option.b_hub.name(lang)}",
        poi_id=option.b_hub.poi_id,
        start=clock_time(0),
        end=clock_time(DAY - 1),
        lat=option.b_hub.lat,
        lon=option.b_hub.lon,
        cost_cny=0.0,
        mode=Mode.TRAIN,
        from_name=option.a_hub.name(lang),
        note=note,
        overnight="depart",
    )


def is_aboard(item: Item) -> bool:
    """Whether `item` is a day wholly aboard (`aboard_item`): the ride goes on, no new leg."""
    return (
        item.kind == ItemKind.INTERCITY
        and item.overnight == "depart"
        and item.start == clock_time(0)
        and item.end == clock_time(DAY - 1)
        and not item.cost_cny
    )


def ride_through(frame: DayFrame, leg: legs.Leg, request: TripRequest) -> None:
    """Make `frame` a day wholly aboard `leg` (no tour, no lodging, meals aboard)."""
    option = leg.option
    item = aboard_item(option, leg.depart, request.lang)
    frame.before = [item]
    frame.after = []
    frame.start = frame.end = option.b_hub
    frame.start_time = frame.end_time = 12 * 60
    frame.lodging = None
    frame.travel_only = True
