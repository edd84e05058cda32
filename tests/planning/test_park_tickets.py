"""A sight inside a paid park costs the park's ticket, once a trip (issue 13).

百岁宫 and 甘露寺 sell no ticket of their own: each is entered on the 九华山 ticket, which the
record 九华街 carries (`Attraction.inside`). A plan that visits only 百岁宫 used to cost nothing
for it; a plan with several sights inside must not charge the ticket once per sight.
"""

from __future__ import annotations

import datetime as dt

import pytest

from engine.agent import model_guide
from engine.domain.itinerary import Item, ItemKind, Itinerary
from engine.domain.request import Avoid, Party, TripRequest
from engine.editing import RemoveStop, apply_edit
from engine.guide.tickets import tickets_section
from engine.knowledge.base import KnowledgeBase, load_curated
from engine.knowledge.prices import party_price
from engine.planning import plan_trip
from engine.planning.park_tickets import settle
from engine.planning.validator import validate

PARK = "jiuhuashan-jiuhua-street"
BAISUI = "jiuhuashan-baisui-palace"
GANLU = "jiuhuashan-ganlu-temple"
MINYUAN = "jiuhuashan-minyuan"
MAY_8 = dt.date(2027, 5, 8)  # peak season: 160 CNY
#: Two adults, a 70-year-old (65+ free) and a 10-year-old (6–18 half).
PARTY = Party(adults=2, seniors=1, children=1, senior_ages=(70,), child_ages=(10,))


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return load_curated()


def _plan(kb: KnowledgeBase, days: int, keep: set[str], budget: int | None = None) -> Itinerary:
    """A 九华山 plan with every sight of the destination declined but `keep` (must-sees)."""
    others = tuple(a.id for a in kb.destinations["jiuhuashan"].attractions if a.id not in keep)
    request = TripRequest(
        destinations=("jiuhuashan",),
        days=days,
        start_date=MAY_8,
        party=PARTY,
        must_see=tuple(sorted(keep)),
        avoid=Avoid(places=others),
        budget_cny=budget,
    )
    return plan_trip(request, kb, time_limit_s=0.5)


def _visits(it: Itinerary) -> dict[str, tuple[dt.date, Item]]:
    return {
        i.poi_id: (d.date, i)
        for d in it.days
        for i in d.items
        if i.kind is ItemKind.ATTRACTION and i.poi_id
    }


def _costs_pass(it: Itinerary) -> bool:
    assert it.feasibility is not None
    return next(c for c in it.feasibility.checks if c.code == "costs").passed


def test_a_plan_with_only_a_sight_inside_pays_the_park_ticket_per_person(
    kb: KnowledgeBase,
) -> None:
    it = _plan(kb, 1, {BAISUI})
    visits = _visits(it)
    assert set(visits) == {BAISUI}
    date, item = visits[BAISUI]
    ticket = party_price(kb.attraction(PARK), date, PARTY).total  # type: ignore[arg-type]
    assert ticket == 2 * 160 + 0 + 80  # the senior free, the child half
    assert item.cost_cny == ticket
    assert "凭九华山门票，在此购票：旺季票价160元" in (item.note or "")
    assert _costs_pass(it)
    assert it.total_cost_cny >= ticket
    guide = tickets_section(it, kb, zh=True)
    assert "| 百岁宫 | 凭九华山门票，在此购票：5月8日：旺季票价160元" in guide


def test_two_sights_inside_pay_the_ticket_once(kb: KnowledgeBase) -> None:
    it = _plan(kb, 1, {BAISUI, GANLU})
    visits = _visits(it)
    assert set(visits) == {BAISUI, GANLU}
    (first_date, first), (_, second) = sorted(visits.values(), key=lambda v: v[1].start)
    ticket = party_price(kb.attraction(PARK), first_date, PARTY).total  # type: ignore[arg-type]
    assert first.cost_cny == ticket and "在此购票" in (first.note or "")
    assert second.cost_cny == 0 and "凭九华山门票（本行程已购）" in (second.note or "")
    assert _costs_pass(it)


def test_the_park_record_after_a_sight_inside_does_not_charge_again(kb: KnowledgeBase) -> None:
    it = _plan(kb, 2, {BAISUI, GANLU, PARK})
    visits = _visits(it)
    assert set(visits) == {BAISUI, GANLU, PARK}
    park = kb.attraction(PARK)
    assert park is not None
    ordered = [visits[k] for k in sorted(visits, key=lambda k: (visits[k][0], visits[k][1].start))]
    tickets = [
        i.cost_cny - park.transport_inside_cny * PARTY.size * (i.poi_id == PARK) for _, i in ordered
    ]
    # Only the first visit buys; the park's own visit keeps its shuttle (up to a summit night's
    # share), never the ticket again.
    bought = party_price(park, ordered[0][0], PARTY).total
    assert tickets[0] in (bought, bought - park.transport_inside_cny * PARTY.size / 2)
    assert sum(i.cost_cny for _, i in ordered) < 2 * bought
    assert _costs_pass(it)


