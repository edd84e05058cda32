"""Long train journeys with no curated link (issue 12, F47): a through sleeper of one or two
nights where no high-speed line runs within a day (上海→乌鲁木齐), the high-speed trains changed
where the lines meet when they do (广州→哈尔滨 by 长沙 and 北京), and a trip too short for the
ride says how many days it needs."""

from __future__ import annotations

import pytest

from engine.domain.itinerary import ItemKind, Itinerary, time_span
from engine.planning import plan_trip
from engine.planning.errors import PlanningError
from engine.understanding import parse_request
from tests.helpers.plans import KB, SATURDAY


def _plan(text: str) -> Itinerary:
    parsed = parse_request(text, KB, today=SATURDAY)
    assert parsed.request is not None, parsed.message()
    return plan_trip(parsed.request.model_copy(update={"start_date": SATURDAY}), KB)


def _legs(p: Itinerary) -> list[tuple[int, str, str]]:
    return [(d.index, i.name, (i.mode or "")) for d in p.days for i in d.items
            if i.kind is ItemKind.INTERCITY and i.cost_cny]  # fmt: skip


def test_shanghai_to_urumqi_by_train_rides_a_sleeper_two_nights_each_way() -> None:
    p = _plan("从上海坐火车去乌鲁木齐玩12天")
    legs = _legs(p)
    assert [m for _, _, m in legs] == ["train", "train"], legs  # not flown
    assert legs[0][0] == 1 and "乌鲁木齐" in legs[0][1], legs
    assert p.days[1].items and all(i.kind is ItemKind.INTERCITY for i in p.days[1].items)
    first = next(i for i in p.days[0].items if i.kind is ItemKind.INTERCITY)
    span = time_span(first, "zh", p.days[1], p.days[2])
    assert span.startswith(f"{first.start:%H:%M}–第三天"), span  # the arrival, not 23:59
    assert p.feasibility is not None
    row = next(w for w in p.feasibility.wishes if "火车" in w.said)
    assert row.status == "honoured", row.message


def test_guangzhou_to_harbin_by_train_changes_high_speed_trains_in_a_day() -> None:
    p = _plan("从广州坐火车去哈尔滨玩8天")
    out = next(i for i in p.days[0].items if i.kind is ItemKind.INTERCITY)
    assert out.mode == "hsr" and "北京" in (out.note or ""), out
    assert out.end is not None and out.start is not None and out.end > out.start  # same day
    assert [m for _, _, m in _legs(p)] == ["hsr", "hsr"], _legs(p)


def test_no_flights_and_too_few_days_says_the_days_needed() -> None:
    with pytest.raises(PlanningError) as caught:
        _plan("我从来不坐飞机，从上海去乌鲁木齐玩5天")
    assert caught.value.code == "trip_too_short"
    assert "至少要安排8天" in caught.value.zh, caught.value.zh
    p = _plan("我从来不坐飞机，从上海去乌鲁木齐玩8天")  # the number said can be acted on
    assert [m for _, _, m in _legs(p)] == ["train", "train"], _legs(p)
