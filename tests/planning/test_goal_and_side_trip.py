"""The goal of a trip is planned beside a place added along the way (issue 12, finding H1):
「从上海去爬泰山，两天，顺便去曲阜」 gave 曲阜 a day and 泰山 none — the train in at 11:15 left
no six hours on the mountain before dark, yet that day was given to the whole mountain, so no
visit of it was left at all (not even its main part) and 「泰山」 was answered ❌."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind
from engine.knowledge.base import KnowledgeBase, default_knowledge
from engine.planning import plan_trip
from engine.understanding import read_request

TODAY = dt.date(2026, 12, 1)


def test_the_mountain_said_as_the_goal_is_climbed_beside_the_side_trip() -> None:
    kb: KnowledgeBase = default_knowledge()
    request = read_request("从上海去爬泰山，两天，顺便去曲阜", kb, today=TODAY).request
    assert request is not None
    plan = plan_trip(request, kb, today=TODAY)
    sights = [[i.poi_id for i in day.items if i.kind == ItemKind.ATTRACTION] for day in plan.days]
    assert "taishan-mount-tai" in sights[0], sights  # the afternoon of the day it arrives
    assert any(kb.destination_of(p or "").id == "qufu" for p in sights[1]), sights
    rows = {w.said: w for w in plan.feasibility.wishes} if plan.feasibility else {}
    assert rows["泰山"].status == "honoured", rows["泰山"]
