"""A plan costs what its visits cost on their dates, for each person; closures by date."""

from __future__ import annotations

import datetime as dt
from typing import Any

from engine.domain.itinerary import Item, ItemKind, Itinerary
from engine.domain.request import Party, TripRequest
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.prices import party_price
from engine.knowledge.schema import Closure
from engine.planning import plan_trip
from engine.planning.validator import validate
from tests.helpers.dated_kb import INSIDE_CNY, kb_with, mountain

DEC_12 = dt.date(2026, 12, 12)  # a Saturday in the off season
JUL_11 = dt.date(2026, 7, 11)  # a Saturday in the peak season


def plan(kb: KnowledgeBase, start: dt.date, party: Party | None = None, **kw: Any) -> Itinerary:
    request = TripRequest(
        destinations=("beta",),
        departure="alpha",
        days=2,
        start_date=start,
        party=party or Party(adults=2),
        must_see=kw.pop("must_see", ("beta-mountain",)),
        **kw,
    )
    return plan_trip(request, kb, time_limit_s=0.3)


def visit(it: Itinerary, poi_id: str) -> tuple[dt.date, Item] | None:
    return next(
        ((d.date, i) for d in it.days for i in d.items
         if i.kind is ItemKind.ATTRACTION and i.poi_id == poi_id),
        None,
    )  # fmt: skip


def test_an_off_season_visit_charges_the_off_season_price_per_adult() -> None:
    sight = mountain()
    winter = plan(kb_with(sight), DEC_12)
    _, item = visit(winter, sight.id) or (None, None)
    assert item is not None
    assert item.cost_cny == 2 * 150 + 2 * INSIDE_CNY
    assert "淡季票价150元（12月1日–2月底）" in (item.note or "")
    summer = plan(kb_with(sight), JUL_11)
    _, item = visit(summer, sight.id) or (None, None)
    assert item is not None and item.cost_cny == 2 * 190 + 2 * INSIDE_CNY
    assert "旺季票价190元（3月1日–11月30日）" in (item.note or "")
    assert winter.feasibility is not None and winter.feasibility.passed, winter.feasibility


def test_children_and_seniors_pay_their_concession() -> None:
    sight = mountain()
    kb = kb_with(sight)
    party = Party(adults=2, children=2, seniors=1, child_ages=(10, 4), senior_ages=(66,))
    it = plan(kb, DEC_12, party)
    _, item = visit(it, sight.id) or (None, None)
    assert item is not None
    # 2 adults × 150, a 10-year-old half (75), a 4-year-old free, a 66-year-old free (65+)
    assert item.cost_cny == 2 * 150 + 75 + 0 + 0 + 5 * INSIDE_CNY
    assert "儿童（6–18岁）半价" in (item.note or "") and "65岁以上" in (item.note or "")
    assert it.feasibility is not None
    assert it.feasibility.passed, it.feasibility.failures


def _costs_check(it: Itinerary, kb: KnowledgeBase) -> bool:
    report = validate(it, kb)
    return next(c for c in report.checks if c.code == "costs").passed


def test_the_validator_cost_check_agrees_with_party_price() -> None:
    sight = mountain()
    kb = kb_with(sight)
    party = Party(adults=1, children=1, seniors=1, child_ages=(10,))
    it = plan(kb, DEC_12, party)
    found = visit(it, sight.id)
    assert found is not None
    date, item = found
    assert item.cost_cny == party_price(sight, date, party).total + 3 * INSIDE_CNY
    assert _costs_check(it, kb)
    # The cost at the flat ticket × people (no season, no concession) is caught.
    flat = (sight.ticket_cny + INSIDE_CNY) * party.size
    day = next(d for d in it.days if d.date == date)
    items = tuple(i.model_copy(update={"cost_cny": flat}) if i is item else i for i in day.items)
    days = tuple(d.model_copy(update={"items": items}) if d is day else d for d in it.days)
    assert not _costs_check(it.model_copy(update={"days": days}), kb)


def test_a_yearly_closure_removes_the_sight_on_dates_inside_it_only() -> None:
    hall = mountain(
        id="beta-memorial",
        name_zh="纪念馆",
        name_en="Memorial Hall",
        seasons=(),
        concessions=(),
        ticket_cny=0,
        transport_inside_cny=0,
        closures=(Closure(start="12-01", end="12-06"),),
    )
    kb = kb_with(hall)
    inside = plan(kb, dt.date(2026, 12, 5), must_see=(hall.id,))
    assert visit(inside, hall.id) is None
    must = next(c for c in inside.feasibility.checks if c.code == "must_see")  # type: ignore[union-attr]
    assert not must.passed and "每年12月1日–12月6日闭馆" in must.message
    outside = plan(kb, DEC_12, must_see=(hall.id,))
    assert visit(outside, hall.id) is not None


def test_a_part_closure_is_a_note_on_that_dates_visit() -> None:
    part = Closure(start="12-01", end="02-28", part_zh="西海大峡谷", part_en="West Sea Canyon")
    sight = mountain(closures=(part,))
    winter = visit(plan(kb_with(sight), DEC_12), sight.id)
    summer = visit(plan(kb_with(sight), JUL_11), sight.id)
    assert winter is not None and summer is not None
    assert "西海大峡谷每年12月1日–2月底关闭" in (winter[1].note or "")
    assert "西海大峡谷" not in (summer[1].note or "")


def test_a_visit_inside_the_booking_lead_time_is_warned_about() -> None:
    sight = mountain(reservation="required", reservation_lead_days=7)
    kb = kb_with(sight)
    it = plan(kb, DEC_12)
    date, _ = visit(it, sight.id) or (None, None)
    assert date is not None

    def booking(made: dt.date) -> Any:
        at = dt.datetime.combine(made, dt.time(12), tzinfo=dt.UTC)
        report = validate(it.model_copy(update={"created_at": at}), kb)
        return next(c for c in report.checks if c.code == "booking_lead"), report

    late, report = booking(date - dt.timedelta(days=3))
    assert not late.passed and late.severity == "warning" and report.passed
    assert "黄山风景区需至少提前7天预约" in late.message
    early, _ = booking(date - dt.timedelta(days=10))
    assert early.passed
