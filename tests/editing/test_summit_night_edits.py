"""A plan with a night in a summit hotel (dinner at the hotel, after the lodging) takes a party
change and a date change like any other: the hotel's dinner is part of the night, not a stop."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing import ChangeDates, ChangeParty, apply_edit
from engine.knowledge.base import KnowledgeBase
from engine.planning import plan_trip
from engine.understanding import parse_request
from tests.editing.conftest import START

TODAY = dt.date(2026, 12, 1)
SUMMIT = "huangshan-lodging-summit"


@pytest.fixture(scope="module")
def summit_plan(kb: KnowledgeBase) -> Itinerary:
    parsed = parse_request("上海出发去黄山玩两天，12月5日出发，住山上看日出", kb, today=TODAY)
    assert parsed.request is not None, parsed.message()
    plan = plan_trip(parsed.request, kb, today=TODAY)
    assert plan.days[0].date == START
    assert plan.days[0].lodging_id == SUMMIT, "the plan this file is about: a summit night"
    assert _hotel_dinner(plan) is not None
    return plan.model_copy(update={"id": 1})


def _hotel_dinner(plan: Itinerary) -> float | None:
    """The cost of day 1's dinner at the summit hotel, or None when there is none."""
    return next((i.cost_cny for i in plan.days[0].items if i.kind == ItemKind.MEAL
                 and i.meal == "dinner" and i.poi_id == SUMMIT), None)  # fmt: skip


def _places(plan: Itinerary) -> list[list[str]]:
    return [[i.poi_id or "" for i in d.items if i.kind == ItemKind.ATTRACTION] for d in plan.days]


def test_parents_join_a_summit_night(summit_plan: Itinerary, kb: KnowledgeBase) -> None:
    result = apply_edit(summit_plan, ChangeParty(seniors=2), kb)
    new = result.itinerary
    assert new.request.party.seniors == 2
    assert new.days[0].lodging_id == SUMMIT  # still the night on the top
    assert _places(new) == _places(summit_plan)  # the same places
    before = _hotel_dinner(summit_plan)
    assert before is not None and _hotel_dinner(new) == pytest.approx(before * 3)  # three dine
    assert "3人" in result.summary("zh")
    assert new.feasibility is not None and new.feasibility.passed


def test_a_summit_night_moves_to_other_dates(summit_plan: Itinerary, kb: KnowledgeBase) -> None:
    later = START + dt.timedelta(days=14)
    new = apply_edit(summit_plan, ChangeDates(start=later), kb).itinerary
    assert [d.date for d in new.days] == [later, later + dt.timedelta(days=1)]
    assert new.days[0].lodging_id == SUMMIT and _hotel_dinner(new) is not None
    assert new.feasibility is not None and new.feasibility.passed
    # The tour still reaches the summit hotel by the last cable car.
    lodging = next(i for i in new.days[0].items if i.kind == ItemKind.LODGING)
    assert lodging.start <= dt.time(17, 0)


def test_the_summit_afternoon_follows_the_new_date(
    summit_plan: Itinerary, kb: KnowledgeBase
) -> None:
    # In December the sun sets before one can walk to the sunset point; in June it sets about
    # 19:00, and the afternoon on the top has the sunset walk, dinner after it.
    june = apply_edit(summit_plan, ChangeDates(start=dt.date(2027, 6, 5)), kb).itinerary
    assert not any("日落" in i.name for i in summit_plan.days[0].items)
    evening = [i for i in june.days[0].items if i.start >= dt.time(17, 0)]
    sunset = next(i for i in evening if i.kind == ItemKind.FREE and "日落" in i.name)
    dinner = next(i for i in evening if i.kind == ItemKind.MEAL)
    assert sunset.end <= dinner.start
    assert june.feasibility is not None and june.feasibility.passed


def test_an_edited_summit_day_is_up_by_the_last_cable_car(
    summit_plan: Itinerary, kb: KnowledgeBase
) -> None:
    from engine.editing.draft import Draft
    from engine.editing.timing import frame_for

    sk = Draft(summit_plan, kb).sketches[0]
    assert sk.stops and all(s.poi_id != SUMMIT for s in sk.stops)  # the hotel's dinner: the night's
    assert frame_for(sk, summit_plan.request, kb).end_time <= 17 * 60  # the tour's end, up top


def test_the_sunrise_is_watched_at_the_new_dates_sunrise(
    summit_plan: Itinerary, kb: KnowledgeBase
) -> None:
    from engine.knowledge.sun import sun_times

    # Two weeks on the sun rises later and the morning as planned still holds it (its times
    # kept, the hour said anew); in June it rises before five, and the morning starts earlier.
    later = apply_edit(summit_plan, ChangeDates(start=START + dt.timedelta(days=14)), kb)
    june = apply_edit(summit_plan, ChangeDates(start=dt.date(2027, 6, 5)), kb).itinerary
    assert later.itinerary.days[1].items[:4] != summit_plan.days[1].items[:4]  # the note
    for plan in (summit_plan, later.itinerary, june):
        dawn = next(i for i in plan.days[1].items if i.kind == ItemKind.FREE and "日出" in i.name)
        assert dawn.lat is not None and dawn.lon is not None
        rise, _ = sun_times(dawn.lat, dawn.lon, plan.days[1].date)
        start, end = (t.hour * 60 + t.minute for t in (dawn.start, dawn.end))
        assert start < rise < end, (plan.days[1].date, dawn.start, rise)  # there before it rises
        assert f"{rise // 60:02d}:{rise % 60:02d}" in (dawn.note or "")
    assert june.feasibility is not None and june.feasibility.passed


def test_a_later_sunrise_costs_no_sight(summit_plan: Itinerary, kb: KnowledgeBase) -> None:
    # On 2027-01-20 the sun rises at about 07:03, inside the planned moment but late in it: laid
    # out again, the morning would start later and the day's 5-hour 黄山 visit would miss the
    # train home; the sun seen as it rises is better than the mountain lost.
    result = apply_edit(summit_plan, ChangeDates(start=dt.date(2027, 1, 20)), kb)
    assert _places(result.itinerary) == _places(summit_plan)
    assert not result.warnings
