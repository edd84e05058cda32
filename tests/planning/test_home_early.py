"""A day out done by early afternoon goes home early (`home_early`): no hours of free time far
from the lodging waiting for a dinner out there and the ride back in the dark (tester F17.3:
西双版纳's 植物园 done at 13:30, 「下午自由活动」 in 勐仑 until 17:21, 61 km back after dinner)."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind, clock_minutes
from engine.knowledge.geo import haversine_m
from engine.planning import plan_trip
from engine.planning.home_early import FAR_M, IDLE_MIN
from engine.understanding import parse_request
from tests.helpers.plans import KB

TEXT = (
    "元旦带10岁的女儿和6岁的儿子从杭州去西双版纳玩4天，这次坐飞机，想看大象，孩子不能吃辣，不想太累"
)
GARDEN = "xishuangbanna-botanical-garden"


def test_no_long_wait_far_from_the_lodging_before_dinner() -> None:
    request = parse_request(TEXT, KB, today=dt.date(2026, 12, 3)).request
    assert request is not None
    p = plan_trip(request, KB)
    for day in p.days:
        lodging = day.items[-1]
        if lodging.kind is not ItemKind.LODGING or lodging.lat is None or lodging.lon is None:
            continue
        for i in day.items:
            if i.kind is ItemKind.FREE and i.lat is not None and i.lon is not None:
                far = haversine_m(i.lat, i.lon, lodging.lat, lodging.lon)
                assert i.minutes < IDLE_MIN or far < FAR_M, (day.index, i.name, i.start)
    visits = [(d, i) for d in p.days for i in d.items
              if i.kind is ItemKind.ATTRACTION and i.poi_id == GARDEN]  # fmt: skip
    assert visits  # the precondition: the day out to 勐仑 (62 km from 景洪) is planned
    (day, visit), *_ = visits
    after = day.items[day.items.index(visit) + 1]
    assert after.kind is ItemKind.TRANSIT  # straight back from the garden, not a wait there
    assert clock_minutes(after.start) == clock_minutes(visit.end)
