"""Chains of edits that leave no broken day and no stuck plan (issue 14): a lunch before a small
child's rest keeps its length through every later edit (it was laid out as 15, then 0 minutes,
and the next edit was refused with 「…ends before it starts」); the old last day of a trip made
longer gets a dinner; a removed sight takes no ride out to its lunch with it; children added
with their ages keep them."""

from __future__ import annotations

import datetime as dt
import itertools

import pytest

from engine.domain.itinerary import Day, ItemKind, Itinerary, clock_minutes
from engine.domain.request import Pace, Party, TripRequest
from engine.editing import (
    AddDay,
    ChangeDates,
    RegenerateDay,
    RemoveDay,
    RemoveStop,
    SwapMeal,
    apply_edit,
)
from engine.editing.errors import EditRefused
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.planning import plan_trip
from engine.planning.meal_detours import DETOUR_M, DETOUR_SHARE
from engine.understanding.edits import parse_edits
from engine.understanding.parser import parse_request
from tests.editing.conftest import START


@pytest.fixture(scope="module")
def family(kb: KnowledgeBase) -> Itinerary:
    """成都, 3 days from 上海, two adults and a child of 5 (a rest after every lunch)."""
    request = TripRequest(departure="shanghai", destinations=("chengdu",), days=3,
                          start_date=START, party=Party(adults=2, children=1, child_ages=(5,)),
                          lang="zh")  # fmt: skip
    return plan_trip(request, kb, today=dt.date(2026, 12, 1)).model_copy(update={"id": 1})


def _lunches_before_rest(day: Day) -> list[int]:
    """Minutes of each lunch followed by the child's rest."""
    items = day.items
    return [i.minutes for i, nxt in itertools.pairwise(items)
            if i.kind == ItemKind.MEAL and i.meal == "lunch" and nxt.kind == ItemKind.FREE]  # fmt: skip


def _sound(plan: Itinerary) -> None:
    for day in plan.days:
        assert all(m >= 30 for m in _lunches_before_rest(day)), [
            (f"{i.start:%H:%M}", i.name) for i in day.items
        ]
        dinners = [i for i in day.items if i.kind == ItemKind.MEAL and i.meal == "dinner"]
        assert len(dinners) <= 1, [i.name for i in dinners]


def test_a_lunch_before_a_childs_rest_keeps_its_length_through_later_edits(
    family: Itinerary, kb: KnowledgeBase
) -> None:
    plan = family
    for edit in (RegenerateDay(day=2, pace=Pace.RELAXED), RemoveDay(at="end"),
                 ChangeDates(start=START + dt.timedelta(days=7))):  # fmt: skip
        try:
            plan = apply_edit(plan, edit, kb).itinerary
        except EditRefused as refused:
            assert refused.code == "unchanged", refused.message("zh")  # never a broken state
            continue
        _sound(plan)
    assert any(_lunches_before_rest(d) for d in plan.days)  # the rests were there to check


def test_the_old_last_day_gets_a_dinner_when_a_day_is_added(
    family: Itinerary, kb: KnowledgeBase
) -> None:
    result = apply_edit(family, AddDay(at="end"), kb)
    day3 = result.itinerary.days[2]
    dinners = [i for i in day3.items if i.kind == ItemKind.MEAL and i.meal == "dinner"]
    assert len(dinners) == 1, [(f"{i.start:%H:%M}", i.name) for i in day3.items]
    assert clock_minutes(dinners[0].start) >= 17 * 60
    assert any("第3天加上晚饭" in zh for zh, _ in result.notes), result.notes
    assert not any("晚餐" in zh for zh, _ in result.warnings), result.warnings


def test_children_added_with_their_ages_keep_them(family: Itinerary, kb: KnowledgeBase) -> None:
    edits, rest = parse_edits("再加两个孩子，一个5岁一个9岁", family, kb)
    assert rest == ()
    result = apply_edit(family, edits[0], kb)
    party = result.itinerary.request.party
    assert (party.children, sorted(party.child_ages)) == (3, [5, 5, 9])
    assert "9岁" in result.summary("zh"), result.summary("zh")
    edits, rest = parse_edits("add two kids, aged 5 and 9", family, kb)
    assert rest == () and edits[0].child_ages == (5, 5, 9), edits  # type: ignore[union-attr]


