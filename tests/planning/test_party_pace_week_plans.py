"""Whole plans of requests whose party, pace, week or nap was said in words the planner lost
(fresh-user findings F1, F2, F4, F16, F19): the plan must change with them — who is costed,
which week is planned, how full the days are, a rest after lunch — on the curated base."""

from __future__ import annotations

import datetime as dt
from functools import cache

from engine.domain.itinerary import ItemKind, Itinerary, clock_minutes
from engine.planning import plan_trip
from engine.planning.free_time import open_to_sights
from engine.planning.pace import profile
from engine.understanding import parse_request
from tests.helpers.plans import KB

#: A Tuesday in March; "the first week of May" is this year's.
TODAY = dt.date(2026, 3, 10)


@cache
def plan_of(text: str) -> Itinerary:
    parsed = parse_request(text, KB, today=TODAY)
    assert parsed.request is not None, parsed.message()
    return plan_trip(parsed.request, KB)


def intercity_cost(p: Itinerary) -> float:
    return sum(i.cost_cny for d in p.days for i in d.items if i.kind is ItemKind.INTERCITY)


def row(p: Itinerary, kind: str, value: str | None = None):  # type: ignore[no-untyped-def]
    assert p.feasibility is not None
    return next(
        w for w in p.feasibility.wishes if w.kind == kind and (value is None or w.value == value)
    )


def test_describing_the_parents_keeps_the_speaker_on_the_trip_and_in_the_costs() -> None:
    """F2: 「带爸妈，两位老人腿脚不好」 was planned for the two parents alone."""
    told = plan_of("下周六北京出发去西安玩4天，带爸妈，两位老人腿脚不好")
    plain = plan_of("下周六我带爸妈从北京去西安玩4天，腿脚不好")
    party = told.request.party
    assert (party.adults, party.children, party.seniors) == (1, 0, 2)
    assert "1位成人、2位老人" in row(told, "party").message
    assert intercity_cost(told) == intercity_cost(plain) > 0


def test_for_two_is_costed_for_two() -> None:
    """F4: "for two" was one traveller: one fare, one person's share of the budget."""
    two = plan_of("5 days in Xi'an from Beijing for two next Saturday")
    one = plan_of("5 days in Xi'an from Beijing on my own next Saturday")
    assert two.request.party.size == 2
    assert intercity_cost(two) == 2 * intercity_cost(one) > 0


def test_the_first_week_of_may_is_planned_then_at_an_elders_pace() -> None:
    """F19: "in the first week of May" planned next weekend; an 80-year-old kept a normal pace."""
    p = plan_of("Two days in Xi'an from Beijing in the first week of May, I'm 28 and my grandma "
                "is 80, we love museums")  # fmt: skip
    assert all(dt.date(2026, 5, 1) <= d.date <= dt.date(2026, 5, 7) for d in p.days)
    assert p.request.pace.value == "relaxed"
    assert "grandma is 80" in row(p, "pace").said
    limit = profile(p.request.pace).max_attractions
    assert all(sum(i.kind is ItemKind.ATTRACTION for i in d.items) <= limit for d in p.days)


def test_a_slower_pace_said_with_jiezou_plans_relaxed_days() -> None:
    """F1: 「节奏慢一点」 stayed 适中, not even a 没看懂."""
    p = plan_of("下周六从北京去西安玩3天，节奏慢一点")
    assert p.request.pace.value == "relaxed"
    assert row(p, "pace").said == "节奏慢一点"
    limit = profile(p.request.pace).max_attractions
    assert all(sum(i.kind is ItemKind.ATTRACTION for i in d.items) <= limit for d in p.days)


def test_a_nap_asked_for_follows_each_lunch_and_is_answered() -> None:
    """F16: 「每天都要午睡」 was 没看懂; grown-ups who ask get the rest a small child gets."""
    p = plan_of("下周六从北京去西安玩3天，我们老两口每天中午要睡个午觉")
    for day in p.days:
        items = list(day.items)
        lunch = next(k for k, i in enumerate(items) if i.meal == "lunch")
        if items[lunch].kind is ItemKind.MEAL:
            after = items[lunch + 1]
            assert after.kind is ItemKind.FREE and after.name.startswith("午休")
    nap = row(p, "access", "nap")
    assert nap.said == "中午要睡个午觉"
    assert nap.status == "honoured" and "午休" in nap.message


def test_a_day_whose_lunch_is_inside_a_long_visit_is_said_without_its_nap() -> None:
    """F16: day 2 (蜈支洲岛 08:00–14:00, lunch inside) had no nap, and the row said nothing."""
    p = plan_of("下周六带1岁宝宝和老婆从上海飞三亚玩5天，想住海景酒店，每天都要午睡")
    inside = [
        (d.index, i)
        for d in p.days
        for i in d.items
        if i.meal == "lunch" and i.kind is ItemKind.ATTRACTION
    ]
    nap = row(p, "access", "nap")
    assert nap.said == "每天都要午睡"
    if not inside:
        assert nap.status == "honoured"
        return
    index, visit = inside[0]
    assert nap.status == "partly"
    assert f"第{index}天没有" in nap.message
    assert nap.reason is not None and visit.name in nap.reason


def test_a_packed_pace_with_a_free_afternoon_says_it() -> None:
    """F16: 「节奏紧凑」 was ✅ 「每天1–3个景点」 over an idle afternoon on day 2."""
    p = plan_of("四月初从北京去张家界玩4天，节奏紧凑")
    idle = [
        (d.index, i)
        for d in p.days
        for i in d.items
        if open_to_sights(i) and clock_minutes(i.end) - clock_minutes(i.start) >= 60
    ]
    pace = row(p, "pace")
    assert pace.said == "紧凑" and pace.value == "packed"
    if not idle:
        return
    index, free = idle[0]
    assert pace.status == "partly"
    assert pace.reason is not None
    assert f"第{index}天{free.start:%H:%M}" in pace.reason and free.name in pace.reason
