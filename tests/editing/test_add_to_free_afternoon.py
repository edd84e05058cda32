"""A place asked for an afternoon the plan itself shows free (issue 14, a fresh user's test):
「第一天下午去虎丘」 on a 苏州 plan for parents of 70 whose day 1 says 「13:46–17:02 …体力允许可以
去虎丘」 was refused as 「第1天…已经排满」: the day's evening on 平江路, back at 20:42 as the
planner made it, passed the editor's 20:30 for a relaxed pace — a return the edit did not cause.
The plan is the one `lvtu plan` made (stored in data/, made 2026-12-03 with the planner's time
budget: the tests' fixed iteration count plans that evening differently)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing import apply_edit
from engine.editing.ops import AddPlace
from engine.knowledge.base import KnowledgeBase

PLAN = Path(__file__).parent / "data" / "suzhou-seniors-2-days.json"


def test_a_sight_asked_for_a_free_afternoon_is_added(kb: KnowledgeBase) -> None:
    it = Itinerary.model_validate_json(PLAN.read_text(encoding="utf-8"))
    day1 = it.days[0].items
    lodging = next(i for i in day1 if i.kind == ItemKind.LODGING)
    assert lodging.start > dt.time(20, 30)  # the premise: back later than the pace's day end
    assert any(i.kind == ItemKind.FREE and i.minutes >= 150 for i in day1)
    done = apply_edit(it, AddPlace(place="suzhou-tiger-hill", day=1), kb)
    hill = [i for i in done.itinerary.days[0].items if i.poi_id == "suzhou-tiger-hill"]
    assert hill and hill[0].start >= dt.time(12, 0), hill
    back = next(i for i in done.itinerary.days[0].items if i.kind == ItemKind.LODGING)
    assert back.start <= lodging.start  # no later than the day already came back
    assert done.itinerary.days[1] == it.days[1]
