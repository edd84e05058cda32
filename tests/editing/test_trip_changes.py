"""Follow-ups that move the trip or change who travels, read from free words and applied."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import Day, ItemKind, Itinerary
from engine.domain.request import Wish
from engine.editing import ChangeDates, ChangeParty, apply_edit, apply_edits
from engine.editing.draft import Draft
from engine.editing.errors import EditRefused
from engine.editing.timing import time_day
from engine.knowledge.base import KnowledgeBase
from engine.understanding.edits import parse_edits
from tests.editing.conftest import START

TODAY = dt.date(2026, 12, 1)  # a Tuesday


@pytest.mark.parametrize(
    ("said", "start"),
    [
        ("改成3月20日出发", dt.date(2027, 3, 20)),
        ("晚一周出发", START + dt.timedelta(days=7)),
        ("提前两天走", START - dt.timedelta(days=2)),
        ("move the trip to next Friday", dt.date(2026, 12, 11)),
        ("leave a week later", START + dt.timedelta(days=7)),
        ("push the trip back by 3 days", START + dt.timedelta(days=3)),
        ("改成下个月20号出发", dt.date(2027, 1, 20)),
        ("下周五出发", dt.date(2026, 12, 11)),
        ("push it back a week", START + dt.timedelta(days=7)),
        ("晚两天出发", START + dt.timedelta(days=2)),
        ("改到20号出发", dt.date(2026, 12, 20)),
        ("we'll go on the 15th instead", dt.date(2026, 12, 15)),
        # A month without a day keeps the trip's day of the month (issue 14: it went to the 1st).
        ("换到下个月出发", dt.date(2027, 1, START.day)),
        ("move the trip to next month", dt.date(2027, 1, START.day)),
        ("推迟到下下个月", dt.date(2027, 2, START.day)),
        ("下个月初出发", dt.date(2027, 1, 9)),  # early in the month, clear of 元旦 (periods)
    ],
)
def test_dates_said_in_words(
    said: str, start: dt.date, huangshan: Itinerary, kb: KnowledgeBase
) -> None:
    edits, rest = parse_edits(said, huangshan, kb, today=TODAY)
    assert edits == (ChangeDates(start=start),) and rest == (), said


@pytest.mark.parametrize(
    ("said", "party"),
    [  # on 2 adults and 1 child
        ("再加两个孩子", (2, 3, 0)),
        ("我们改成4个人", (3, 1, 0)),  # the child stays; the rest are adults
        ("my wife is coming too", (3, 1, 0)),
        ("我爸妈也去", (2, 1, 2)),
        ("改成3大2小", (3, 2, 0)),
        ("make it 3 adults and 2 kids", (3, 2, 0)),
        ("再加两个人", (4, 1, 0)),
        ("我弟弟也来", (3, 1, 0)),  # a relation said bare: one adult more
        ("my brother is coming too", (3, 1, 0)),
        ("加一个孩子", (2, 2, 0)),
        ("带上我妹妹", (3, 1, 0)),
        ("我表哥和嫂子也一起去", (4, 1, 0)),
        ("my in-laws are joining", (2, 1, 2)),
        ("我们家四口人一起去", (3, 1, 0)),  # the whole party, not four more
        ("我老婆不去了", (1, 1, 0)),  # someone no longer comes
        ("孩子不去了", (2, 0, 0)),
        ("少一个人", (1, 1, 0)),
        ("my wife can't come", (1, 1, 0)),
        ("my sister and her two kids are joining", (3, 3, 0)),
    ],
)
def test_party_said_in_words(
    said: str, party: tuple[int, int, int], huangshan: Itinerary, kb: KnowledgeBase
) -> None:
    family = apply_edit(huangshan, ChangeParty(adults=2, children=1), kb).itinerary
    edits, _rest = parse_edits(said, family, kb, today=TODAY)
    assert len(edits) == 1 and isinstance(edits[0], ChangeParty), (said, edits)
    new = apply_edit(family, edits[0], kb).itinerary.request.party
    assert (new.adults, new.children, new.seniors) == party, said


def test_words_that_are_no_trip_change(huangshan: Itinerary, kb: KnowledgeBase) -> None:
    for said in (
        "第二天早上9点出发",
        "第二天晚一点出发",
        "加上宏村",
        "把宏村换成西递",
        "想吃火锅",
        "宏村不去了",
    ):
        edits, _rest = parse_edits(said, huangshan, kb, today=TODAY)
        assert not any(isinstance(e, ChangeDates | ChangeParty) for e in edits), said
    day = parse_edits("第二天早上9点出发", huangshan, kb, today=TODAY)[0]
    assert [e.op for e in day] == ["day_times"]


def test_a_later_start_and_more_children_change_the_plan(
    huangshan: Itinerary, kb: KnowledgeBase
) -> None:
    edits, _ = parse_edits("晚一周出发，再加两个孩子", huangshan, kb, today=TODAY)
    new = apply_edits(huangshan, edits, kb).itinerary
    assert [d.date for d in new.days] == [d.date + dt.timedelta(days=7) for d in huangshan.days]
    assert new.request.start_date == START + dt.timedelta(days=7)
    party = new.request.party
    assert (party.adults, party.children, party.seniors) == (1, 2, 0)
    fares = [i.cost_cny for d in new.days for i in d.items if i.kind == ItemKind.INTERCITY]
    before = [i.cost_cny for d in huangshan.days for i in d.items if i.kind == ItemKind.INTERCITY]
    assert fares == [f * 2 for f in before]  # an adult fare and two child fares (half each)
    assert new.feasibility is not None and new.feasibility.passed


def test_a_count_given_replaces_only_that_count(huangshan: Itinerary, kb: KnowledgeBase) -> None:
    family = apply_edit(huangshan, ChangeParty(adults=2, children=1), kb).itinerary
    new = apply_edit(family, ChangeParty(children=2), kb).itinerary.request.party
    assert (new.adults, new.children, new.seniors) == (2, 2, 0)  # no adult lost


def test_a_day_an_hour_later(huangshan: Itinerary, kb: KnowledgeBase) -> None:
    from engine.editing import SetDayTimes

    leaves = next(i.start for i in huangshan.days[1].items
                  if i.kind != ItemKind.LODGING and i.meal != "breakfast")  # fmt: skip
    edits, _ = parse_edits("第二天晚一点出发", huangshan, kb, today=TODAY)
    later = dt.time(leaves.hour + 1, leaves.minute)
    assert edits == (SetDayTimes(day=2, start=later),)
    edits, _ = parse_edits("第一天晚一点出发", huangshan, kb, today=TODAY)
    assert edits == ()  # day 1 starts with the train: its start is the train's


def test_a_changed_date_replaces_the_old_date_wish(huangshan: Itinerary, kb: KnowledgeBase) -> None:
    wish = Wish(kind="date", value=huangshan.days[0].date.isoformat(), said="12月初")
    request = huangshan.request.model_copy(update={"wishes": (*huangshan.request.wishes, wish)})
    wished = huangshan.model_copy(update={"request": request})
    later = huangshan.days[0].date + dt.timedelta(days=7)
    moved = apply_edit(wished, ChangeDates(start=later), kb).itinerary
    assert moved.feasibility is not None
    dates = [w for w in moved.feasibility.wishes if w.kind == "date"]
    assert [w.status for w in dates] == ["honoured"], dates
    assert later.isoformat() in dates[0].message, dates
    assert "12月初" not in {w.said for w in dates}  # the old wish is no ❌ row any more


def test_a_party_change_is_judged_on_what_it_changes(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    # The editor counts a day as the planner does (`pace.sightseeing_minutes`: a night view
    # after dinner is an evening outing, 宋城's lunch inside is not sightseeing): every day of
    # the stored plan re-times as it is.
    draft = Draft(hangzhou, kb)
    assert all(time_day(sk, hangzhou.request, kb).day is not None for sk in draft.sketches)
    edits, rest = parse_edits("我老婆和6岁的儿子也一起去", hangzhou, kb, today=TODAY)
    assert rest == () and len(edits) == 1
    result = apply_edits(hangzhou, edits, kb)
    family = result.itinerary
    assert (family.request.party.adults, family.request.party.child_ages) == (2, (6,))
    for before, after in zip(hangzhou.days, family.days, strict=True):
        assert stops(after) == stops(before)  # every day keeps its places
    assert "节奏" not in result.warning_text("zh")  # no fault of its own is laid on the edit
    assert family.feasibility is not None and family.feasibility.passed


def stops(day: Day) -> list[str]:
    return [i.poi_id or "" for i in day.items if i.kind in (ItemKind.ATTRACTION, ItemKind.MEAL)
            and i.meal != "breakfast"]  # fmt: skip


def test_who_is_counted_how_is_said(huangshan: Itinerary, kb: KnowledgeBase) -> None:
    edits, _ = parse_edits("我弟弟也来", huangshan, kb, today=TODAY)
    result = apply_edits(huangshan, edits, kb)
    assert result.itinerary.request.party.adults == 2
    assert "弟弟按1位成人算" in result.summary("zh"), result.summary("zh")
    edits, _ = parse_edits("my parents are joining", huangshan, kb, today=TODAY)
    said = apply_edits(huangshan, edits, kb).summary("en")
    assert "parents counted as 2 seniors" in said and "60" in said, said


def test_someone_the_party_never_counted_changes_nothing(
    huangshan: Itinerary, kb: KnowledgeBase
) -> None:
    for said in ("我老婆不去了", "孩子不去了"):  # one adult travels alone
        edits, _ = parse_edits(said, huangshan, kb, today=TODAY)
        assert len(edits) == 1 and isinstance(edits[0], ChangeParty), said
        with pytest.raises(EditRefused) as refused:
            apply_edit(huangshan, edits[0], kb)
        assert "1位成人" in refused.value.message("zh"), said  # says who travels


def test_children_never_travel_alone(huangshan: Itinerary, kb: KnowledgeBase) -> None:
    family = apply_edit(huangshan, ChangeParty(adults=2, children=1), kb).itinerary
    edits, _ = parse_edits("少两个人", family, kb, today=TODAY)
    with pytest.raises(EditRefused) as refused:
        apply_edits(family, edits, kb)
    assert "单独" in refused.value.message("zh")


def test_a_seniors_age_said_is_kept(huangshan: Itinerary, kb: KnowledgeBase) -> None:
    edits, _ = parse_edits("我70岁的妈妈也去", huangshan, kb, today=TODAY)
    result = apply_edits(huangshan, edits, kb)
    party = result.itinerary.request.party
    assert (party.seniors, party.senior_ages) == (1, (70,))
    assert "60岁" not in result.summary("zh")  # no question when the age was said
