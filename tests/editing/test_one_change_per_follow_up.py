"""One follow-up changes only what it asks, once (issue 14; findings H9, H13, H15): 「第二天轻松
一点，早上别那么早」 plans day 2 again from a later hour and keeps days 1 and 3 exactly; a day's
edit said with a wish for the whole trip is one version with one summary line; a day added
(「加一天去长城」) or a last day taken off (「把最后一天去掉」) leaves every day out with its lunch
and dinner before the way home. Replayed through the offline Agent, as `lvtu revise` takes
them (the chains of bench/followup_chains.json, fu-bj-03 and fu-cd-01)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from engine.agent.agent import Agent
from engine.domain.itinerary import Day, ItemKind, Itinerary, clock_minutes
from engine.domain.request import Pace
from engine.editing.ops import RegenerateDay, SetDayTimes
from engine.knowledge.base import KnowledgeBase
from engine.storage import itineraries
from engine.storage.db import open_database
from engine.understanding.edits import parse_edits

BEIJING = "从上海去北京玩3天，12月5日出发"


def _plan(tmp_path: Path) -> Itinerary:
    return itineraries.load(open_database(tmp_path / "a.db"), 1)


def _notes(tmp_path: Path) -> list[str]:
    """The stored versions' one-line summaries, oldest first."""
    return [note for _n, note, _when in itineraries.versions(open_database(tmp_path / "a.db"), 1)]


def _sets_out(day: Day) -> int:
    """When the day's tour leaves (minutes): its first step after breakfast."""
    return next(clock_minutes(i.start) for i in day.items
                if i.kind != ItemKind.LODGING and i.meal != "breakfast")  # fmt: skip


def _lunch_and_dinner(day: Day) -> set[str]:
    """The meals of the day out that are eaten (at a restaurant, inside a sight, free)."""
    return {i.meal for i in day.items if i.meal in ("lunch", "dinner")}


def _fed(plan: Itinerary) -> None:
    """No day without its lunch or dinner (the validator's ``meals_planned``), and the leg home
    leaves after the last day's meals."""
    report = plan.feasibility
    assert report is not None
    unfed = [c.message for c in report.checks if c.code == "meals_planned" and not c.passed]
    assert not unfed, unfed
    last = plan.days[-1]
    leg = next(k for k, i in enumerate(last.items) if i.kind == ItemKind.INTERCITY)
    assert all(k < leg for k, i in enumerate(last.items) if i.meal in ("lunch", "dinner"))


async def test_a_lighter_later_day_keeps_the_other_days(agent: Agent, tmp_path: Path) -> None:
    await agent.arun(BEIJING)
    before = _plan(tmp_path)
    assert _sets_out(before.days[1]) < 9 * 60 + 30  # a normal day sets out by 08:30
    reply = await agent.arun("第二天轻松一点，早上别那么早")
    after = _plan(tmp_path)
    assert after.version == 2, reply  # one follow-up, one version
    assert [d.items for d in after.days[::2]] == [d.items for d in before.days[::2]]  # 1 and 3
    assert _sets_out(after.days[1]) >= 9 * 60 + 30  # day 2 sets out later, said when
    assert after.request.day_pace.get(2) == Pace.RELAXED
    assert after.request.earliest_start == before.request.earliest_start  # not every day
    assert "09:30出发" in reply, reply
    assert len(_notes(tmp_path)) == 2
    assert "第2天09:30出发" in _notes(tmp_path)[-1]


async def test_a_days_edit_and_a_trip_wish_said_together_are_one_version(
    agent: Agent, tmp_path: Path
) -> None:
    await agent.arun(BEIJING)
    reply = await agent.arun("第二天轻松一点，以后都不想早起")
    after = _plan(tmp_path)
    assert after.version == 2, reply
    notes = _notes(tmp_path)
    assert len(notes) == 2, notes
    assert "不想早起" in notes[-1] and "重新安排第2天" in notes[-1], notes[-1]
    assert after.request.earliest_start == 9 * 60 + 30  # every day from now on
    assert after.request.day_pace.get(2) == Pace.RELAXED
    assert all(_sets_out(d) >= 9 * 60 + 30 for d in after.days[1:]), reply


def test_a_later_morning_said_for_one_day_is_that_days_start(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    def read(text: str) -> tuple[object, ...]:
        return parse_edits(text, hangzhou, kb)

    assert read("第二天睡个懒觉") == ((SetDayTimes(day=2, start=dt.time(9, 30)),), ())
    assert read("第二天轻松一点，早上10点以后再出门") == (
        (RegenerateDay(day=2, pace=Pace.RELAXED, start=dt.time(10, 0)),),
        (),
    )
    assert read("make day 2 lighter and sleep in") == (
        (RegenerateDay(day=2, pace=Pace.RELAXED, start=dt.time(9, 30)),),
        (),
    )
    assert read("sleep in on day 2") == ((SetDayTimes(day=2, start=dt.time(9, 30)),), ())
    edits, rest = read("第二天轻松一点，以后都不想早起")  # every day: the trip's wish
    assert edits == (RegenerateDay(day=2, pace=Pace.RELAXED),) and rest == ("以后都不想早起",)
    edits, rest = read("make day 2 easier and no early mornings from now on")
    assert edits == (RegenerateDay(day=2, pace=Pace.RELAXED),), edits
    assert rest == ("no early mornings from now on",)


async def test_a_day_added_for_a_sight_has_its_lunch(agent: Agent, tmp_path: Path) -> None:
    await agent.arun(BEIJING)
    reply = await agent.arun("加一天去长城")
    plan = _plan(tmp_path)
    assert len(plan.days) == 4, reply
    assert "beijing-badaling" in {i.poi_id for i in plan.days[3].items}
    assert _lunch_and_dinner(plan.days[3]) == {"lunch", "dinner"}, reply
    assert "午饭" in reply, reply  # said where it is eaten
    _fed(plan)


async def test_a_last_day_taken_off_and_added_again_keeps_every_meal(
    agent: Agent, tmp_path: Path
) -> None:
    await agent.arun("带两个孩子（6岁和9岁）从深圳去成都玩4天，12月26日出发")
    await agent.arun("第二天想吃火锅")
    reply = await agent.arun("把最后一天去掉")
    plan = _plan(tmp_path)
    assert len(plan.days) == 3, reply
    assert "lunch" in _lunch_and_dinner(plan.days[2]), reply  # the new last day's lunch kept
    _fed(plan)
    reply = await agent.arun("再加一天")
    plan = _plan(tmp_path)
    assert len(plan.days) == 4, reply
    assert all(_lunch_and_dinner(d) == {"lunch", "dinner"} for d in plan.days[1:3]), reply
    assert "lunch" in _lunch_and_dinner(plan.days[3]), reply
    _fed(plan)
