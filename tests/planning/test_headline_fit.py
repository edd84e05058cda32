"""Headline sights that win over minor ones when time, pace or money is short (issue #12): the
main part of a headline sight rather than none, lodging within a budget rather than a dear room
near one sight, a lunch near the day's sights — asserted on the content of whole plans."""

from __future__ import annotations

import datetime as dt
import re
from functools import cache

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Pace, Party, TripRequest
from engine.knowledge.base import load_curated
from engine.planning import plan_trip
from engine.planning.candidates import ScoredAttraction, nightly_price, rooms
from engine.planning.model import short_minutes, short_prize, sight_prizes

KB = load_curated()


@cache
def _plan(**fields: object) -> Itinerary:
    return plan_trip(TripRequest(**fields), KB)  # type: ignore[arg-type]


def visits(p: Itinerary) -> dict[str, tuple[int, int]]:
    """Attraction id -> (1-based day, minutes visited)."""
    return {
        i.poi_id: (d.index, i.minutes)  # type: ignore[misc]
        for d in p.days
        for i in d.items
        if i.kind is ItemKind.ATTRACTION
    }


def test_a_headline_temple_keeps_its_main_part_beside_the_mountain() -> None:
    """泰山 by cable car for someone with bad knees fills most of a senior's day: 岱庙 is seen in
    its main halls, not left out for two minor temples; the note says why it is short."""
    p = _plan(destinations=("taishan",), days=1, start_date=dt.date(2026, 3, 7),
              party=Party(adults=1, seniors=1), access=("limited-mobility",),
              must_see=("taishan-mount-tai",))  # fmt: skip
    seen = visits(p)
    assert "taishan-mount-tai" in seen and "taishan-dai-temple" in seen, seen
    mountain = KB.attraction("taishan-mount-tai")
    assert mountain is not None and seen["taishan-mount-tai"][1] >= 150, "the mountain whole"
    temple = next(i for d in p.days for i in d.items
                  if i.kind is ItemKind.ATTRACTION and i.poi_id == "taishan-dai-temple")  # fmt: skip
    if temple.minutes < 120:
        assert "只游主要部分" in temple.note, temple.note


def test_a_remote_headline_sight_fits_a_relaxed_day_in_its_main_part() -> None:
    """Two days in 九寨沟 with parents, flying in at 09:25 and out in the afternoon: no day holds
    the 8-hour valley, and a relaxed day's four hours of it beat none."""
    p = _plan(destinations=("jiuzhaigou",), days=2, departure="chengdu",
              start_date=dt.date(2026, 3, 7), party=Party(adults=1, seniors=2),
              pace=Pace.RELAXED, prefer_transport=("flight",))  # fmt: skip
    seen = visits(p)
    assert "jiuzhaigou-scenic-area" in seen, seen
    assert seen["jiuzhaigou-scenic-area"][1] >= 0.4 * 480


def test_short_visits_fit_the_pace_and_stay_worth_less_than_the_whole() -> None:
    valley = KB.attraction("jiuzhaigou-scenic-area")
    assert valley is not None
    scored = ScoredAttraction(valley, 25.0, False, 0)
    assert short_minutes(scored, 240) == 240  # a relaxed day holds four hours of it
    assert short_minutes(scored, 390) == round(0.6 * 480)
    assert short_minutes(scored, 150) == 0  # under 40 % of the valley is not a visit
    minor = ScoredAttraction(valley.model_copy(update={"id": "minor"}), 25.0, False)
    prizes = sight_prizes([scored, minor])
    short = short_prize(scored, prizes[valley.id], tier=1.0 + minor.score)
    assert short > prizes["minor"], "its main part beats every minor sight"
    assert prizes[valley.id] > short + prizes["minor"], "the whole visit beats part + minor"


