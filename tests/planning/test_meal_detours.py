"""Meals are eaten where the traveller is (issue 12): 四姑娘山's day rode 46 km from 日隆镇 to
卧龙镇 for dinner and 46 km back, 喀纳斯 from 禾木 to 贾登峪 and back. A lunch or dinner far off
the way between the stops around it moves to a place on the way, or becomes a meal of your
choice there that says why no place is named."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import Day, Item, ItemKind, Itinerary, Mode
from engine.domain.request import TripRequest
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Destination
from engine.planning.meal_detours import near_meals
from tests.helpers.plans import KB, plan

#: What a traveller calls a ride out to eat: a meal this far off the way, km (straight lines).
OFF_WAY_KM = 8.0


def _km(a: Item, b: Item) -> float:
    assert a.lat is not None and a.lon is not None and b.lat is not None and b.lon is not None
    return haversine_m(a.lat, a.lon, b.lat, b.lon) / 1000


def _off_way(p: Itinerary) -> list[str]:
    """Lunches and dinners more than `OFF_WAY_KM` off the way between the stops around them."""
    out = []
    for day in p.days:
        stops = [i for i in day.items if i.lat is not None
                 and i.kind not in (ItemKind.TRANSIT, ItemKind.FREE)]  # fmt: skip
        for j, item in enumerate(stops[1:-1], start=1):
            if item.kind != ItemKind.MEAL or item.meal not in ("lunch", "dinner"):
                continue
            a, b = stops[j - 1], stops[j + 1]
            if b.kind == ItemKind.INTERCITY:
                continue
            off = (_km(a, item) + _km(item, b) - _km(a, b)) / 2
            if off > OFF_WAY_KM:
                out.append(f"day {day.index} {item.name} ({off:.0f} km off)")
    return out


@pytest.mark.parametrize(("destination", "days"), [("siguniangshan", 4), ("kanas", 4)])
def test_no_ride_out_to_eat_and_back(destination: str, days: int) -> None:
    p = plan(destinations=(destination,), days=days, departure=None)
    assert not _off_way(p)
    assert p.feasibility is not None and p.feasibility.passed
    for day in p.days:
        for item in day.items:
            if item.kind is ItemKind.MEAL and item.poi_id is None and item.meal != "breakfast":
                assert item.note, item  # a meal of your choice says why and where


def _day(meal_at: str) -> tuple[Day, Destination]:
    """喀纳斯: 三湾 until 16:23, a dinner at `meal_at` (a restaurant id), the night at 禾木."""
    kanas = KB.destinations["kanas"]
    bays = next(a for a in kanas.attractions if a.id == "kanas-three-bays")
    place = next(r for r in kanas.restaurants if r.id == meal_at)
    hemu = next(lo for lo in kanas.lodging if lo.id == "kanas-lodging-hemu")
    t = dt.time
    items = (
        Item(kind=ItemKind.ATTRACTION, name=bays.name_zh, poi_id=bays.id, start=t(13, 53),
             end=t(16, 23), lat=bays.lat, lon=bays.lon),
        Item(kind=ItemKind.TRANSIT, name="打车", start=t(16, 49), end=t(17, 30), lat=place.lat,
             lon=place.lon, mode=Mode.TAXI),
        Item(kind=ItemKind.MEAL, name=place.name_zh, poi_id=place.id, start=t(17, 30),
             end=t(18, 45), lat=place.lat, lon=place.lon, meal="dinner", cost_cny=120),
        Item(kind=ItemKind.TRANSIT, name="包车", start=t(18, 45), end=t(20, 18), lat=hemu.lat,
             lon=hemu.lon, mode=Mode.CHARTER),
        Item(kind=ItemKind.LODGING, name=hemu.name_zh, poi_id=hemu.id, start=t(20, 18),
             end=t(20, 18), lat=hemu.lat, lon=hemu.lon),
    )  # fmt: skip
    return Day(index=1, date=dt.date(2026, 9, 1), destination="kanas", items=items), kanas


def test_a_dinner_ridden_out_to_moves_to_a_place_on_the_way() -> None:
    day, kanas = _day("kanas-baihaba-eats")  # 白哈巴: 27 km the other way from 禾木
    hemu_eats = next(r for r in kanas.restaurants if r.id == "kanas-hemu-eats")
    request = TripRequest(destinations=("kanas",), days=1)
    (moved,) = near_meals([day], kanas, request, [hemu_eats])
    (dinner,) = [i for i in moved.items if i.kind is ItemKind.MEAL]
    assert dinner.poi_id == "kanas-hemu-eats"
    assert dt.time(17, 30) <= dinner.start <= dt.time(19, 30)
    assert [i.kind for i in moved.items] == [ItemKind.ATTRACTION, ItemKind.TRANSIT,
                                             ItemKind.MEAL, ItemKind.LODGING]  # fmt: skip
    assert moved.items[-1].start <= dt.time(20, 18)


def test_a_meal_with_nothing_on_the_way_is_eaten_where_you_are() -> None:
    day, kanas = _day("kanas-baihaba-eats")
    request = TripRequest(destinations=("kanas",), days=1)
    (moved,) = near_meals([day], kanas, request, [])  # no other place to eat is known
    (dinner,) = [i for i in moved.items if i.kind is ItemKind.MEAL]
    assert dinner.poi_id is None and "三湾" in dinner.name and "自选" in dinner.name
    assert "不必专程坐车去吃饭" in (dinner.note or "") and dinner.cost_cny == 120
    assert moved.items[0].end <= dinner.start  # eaten at the bays, then the ride to 禾木
    assert moved.items[-2].kind is ItemKind.TRANSIT and moved.items[-2].start >= dinner.end


def _before_flight(meal_at: str) -> tuple[Day, Destination]:
    """西安's last day: 钟鼓楼 until 16:00, a dinner at `meal_at` (a restaurant id), a taxi to
    咸阳机场 and the 21:00 flight."""
    xian = KB.destinations["xian"]
    tower = next(a for a in xian.attractions if a.id == "xian-bell-drum-tower")
    place = next(r for r in xian.restaurants if r.id == meal_at)
    airport = next(h for h in xian.hubs if h.id == "xian-xianyang-airport")
    t = dt.time
    items = (
        Item(kind=ItemKind.ATTRACTION, name=tower.name_zh, poi_id=tower.id, start=t(14, 0),
             end=t(16, 0), lat=tower.lat, lon=tower.lon),
        Item(kind=ItemKind.TRANSIT, name="打车", start=t(16, 0), end=t(17, 0), lat=place.lat,
             lon=place.lon, mode=Mode.TAXI),
        Item(kind=ItemKind.MEAL, name=place.name_zh, poi_id=place.id, start=t(17, 0),
             end=t(18, 0), lat=place.lat, lon=place.lon, meal="dinner", cost_cny=80),
        Item(kind=ItemKind.TRANSIT, name="打车前往西安咸阳国际机场", start=t(18, 0),
             end=t(19, 30), lat=airport.lat, lon=airport.lon, mode=Mode.TAXI),
        Item(kind=ItemKind.INTERCITY, name="西安咸阳国际机场 → 上海虹桥国际机场", start=t(21, 0),
             end=t(23, 10), lat=31.19, lon=121.34, mode=Mode.FLIGHT,
             from_name=airport.name_zh),
    )  # fmt: skip
    return Day(index=4, date=dt.date(2026, 12, 8), destination="xian", items=items), xian


def test_a_dinner_before_the_flight_is_eaten_on_the_way_to_the_airport() -> None:
    """G6: 西安's last day rode 37 km east to 华清宫 for dinner, then 70 km west to the airport."""
    day, xian = _before_flight("xian-huaqing-food-area")
    near = next(r for r in xian.restaurants if r.id == "xian-jiasan-soup-dumplings")
    far = next(r for r in xian.restaurants if r.id == "xian-huaqing-food-area")
    request = TripRequest(destinations=("xian",), days=4)
    (moved,) = near_meals([day], xian, request, [far, near])
    (dinner,) = [i for i in moved.items if i.kind is ItemKind.MEAL]
    assert dinner.poi_id == "xian-jiasan-soup-dumplings"
    assert dt.time(17, 0) <= dinner.start <= dt.time(19, 0)
    tower, leg = moved.items[0], moved.items[-2]
    assert _km(tower, dinner) + _km(dinner, leg) - _km(tower, leg) < 2 * OFF_WAY_KM
    assert leg.kind is ItemKind.TRANSIT and leg.start >= dinner.end
    assert leg.end <= dt.time(19, 40) and moved.items[-1] == day.items[-1]  # the flight as it was


