"""Every refusal names an alternative that was checked to work: another place in the day,
another day, a sight left out, another restaurant or meal — and the alternative, applied, does
what its words say (the stored 杭州 plan)."""

from __future__ import annotations

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing import EditRefused, MoveStop, RemoveStop, SwapMeal, apply_edit, apply_edits
from engine.knowledge.base import KnowledgeBase


def _sights(plan: Itinerary, day: int) -> list[str]:
    return [i.poi_id or "" for i in plan.days[day - 1].items if i.kind == ItemKind.ATTRACTION]


def test_a_move_that_does_not_fit_offers_one_that_does(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    refusals = 0
    for day in range(1, len(hangzhou.days) + 1):
        for sight in _sights(hangzhou, day):
            for target in range(1, len(hangzhou.days) + 1):
                if target == day:
                    continue
                try:
                    apply_edit(hangzhou, MoveStop(stop=sight, day=target), kb)
                    continue
                except EditRefused as exc:
                    refused = exc
                refusals += 1
                assert refused.alternative_zh, (sight, target, refused.zh)
                alt = refused.alternative
                if isinstance(alt, RemoveStop):  # room made on the day asked, then the move
                    done = apply_edits(hangzhou, [alt, MoveStop(stop=sight, day=target)], kb)
                    assert sight in _sights(done.itinerary, target)
                elif alt is not None:
                    moved = apply_edit(hangzhou, alt, kb).itinerary
                    assert isinstance(alt, MoveStop) and sight in _sights(moved, alt.day or day)
                else:  # kept where it is, said with its time
                    assert f"第{day}天" in refused.alternative_zh
    assert refusals, "the stored plan refuses some moves"


def test_a_meal_that_cannot_change_offers_one_that_can(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    with pytest.raises(EditRefused) as refused:  # day 3 is bound by the train home at 21:20
        apply_edit(hangzhou, SwapMeal(day=3, meal="lunch"), kb)
    alt = refused.value.alternative
    assert isinstance(alt, SwapMeal), refused.value.message("zh")
    result = apply_edit(hangzhou, alt, kb)
    assert f"第{alt.day}天" in refused.value.alternative_zh
    assert f"第{alt.day}天" in result.summary("zh")  # the alternative does what it says


def test_a_move_to_where_it_is_stores_nothing_and_says_where_else(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    sight = _sights(hangzhou, 3)[0]
    with pytest.raises(EditRefused) as refused:
        apply_edit(hangzhou, MoveStop(stop=sight, day=3), kb)
    assert refused.value.code == "unchanged" and "第3天" in refused.value.zh
    alt = refused.value.alternative
    if alt is not None:  # another day where it fits, checked
        assert isinstance(alt, MoveStop) and alt.day != 3
        assert sight in _sights(apply_edit(hangzhou, alt, kb).itinerary, alt.day or 3)
    else:
        assert "留在第3天" in refused.value.alternative_zh
