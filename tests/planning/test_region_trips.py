"""Regional trips (issue 12): the grassland's rides go by chartered car where the knowledge says
no bus runs (呼伦贝尔 had a daily 48-km 「公交」 to a yurt camp, 「旅游专线或班车」), and a region's
sights in the city the trip starts from are left to the way in or out, said (青海湖 from 西宁
drove 161 km back to 西宁 for 东关清真大寺 and out to the lake again)."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, Mode
from engine.knowledge.geo import haversine_m
from engine.planning import plan_trip, transit
from engine.planning.origin_sights import at_origin
from engine.understanding import parse_request
from tests.helpers.plans import KB, SATURDAY


def test_no_bus_where_the_knowledge_says_none_runs() -> None:
    """A 45-km rural leg is a bus by default; where no bus runs it is a chartered car, even
    for a person who wished buses (a bus that does not exist strands them)."""
    assert transit.leg(35_000, metro=False, party=2).mode is Mode.BUS
    assert transit.leg(35_000, metro=False, party=2, buses=False).mode is Mode.CHARTER
    public = transit.Style(prefer="public")
    leg = transit.leg(35_000, metro=False, party=2, style=public, buses=False)
    assert leg.mode is Mode.CHARTER and leg.cost_cny >= transit.CHARTER_MIN_CNY
    assert transit.leg(8_000, metro=False, party=2, buses=False).mode is Mode.TAXI


def test_hulunbuir_grassland_rides_are_chartered() -> None:
    dest = KB.destinations["hulunbuir"]
    assert not dest.rural_buses
    result = parse_request("7月从北京出发去呼伦贝尔草原玩5天，想骑马", KB, today=SATURDAY)
    assert result.request is not None, result.message()
    plan = plan_trip(result.request, KB)
    local = [i for d in plan.days for i in d.items if i.kind == ItemKind.TRANSIT]
    long = [i for i in local if (i.distance_m or 0) > transit.LONG_M * transit.DETOUR]
    assert long, "the camp is 45 km out: some long rides expected"
    assert all(i.mode is not Mode.BUS for i in local), [
        (i.name, i.distance_m) for i in local if i.mode is Mode.BUS
    ]
    assert all(i.mode is Mode.CHARTER and i.cost_cny > 0 for i in long)


def test_sights_at_the_origin_are_left_to_the_way_in_or_out() -> None:
    dest = KB.destinations["qinghai-lake"]
    xining = KB.destinations["xining"]
    result = parse_request("从西宁出发去青海湖玩4天", KB, today=SATURDAY)
    assert result.request is not None, result.message()
    request = result.request
    away = {a.id for a in at_origin(dest, (xining.lat, xining.lon), request)}
    assert away == {"qinghai-lake-kumbum", "qinghai-lake-dongguan-mosque"}
    plan = plan_trip(request, KB)
    seen = {i.poi_id for d in plan.days for i in d.items if i.kind == ItemKind.ATTRACTION}
    assert not seen & away, seen
    for day in plan.days:  # no day drives back to the origin city between the lake's nights
        for item in day.items:
            if item.kind in (ItemKind.ATTRACTION, ItemKind.MEAL) and item.lat is not None:
                assert haversine_m(item.lat, item.lon, xining.lat, xining.lon) > 40_000, (
                    day.index,
                    item.name,
                )
    assert plan.feasibility is not None
    check = next(c for c in plan.feasibility.checks if c.code == "origin_sights")
    assert not check.passed
    assert "塔尔寺" in check.message and "出发地西宁" in check.message, check.message
    light = [c for c in plan.feasibility.checks if c.code == "day_trips" and not c.passed]
    assert all("塔尔寺" not in c.message for c in light), light


def test_a_named_origin_sight_is_kept() -> None:
    result = parse_request("从西宁出发去青海湖玩4天，想去塔尔寺", KB, today=SATURDAY)
    assert result.request is not None, result.message()
    assert "qinghai-lake-kumbum" in result.request.must_see
    dest = KB.destinations["qinghai-lake"]
    xining = KB.destinations["xining"]
    away = {a.id for a in at_origin(dest, (xining.lat, xining.lon), result.request)}
    assert away == {"qinghai-lake-dongguan-mosque"}


def test_no_origin_sights_when_the_trip_starts_there_or_nearby() -> None:
    dest = KB.destinations["qinghai-lake"]
    result = parse_request("去青海湖玩4天", KB, today=SATURDAY)
    assert result.request is not None
    assert at_origin(dest, None, result.request) == []
    wuxi = KB.destinations["wuxi"]  # 苏州 44 km from 无锡: a neighbour, not a region away
    assert at_origin(KB.destinations["suzhou"], (wuxi.lat, wuxi.lon), result.request) == []


def test_kashgar_in_october_goes_to_karakul_after_the_holiday() -> None:
    """ "5 days in Kashgar from Urumqi in October": it started inside the 国庆 week and left days
    3 and 4 idle while Karakul waited (no lunch by the lake: the day could not hold it)."""
    result = parse_request(
        "A solo female traveller, 5 days in Kashgar from Urumqi in October.", KB, today=SATURDAY
    )
    assert result.request is not None, result.message()
    start = result.request.start_date
    assert start is not None and start.month == 10 and start.day >= 8, start
    plan = plan_trip(result.request, KB)
    day = next((d for d in plan.days for i in d.items if i.poi_id == "kashgar-karakul"), None)
    assert day is not None, "Karakul Lake not planned"
    lunch = next(i for i in day.items if i.meal == "lunch")
    assert lunch.poi_id == "kashgar-karakul-yurts", lunch
    rides = [i for i in day.items if i.kind == ItemKind.TRANSIT and (i.distance_m or 0) > 100_000]
    assert rides and all(i.mode is Mode.CHARTER for i in rides)
