"""A day's start asked for («第3天早上8点出发», "day 3 start at 8am") is when its tour begins: a
stop that opens earlier goes first, else the reason the first stop starts later is said."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing.apply import apply_edits
from engine.editing.day_start import IDLE_START, first_stop
from engine.editing.ops import SetDayTimes
from engine.knowledge.base import KnowledgeBase
from engine.understanding.edits import parse_edits
from tests.editing.conftest import stops


def _minutes(t: dt.time) -> int:
    return t.hour * 60 + t.minute


def test_the_first_stop_begins_when_the_day_is_asked_to_start(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    # Day 3 begins at 南宋御街, which opens at 09:00: asked to start at 8, 灵隐寺 (open from
    # 07:30) goes first instead of an hour of nothing after breakfast.
    edits, _rest = parse_edits("day 3 start at 8am", hangzhou, kb)
    assert edits == (SetDayTimes(day=3, start=dt.time(8, 0)),)
    result = apply_edits(hangzhou, list(edits), kb)
    day = result.itinerary.days[2]
    first = first_stop(day)
    assert first is not None and _minutes(first.start) <= 8 * 60 + IDLE_START, first
    assert sorted(stops(result.itinerary, 3)) == sorted(stops(hangzhou, 3))  # nothing dropped
    assert "不过" not in result.summary("zh")


def test_a_first_stop_that_cannot_start_then_is_said_with_the_reason(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    result = apply_edits(hangzhou, [SetDayTimes(day=3, start=dt.time(6, 0))], kb)
    first = first_stop(result.itinerary.days[2])
    assert first is not None and first.kind == ItemKind.ATTRACTION
    said = result.summary("zh")
    assert f"第一站{first.name}要到{first.start:%H:%M}才能开始" in said, said
    assert "开门" in said or "早餐" in said, said
