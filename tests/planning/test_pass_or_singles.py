"""A park's pass or each site's own ticket, whichever the trip pays less for (issue 13).

神农架 sells a six-area pass (269 CNY, five days, on 神农顶's record) and each area alone
(神农顶 130 from May to October, 112 from November to April: `Attraction.single_cny`). A day
at 神农顶 alone used to cost the whole pass; it costs its single ticket now. A trip that also
visits an area whose single price is not known keeps the pass.
"""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Avoid, Party, TripRequest
from engine.guide.tickets import tickets_section
from engine.knowledge.base import KnowledgeBase, load_curated
from engine.planning import plan_trip
from engine.planning.validator import validate

TOP = "shennongjia-shennongding"
LAKE = "shennongjia-dajiuhu"
TWO = Party(adults=2)


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return load_curated()


def _plan(kb: KnowledgeBase, keep: set[str], start: dt.date, days: int = 1) -> Itinerary:
    others = tuple(a.id for a in kb.destinations["shennongjia"].attractions if a.id not in keep)
    request = TripRequest(destinations=("shennongjia",), days=days, start_date=start, party=TWO,
                          must_see=tuple(sorted(keep)), avoid=Avoid(places=others))  # fmt: skip
    return plan_trip(request, kb, time_limit_s=0.5)


def _visit(it: Itinerary, poi_id: str):
    return next(i for d in it.days for i in d.items
                if i.kind is ItemKind.ATTRACTION and i.poi_id == poi_id)  # fmt: skip


@pytest.mark.parametrize(("start", "single"), [(dt.date(2026, 12, 10), 112),
                                               (dt.date(2027, 7, 10), 130)])  # fmt: skip
def test_one_area_alone_costs_its_single_ticket(
    kb: KnowledgeBase, start: dt.date, single: int
) -> None:
    top = kb.attraction(TOP)
    assert top is not None
    it = _plan(kb, {TOP}, start)
    item = _visit(it, TOP)
    lunch = (top.meal_inside_cny or 0) if item.meal == "lunch" else 0
    assert item.cost_cny == pytest.approx(2 * (single + top.transport_inside_cny + lunch))
    assert "单买门票：" in (item.note or "") and f"{single}元" in (item.note or ""), item.note
    assert next(c for c in validate(it, kb).checks if c.code == "costs").passed
    assert "单买门票" in tickets_section(it, kb, zh=True)


def test_an_area_without_a_single_price_keeps_the_pass(kb: KnowledgeBase) -> None:
    it = _plan(kb, {TOP, LAKE}, dt.date(2027, 7, 10), days=2)
    notes = " ".join(_visit(it, p).note or "" for p in (TOP, LAKE))
    assert "套票" in notes and "单买" not in notes, notes
    assert next(c for c in validate(it, kb).checks if c.code == "costs").passed


# 婺源: a regional pass (婺源旅游通票, 210 CNY for 5 days, on 江湾's record) beside each village's
# own ticket (`Attraction.on_pass`). Seven villages bought singly cost 410 a head while every
# ticket row said the pass covers them.
PASS = "wuyuan-jiangwan"
VILLAGES = ("wuyuan-likeng", "wuyuan-wangkou", "wuyuan-xiaoqi", "wuyuan-jiangling")


def _wuyuan(kb: KnowledgeBase, keep: set[str], days: int) -> Itinerary:
    others = tuple(a.id for a in kb.destinations["wuyuan"].attractions if a.id not in keep)
    request = TripRequest(destinations=("wuyuan",), days=days, start_date=dt.date(2027, 3, 27),
                          party=TWO, must_see=tuple(sorted(keep)),
                          avoid=Avoid(places=others))  # fmt: skip
    return plan_trip(request, kb, time_limit_s=0.5)


def test_villages_enough_for_the_pass_buy_it_once(kb: KnowledgeBase) -> None:
    it = _wuyuan(kb, {PASS, *VILLAGES}, days=2)
    visits = [_visit(it, p) for p in (PASS, *VILLAGES)]
    notes = [v.note or "" for v in visits]
    assert sum("在此购票" in n and "210元" in n for n in notes) == 1, notes
    assert sum("本行程已购" in n for n in notes) == len(visits) - 1, notes
    assert sum(v.cost_cny or 0 for v in visits) == pytest.approx(2 * 210)
    assert next(c for c in validate(it, kb).checks if c.code == "costs").passed


def test_one_village_costs_its_own_ticket(kb: KnowledgeBase) -> None:
    it = _wuyuan(kb, {"wuyuan-likeng"}, days=1)
    item = _visit(it, "wuyuan-likeng")
    assert "单买门票：" in (item.note or "") and "55元" in (item.note or ""), item.note
    assert (item.cost_cny or 0) == pytest.approx(2 * 55)
