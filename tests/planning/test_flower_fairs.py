"""「四月中旬从郑州去洛阳看牡丹」: 看牡丹 is the wish, answered with the peony gardens, and the parks
that charge only in the 牡丹文化节 cost their festival price on its dates (tester finding F1)."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind
from engine.knowledge.base import load_curated
from engine.knowledge.prices import adult_price
from engine.planning import plan_trip
from engine.understanding import parse_request

KB = load_curated()
TODAY = dt.date(2026, 12, 2)
PEONY_PARKS = {"luoyang-wangcheng-park", "luoyang-guohuayuan"}


def test_the_peony_parks_charge_during_the_festival_only() -> None:
    for poi in PEONY_PARKS:
        park = KB.attraction(poi)
        assert park is not None
        assert adult_price(park, dt.date(2027, 4, 18)) == 30
        assert adult_price(park, dt.date(2027, 7, 18)) == 0


def test_seeing_peonies_in_april_plans_a_peony_park_at_the_festival_price() -> None:
    parsed = parse_request("四月中旬从郑州去洛阳看牡丹，玩3天，两个人", KB, today=TODAY)
    assert parsed.request is not None and "flowers" in parsed.request.interests
    plan = plan_trip(parsed.request, KB, today=TODAY)
    visits = [
        i
        for d in plan.days
        for i in d.items
        if i.kind is ItemKind.ATTRACTION and i.poi_id in PEONY_PARKS
    ]
    assert visits, "no peony garden on a trip made to see the peonies"
    assert all(v.cost_cny == 60 and "牡丹文化节" in v.note for v in visits)  # 30 × 2 people
    assert plan.feasibility is not None
    (row,) = [w for w in plan.feasibility.wishes if w.said == "看牡丹"]
    assert row.status == "honoured" and visits[0].name in row.message