def test_a_budget_keeps_the_headline_sights_and_sleeps_within_it() -> None:
    """三亚 4 days for two on 10 000 CNY: a room within the budget (not a 1 000-CNY room by
    蜈支洲岛 that then costs the tickets), 蜈支洲岛 and 南山 in, lunch and dinner every full day."""
    request = TripRequest(destinations=("sanya",), days=4, departure="beijing",
                          start_date=dt.date(2026, 12, 26), party=Party(adults=2),
                          budget_cny=10000, prefer_transport=("flight",))  # fmt: skip
    p = plan_trip(request, KB)
    seen = visits(p)
    assert {"sanya-wuzhizhou-island", "sanya-nanshan"} <= set(seen), seen
    assert p.total_cost_cny <= 10000
    per_night = 10000 / 3 / 3 / rooms(request)  # a third of the budget over the nights
    lodgings = {lo.id: lo for lo in KB.destinations["sanya"].lodging}
    for day in p.days:
        if day.lodging_id:
            price = nightly_price(lodgings[day.lodging_id], economy=True)
            assert price <= per_night, (day.index, day.lodging_id, price)
    assert p.feasibility is not None
    meals = next(c for c in p.feasibility.checks if c.code == "meals_planned")
    assert meals.passed, meals


def test_a_long_stay_sleeps_where_its_days_are_not_by_its_one_mountain() -> None:
    """成都 4 days with 青城山 and 都江堰: one early ride to the mountain, not four nights at its
    foot and 70 km rides back to the city's sights every day."""
    p = _plan(destinations=("chengdu",), days=4, start_date=dt.date(2026, 3, 7),
              pace=Pace.RELAXED, must_see=("chengdu-qingcheng-mountain", "chengdu-dujiangyan"))  # fmt: skip
    seen = visits(p)
    assert {"chengdu-qingcheng-mountain", "chengdu-dujiangyan"} <= set(seen), seen
    nights = [d.lodging_id for d in p.days if d.lodging_id]
    assert nights and any(n != "chengdu-lodging-qingcheng" for n in nights), nights


def test_a_day_and_a_half_in_beijing_holds_the_forbidden_city_and_the_great_wall() -> None:
    """Flying in at 10:20 for a day and a half before 天津: 故宫's central axis in its main part
    and 八达岭 whole, rather than all of 故宫 beside 天坛 and 天安门广场 with no Great Wall."""
    p = _plan(destinations=("beijing", "tianjin"), destination_days=(2, 1), days=3,
              departure="shanghai", start_date=dt.date(2026, 3, 7))  # fmt: skip
    seen = visits(p)
    assert "beijing-forbidden-city" in seen and "beijing-badaling" in seen, seen
    wall = KB.attraction("beijing-badaling")
    assert wall is not None and seen["beijing-badaling"][1] >= wall.visit_minutes


def test_a_day_given_to_a_named_theme_park_is_why_a_headline_sight_is_left_out() -> None:
    """Two days in 上海 for 迪士尼 with a 4-year-old: one day is the park, and the headline sight
    the other day cannot hold is said with that reason."""
    p = _plan(destinations=("shanghai",), days=2, start_date=dt.date(2026, 12, 5),
              party=Party(adults=2, children=1, child_ages=(4,)),
              must_see=("shanghai-disneyland",))  # fmt: skip
    assert p.feasibility is not None
    check = next(c for c in p.feasibility.checks if c.code == "headline")
    assert not check.passed
    assert re.search(
        r"需约[\d.]+小时，行程排不下（第\d天整天给了上海迪士尼乐园）", check.message
    ), check.message


def test_one_great_wall_is_enough_for_the_headline_check() -> None:
    """慕田峪 named: 八达岭, the same thing at another place, was reported 「does not fit」."""
    plan = plan_trip(TripRequest(destinations=("beijing",), days=4, must_see=("beijing-mutianyu",),
                                 start_date=dt.date(2026, 12, 5)), KB)  # fmt: skip
    seen = {i.poi_id for d in plan.days for i in d.items if i.kind is ItemKind.ATTRACTION}
    assert "beijing-mutianyu" in seen and "beijing-badaling" not in seen
    assert plan.feasibility is not None
    check = next(c for c in plan.feasibility.checks if c.code == "headline")
    assert "八达岭" not in check.message, check.message
