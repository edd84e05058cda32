"""Areas no taxi reaches (`Destination.access_areas`): a car-free island by ferry, a mountain top
by the scenic bus and the cable car — every leg into or out of one rides its way in, legs
inside are walks, asserted on whole plans of the curated base."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import Item, ItemKind, Itinerary, Mode
from engine.domain.request import TripRequest
from engine.knowledge.base import load_curated
from engine.knowledge.schema import AccessArea
from engine.planning import plan_trip
from engine.planning.access import area_at, gate_of
from engine.planning.hubs import Point, point_of
from engine.planning.transit_items import transit_item
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
        ("从武汉去武当山玩两天", Mode.BUS),
        ("Two days at Wudangshan from Wuhan with my parents", Mode.BUS),
        ("杭州三天，一定要去三潭印月", Mode.FERRY),  # an island in 西湖: by boat from 湖滨
    ],
)
def test_no_taxi_into_an_area_only_its_way_in(text: str, way: Mode) -> None:
    plan = _plan(text)
    crossed = 0
    for left, reached, item in _legs(plan):
        if left is None and reached is None:
            continue
        if left is reached:
            assert left is not None
            # inside: on foot, or by the area's own buses (普陀山, 武当山, 涠洲岛)
            assert item.mode is Mode.WALK or (left.inside_way == "bus" and item.mode is Mode.BUS)
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


def test_inside_an_island_with_buses_the_far_legs_ride_them() -> None:
    """普陀山's temples lie 1–5 km apart: the sightseeing bus between them (with its fare), not
    a 40-minute walk, and no taxi on the island."""
    plan = _plan("上海出发去普陀山玩两天")
    inside = [i for left, reached, i in _legs(plan) if left is not None and left is reached]
    far = [i for i in inside if (i.distance_m or 0) > 2000]
    assert far, "no leg between two far-apart places on the island"
    for item in far:
        assert item.mode is Mode.BUS and "观光车" in (item.note or ""), item
        assert item.cost_cny > 0 and item.minutes < 40, item


def test_a_day_trip_to_the_island_leaves_by_the_last_boat() -> None:
    """涠洲岛 without a night there: the boat back is boarded by the last one (15:00), and the
    leg says when the last one leaves."""
    plan = _plan("2 days in Beihai from Nanning, we must see Weizhou Island")
    area = KB.destinations["beihai"].access_areas[0]
    assert area.last_out is not None
    out = [(left, i) for left, reached, i in _legs(plan) if left is area and reached is not area]
    assert out, "the plan never leaves the island"
    for _, item in out:
        start = item.start.hour * 60 + item.start.minute
        assert start <= area.last_out, item  # on the way to the landing before the last boat
        assert "15:00" in (item.note or ""), item.note


def _latest_visit_ends(sight_id: str, day_end: int) -> dict[str, int]:
    """When a visit to the 北海 sight `sight_id` ends at the latest (minutes after midnight) in
    the solver's windows (`engine.planning.visit_windows.day_windows`) on a day from 07:00 to `day_end`,
    by the night's lodging id: one on the mainland (old street), one on 涠洲岛."""
    from engine.planning.frames import DayFrame, lodging_point
    from engine.planning.pace import profile
    from engine.planning.visit_windows import day_windows

    beihai = KB.destinations["beihai"]
    sight = next(a for a in beihai.attractions if a.id == sight_id)
    lodgings = {lo.id: lo for lo in beihai.lodging}
    ends = {}
    for night in ("beihai-lodging-old-street", "beihai-lodging-weizhou"):
        lodging = lodgings[night]
        home = lodging_point(lodging)
        frame = DayFrame(0, TODAY, beihai, profile("normal"), home, 7 * 60, home, day_end, lodging)
        windows = day_windows(sight, frame, sight.visit_minutes, 0, 1440)
        ends[night] = max(late for _, late in windows) + sight.visit_minutes
    return ends


def test_visits_on_the_island_end_in_time_for_the_last_boat_unless_sleeping_there() -> None:
    """The solver's windows: a sight on 涠洲岛 ends by the last boat less the way to the pier on
    a day that sleeps on the mainland, and may go on to closing time on a night on the island."""
    last_out = KB.destinations["beihai"].access_areas[0].last_out
    assert last_out is not None
    ends = _latest_visit_ends("beihai-weizhou-volcano", day_end=22 * 60)
    assert ends["beihai-lodging-old-street"] <= last_out
    assert ends["beihai-lodging-weizhou"] > last_out


def test_the_day_before_a_night_on_the_island_catches_the_last_boat_over() -> None:
    """A night on 涠洲岛: sights and meals on the mainland that day end in time to reach the
    pier by the last boat (taken as the last one back: 15:00) — no 19:00 ferry over."""
    last_out = KB.destinations["beihai"].access_areas[0].last_out
    assert last_out is not None
    ends = _latest_visit_ends("beihai-old-street", day_end=23 * 60)
    assert ends["beihai-lodging-weizhou"] <= last_out
    assert ends["beihai-lodging-old-street"] > last_out


def test_the_way_down_is_told_in_the_order_it_is_ridden() -> None:
    """泰山's descent read 「乘天外村景区交通车到中天门、再乘中天门索道」 from 南天门: the bus first."""
    kb = load_curated()
    p = plan_trip(TripRequest(destinations=("taishan",), departure="jinan", days=2,
                          start_date=dt.date(2026, 10, 12)), kb)  # fmt: skip
    legs = [i for d in p.days for i in d.items if i.kind == ItemKind.TRANSIT and "下山" in i.name]
    assert legs
    for leg in legs:
        note = leg.note or ""
        assert "索道" in note and "交通车" in note
        ride = note[note.index("乘") :]  # after 「在南天门（中天门索道上站）」
        assert ride.index("索道") < ride.index("交通车"), note