def test_the_last_dinner_before_the_ride_home_is_eaten_on_the_way() -> None:
    """苏州's last day, nights in 周庄: 同里 until 17:00, dinner at 李公堤 22 km away towards the
    city, then 34 km back to 周庄; the day has no night (no lodging item), only the ride back."""
    suzhou = KB.destinations["suzhou"]
    tongli = next(a for a in suzhou.attractions if a.id == "suzhou-tongli")
    far = next(r for r in suzhou.restaurants if r.id == "suzhou-ligongdi")
    near = next(r for r in suzhou.restaurants if r.id == "suzhou-tongli-food")
    home = next(lo for lo in suzhou.lodging if lo.id == "suzhou-lodging-zhouzhuang")
    t = dt.time
    items = (
        Item(kind=ItemKind.ATTRACTION, name=tongli.name_zh, poi_id=tongli.id, start=t(13, 30),
             end=t(17, 0), lat=tongli.lat, lon=tongli.lon),
        Item(kind=ItemKind.TRANSIT, name="打车", start=t(17, 0), end=t(17, 30), lat=far.lat,
             lon=far.lon, mode=Mode.TAXI),
        Item(kind=ItemKind.MEAL, name=far.name_zh, poi_id=far.id, start=t(17, 30),
             end=t(19, 0), lat=far.lat, lon=far.lon, meal="dinner", cost_cny=90),
        Item(kind=ItemKind.TRANSIT, name="包车前往周庄古镇民宿", poi_id=home.id, start=t(19, 0),
             end=t(19, 56), lat=home.lat, lon=home.lon, mode=Mode.CHARTER),
    )  # fmt: skip
    day = Day(index=3, date=dt.date(2026, 12, 7), destination="suzhou", items=items)
    request = TripRequest(destinations=("suzhou",), days=3)
    (moved,) = near_meals([day], suzhou, request, [far, near])
    (dinner,) = [i for i in moved.items if i.kind is ItemKind.MEAL]
    assert dinner.poi_id == "suzhou-tongli-food"
    assert moved.items[-1].kind is ItemKind.TRANSIT and moved.items[-1].poi_id == home.id
    assert moved.items[-1].start >= dinner.end and moved.items[-1].end <= t(20, 26)
    assert _km(moved.items[0], dinner) < 2 and not [i for i in moved.items
                                                    if i.kind is ItemKind.LODGING]  # fmt: skip


