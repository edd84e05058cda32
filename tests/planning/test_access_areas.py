"""Areas no taxi reaches (`Destination.access_areas`): a car-free island by ferry, a mountain top
by the scenic bus and the cable car — every leg into or out of one rides its way in, legs
inside are walks, asserted on whole plans of the curated base."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import Item, ItemKind, Itinerary, Mode
from engine.knowledge.base import load_curated
from engine.knowledge.schema import AccessArea
from engine.planning import plan_trip
from engine.planning.access import area_at, gate_of
from engine.planning.hubs import Point, point_of
from engine.planning.schedule import transit_item
from engine.understanding import parse_request

KB = load_curated()
TODAY = dt.date(2026, 12, 2)


def _plan(text: str) -> Itinerary:
    parsed = parse_request(text, KB, today=TODAY)
    assert parsed.request is not None, parsed.message("en")
    return plan_trip(parsed.request, KB, today=TODAY)


def _legs(plan: Itinerary) -> list[tuple[AccessArea | None, AccessArea | None, Item]]:
    """(area the leg leaves, area it reaches, the item) for every local leg."""
    destination = KB.destinations[plan.request.destinations[0]]
    out = []
    for day in plan.days:
        here: tuple[float, float] | None = None
        for item in day.items:
            if (
                item.kind == ItemKind.TRANSIT
                and here is not None
                and item.lat is not None
                and item.lon is not None
            ):
                there = (item.lat, item.lon)
                out.append((area_at(destination, here), area_at(destination, there), item))
            if item.lat is not None and item.lon is not None:
                here = (item.lat, item.lon)
    return out


@pytest.mark.parametrize(
    ("text", "way"),
    [
        ("去黄山玩两天，想看日出", Mode.CABLE_CAR),
        ("泰山一日游", Mode.CABLE_CAR),
        ("从济南去泰山玩两天，想看日出", Mode.CABLE_CAR),
        ("厦门三天，住在鼓浪屿上", Mode.FERRY),
        ("从南宁去北海涠洲岛玩3天", Mode.FERRY),
        ("上海出发去普陀山玩两天", Mode.FERRY),  # the island's temples by boat from 朱家尖
        ("去峨眉山看日出，从成都出发，2天", Mode.CABLE_CAR),
        ("峨眉山一日游", Mode.CABLE_CAR),
        ("华山两日游，想看日出", Mode.CABLE_CAR),
        ("华山一日游", Mode.CABLE_CAR),
        ("杭州三天，一定要去三潭印月", Mode.FERRY),  # an island in 西湖: by boat, not a walk
    ],
)
def test_no_taxi_into_an_area_only_its_way_in(text: str, way: Mode) -> None:
    plan = _plan(text)
    crossed = 0
    for left, reached, item in _legs(plan):
        if left is None and reached is None:
            continue
        if left is reached:
            assert item.mode is Mode.WALK, item  # inside: on foot
            continue
        assert item.mode is way, item  # never a taxi up the mountain or onto the island
        crossed += 1
    assert crossed >= 2, "the plan never goes up (or over) and back"


@pytest.mark.parametrize(
    ("text", "fare"),
    [
        ("去黄山玩两天，想看日出", 84),  # 5 December: the low season's cable car (19 + 65)
        ("4月10日去黄山玩两天，想看日出", 99),  # April: the peak fare (19 + 80)
    ],
)
def test_the_way_up_says_the_scenic_bus_and_the_cable_car_and_their_fares(
    text: str, fare: int
) -> None:
    """Up to 黄山's summit from 汤口: the scenic bus and the Yungu cable car from the transfer
    centre, their fares on the day charged on the legs (`AccessArea.fare_seasons`: 淡季 from
    1 December) — not a 7.5 km taxi to 光明顶, nor the peak fare in winter."""
    plan = _plan(text)
    up = [i for _, reached, i in _legs(plan) if reached is not None and i.mode is Mode.CABLE_CAR]
    assert up, "no leg up the mountain"
    note = up[0].note or ""
    assert "云谷索道" in note and "换乘中心" in note, note
    assert f"约{fare}元/人" in note, note
    assert up[0].cost_cny >= fare * plan.request.party.size


def test_a_crossing_costs_the_fare_of_its_day() -> None:
    """The leg from 汤口's transfer centre up to 黄山's summit costs the crossing's fare on that
    date for each person: 19 + 65 on 10 December, 19 + 80 on 10 April."""
    destination = KB.destinations["huangshan"]
    area = next(a for a in destination.access_areas if a.id == "huangshan-summit")
    gate = point_of(gate_of(destination, area))
    top = Point(area.landing_zh, area.landing_en, area.landing_lat, area.landing_lon)
    parsed = parse_request("两个人去黄山玩两天", KB, today=TODAY)
    assert parsed.request is not None
    costs = []
    for day in (dt.date(2026, 12, 10), dt.date(2027, 4, 10)):
        leg = transit_item(gate, top, 480, destination=destination, request=parsed.request,
                           date=day)  # fmt: skip
        assert leg is not None and leg.mode is Mode.CABLE_CAR, leg
        costs.append(leg.cost_cny)
    assert costs[1] - costs[0] == pytest.approx(15 * 2), costs
    assert costs[0] >= 84 * 2, costs