def test_a_removed_sight_leaves_no_ride_out_to_its_lunch(kb: KnowledgeBase) -> None:
    """黄山 in two days: 宏村 with lunch at a farmhouse restaurant beside it; removing 宏村 moves
    that lunch on the way from 黄山北站 to the lodging, not 54 km out and back."""
    request = TripRequest(departure="shanghai", destinations=("huangshan",), days=2,
                          start_date=START, party=Party(adults=1), lang="zh")  # fmt: skip
    plan = plan_trip(request, kb, today=dt.date(2026, 12, 1)).model_copy(update={"id": 1})
    day = next((d for d in plan.days if any(i.name == "宏村" for i in d.items)), None)
    if day is None:
        pytest.skip("the planner did not put 宏村 in this plan")
    new = apply_edit(plan, RemoveStop(stop="宏村"), kb).itinerary.days[day.index - 1]
    for prev, nxt in itertools.pairwise(new.items):  # the afternoon freed is said, not a hole
        if (
            prev.kind not in (ItemKind.LODGING, ItemKind.INTERCITY)
            and nxt.kind != ItemKind.INTERCITY
        ):
            gap = clock_minutes(nxt.start) - clock_minutes(prev.end)
            assert gap < 60, [(f"{i.start:%H:%M}", i.name) for i in new.items]
    located = [i for i in new.items if i.lat is not None and i.kind not in
               (ItemKind.TRANSIT, ItemKind.FREE)]  # fmt: skip
    for a, meal, b in zip(located, located[1:], located[2:], strict=False):
        if meal.kind != ItemKind.MEAL or meal.meal not in ("lunch", "dinner"):
            continue
        if a.kind == ItemKind.MEAL and a.meal == "breakfast":
            continue

        def m(x: object, y: object) -> float:
            return haversine_m(x.lat, x.lon, y.lat, y.lon)  # type: ignore[attr-defined]

        detour = (m(a, meal) + m(meal, b) - m(a, b)) / 2
        assert detour <= max(DETOUR_M, DETOUR_SHARE * m(a, b)), (meal.name, round(detour))


def test_hotpot_near_the_hotel_names_the_one_the_plan_has(
    family: Itinerary, kb: KnowledgeBase
) -> None:
    """「在酒店附近找家火锅」 where another day already eats hotpot by the hotel: that meal is said
    (hotpot is one meal a stay), no second hotpot dinner is added."""
    lodging = kb.lodging(family.days[0].lodging_id or "")
    assert lodging is not None
    hotpots = [
        (d.index, i.name)
        for d in family.days
        for i in d.items
        if i.kind == ItemKind.MEAL
        and (r := kb.restaurant(i.poi_id or "")) is not None
        and "hotpot" in r.cuisines
        and haversine_m(r.lat, r.lon, lodging.lat, lodging.lon) <= 1500
    ]
    # a day with a dinner (the last one may fly home before it, by the child's bedtime) and
    # no hotpot yet
    hot_days = {n for n, _ in hotpots}
    day = next((d.index for d in family.days if d.index not in hot_days
                and any(i.meal == "dinner" for i in d.items)), None)  # fmt: skip
    if not hotpots or day is None:
        pytest.skip("the plan eats no hotpot by the hotel")
    with pytest.raises(EditRefused) as refused:
        apply_edit(family, SwapMeal(day=day, meal="dinner", dish="火锅", near=lodging.id), kb)
    assert refused.value.code == "unchanged"
    assert hotpots[0][1] in refused.value.zh, refused.value.zh


def test_children_added_give_way_to_a_late_night_view_not_refused(kb: KnowledgeBase) -> None:
    """Two friends in 重庆 with 洪崖洞 by night until 21:42; 「再加两个孩子，一个5岁一个9岁」 is
    a fact about who travels: a day that no longer fits shortens or leaves out its late sight
    and says so — the children are counted, with their ages."""
    text = "下个月中旬和闺蜜两个人从武汉去重庆玩3天，想吃火锅，想看洪崖洞夜景，住解放碑附近"
    request = parse_request(text, kb, today=dt.date(2026, 12, 15)).request
    assert request is not None
    plan = plan_trip(request, kb, today=dt.date(2026, 12, 15)).model_copy(update={"id": 1})
    edits, _ = parse_edits("再加两个孩子，一个5岁一个9岁", plan, kb)
    result = apply_edit(plan, edits[0], kb)  # not refused
    party = result.itinerary.request.party
    assert (party.children, party.child_ages) == (2, (5, 9))
    assert "5岁、9岁" in result.summary("zh")
    before = {(d.index, i.poi_id, i.minutes) for d in plan.days for i in d.items}
    after = {(d.index, i.poi_id, i.minutes) for d in result.itinerary.days for i in d.items}
    given_way = [zh for zh, _ in result.warnings if "孩子还小" in zh]
    if not given_way:  # every day fitted as it was
        return
    assert before != after
    assert all(("缩短" in zh or "不去" in zh) for zh in given_way), given_way
