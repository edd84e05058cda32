"""「从南昌去景德镇玩2天，想自己动手做陶瓷」: making pottery is an activity a sight offers (拉坯、画坯),
planned and answered — never 「没看懂」 (tester finding F8)."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind
from engine.knowledge.base import load_curated
from engine.planning import plan_trip
from engine.understanding import parse_request

KB = load_curated()
TODAY = dt.date(2026, 12, 2)


def test_making_pottery_is_planned_at_a_workshop_that_offers_it() -> None:
    parsed = parse_request("从南昌去景德镇玩2天，想自己动手做陶瓷", KB, today=TODAY)
    assert parsed.request is not None and not parsed.request.unrecognized
    (poi,) = parsed.request.must_see
    place = KB.attraction(poi)
    assert place is not None and "拉坯" in place.description_zh
    plan = plan_trip(parsed.request, KB, today=TODAY)
    assert any(i.poi_id == poi for d in plan.days for i in d.items if i.kind is ItemKind.ATTRACTION)
    assert plan.feasibility is not None
    (row,) = [w for w in plan.feasibility.wishes if w.value == poi]
    assert row.status == "honoured" and "做陶瓷" in (row.said or "")
