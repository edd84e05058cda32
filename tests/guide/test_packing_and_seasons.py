"""The guide says only what fits the trip: hiking gear for a hike on foot, a dawn coat for a
dawn outing, a festival's highlight near that festival — asserted on whole guides."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import Itinerary
from engine.domain.request import Party, TripRequest
from engine.guide.packing import packing_list
from engine.guide.seasonal import timely
from engine.guide.writer import write_guide
from engine.knowledge.base import load_curated
from engine.planning import plan_trip

KB = load_curated()
DECEMBER = dt.date(2026, 12, 5)
MID_AUTUMN_2026 = dt.date(2026, 9, 25)


def plan(**fields: object) -> Itinerary:
    base: dict[str, object] = {"start_date": DECEMBER, "departure": None}
    base.update(fields)
    return plan_trip(TripRequest(**base), KB)  # type: ignore[arg-type]


def test_a_festival_note_shows_only_near_the_festival() -> None:
    note = "中秋夜塔内点灯"
    assert not timely(note, DECEMBER)
    assert timely(note, MID_AUTUMN_2026)
    assert not timely("lit on Mid-Autumn night", dt.date(2026, 6, 1))
    assert timely("日出约06:00，提前到", DECEMBER)  # no festival named: always


def test_a_december_guide_shows_no_mid_autumn_lanterns() -> None:
    p = plan(destinations=("hangzhou",), days=2, must_see=("hangzhou-three-pools",))
    assert any(i.poi_id == "hangzhou-three-pools" for d in p.days for i in d.items)
    guide = write_guide(p, KB).markdown
    assert "三潭石塔" in guide and "中秋" not in guide


def test_hiking_poles_only_for_a_hike_on_foot() -> None:
    hike = packing_list(plan(destinations=("huangshan",), days=2), KB)
    gentle = packing_list(
        plan(destinations=("huangshan",), days=2, access=("limited-mobility",),
             party=Party(adults=1, seniors=2)), KB)  # fmt: skip
    city = packing_list(plan(destinations=("shanghai",), days=2), KB)
    assert any("登山杖" in p for p in hike)
    assert not any("登山杖" in p for p in gentle + city)


def test_a_dawn_coat_only_for_a_dawn_outing() -> None:
    dawn = packing_list(plan(destinations=("huangshan",), days=2, experiences=("sunrise",)), KB)
    city = packing_list(plan(destinations=("shanghai",), days=2), KB)
    day_only = packing_list(plan(destinations=("huangshan",), days=2), KB)  # no dawn outing
    assert any("看日出" in p for p in dawn)
    assert not any("日出" in p for p in city + day_only)


def test_clothes_follow_the_destinations_climate_in_that_month() -> None:
    january = dt.date(2027, 1, 10)
    sanya = packing_list(plan(destinations=("sanya",), days=2, start_date=january), KB)
    harbin_plan = plan(destinations=("harbin",), days=2, start_date=january)
    harbin = packing_list(harbin_plan, KB)
    assert not any("羽绒服" in p for p in sanya) and any("夏装" in p for p in sanya)
    assert any("羽绒服" in p for p in harbin)
    # 哈尔滨 has a waterside sight in the plan, but January there is snow and ice, not showers
    tags = {t for d in harbin_plan.days for i in d.items
            if (a := KB.attraction(i.poi_id or "")) for t in a.tags}  # fmt: skip
    assert tags & {"water", "lake", "water-town"}
    assert not any("雨伞" in p for p in harbin)
    suzhou = packing_list(plan(destinations=("suzhou",), days=2, start_date=january), KB)
    assert any("雨伞" in p for p in suzhou)  # 苏州 in January: damp, not frozen
