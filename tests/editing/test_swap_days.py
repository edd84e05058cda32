"""Two days traded (issue 14): 「把第三天和第四天换一下」 was 「这个我还做不到」. The days trade
their sights and the meals near them, keep their dates, legs and lodging, and are re-timed on
their new dates — or the swap is refused with the reason (a museum closed on the new day)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing import apply_edit
from engine.editing.errors import EditRefused
from engine.editing.ops import SwapDays
from engine.planning.validator import validate
from engine.understanding.edits import parse_edits
from tests.helpers.plans import KB, SATURDAY, plan


def _chengdu() -> Itinerary:
    return plan(destinations=("chengdu",), days=4, departure=None)


def _sights(it: Itinerary, day: int) -> list[str]:
    return [i.poi_id or "" for i in it.days[day - 1].items if i.kind == ItemKind.ATTRACTION]


@pytest.mark.parametrize(
    ("said", "a", "b"),
    [
        ("把第三天和第四天换一下", 3, 4),
        ("第1天跟第2天对调", 1, 2),
        ("第二天的安排和第三天互换", 2, 3),
        ("swap days 1 and 2", 1, 2),
        ("switch day 3 with day 4, thanks", 3, 4),
    ],
)
def test_a_swap_said_in_words_is_read(said: str, a: int, b: int) -> None:
    edits, rest = parse_edits(said, _chengdu(), KB, today=SATURDAY)
    assert edits == (SwapDays(a=a, b=b),), (edits, rest)


@pytest.mark.parametrize("said", ["第二天换个地方吃午饭", "第二天和第三天都轻松一点"])
def test_other_follow_ups_are_no_swap(said: str) -> None:
    edits, _ = parse_edits(said, _chengdu(), KB, today=SATURDAY)
    assert not [e for e in edits if isinstance(e, SwapDays)], edits


def test_two_days_trade_their_sights_and_keep_their_dates_and_meals() -> None:
    it = _chengdu()
    one, two = _sights(it, 1), _sights(it, 2)
    assert one and two and set(one) != set(two)
    done = apply_edit(it, SwapDays(a=1, b=2), KB)
    new = done.itinerary
    assert set(_sights(new, 1)) == set(two) and set(_sights(new, 2)) == set(one)
    assert [d.date for d in new.days] == [d.date for d in it.days]
    assert new.days[2:] == it.days[2:]  # the other days are kept as they were
    for day in new.days[:2]:
        meals = {i.meal for i in day.items if i.kind == ItemKind.MEAL or i.meal}
        assert {"lunch", "dinner"} <= meals, (day.index, [i.name for i in day.items])
    assert any("对调" in zh for zh, _ in done.notes)


def test_a_swap_that_puts_a_museum_on_its_closing_day_is_refused_with_why() -> None:
    """故宫 is closed on Mondays: a Beijing day with it cannot trade places with a Monday."""
    it = plan(destinations=("beijing",), days=4, must_see=("beijing-forbidden-city",))
    palace = next(d.index for d in it.days if "beijing-forbidden-city" in _sights(it, d.index))
    monday = next(d.index for d in it.days if d.date.weekday() == 0)
    assert palace != monday
    with pytest.raises(EditRefused) as refused:
        apply_edit(it, SwapDays(a=palace, b=monday), KB)
    assert "不开放" in refused.value.zh, refused.value.zh


def test_a_day_past_the_trip_is_refused_with_the_range() -> None:
    with pytest.raises(EditRefused) as refused:
        apply_edit(_chengdu(), SwapDays(a=3, b=7), KB)
    assert "4天" in refused.value.zh, refused.value.zh


#: A 5-day 三亚 plan (上海 → 三亚 from 2026-12-05, one adult) as the planner made it, stored:
#: day 5 (the flight home at 19:00) starts at 08:00 with 天涯海角 then 南山 (which must start by
#: 13:00); day 4 set out at 09:29.
SANYA = Path(__file__).parent / "data" / "sanya-5-days.json"


def test_a_swap_sets_out_earlier_and_reorders_before_refusing() -> None:
    """「第四天跟第五天对调」 was refused (「按这个顺序南山文化旅游区要到13:03才能开始，最晚要在13:00
    开始」): day 4 kept its 09:29 start. The swapped day sets out as early as the stops' own day
    did (said), and each day keeps its lunch and dinner."""
    it = Itinerary.model_validate_json(SANYA.read_text(encoding="utf-8"))
    four, five = _sights(it, 4), _sights(it, 5)
    assert five == ["sanya-tianya-haijiao", "sanya-nanshan"], five
    done = apply_edit(it, SwapDays(a=4, b=5), KB)
    new = done.itinerary
    assert set(_sights(new, 4)) == set(five) and set(_sights(new, 5)) == set(four)
    for day in new.days[3:5]:
        meals = {i.meal for i in day.items if i.kind == ItemKind.MEAL}
        assert {"lunch", "dinner"} <= meals, (day.index, [i.name for i in day.items])
    nanshan = next(i for i in new.days[3].items if i.poi_id == "sanya-nanshan")
    assert nanshan.start is not None and nanshan.start <= dt.time(13, 0), nanshan.start
    assert any("第4天早一点出发" in zh for zh, _ in done.notes), done.notes
    assert validate(new, KB).passed


#: 「去三亚玩五天」 as `lvtu plan` made it (12月5日 from 上海): day 2 亚龙湾海滩, 免税城, 鹿回头; day 3
#: 天涯海角 and 南山 with lunch at 南山景区素斋.
SANYA_CLI = Path(__file__).parent / "data" / "sanya-5-days-cli.json"


def test_a_swap_keeps_lunch_and_dinner_on_both_days() -> None:
    """「第二天跟第三天对调」 traded the days in their own order and left day 2 without lunch and
    day 3 without dinner (said only as a warning); another order, set out earlier if need be,
    feeds both."""
    it = Itinerary.model_validate_json(SANYA_CLI.read_text(encoding="utf-8"))
    done = apply_edit(it, SwapDays(a=2, b=3), KB)
    new = done.itinerary
    assert set(_sights(new, 2)) == set(_sights(it, 3))
    assert set(_sights(new, 3)) == set(_sights(it, 2))
    for day in new.days[1:3]:
        meals = {i.meal for i in day.items if i.kind == ItemKind.MEAL}
        assert {"lunch", "dinner"} <= meals, (day.index, [i.name for i in day.items])
    assert not [zh for zh, _ in done.warnings if "没有安排" in zh], done.warnings
    assert validate(new, KB).passed
