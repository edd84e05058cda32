"""Edit operations on a real plan, judged by the resulting plan's content."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import Item, ItemKind, Itinerary
from engine.domain.request import Party, TripRequest
from engine.editing import (
    AddDay,
    AddPlace,
    ChangeParty,
    EditRefused,
    LockStop,
    MoveStop,
    RegenerateDay,
    RemoveDay,
    RemoveStop,
    SetDayTimes,
    SetStopTime,
    apply_edit,
    apply_edits,
    diff,
)
from engine.knowledge.base import KnowledgeBase
from engine.planning import plan_trip
from tests.editing.conftest import START, legs, stops

TUNXI = "huangshan-tunxi-old-street"
MOUNTAIN = "huangshan-scenic-area"


def visit(plan: Itinerary, day: int, poi: str) -> Item:
    """The visit itself (legs towards a place carry its id too)."""
    return next(
        i for i in plan.days[day - 1].items if i.poi_id == poi and i.kind == ItemKind.ATTRACTION
    )


def feasible(plan: Itinerary) -> None:
    assert plan.feasibility is not None and plan.feasibility.passed, plan.feasibility


def test_the_plan_to_edit_is_as_expected(huangshan: Itinerary) -> None:
    assert TUNXI in stops(huangshan, 1) and stops(huangshan, 2) == [MOUNTAIN]


def test_remove_keeps_the_other_day_and_the_legs(huangshan: Itinerary, kb: KnowledgeBase) -> None:
    result = apply_edit(huangshan, RemoveStop(stop="屯溪老街"), kb)
    new = result.itinerary
    feasible(new)
    sights = [s for s in stops(new, 1) if kb.restaurant(s) is None]
    assert TUNXI not in stops(new, 1) and sights == [
        s for s in stops(huangshan, 1) if s != TUNXI and kb.restaurant(s) is None
    ]
    assert new.days[1] == huangshan.days[1]  # the day the edit does not touch, item for item
    assert legs(new) == legs(huangshan)
    assert TUNXI in new.request.avoid.places  # not planned again by a later regeneration
    # the dinner beside 屯溪老街, now off the way to the lodging, is eaten on the way (said)
    assert result.summary("zh").startswith("去掉第1天的屯溪老街")
    changes = diff(huangshan, new)
    assert ("removed", TUNXI) in {(c.kind, c.poi_id) for c in changes.changes}
    assert changes.cost_b <= changes.cost_a


def test_move_to_a_position_and_refusal_with_an_alternative(
    huangshan: Itinerary, kb: KnowledgeBase
) -> None:
    with pytest.raises(EditRefused) as refused:  # the old town first: lunch would be too late
        apply_edit(huangshan, MoveStop(stop=TUNXI, position=1), kb)
    assert refused.value.code == "does_not_fit" and "13:30" in refused.value.zh
    alternative = refused.value.alternative  # one that works, never its own place again
    if alternative is None:  # nothing else works: it stays, said with its time
        assert "留在第1天" in refused.value.alternative_zh, refused.value.alternative_zh
        return
    if isinstance(alternative, RemoveStop):  # room made, then the move asked
        new = apply_edits(huangshan, [alternative, MoveStop(stop=TUNXI, position=1)], kb).itinerary
        feasible(new)
        assert stops(new, 1)[0] == TUNXI
        return
    assert isinstance(alternative, MoveStop) and alternative.position is not None
    new = apply_edit(huangshan, alternative, kb).itinerary
    feasible(new)
    assert stops(new, 1).index(TUNXI) + 1 == alternative.position
    assert stops(new, 1) != stops(huangshan, 1)


def test_a_full_day_place_does_not_fit_the_arrival_day(
    huangshan: Itinerary, kb: KnowledgeBase
) -> None:
    with pytest.raises(EditRefused) as refused:
        apply_edit(huangshan, MoveStop(stop="黄山风景区", day=1), kb)
    hours = kb.place(MOUNTAIN).visit_minutes // 60  # the record's visit, without the way up
    assert "16:40" in refused.value.zh and f"约{hours}小时" in refused.value.zh
    assert "16:40" in refused.value.en


def test_add_a_day_at_the_end_keeps_day_one_and_the_trip_home(
    huangshan: Itinerary, kb: KnowledgeBase
) -> None:
    new = apply_edit(huangshan, AddDay(at="end"), kb).itinerary
    feasible(new)
    assert len(new.days) == 3 and new.request.days == 3
    assert [d.date for d in new.days] == [
        huangshan.days[0].date + dt.timedelta(days=i) for i in range(3)
    ]
    assert new.days[0] == huangshan.days[0]
    # the mountain day keeps its mountain, and has a dinner now that no train home follows
    assert stops(new, 2)[: len(stops(huangshan, 2))] == stops(huangshan, 2)
    assert [i.meal for i in new.days[1].items if i.kind == ItemKind.MEAL][-1] == "dinner"
    assert new.days[1].lodging_id == huangshan.days[0].lodging_id  # a night more, same lodging
    assert legs(new) == legs(huangshan)  # out on day 1, home (same train) on day 3
    assert new.days[2].items[-1].kind == ItemKind.INTERCITY
    third = stops(new, 3)
    assert third and not set(third) & (set(stops(new, 1)) | set(stops(new, 2)))  # no repeats
    assert "3日游" in new.title


def test_add_a_day_at_the_start_moves_the_leg_out(huangshan: Itinerary, kb: KnowledgeBase) -> None:
    new = apply_edit(huangshan, AddDay(at="start"), kb).itinerary
    feasible(new)
    assert new.days[0].date == huangshan.days[0].date - dt.timedelta(days=1)
    assert new.days[0].items[0] == huangshan.days[0].items[0]  # the same train out, a day earlier
    assert stops(new, 2) == stops(huangshan, 1) and stops(new, 3) == stops(huangshan, 2)
    assert new.days[1].items[0].meal == "breakfast"  # the old first day now starts at the lodging


def test_remove_the_last_day_brings_the_trip_home_forward(
    huangshan: Itinerary, kb: KnowledgeBase
) -> None:
    result = apply_edit(huangshan, RemoveDay(at="end"), kb)
    new = result.itinerary
    feasible(new)
    assert len(new.days) == 1 and legs(new) == legs(huangshan)
    assert MOUNTAIN not in new.request.must_see  # said, not failed as a missed must-see
    assert "黄山风景区" in result.summary("zh")


def test_regenerate_one_day_keeps_the_other_and_a_locked_stop(kb: KnowledgeBase) -> None:
    request = TripRequest(destinations=("huangshan",), days=3, start_date=START,
                          party=Party(adults=1), lang="zh")  # fmt: skip
    plan = plan_trip(request, kb, today=dt.date(2026, 12, 1)).model_copy(update={"id": 1})

    def sights(day: int) -> list[str]:
        return [i.poi_id or "" for i in plan.days[day - 1].items if i.kind == ItemKind.ATTRACTION]

    n = max((1, 2, 3), key=lambda d: len(sights(d)))  # a day of several sights, not the mountain
    others = [d for d in (1, 2, 3) if d != n]
    first = sights(n)[0]
    locked = apply_edit(plan, LockStop(stop=first), kb).itinerary
    start = visit(locked, n, first).start
    try:
        new = apply_edit(locked, RegenerateDay(day=n), kb).itinerary
    except EditRefused as refused:  # the time-limited solver found the same day: said so
        assert refused.code == "unchanged" and kb.place(first).name_en in refused.en  # type: ignore[union-attr]
        return
    feasible(new)
    assert [new.days[d - 1] for d in others] == [locked.days[d - 1] for d in others]
    assert stops(new, n) != stops(locked, n)  # another day …
    kept = visit(new, n, first)
    assert kept.locked and kept.start == start  # … around the locked stop, at its time
    assert not set(stops(new, n)) & {s for d in others for s in stops(new, d)}


def test_a_lighter_mountain_day_is_explained(huangshan: Itinerary, kb: KnowledgeBase) -> None:
    with pytest.raises(EditRefused) as refused:
        apply_edit(huangshan, RegenerateDay(day=2, pace="relaxed"), kb)
    assert refused.value.code == "unchanged" and "黄山风景区" in refused.value.zh


def test_stop_time_refused_with_the_nearest_time_that_fits(
    huangshan: Itinerary, kb: KnowledgeBase
) -> None:
    with pytest.raises(EditRefused) as refused:
        apply_edit(huangshan, SetStopTime(stop="黄山风景区", start=dt.time(10, 0)), kb)
    alt = refused.value.alternative
    assert isinstance(alt, SetStopTime) and alt.start is not None and alt.start < dt.time(10, 0)
    new = apply_edit(huangshan, alt, kb).itinerary
    item = visit(new, 2, MOUNTAIN)
    assert item.start == alt.start and item.locked


def test_day_start_that_cannot_hold_the_mountain_is_refused(
    huangshan: Itinerary, kb: KnowledgeBase
) -> None:
    with pytest.raises(EditRefused) as refused:
        apply_edit(huangshan, SetDayTimes(day=2, start=dt.time(9, 0)), kb)
    # the mountain starts late after the cable car up, and the way down misses the train home
    assert "黄山风景区" in refused.value.message("zh") and "黄山北站" in refused.value.zh


def test_add_a_place_to_a_full_plan_offers_a_day(hangzhou: Itinerary, kb: KnowledgeBase) -> None:
    # The stored 杭州 plan's days are full: with every sight kept (locked), 良渚 (3 hours,
    # closing 17:00) fits none of them, so the way to fit it is another day. (Unlocked, a sight
    # left out makes room: 宋城 on day 1.)
    liangzhu = "hangzhou-liangzhu"
    assert not any(liangzhu in stops(hangzhou, d) for d in (1, 2, 3))
    sights = [i.poi_id or "" for d in hangzhou.days for i in d.items
              if i.kind == ItemKind.ATTRACTION]  # fmt: skip
    hangzhou = apply_edits(hangzhou, [LockStop(stop=s) for s in sights], kb).itinerary
    with pytest.raises(EditRefused) as refused:
        apply_edit(hangzhou, AddPlace(place="良渚古城遗址公园"), kb)
    day = refused.value.alternative
    assert isinstance(day, AddDay)  # a day given to it: done as offered, it is there
    new = apply_edit(hangzhou, day, kb).itinerary
    assert liangzhu in stops(new, 4) and liangzhu in new.request.must_see
    assert not visit(new, 4, liangzhu).locked
    feasible(new)
    assert sum(s == liangzhu for d in (1, 2, 3, 4) for s in stops(new, d)) == 1


def test_party_change_costs_follow(huangshan: Itinerary, kb: KnowledgeBase) -> None:
    new = apply_edit(huangshan, ChangeParty(adults=4), kb).itinerary
    feasible(new)  # the validator re-checks every cost as price × people
    fare = [i.cost_cny for d in huangshan.days for i in d.items if i.kind == ItemKind.INTERCITY]
    assert [i.cost_cny for d in new.days for i in d.items if i.kind == ItemKind.INTERCITY] == [
        f * 4 for f in fare
    ]
    night = next(i for i in new.days[0].items if i.kind == ItemKind.LODGING)
    before = next(i for i in huangshan.days[0].items if i.kind == ItemKind.LODGING)
    assert night.cost_cny == before.cost_cny * 2  # two rooms
    assert new.request.party.size == 4


def test_unknown_stop_and_place(huangshan: Itinerary, kb: KnowledgeBase) -> None:
    with pytest.raises(EditRefused, match="not in the plan"):
        apply_edit(huangshan, RemoveStop(stop="故宫"), kb)
    with pytest.raises(EditRefused) as refused:
        apply_edit(huangshan, AddPlace(place="火星基地"), kb)
    assert refused.value.code == "unknown_place"
