"""The light-day warning says "ran out of sights" only when it is true, and for each destination
its own days: a day emptied while worthwhile sights are unplanned names them instead."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import TripRequest
from engine.knowledge.base import load_curated
from engine.planning import plan_trip
from engine.planning.day_trips import day_trip_check

KB = load_curated()
START = dt.date(2026, 10, 12)


def plan(**fields: object) -> Itinerary:
    base: dict[str, object] = {"start_date": START, "departure": None}
    base.update(fields)
    return plan_trip(TripRequest(**base), KB)  # type: ignore[arg-type]


def emptied(p: Itinerary, index: int) -> Itinerary:
    """`p` with day `index`'s sights taken out (their places become unplanned)."""
    days = tuple(
        d.model_copy(update={"items": tuple(i for i in d.items if i.kind != ItemKind.ATTRACTION)})
        if d.index == index
        else d
        for d in p.days
    )
    return p.model_copy(update={"days": days})


def test_a_small_place_with_every_sight_planned_has_run_out() -> None:
    check = day_trip_check(plan(destinations=("huashan",), days=5), KB)
    assert not check.passed
    assert "华山的主要景点已经排完" in check.message
    assert "西安" in (check.relax or "")


def test_a_light_day_with_sights_left_names_them_and_never_says_ran_out() -> None:
    p = plan(destinations=("beijing",), days=3)
    removed = [
        KB.attraction(i.poi_id or "") for i in p.days[1].items if i.kind == ItemKind.ATTRACTION
    ]
    check = day_trip_check(emptied(p, 2), KB)
    assert not check.passed and check.day == 2
    assert "排完" not in check.message and "一日游" not in (check.relax or "")
    assert "北京第2天比较空" in check.message
    assert any(a is not None and a.popularity >= 3 and a.name_zh in check.message for a in removed)


def test_each_destination_is_spoken_of_for_its_own_days() -> None:
    p = plan(destinations=("beijing", "huashan"), destination_days=(3, 5), days=8)
    check = day_trip_check(emptied(p, 2), KB)
    beijing, huashan = check.message.split("；")
    assert beijing.startswith("北京第2天比较空") and "排完" not in beijing
    assert "华山的主要景点已经排完" in huashan and "第2" not in huashan


def test_a_day_that_holds_its_pace_in_one_sight_is_not_light() -> None:
    """北京 with parents of 70 at their pace (about 4 h of sights a day): a day of 故宫 alone is
    full, not 「比较空」 with 慕田峪长城 offered beside it; a 4-hour day at a normal pace is."""
    from engine.domain.request import Pace, Party

    forbidden = next(i for d in plan(destinations=("beijing",), days=3).days for i in d.items
                     if i.poi_id == "beijing-forbidden-city" and i.kind is ItemKind.ATTRACTION)  # fmt: skip
    for party, pace, light in ((Party(adults=1, seniors=2), Pace.RELAXED, False),
                               (Party(adults=2), Pace.NORMAL, True)):  # fmt: skip
        p = plan(destinations=("beijing",), days=3, party=party, pace=pace)
        day = p.days[1].model_copy(update={"items": (forbidden.model_copy(
            update={"start": dt.time(9, 0), "end": dt.time(13, 0)}),)})  # fmt: skip
        one = p.model_copy(update={"days": (p.days[0], day, p.days[2])})
        check = day_trip_check(one, KB)
        assert ("比较空" in check.message) is light, (pace, check.message)
