"""「第二天换个住处」 moves from that night on: the nights before stay where they were (it moved
every night of the stay to the new hotel)."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Party, TripRequest
from engine.editing import SwapLodging, apply_edits
from engine.knowledge.base import KnowledgeBase
from engine.planning import plan_trip
from engine.understanding.edits import parse_edits
from tests.editing.conftest import START


@pytest.fixture(scope="module")
def four_days(kb: KnowledgeBase) -> Itinerary:
    """杭州 for 4 days (no legs in or out): 3 nights at one lodging."""
    request = TripRequest(destinations=("hangzhou",), days=4, start_date=START,
                          party=Party(adults=1), lang="zh")  # fmt: skip
    plan = plan_trip(request, kb, today=dt.date(2026, 12, 1)).model_copy(update={"id": 1})
    nights = [d.lodging_id for d in plan.days]
    assert nights[0] and nights[:3] == [nights[0]] * 3 and nights[3] is None
    return plan


def test_a_new_lodging_from_day_three_keeps_the_first_two_nights(
    four_days: Itinerary, kb: KnowledgeBase
) -> None:
    old = four_days.days[0].lodging_id
    edits, rest = parse_edits("第三天换个住处", four_days, kb)
    assert edits == (SwapLodging(day=3),) and not rest
    result = apply_edits(four_days, edits, kb)
    new = result.itinerary
    nights = [d.lodging_id for d in new.days]
    assert nights[:2] == [old, old]  # the first two nights kept
    assert nights[2] not in (None, old)  # from day 3's night, somewhere else
    for day in new.days[:3]:
        assert [i.poi_id for i in day.items if i.kind == ItemKind.LODGING] == [day.lodging_id]
    # day 3 leaves from the old lodging after breakfast there, day 4 from the new one
    assert new.days[2].items[0].meal == "breakfast" and new.days[2].items[0].poi_id == old
    assert new.days[3].items[0].meal == "breakfast" and new.days[3].items[0].poi_id == nights[2]
    notes = " ".join(zh for zh, _ in result.notes)
    assert "第3天起" in notes and "之前几晚不变" in notes, notes
    assert new.feasibility is not None and new.feasibility.passed


def test_a_new_lodging_from_the_first_night_moves_the_whole_stay(
    four_days: Itinerary, kb: KnowledgeBase
) -> None:
    old = four_days.days[0].lodging_id
    result = apply_edits(four_days, [SwapLodging(day=1)], kb)
    nights = [d.lodging_id for d in result.itinerary.days]
    assert nights[0] == nights[1] == nights[2] != old
    assert not any("之前几晚不变" in zh for zh, _ in result.notes)
