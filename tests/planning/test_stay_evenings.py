"""Every city of a multi-city trip gets its evening when its headline sight is seen after dark
(issue 12): 重庆's 洪崖洞 and 长江索道 are its point, so half a day there before the train home
is not a stay in 重庆."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.feasibility import Check
from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import TripRequest
from engine.knowledge.base import KnowledgeBase, default_knowledge
from engine.planning import candidates as cand
from engine.planning import plan_trip
from engine.planning.leg_frames import options_for
from engine.planning.stays import days_needed, evening_before_home, night_sights

DATE = dt.date(2026, 12, 8)


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return default_knowledge()


def _request(*destinations: str, departure: str | None = None, days: int = 3) -> TripRequest:
    return TripRequest(
        departure=departure, destinations=destinations, days=days, start_date=DATE, lang="zh"
    )


def test_a_long_ride_home_leaves_chongqing_no_last_evening_a_short_one_does(
    kb: KnowledgeBase,
) -> None:
    """Home to 武汉 (5 h by train) boards before 洪崖洞 is lit; home to 成都 (an hour) after."""
    chongqing = kb.destinations["chongqing"]
    request = _request("chengdu", "chongqing", departure="wuhan")
    scored = cand.attractions(chongqing, request)
    assert [s.attraction.name_zh for s in night_sights(scored)][:1] == ["洪崖洞"]
    far = options_for(kb, chongqing, kb.destinations["wuhan"], request)
    near = options_for(kb, chongqing, kb.destinations["chengdu"], request)
    assert not evening_before_home(scored, far, DATE)
    assert evening_before_home(scored, near, DATE)


def test_a_night_city_without_its_last_evening_needs_two_days(kb: KnowledgeBase) -> None:
    request = _request("chengdu", "chongqing", departure="wuhan")
    chongqing = cand.attractions(kb.destinations["chongqing"], request)
    chengdu = cand.attractions(kb.destinations["chengdu"], request)
    assert days_needed(chongqing, arriving=True, last_evening=False) == 2
    assert days_needed(chongqing, arriving=True, last_evening=True) == 1
    assert days_needed(chengdu, arriving=True, last_evening=False) == 1  # nothing after dark


def test_three_days_flying_from_beijing_give_chongqing_a_night_with_its_lights(
    kb: KnowledgeBase,
) -> None:
    """成都 then 重庆 in three days from 北京: 成都 2 days and 重庆 the last, the flight home
    before dark — 洪崖洞 was seen at 13:55. Now 重庆 has two days and 洪崖洞 is seen lit."""
    plan = plan_trip(_request("chengdu", "chongqing", departure="beijing", days=3), kb, today=DATE)
    per_city = [d.destination for d in plan.days]
    assert per_city == ["chengdu", "chongqing", "chongqing"], per_city
    hongyadong = [
        (d.index, i.start)
        for d in plan.days
        for i in d.items
        if i.poi_id == "chongqing-hongyadong" and i.kind is ItemKind.ATTRACTION
    ]
    assert hongyadong, "洪崖洞 left out"
    day, start = hongyadong[0]
    assert day == 2 and start >= dt.time(18, 0), hongyadong


def _night_views(plan: Itinerary) -> Check:
    assert plan.feasibility is not None
    return next(c for c in plan.feasibility.checks if c.code == "night_views")


def test_a_night_view_seen_by_day_is_said_with_its_time_and_what_shows_it_lit(
    kb: KnowledgeBase,
) -> None:
    """成都 3 days and 重庆 1, as the person said, from 武汉: 重庆's day ends at the train home,
    so 洪崖洞 is seen by day — said, with the day and time and a night more in 重庆 to see it
    lit; the two days each the planner chooses show it lit and say nothing of it."""
    fixed = _request("chengdu", "chongqing", departure="wuhan", days=4).model_copy(
        update={"destination_days": (3, 1)}
    )
    check = _night_views(plan_trip(fixed, kb, today=DATE))
    assert not check.passed and check.severity == "warning"
    assert "洪崖洞（第4天" in check.message and "看不到夜景" in check.message, check.message
    assert check.relax == "在重庆多留一晚"
    free = plan_trip(_request("chengdu", "chongqing", departure="wuhan", days=4), kb, today=DATE)
    assert "洪崖洞" not in _night_views(free).message
