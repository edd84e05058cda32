"""Follow-ups that remove, lighten or swap keep the day followable and the headlines (issue 14,
fresh-user findings F13, F42, F33, F27, F48, F3), on plans the CLI made (stored as data):
a whole-day park taken out gives its day the next sights and meals; a day planned again, or
made lighter, never drops a headline the trip has nowhere else; 「不去长城了，孩子太累」 drops the
wall only; 「宏村想早上去拍照」 moves 宏村 only, its day's meals kept; a lighter day rides no
further and sleeps in rather than waits; two days swapped keep their meals."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from engine.domain.itinerary import Day, ItemKind, Itinerary, clock_minutes
from engine.domain.request import Pace
from engine.editing.apply import apply_edit, apply_edits
from engine.editing.ops import MoveStop, RegenerateDay, RemoveStop, SwapDays
from engine.editing.refill import HOLLOW_MIN, idle_minutes
from engine.knowledge.base import KnowledgeBase
from engine.understanding.edits import parse_edits

DATA = Path(__file__).parent / "data"
TODAY = dt.date(2026, 12, 3)


def _load(name: str) -> Itinerary:
    return Itinerary.model_validate_json((DATA / f"{name}.json").read_text(encoding="utf-8"))


def _sights(day: Day) -> list[str]:
    return [i.poi_id or "" for i in day.items if i.kind == ItemKind.ATTRACTION]


def _trip_sights(plan: Itinerary) -> set[str]:
    return {p for d in plan.days for p in _sights(d)}


def _meals(day: Day) -> set[str]:
    return {i.meal or "" for i in day.items if i.kind == ItemKind.MEAL}


def _minutes(plan: Itinerary, poi_id: str) -> int:
    return next(i.minutes for d in plan.days for i in d.items
                if i.poi_id == poi_id and i.kind == ItemKind.ATTRACTION)  # fmt: skip


def _ride_km(day: Day) -> float:
    return sum((i.distance_m or 0) for i in day.items if i.kind == ItemKind.TRANSIT) / 1000


def _edit(plan: Itinerary, text: str, kb: KnowledgeBase) -> Itinerary:
    edits, rest = parse_edits(text, plan, kb, today=TODAY)
    assert edits and not rest, (edits, rest)
    return apply_edits(plan, edits, kb, partial=True).itinerary


def test_a_whole_day_park_taken_out_gives_its_day_the_next_sights_and_meals(
    kb: KnowledgeBase,
) -> None:
    plan = _load("shanghai-4-days-disney")
    assert _sights(plan.days[0])[0] == "shanghai-disneyland"
    result = apply_edit(plan, RemoveStop(stop="Shanghai Disneyland"), kb)
    day = result.itinerary.days[0]
    assert "shanghai-disneyland" not in _trip_sights(result.itinerary)
    assert "shanghai-the-bund" in _sights(day)  # what the day kept stays
    assert len(_sights(day)) >= 3, _sights(day)
    assert {"lunch", "dinner"} <= _meals(day)
    assert idle_minutes(day) < HOLLOW_MIN
    added = [kb.place(p).name_en for p in _sights(day) if p != "shanghai-the-bund"]  # type: ignore[union-attr]
    said = result.summary("en")
    assert all(name in said for name in added), said
    assert result.itinerary.days[1:] == plan.days[1:]  # the other days as they were


def test_a_day_planned_again_keeps_the_headline_the_trip_has_nowhere_else(
    kb: KnowledgeBase,
) -> None:
    plan = _load("shanghai-4-days-disney")
    removed = apply_edit(plan, RemoveStop(stop="Shanghai Disneyland"), kb).itinerary
    assert [d.index for d in removed.days if "shanghai-the-bund" in _sights(d)] == [1]
    again = apply_edit(removed, RegenerateDay(day=1), kb).itinerary
    assert "shanghai-the-bund" in _sights(again.days[0])
    assert {"lunch", "dinner"} <= _meals(again.days[0])


def test_the_wall_dropped_for_a_tired_child_keeps_the_rest_and_fills_its_day(
    kb: KnowledgeBase,
) -> None:
    plan = _load("beijing-guoqing-4-days-child")
    wall = next(d for d in plan.days if "beijing-badaling" in _sights(d))
    edits, rest = parse_edits("第一天不去长城了，孩子太累", plan, kb, today=TODAY)
    assert edits == (RemoveStop(stop="beijing-badaling"),) and rest == ()
    after = apply_edits(plan, edits, kb).itinerary
    assert "beijing-badaling" not in _trip_sights(after)
    assert after.request.pace == plan.request.pace and after.request.day_pace == {}
    day = after.days[wall.index - 1]
    assert len(_sights(day)) >= 2 and {"lunch", "dinner"} <= _meals(day)
    assert idle_minutes(day) < HOLLOW_MIN
    assert _minutes(after, "beijing-forbidden-city") == _minutes(plan, "beijing-forbidden-city")
    others = [d for d in plan.days if d.index != wall.index]
    assert [after.days[d.index - 1] for d in others] == others


def test_a_lighter_day_keeps_the_old_town_the_trip_has_nowhere_else(kb: KnowledgeBase) -> None:
    plan = _load("lijiang-3-days")
    assert {"lijiang-jade-dragon-snow-mountain", "lijiang-old-town"} <= set(_sights(plan.days[1]))
    lighter = apply_edit(plan, RegenerateDay(day=2, pace=Pace.RELAXED), kb).itinerary
    assert "lijiang-old-town" in _trip_sights(lighter)
    assert _minutes(lighter, "lijiang-old-town") < _minutes(plan, "lijiang-old-town")


def test_hongcun_in_the_morning_moves_hongcun_only_and_keeps_the_lunch(kb: KnowledgeBase) -> None:
    plan = _load("huangshan-hongcun-4-days")
    day = next(d for d in plan.days if "huangshan-hongcun" in _sights(d))
    assert _sights(day)[0] != "huangshan-hongcun"
    edits, _ = parse_edits("宏村想早上去拍照", plan, kb, today=TODAY)
    assert edits == (MoveStop(stop="huangshan-hongcun", position=1),)
    after = apply_edits(plan, edits, kb).itinerary
    assert _trip_sights(after) == _trip_sights(plan)
    moved = after.days[day.index - 1]
    assert _sights(moved)[0] == "huangshan-hongcun"
    visit = next(i for i in moved.items if i.poi_id == "huangshan-hongcun")
    assert clock_minutes(visit.start) < 11 * 60
    assert _meals(moved) == _meals(day)


def test_a_lighter_day_rides_no_further_than_it_did(kb: KnowledgeBase) -> None:
    plan = _load("huangshan-hongcun-4-days")
    moved = apply_edit(plan, MoveStop(stop="huangshan-hongcun", position=1), kb).itinerary
    day = next(d for d in moved.days if "huangshan-hongcun" in _sights(d))
    lighter = apply_edit(moved, RegenerateDay(day=day.index, pace=Pace.RELAXED), kb).itinerary
    now = lighter.days[day.index - 1]
    assert _ride_km(now) <= _ride_km(day) + 1, (_ride_km(now), _ride_km(day))
    assert "huangshan-hongcun" in _sights(now)


@pytest.fixture(scope="module")
def luoyang_lighter(kb: KnowledgeBase) -> Itinerary:
    return apply_edit(
        _load("luoyang-3-days"), RegenerateDay(day=2, pace=Pace.RELAXED), kb
    ).itinerary


def test_a_lighter_day_sets_out_later_instead_of_waiting(luoyang_lighter: Itinerary) -> None:
    day = luoyang_lighter.days[1]
    items = list(day.items)
    breakfast = next(k for k, i in enumerate(items) if i.meal == "breakfast")
    ride = next(i for i in items[breakfast + 1 :] if i.kind == ItemKind.TRANSIT)
    waits = [i for i in items[breakfast + 1 :] if i.kind == ItemKind.FREE
             and clock_minutes(i.start) < clock_minutes(ride.start)]  # fmt: skip
    assert not any("够满" in i.name or "full" in i.name for i in waits), waits
    assert clock_minutes(ride.start) - clock_minutes(items[breakfast].end) < 60


def test_two_days_swapped_keep_their_lunch_and_dinner(
    luoyang_lighter: Itinerary, kb: KnowledgeBase
) -> None:
    swapped = apply_edit(luoyang_lighter, SwapDays(a=2, b=3), kb).itinerary
    assert "luoyang-longmen-grottoes" in _sights(swapped.days[1])
    for day in swapped.days[1:]:
        assert {"lunch", "dinner"} <= _meals(day) | {
            i.meal or "" for i in day.items if i.kind == ItemKind.INTERCITY
        }, (day.index, [i.name for i in day.items])
    assert swapped.request.day_pace == {3: Pace.RELAXED}