def test_a_day_with_no_sight_eats_by_the_lodging() -> None:
    """kns-02: 喀纳斯's last day rode 136 km from 禾木 to 布尔津 for lunch, waited there, dined
    at its night market and rode 137 km back — each meal on the way to the other. With no sight
    that day, the meals are judged from the lodging and eaten near it."""
    kanas = KB.destinations["kanas"]
    hemu = next(lo for lo in kanas.lodging if lo.id == "kanas-lodging-hemu")
    burqin = next(r for r in kanas.restaurants if r.id == "kanas-burqin-eats")
    market = next(r for r in kanas.restaurants if r.id == "kanas-burqin-night-market")
    hemu_eats = next(r for r in kanas.restaurants if r.id == "kanas-hemu-eats")
    t = dt.time
    items = (
        Item(kind=ItemKind.MEAL, name="早餐", start=t(10, 0), end=t(10, 30), lat=hemu.lat,
             lon=hemu.lon, meal="breakfast", cost_cny=25),
        Item(kind=ItemKind.TRANSIT, name="包车", start=t(10, 30), end=t(13, 29), lat=burqin.lat,
             lon=burqin.lon, mode=Mode.CHARTER),
        Item(kind=ItemKind.MEAL, name=burqin.name_zh, poi_id=burqin.id, start=t(13, 29),
             end=t(14, 29), lat=burqin.lat, lon=burqin.lon, meal="lunch", cost_cny=60),
        Item(kind=ItemKind.FREE, name="自由活动", start=t(14, 29), end=t(17, 52), lat=burqin.lat,
             lon=burqin.lon),
        Item(kind=ItemKind.TRANSIT, name="步行", start=t(17, 52), end=t(18, 0), lat=market.lat,
             lon=market.lon, mode=Mode.WALK),
        Item(kind=ItemKind.MEAL, name=market.name_zh, poi_id=market.id, start=t(18, 0),
             end=t(19, 15), lat=market.lat, lon=market.lon, meal="dinner", cost_cny=60),
        Item(kind=ItemKind.TRANSIT, name="包车", start=t(19, 15), end=t(22, 15), lat=hemu.lat,
             lon=hemu.lon, poi_id=hemu.id, mode=Mode.CHARTER),
    )  # fmt: skip
    day = Day(index=1, date=dt.date(2026, 9, 29), destination="kanas", items=items)
    request = TripRequest(destinations=("kanas",), days=1)
    (moved,) = near_meals([day], kanas, request, [hemu_eats, burqin, market])
    meals = [i for i in moved.items if i.kind is ItemKind.MEAL and i.meal != "breakfast"]
    assert [m.meal for m in meals] == ["lunch", "dinner"]
    for meal in meals:
        assert meal.lat is not None and meal.lon is not None
        assert haversine_m(meal.lat, meal.lon, hemu.lat, hemu.lon) < 5_000, meal
    rides = [i for i in moved.items if i.kind is ItemKind.TRANSIT]
    assert all((i.distance_m or 0) < 20_000 for i in rides), rides


