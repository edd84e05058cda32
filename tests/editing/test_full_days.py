"""Adding or moving a place on days that look full: the pace gives way on a day the person
chose (said as a warning); the clock does not, and a refusal names a day and time where the
place fits (a real 3-day 杭州 plan at a normal pace, the real planner)."""

from __future__ import annotations

import re

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing import AddPlace, EditRefused, RemoveStop, apply_edit
from engine.editing.draft import Draft
from engine.editing.sketch import Stop
from engine.editing.stops import _insert
from engine.knowledge.base import KnowledgeBase


def _sights(plan: Itinerary, day: int) -> list[str]:
    return [i.poi_id or "" for i in plan.days[day - 1].items if i.kind == ItemKind.ATTRACTION]


def test_a_day_chosen_may_pass_its_pace_with_a_warning(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    # Day 3 holds the pace's 6.5 hours of sights, then 城市阳台 after dinner (an evening
    # outing, no sightseeing hours); without it the clock has room, the pace none.
    hangzhou = apply_edit(hangzhou, RemoveStop(stop="hangzhou-city-balcony"), kb).itinerary
    found = None  # a sight the day's pace keeps out although the clock has room for it
    draft = Draft(hangzhou, kb)
    used = {i.poi_id for d in hangzhou.days for i in d.items}
    for place in kb.destinations["hangzhou"].attractions:
        if place.id in used or found:
            continue
        for sk in draft.sketches:
            options = _insert(sk, Stop(place.id), None)
            if not any(draft.attempt(o).day for o in options) and any(
                draft.attempt(o, strict_pace=False).day for o in options
            ):
                found = (place, sk.index)
                break
    assert found is not None, "the stored plan has a day its pace alone keeps a sight out of"
    place, day = found
    result = apply_edit(hangzhou, AddPlace(place=place.id, day=day), kb)
    assert place.id in _sights(result.itinerary, day)
    assert "节奏" in result.warning_text("zh")  # the long day is said, not hidden
    assert result.itinerary.feasibility is not None
    hard = [c for c in result.itinerary.feasibility.failures if c.code not in ("pace",)]
    assert not [c for c in hard if c.severity == "error" and c.code in ("hours", "order")]


def test_a_refusal_names_where_and_when_it_fits(hangzhou: Itinerary, kb: KnowledgeBase) -> None:
    with pytest.raises(EditRefused) as refused:
        apply_edit(hangzhou, AddPlace(place="西溪湿地", day=3), kb)  # 3 hours, closes 17:30
    exc = refused.value
    assert "西溪" in exc.zh and ("最晚" in exc.zh or "排满" in exc.zh), exc.zh
    assert "按这个顺序" not in exc.zh  # not what an arbitrary order happened to break
    when = re.search(r"第(\d)天.*?(\d\d:\d\d)–(\d\d:\d\d)", exc.alternative_zh)
    assert when is not None, exc.alternative_zh
    if isinstance(exc.alternative, RemoveStop):  # leaving that sight out makes room, then
        lighter = apply_edit(hangzhou, exc.alternative, kb).itinerary
        day = int(when.group(1))
        added = apply_edit(lighter, AddPlace(place="西溪湿地", day=day), kb).itinerary
        item = next(i for i in added.days[day - 1].items if i.poi_id == "hangzhou-xixi-wetland"
                    and i.kind == ItemKind.ATTRACTION)  # fmt: skip
        assert f"{item.start:%H:%M}" == when.group(2)


def test_a_day_added_for_a_place_holds_it(hangzhou: Itinerary, kb: KnowledgeBase) -> None:
    """「加一天，想去西溪湿地」 on a full plan: the new last day holds 西溪 (the place was tried on
    the full days and refused, and the day added was filled without it)."""
    from engine.editing import AddDay
    from engine.understanding.edits import parse_edits

    edits, rest = parse_edits("加一天，想去西溪湿地", hangzhou, kb)
    assert rest == ()
    assert [type(e) for e in edits] == [AddDay]
    (add_day,) = edits
    assert isinstance(add_day, AddDay)
    result = apply_edit(hangzhou, add_day, kb)
    plan = result.itinerary
    assert len(plan.days) == len(hangzhou.days) + 1
    assert "hangzhou-xixi-wetland" in _sights(plan, len(plan.days))
    assert "hangzhou-xixi-wetland" in plan.request.must_see
    assert plan.feasibility is not None and plan.feasibility.passed
