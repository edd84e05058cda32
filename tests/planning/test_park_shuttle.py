"""A park's compulsory shuttle is bought with its ticket, once (issue 13).

武当山's 景区观光车 and 九寨沟's 观光车 must be bought with the entry ticket (`Attraction.shuttle`
on the park's record). A trip that visits only 紫霄宫 (inside 武当山) pays the entry, the bus and
the palace's own 15; a trip with several sights inside pays the bus once, with the ticket; the
bus costs its low-season fare in winter (九寨沟: 80 from 16 November) and its own concessions
(武当山's bus: half for a child under 1.4 m and from 70). Economy mode weighs a
sight inside a park by the park's ticket unless the park itself is kept (紫霄宫 is not a 15 CNY
sight to someone who has not bought the 武当山 ticket).
"""

from __future__ import annotations

import datetime as dt

import pytest

from engine.agent import model_guide
from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Avoid, Party, TripRequest
from engine.guide.tickets import tickets_section
from engine.knowledge.base import KnowledgeBase, load_curated
from engine.knowledge.prices import entry_price, park_of, party_shuttle_fare, visit_tickets
from engine.knowledge.ticket_words import shuttle_text
from engine.planning import plan_trip
from engine.planning.candidates import ScoredAttraction
from engine.planning.planner import _economy_scores
from engine.planning.validator import validate

PARK = "wudangshan-jinding"
ZIXIAO = "wudangshan-zixiao-palace"
NANYAN = "wudangshan-nanyan"
TWO = Party(adults=2)
MAY_8 = dt.date(2027, 5, 8)


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return load_curated()


def _plan(kb: KnowledgeBase, keep: set[str]) -> Itinerary:
    """A 武当山 plan with every sight declined but `keep` (must-sees)."""
    others = tuple(a.id for a in kb.destinations["wudangshan"].attractions if a.id not in keep)
    request = TripRequest(destinations=("wudangshan",), days=1, start_date=MAY_8, party=TWO,
                          must_see=tuple(sorted(keep)), avoid=Avoid(places=others))  # fmt: skip
    return plan_trip(request, kb, time_limit_s=0.5)


def test_a_sight_inside_pays_the_ticket_and_the_bus_once(kb: KnowledgeBase) -> None:
    plan = _plan(kb, {ZIXIAO, NANYAN})
    visits = {i.poi_id: i for d in plan.days for i in d.items if i.kind is ItemKind.ATTRACTION}
    assert set(visits) == {ZIXIAO, NANYAN}, set(visits)
    park = kb.attraction(PARK)
    assert park is not None and park.shuttle is not None
    # 2 × (164 entry + 90 bus) once, plus 紫霄宫's own 15 each
    total = sum(i.cost_cny for i in visits.values())
    assert total == pytest.approx(2 * (164 + 90) + 2 * 15), {
        k: i.cost_cny for k, i in visits.items()
    }
    notes = " ".join(i.note or "" for i in visits.values())
    assert notes.count("景区观光车90元/人（必乘）") == 1, notes
    guide = tickets_section(plan, kb, zh=True)
    assert guide.count("景区观光车90元/人（必乘）") == 1, guide
    assert next(c for c in validate(plan, kb).checks if c.code == "costs").passed


def test_the_models_facts_say_the_bus(kb: KnowledgeBase) -> None:
    """The facts given to a guide-writing model say the compulsory bus with the park's ticket."""
    plan = _plan(kb, {ZIXIAO, NANYAN})
    facts = model_guide.messages(plan, kb, budget_tokens=4000)[1]["content"]
    line = next(x for x in facts.splitlines() if x.startswith("- 紫霄宫："))
    assert "景区观光车90元/人（必乘）" in line, line


def test_the_bus_costs_its_fare_on_the_day(kb: KnowledgeBase) -> None:
    valley = kb.attraction("jiuzhaigou-scenic-area")
    assert valley is not None
    summer = visit_tickets(valley, None, dt.date(2027, 7, 1), TWO)
    winter = visit_tickets(valley, None, dt.date(2026, 12, 20), TWO)
    assert summer == pytest.approx(2 * (169 + 90))
    assert winter == pytest.approx(2 * (80 + 80))


def _scored(kb: KnowledgeBase, ids: list[str], must: set[str]) -> list[ScoredAttraction]:
    out = []
    for aid in ids:
        a = kb.attraction(aid)
        assert a is not None
        out.append(ScoredAttraction(a, 10.0, aid in must, None))
    return out


def test_economy_weighs_a_sight_inside_by_the_park_ticket(kb: KnowledgeBase) -> None:
    wudang = kb.destinations["wudangshan"]
    zixiao = kb.attraction(ZIXIAO)
    assert zixiao is not None
    assert entry_price(zixiao, park_of(zixiao, wudang), MAY_8) == 164 + 90 + 15
    alone = _economy_scores(_scored(kb, [ZIXIAO], set()), tight=True, day=MAY_8,
                            destination=wudang)  # fmt: skip
    assert alone == [], "紫霄宫 without the 武当山 ticket is a 269 CNY sight, over the cap"
    with_park = _economy_scores(_scored(kb, [PARK, ZIXIAO], {PARK}), tight=True, day=MAY_8,
                                destination=wudang)  # fmt: skip
    assert ZIXIAO in {s.attraction.id for s in with_park}, "with the park kept, 紫霄宫 costs 15"


def test_the_bus_charges_a_small_child_and_a_grandparent_of_70_half(kb: KnowledgeBase) -> None:
    """武当山's 景区观光车 is half for a child under 1.4 m and from 70 (`Shuttle.concessions`):
    a child of 5, free at the gate, still buys the bus, at 45; a grandparent of 72, free at the
    gate, pays 45; one of 66 pays the full 90 (and half the entry)."""
    park = kb.attraction(PARK)
    assert park is not None and park.shuttle is not None and park.shuttle.concessions
    family = Party(adults=2, children=1, seniors=2, child_ages=(5,), senior_ages=(72, 66))
    assert party_shuttle_fare(park, MAY_8, family) == pytest.approx(2 * 90 + 45 + 45 + 90)
    # gate: 2 adults 164, the child free (under 1.2 m), 72 free, 66 half
    assert visit_tickets(park, None, MAY_8, family) == pytest.approx(2 * 164 + 82 + 360)
    words = shuttle_text(park, MAY_8, "zh", family)
    assert "1.4米以下儿童半价" in words and "70岁以上半价" in words, words
    assert shuttle_text(park, MAY_8, "zh", TWO) == "另购景区观光车90元/人（必乘）"


def test_a_bus_without_its_own_concessions_charges_everyone_the_fare(kb: KnowledgeBase) -> None:
    """九寨沟's gate lets small children in free, but no reduced bus fare was found: the child
    pays the bus (a cost never undercuts what the party pays)."""
    valley = kb.attraction("jiuzhaigou-scenic-area")
    assert valley is not None and valley.shuttle is not None
    assert not valley.shuttle.concessions
    family = Party(adults=2, children=1, child_ages=(3,))
    assert party_shuttle_fare(valley, dt.date(2027, 7, 1), family) == pytest.approx(3 * 90)
