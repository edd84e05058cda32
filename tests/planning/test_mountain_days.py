"""A mountain stop gets a whole day that holds the mountain (issue 12): 峨眉山's 金顶 is about
three hours above the foot by the scenic bus and the cable car, so neither the morning it is
reached by train nor the last day before a flight home from 成都 holds five hours up there.
「从北京去成都6天，想去乐山大佛和峨眉山」 refused 金顶 while its two days at the foot were nearly
idle; now 峨眉山 gets its arrival, its mountain day and the ride home."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import ItemKind, Itinerary, clock_minutes
from engine.domain.request import TripRequest
from engine.knowledge.base import KnowledgeBase, default_knowledge
from engine.planning import candidates as cand
from engine.planning import plan_trip
from engine.planning.full_days import reserve_full_days, rides
from engine.planning.layout import build_frames
from engine.planning.leg_frames import home_options, options_for
from engine.planning.nights import plan_nights
from engine.planning.stays import (
    allocate,
    days_needed,
    full_day_before_home,
    full_day_on_arrival,
    stay_weight,
)

DATE = dt.date(2026, 12, 5)
EMEI = "emeishan-mount-emei"


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return default_knowledge()


def _request(
    *destinations: str, departure: str = "beijing", days: int = 6, must: tuple[str, ...] = (EMEI,)
) -> TripRequest:
    return TripRequest(
        departure=departure,
        destinations=destinations,
        days=days,
        start_date=DATE,
        must_see=must,
        lang="zh",
    )


def test_a_flight_home_from_chengdu_leaves_the_last_day_no_room_for_jinding(
    kb: KnowledgeBase,
) -> None:
    """Up at 07:00, three hours to 金顶, five there, three down and the road to 双流: no flight
    to 北京 leaves late enough. Home to 成都 by the evening train it does."""
    emei = kb.destinations["emeishan"]
    far = _request("chengdu", "emeishan")
    scored = cand.attractions(emei, far)
    assert not full_day_before_home(
        emei, scored, home_options(kb, emei, kb.destinations["beijing"], far), DATE
    )
    near = _request("emeishan", departure="chengdu", days=2)
    home = home_options(kb, emei, kb.destinations["chengdu"], near)
    assert full_day_before_home(emei, cand.attractions(emei, near), home, DATE)


def test_a_mountain_stop_ending_the_trip_needs_its_arrival_its_day_and_the_ride_home(
    kb: KnowledgeBase,
) -> None:
    scored = cand.attractions(kb.destinations["emeishan"], _request("chengdu", "emeishan"))
    assert days_needed(scored, arriving=True, home_day=False) == 3
    assert days_needed(scored, arriving=True, home_day=True) == 2


def test_the_mountain_day_is_not_the_last_day_when_the_way_home_takes_it(
    kb: KnowledgeBase,
) -> None:
    """成都 3 days, 乐山 1 and 峨眉山 2 as said: the last day starts at the foot, but the bus and
    cable car up and down (about three hours each way) and the road to 双流 leave it no five
    hours on 金顶, so it is not the day kept for the mountain."""
    request = _request("chengdu", "leshan", "emeishan").model_copy(
        update={"destination_days": (3, 1, 2)}
    )
    places = [kb.destinations[d] for d in request.destinations]
    scored = {d.id: cand.attractions(d, request) for d in places}
    stays = allocate(places, 6, [stay_weight(scored[d.id]) for d in places], (3, 1, 2))
    for stay in stays:
        plan_nights(stay, scored[stay.destination.id], request, economy=False,
                    budget_per_night=None, last_day=5)  # fmt: skip
    frames = build_frames(request, stays, kb.destinations["beijing"], kb)
    emei = [f for f in frames if f.destination.id == "emeishan"]
    assert [f.index for f in emei] == [4, 5]
    last = emei[-1]
    mountain = kb.attraction(EMEI)
    assert mountain is not None
    go, back = rides(mountain, last)
    assert go >= 170 and back >= 170 + 60, (go, back)  # the way up; the way down and the road
    reserved = reserve_full_days(emei, scored["emeishan"])
    assert reserved.get(5) != EMEI, reserved


def _visits(plan: Itinerary, poi: str) -> list[tuple[int, int, int]]:
    return [
        (d.index, clock_minutes(i.start), clock_minutes(i.end))
        for d in plan.days
        for i in d.items
        if i.poi_id == poi and i.kind is ItemKind.ATTRACTION
    ]


def test_six_days_from_beijing_see_the_buddha_and_a_whole_day_on_jinding(
    kb: KnowledgeBase,
) -> None:
    """成都, 乐山 for the Buddha, 峨眉山 with a day on 金顶 that is neither the day of arrival
    nor the last; no day without a sight, and no must-see refused."""
    plan = plan_trip(
        _request("chengdu", "leshan", "emeishan", must=("leshan-giant-buddha", EMEI)),
        kb,
        today=DATE,
    )
    assert plan.feasibility is not None
    failed = [c.code for c in plan.feasibility.checks if not c.passed and c.code == "must_see"]
    assert not failed, plan.feasibility.checks
    emei_days = [d.index for d in plan.days if d.destination == "emeishan"]
    jinding = _visits(plan, EMEI)
    assert len(jinding) == 1, jinding
    day, start, end = jinding[0]
    assert day in emei_days[1:-1] and day != plan.days[-1].index, (day, emei_days)
    assert end - start >= 300 and start >= 8 * 60, jinding  # the whole visit, after the way up
    assert _visits(plan, "leshan-giant-buddha")
    for d in plan.days:
        assert any(i.kind is ItemKind.ATTRACTION for i in d.items), f"day {d.index} idle"


def test_huashan_an_hour_from_xian_is_seen_the_day_it_is_reached_jinding_is_not(
    kb: KnowledgeBase,
) -> None:
    huashan, xian = kb.destinations["huashan"], kb.destinations["xian"]
    request = _request("xian", "huashan", departure="shanghai", days=4, must=())
    options = options_for(kb, xian, huashan, request)
    assert full_day_on_arrival(huashan, cand.attractions(huashan, request), options, DATE)
    emei, leshan = kb.destinations["emeishan"], kb.destinations["leshan"]
    request = _request("leshan", "emeishan")
    options = options_for(kb, leshan, emei, request)
    assert not full_day_on_arrival(emei, cand.attractions(emei, request), options, DATE)


def test_xian_keeps_its_two_days_when_huashan_is_seen_on_arrival(kb: KnowledgeBase) -> None:
    """西安 and 华山 in four days from 上海, flying home from 咸阳: the flight leaves the last day
    no 华山, but the morning train from 西安 does — 西安 2 days and 华山 2, not 西安 1."""
    plan = plan_trip(
        _request("xian", "huashan", departure="shanghai", days=4, must=()), kb, today=DATE
    )
    assert [d.destination for d in plan.days] == ["xian", "xian", "huashan", "huashan"]
    assert _visits(plan, "huashan-scenic-area")