def test_removing_the_visit_that_bought_moves_the_ticket(kb: KnowledgeBase) -> None:
    it = _plan(kb, 1, {BAISUI, GANLU, MINYUAN})
    assert len(_visits(it)) == 3
    first, *rest = sorted((i for _, i in _visits(it).values()), key=lambda i: i.start)
    edited = apply_edit(it, RemoveStop(stop=first.poi_id or ""), kb).itinerary
    left = sorted((i for _, i in _visits(edited).values()), key=lambda i: i.start)
    assert [i.poi_id for i in left] == [i.poi_id for i in rest]
    assert left[0].cost_cny == first.cost_cny and "在此购票" in (left[0].note or "")
    assert left[1].cost_cny == 0 and "本行程已购" in (left[1].note or "")
    assert _costs_pass(edited)


def test_a_wrong_park_charge_is_caught_by_the_validator(kb: KnowledgeBase) -> None:
    it = _plan(kb, 1, {BAISUI, GANLU})
    # Charging the ticket on both visits (the old per-sight costing) fails the cost check …
    ticket = max(i.cost_cny for _, i in _visits(it).values())
    days = tuple(
        d.model_copy(
            update={
                "items": tuple(
                    i.model_copy(update={"cost_cny": ticket})
                    if i.kind is ItemKind.ATTRACTION
                    else i
                    for i in d.items
                )
            }
        )
        for d in it.days
    )
    doubled = it.model_copy(update={"days": days})
    assert not next(c for c in validate(doubled, kb).checks if c.code == "costs").passed
    # … and settling puts it right.
    assert next(c for c in validate(settle(doubled, kb), kb).checks if c.code == "costs").passed


def test_the_models_facts_say_the_park_ticket_not_free(kb: KnowledgeBase) -> None:
    it = _plan(kb, 1, {BAISUI})
    facts = model_guide.messages(it, kb, budget_tokens=4000)[1]["content"]
    line = next(x for x in facts.splitlines() if x.startswith("- 百岁宫："))
    assert "门票凭九华山门票（¥160，全程买一次）" in line and "免费" not in line


def test_the_budget_check_counts_the_park_ticket(kb: KnowledgeBase) -> None:
    """Four people, 百岁宫 only, a budget that the day's food and legs fit but the 400 CNY of
    park tickets do not: the plan is flagged over budget (it passed when 百岁宫 was free)."""
    free = _plan(kb, 1, {BAISUI})
    spent = free.total_cost_cny - _visits(free)[BAISUI][1].cost_cny  # food, legs
    it = _plan(kb, 1, {BAISUI}, budget=int(spent + 200))
    assert BAISUI in _visits(it)
    assert it.total_cost_cny > spent + 200
    assert it.feasibility is not None
    budget = next(c for c in it.feasibility.checks if c.code == "budget")
    assert not budget.passed and f"预计花费{it.total_cost_cny:.0f}元" in budget.message


def test_the_visit_that_buys_the_park_ticket_carries_its_booking(kb: KnowledgeBase) -> None:
    """Where the park's ticket must be booked ahead, the sight inside that buys it says so in
    the timeline and the guide, and is warned about inside the lead time."""
    destination = kb.destinations["jiuhuashan"]
    booked = KnowledgeBase()
    for d in kb.destinations.values():
        booked.add(d)
    park = next(a for a in destination.attractions if a.id == PARK)
    park = park.model_copy(update={"reservation": "required", "reservation_lead_days": 3})
    others = tuple(a for a in destination.attractions if a.id != PARK)
    booked.add(destination.model_copy(update={"attractions": (park, *others)}))
    it = _plan(booked, 1, {BAISUI})
    _, item = _visits(it)[BAISUI]
    assert "凭九华山门票，在此购票：旺季票价160元" in (item.note or "")
    assert "（至少提前3天预约）" in (item.note or "")
    soon = it.model_copy(update={"created_at": dt.datetime(2027, 5, 7, 4, tzinfo=dt.UTC)})
    guide = tickets_section(soon, booked, zh=True)
    assert "| 百岁宫 |" in guide and "至少提前3天预约" in guide
    assert "⚠️ 九华街（化城寺·肉身宝殿·祇园寺）需至少提前3天预约" in guide
    lead = next(c for c in validate(soon, booked).checks if c.code == "booking_lead")
    assert not lead.passed
