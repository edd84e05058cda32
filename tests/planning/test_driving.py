"""Self-drive trips (issue 12): driven from the origin's door to the lodging, tolls and fuel said
as estimates, one verdict for 「自驾」, a lighter day after a long drive, a night on the way of a
two-day drive, and no drive where no road goes (an island, Tibet in winter) — said, with what the
plan does instead. Asserted on whole plans of the curated base."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import Item, ItemKind, Itinerary, Mode
from engine.domain.request import Avoid, Wish
from engine.planning import driving
from engine.planning.pace import PROFILES, Pace
from tests.helpers import plans
from tests.helpers.plans import KB


def drive_plan(said: str, **fields: object) -> Itinerary:
    """A plan of a trip whose person said `said` (「开自己的车」: a drive there and around)."""
    wishes = (Wish(kind="transport", value="drive", said=said),
              Wish(kind="local_transport", value="drive", said=said))  # fmt: skip
    return plans.plan(prefer_transport=("drive",), local_transport="drive", wishes=wishes,
                      **fields)  # fmt: skip


def intercity(p: Itinerary) -> list[Item]:
    return [i for d in p.days for i in d.items if i.kind is ItemKind.INTERCITY]


def test_own_car_is_driven_from_home_to_the_lodging_with_tolls_and_fuel_as_estimates() -> None:
    """「我们开自己的车从上海去黄山，不坐高铁」 gave a flight, then 🚗 from the airport."""
    p = drive_plan("开自己的车", departure="shanghai", destinations=("huangshan",), days=3,
                   avoid=Avoid(transport=("hsr",)))  # fmt: skip
    legs = intercity(p)
    assert len(legs) == 2 and all(i.mode is Mode.DRIVE for i in legs)
    out, home = legs
    assert out.from_name == "上海" and home.name.endswith("→ 上海")
    first_night = next(i for i in p.days[0].items if i.kind is ItemKind.LODGING)
    assert (out.lat, out.lon) == (first_night.lat, first_night.lon)  # to the door, no station
    assert out.note and "过路费" in out.note and "油费" in out.note and "估算" in out.note
    assert 300 <= (out.cost_cny or 0) <= 800  # one car's tolls and fuel for about 400 km
    local = [i for d in p.days for i in d.items if i.kind is ItemKind.TRANSIT]
    assert not any(i.mode in (Mode.TAXI, Mode.METRO, Mode.BUS) for i in local)
    assert p.feasibility is not None
    rows = [w for w in p.feasibility.wishes if w.said == "开自己的车"]
    assert len(rows) == 1  # one verdict for the words, never ❌ and ✅ together
    assert rows[0].status == "honoured" and "全程自驾" in rows[0].message


def test_a_long_drive_leaves_a_lighter_day() -> None:
    normal = PROFILES[Pace.NORMAL]
    tired = driving.after_drive(normal, 300)
    assert tired.max_attractions == normal.max_attractions - 2
    assert tired.max_visit_minutes == normal.max_visit_minutes - 225
    assert driving.after_drive(normal, 60) == normal  # an hour's drive changes nothing
    p = drive_plan("自驾", departure="changsha", destinations=("zhangjiajie",), days=3)
    out = intercity(p)[0]
    assert out.mode is Mode.DRIVE and out.minutes >= 240
    sights = [i for i in p.days[0].items if i.kind is ItemKind.ATTRACTION]
    assert len(sights) <= driving.after_drive(normal, out.minutes).max_attractions


def test_a_drive_too_long_for_a_day_stops_over_on_the_way() -> None:
    p = drive_plan("自驾", departure="beijing", destinations=("xian",), days=5)
    out = intercity(p)[0]
    assert out.mode is Mode.DRIVE and out.overnight == "depart"
    assert out.note and "途中找酒店住一晚" in out.note
    assert not any(i.kind is ItemKind.ATTRACTION for i in p.days[0].items)
    arrival = next(i for i in p.days[1].items if i.kind is ItemKind.INTERCITY)
    assert arrival.overnight == "arrive" and arrival.note and "途中酒店" in arrival.note
    assert (out.cost_cny or 0) >= driving.STOPOVER_CNY  # the night on the way is counted


def test_no_road_to_an_island_the_plan_flies_says_why_and_drives_there() -> None:
    p = drive_plan("自驾", departure="guangzhou", destinations=("sanya",), days=4)
    legs = intercity(p)
    assert legs and all(i.mode is Mode.FLIGHT for i in legs)
    assert p.feasibility is not None
    (row,) = [w for w in p.feasibility.wishes if w.said == "自驾"]
    assert row.status == "partly" and "改坐飞机" in row.message and "按自驾安排" in row.message
    assert row.reason is not None and "海南岛" in row.reason and "没有公路" in row.reason


def test_tibet_is_not_driven_into_in_winter() -> None:
    chengdu, lhasa = KB.destinations["chengdu"], KB.destinations["lhasa"]
    why = driving.undrivable(chengdu, lhasa, dt.date(2026, 12, 5))
    assert why is not None and "西藏" in why[0]
    assert driving.undrivable(chengdu, lhasa, dt.date(2026, 7, 5)) is None
    assert driving.undrivable(KB.destinations["changsha"], KB.destinations["zhangjiajie"],
                              dt.date(2026, 12, 5)) is None  # fmt: skip


def test_a_car_hired_on_arrival_is_picked_up_at_the_airport_and_costed() -> None:
    """「飞到丽江租车」: the first drive after landing says where the car is picked up and carries
    the hire (estimated) — before, 🚗 from the airport with no word of a car or its cost."""
    p = plans.plan(destinations=("lijiang",), days=4, prefer_transport=("flight",),
                   local_transport="drive")  # fmt: skip
    assert intercity(p)[0].mode is Mode.FLIGHT
    drives = [i for d in p.days for i in d.items
              if i.kind is ItemKind.TRANSIT and i.mode is Mode.DRIVE]  # fmt: skip
    pickup = drives[0]
    assert pickup.note and "取租的车" in pickup.note and "估算" in pickup.note
    assert (pickup.cost_cny or 0) >= driving.RENTAL_CNY_PER_DAY * 3
    assert not any(i.note and "取租的车" in i.note for i in drives[1:])


def test_a_drive_between_stays_ends_at_tonights_lodging_not_the_town_centre() -> None:
    """北疆: the drive from 喀纳斯 ended in 伊宁's centre at 23:59 and then rode 66 km back to the
    night's lodging by 赛里木湖 (tester, issue 12): a drive goes door to door."""
    p = drive_plan("自驾", departure=None, destinations=("hangzhou", "huangshan"), days=4)
    moves = [(d, i) for d in p.days for i in d.items
             if i.kind is ItemKind.INTERCITY and i.mode is Mode.DRIVE]  # fmt: skip
    assert moves  # the precondition: the move between the stays is driven
    for day, leg in moves:
        night = next(i for i in day.items if i.kind is ItemKind.LODGING)
        centre = KB.destinations["huangshan"]
        assert (leg.lat, leg.lon) != (centre.lat, centre.lon)
        assert (leg.lat, leg.lon) == (night.lat, night.lon), (leg.name, night.name)


def test_a_two_day_drive_between_stays_stops_over_and_goes_on_the_next_morning() -> None:
    """北疆: 喀纳斯 → 赛里木湖 (about 790 km) was one day shown 09:30–23:59 with the lodging
    reached at 23:59 and the next day's breakfast there at 06:54 (tester, issue 12)."""
    p = drive_plan("自驾", departure=None, destinations=("kanas", "yining"), days=5)
    moves = [(n, i) for n, d in enumerate(p.days) for i in d.items
             if i.kind is ItemKind.INTERCITY and i.mode is Mode.DRIVE]  # fmt: skip
    (n, drive), (m, arrival) = moves  # the precondition: a move too long for one day
    assert drive.overnight == "depart" and m == n + 1
    assert not any(i.kind is ItemKind.LODGING for i in p.days[n].items)  # a hotel on the way
    assert arrival.overnight == "arrive" and arrival.note and "途中酒店" in arrival.note
    first = p.days[m].items[0]
    assert first is arrival  # the next day starts on arrival, not with breakfast at the lake
    assert (drive.cost_cny or 0) >= driving.STOPOVER_CNY