def test_a_lunch_before_the_coach_home_is_eaten_on_the_way_when_no_new_place_is() -> None:
    """青海湖's last day: lunch at 刚察 (144 km) and 107 km back to the lake's coach to 西宁, as no
    place not yet eaten at lay on the way: eaten by the lodging instead (a meal of your choice)."""
    lake = KB.destinations["qinghai-lake"]
    chaka = next(lo for lo in lake.lodging if lo.id == "qinghai-lake-lodging-chaka")
    gangcha = next(r for r in lake.restaurants if r.id == "qinghai-lake-gangcha-eats")
    t = dt.time
    items = (
        Item(kind=ItemKind.MEAL, name="早餐", start=t(8, 0), end=t(8, 30), lat=chaka.lat,
             lon=chaka.lon, meal="breakfast", cost_cny=25),
        Item(kind=ItemKind.TRANSIT, name="包车", start=t(8, 30), end=t(11, 39), lat=gangcha.lat,
             lon=gangcha.lon, mode=Mode.CHARTER),
        Item(kind=ItemKind.MEAL, name=gangcha.name_zh, poi_id=gangcha.id, start=t(11, 39),
             end=t(12, 39), lat=gangcha.lat, lon=gangcha.lon, meal="lunch", cost_cny=50),
        Item(kind=ItemKind.TRANSIT, name="包车", start=t(12, 39), end=t(15, 3), lat=36.592,
             lon=100.484, mode=Mode.CHARTER),
        Item(kind=ItemKind.INTERCITY, name="青海湖 → 西宁", start=t(15, 30), end=t(18, 52),
             lat=36.62, lon=101.78, mode=Mode.BUS, from_name="青海湖"),
    )  # fmt: skip
    day = Day(index=4, date=dt.date(2026, 12, 8), destination="qinghai-lake", items=items)
    request = TripRequest(destinations=("qinghai-lake",), days=4, departure="xining")
    (moved,) = near_meals([day], lake, request, [gangcha])
    (lunch,) = [i for i in moved.items if i.meal == "lunch"]
    assert lunch.poi_id is None and lunch.lat is not None and lunch.lon is not None
    assert haversine_m(lunch.lat, lunch.lon, gangcha.lat, gangcha.lon) > 50_000
    assert "不必专程坐车去吃饭" in (lunch.note or "")
    assert moved.items[-1].kind is ItemKind.INTERCITY and moved.items[-1].start == t(15, 30)
