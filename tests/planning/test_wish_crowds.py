"""「不想排队」, "we hate crowds": read as a wish and answered with the dates' crowds, never
dropped (issue 12: it showed as 「❓没看懂」)."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import ItemKind
from engine.domain.request import Wish
from engine.understanding import parse_request
from tests.helpers import plans
from tests.helpers.plans import KB


@pytest.mark.parametrize(
    "text",
    ["国庆从上海去杭州3天，不想排队", "杭州三天，怕人多", "Hangzhou 3 days from Shanghai, we hate crowds",
     "3 days in Hangzhou, we'd like to avoid the queues"],
)  # fmt: skip
def test_crowds_are_a_wish(text: str) -> None:
    result = parse_request(text, KB)
    assert result.request is not None and not result.request.unrecognized
    assert [w.kind for w in result.request.wishes if w.kind == "crowds"] == ["crowds"]


@pytest.mark.parametrize(
    "text",
    ["苏州两天，想避开人多的地方", "苏州两天，不想人挤人", "北京三天，不想去人多的地方",
     "Weekend in Suzhou from Shanghai for a couple, we love gardens and tea, avoid crowds"],
)  # fmt: skip
def test_crowds_said_other_ways_are_one_wish_not_a_place(text: str) -> None:
    """「避开人多的地方」 and 「不想人挤人」 were dropped silently; "avoid crowds" gave a second row,
    ✅ "crowds is left out", read as a place refused."""
    result = parse_request(text, KB)
    assert result.request is not None and not result.request.unrecognized
    kinds = [w.kind for w in result.request.wishes if w.kind in ("crowds", "avoid_place")]
    assert kinds == ["crowds"]
    assert not result.request.avoid.places


def test_parse_leaves_other_words_alone() -> None:
    result = parse_request("杭州三天，想去排队也要吃的老字号", KB)
    assert result.request is not None
    assert not [w for w in result.request.wishes if w.kind == "crowds"]


def row(start: dt.date):  # type: ignore[no-untyped-def]
    wish = Wish(kind="crowds", value="crowds", said="不想排队")
    p = plans.plan(destinations=("hangzhou",), days=3, start_date=start, wishes=(wish,))
    assert p.feasibility is not None
    (found,) = [w for w in p.feasibility.wishes if w.kind == "crowds"]
    return found


def test_on_a_holiday_the_crowds_are_said_with_the_reason() -> None:
    found = row(dt.date(2027, 10, 1))
    # the queues cannot be planned away (never ✅); the magnets seen first thing are named
    assert found.status == "partly" and "一早" in found.message, found
    assert "国庆" in found.message and found.reason and "假期" in found.reason


def test_off_the_holidays_the_plan_says_so_and_what_still_queues() -> None:
    found = row(dt.date(2027, 11, 9))
    assert found.status == "partly" and "不在法定假期" in found.message


def test_on_a_holiday_the_crowd_magnets_are_seen_first_thing_and_said() -> None:
    """五一 南京 「想避开人多的地方」 was ❌ with nothing done: 中山陵 at midday, a 3-hour zoo. Each
    holiday day with a free morning now opens with a magnet (popularity 5) soon after it opens,
    the row names them, and no headline sight is lost for it."""
    said = parse_request("五一从上海去南京玩3天，想避开人多的地方", KB, today=dt.date(2026, 12, 3))
    assert said.request is not None
    p = plans.plan_trip(said.request, KB)
    assert p.feasibility is not None
    (found,) = [w for w in p.feasibility.wishes if w.kind == "crowds"]
    assert found.status == "partly" and "五一" in found.message, found
    seen = [i.poi_id for d in p.days for i in d.items if i.poi_id]
    for day in p.days:
        if day.index == 1:
            continue  # the train in: no morning
        first = next(i for i in day.items if i.kind is ItemKind.ATTRACTION)
        place = KB.attraction(first.poi_id or "")
        assert place is not None and place.popularity >= 5, (day.index, first.name)
        assert first.start <= dt.time(9, 30) and first.name in found.message, (first, found)
    assert "nanjing-hongshan-zoo" not in seen
    dest = KB.destinations["nanjing"]
    assert set(dest.headline) <= set(seen), set(dest.headline) - set(seen)


def test_the_holiday_magnet_of_a_short_stay_opens_a_day() -> None:
    """五一 苏州 for two days, crowds refused: 拙政园 (the magnet) was seen late in the day behind
    留园 and 狮子林 at 08:59 and 08:46; it now opens a day, and the row says so."""
    said = parse_request("五一从上海去苏州玩2天，想避开人多的地方", KB, today=dt.date(2026, 12, 3))
    assert said.request is not None
    p = plans.plan_trip(said.request, KB)
    assert p.feasibility is not None
    (found,) = [w for w in p.feasibility.wishes if w.kind == "crowds"]
    firsts = [next(i for i in d.items if i.kind is ItemKind.ATTRACTION) for d in p.days]
    garden = [i for i in firsts if i.poi_id == "suzhou-humble-administrators-garden"]
    assert garden and garden[0].start <= dt.time(9, 30), [(i.name, i.start) for i in firsts]
    assert found.status == "partly" and garden[0].name in found.message, found
