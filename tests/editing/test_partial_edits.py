"""Several changes said at once: those that can be done are made, the one that cannot is said
with its reason (it refused them all: 「去掉六和塔，把宋城挪到第二天」 changed nothing)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from engine.agent.agent import Agent
from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing import EditRefused, MoveStop, RemoveStop, SetStopTime, apply_edits
from engine.knowledge.base import KnowledgeBase
from engine.storage import itineraries
from engine.storage.db import open_database
from tests.editing.conftest import stops

SONGCHENG, YUE_FEI = "hangzhou-songcheng", "hangzhou-yue-fei-temple"


def test_the_changes_that_fit_are_made_and_the_other_is_said(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    edits = [RemoveStop(stop=YUE_FEI), SetStopTime(stop=SONGCHENG, start=dt.time(7, 0))]
    with pytest.raises(EditRefused):  # as one change, all or nothing (the editor's own use)
        apply_edits(hangzhou, edits, kb)
    result = apply_edits(hangzhou, edits, kb, partial=True)
    new = result.itinerary
    assert YUE_FEI not in stops(new, 1)  # made
    songcheng = next(i for i in new.days[0].items if i.poi_id == SONGCHENG)
    assert songcheng.start != dt.time(7, 0)  # not made …
    warned = " ".join(zh for zh, _ in result.warnings)
    assert "没有做「调整宋城的时间」" in warned and "10:00–21:00" in warned, warned  # … said why
    assert "not done (retime Songcheng" in " ".join(en for _, en in result.warnings)
    assert new.feasibility is not None and new.feasibility.passed


def test_none_made_when_none_can_be(hangzhou: Itinerary, kb: KnowledgeBase) -> None:
    edits = [MoveStop(stop=SONGCHENG, day=2), RemoveStop(stop="beijing-forbidden-city")]
    with pytest.raises(EditRefused):
        apply_edits(hangzhou, edits, kb, partial=True)


async def test_a_follow_up_makes_the_changes_it_can(agent: Agent, tmp_path: Path) -> None:
    await agent.arun("杭州玩4天，12月5日出发")
    db = open_database(tmp_path / "a.db")
    first = itineraries.load(db, 1)
    sights = [
        (day.index, item)
        for day in first.days
        for item in day.items
        if item.kind is ItemKind.ATTRACTION and item.poi_id != SONGCHENG
    ]
    at = next(d for d in range(1, len(first.days) + 1) if SONGCHENG in stops(first, d))
    day, gone = sights[0]
    # one change that can be made, one that cannot (宋城 opens at 10:00)
    reply = await agent.arun(f"去掉{gone.name}，宋城改到早上7点")
    new = itineraries.load(db, 1)
    assert reply.startswith("已修改（第2版）"), reply
    assert gone.poi_id not in stops(new, day)
    assert "没有做「调整宋城的时间」" in reply and "10:00–21:00" in reply, reply
    assert SONGCHENG in stops(new, at)
