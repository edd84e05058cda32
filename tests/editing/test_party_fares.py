"""Children pay child fares, not full ones: train legs by China Railway's child rule
(`engine.planning.fares`), tickets by the knowledge base's concession rules, when a child is
added by an edit and when one is planned for (a real 上海 → 黄山 plan)."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Party
from engine.editing import apply_edit
from engine.editing.ops import ChangeParty
from engine.knowledge.base import KnowledgeBase
from engine.planning import plan_trip
from engine.planning.fares import child_fare_note, fare_units
from engine.planning.visit_costs import visit_cost
from engine.understanding.trip_edits import trip_change
from tests.editing.conftest import START


def _legs(plan: Itinerary) -> list[tuple[float, str]]:
    return [(i.cost_cny, i.note) for d in plan.days for i in d.items
            if i.kind == ItemKind.INTERCITY]  # fmt: skip


def _adult_fare(note: str) -> float:
    found = re.search(r"参考票价(\d+)元/人", note)
    assert found is not None, note
    return float(found.group(1))


def test_the_railway_rule() -> None:
    # 6–13 half, 14+ full, under 6 free on an adult's lap (one per adult; the next one half).
    assert fare_units("hsr", Party(adults=2, children=1, child_ages=(6,))) == 2.5
    assert fare_units("hsr", Party(adults=1, children=1, child_ages=(14,))) == 2
    assert fare_units("hsr", Party(adults=1, children=2, child_ages=(3, 4))) == 1.5
    assert fare_units("train", Party(adults=1, seniors=1, children=2, child_ages=(3, 4))) == 2
    assert fare_units("hsr", Party(adults=1, children=1)) == 1.5  # age not said: 8, half
    assert fare_units("flight", Party(adults=1, children=1, child_ages=(6,))) == 2


def test_the_flight_rule() -> None:
    # Under 2 the infant fare (10 %, on a lap, one per adult); 2–11 the discounted adult fare
    # (the lower of it and half the full fare); 12+ the adult fare.
    assert fare_units("flight", Party(adults=2, children=1, child_ages=(1,))) == 2.1
    assert fare_units("flight", Party(adults=1, children=2, child_ages=(0, 1))) == 2.1
    assert fare_units("flight", Party(adults=1, children=1, child_ages=(12,))) == 2
    assert fare_units("flight", Party(adults=0, seniors=2, children=1, child_ages=(0,))) == 2.1
    note = child_fare_note(800, "flight", Party(adults=2, children=2, child_ages=(1, 7)), "zh")
    assert "2位成人×800元" in note and "1名婴儿约80元起" in note and "不占座" in note, note
    assert "1名儿童按成人参考价计约800元" in note and note.endswith("共约2480元"), note
    assert child_fare_note(800, "flight", Party(adults=2), "zh") == ""


def test_a_child_added_by_words_pays_the_child_fare(
    huangshan: Itinerary, kb: KnowledgeBase
) -> None:
    edit = trip_change("我老婆和6岁的儿子也一起去", huangshan)
    assert edit is not None
    family = apply_edit(huangshan, edit, kb).itinerary
    party = family.request.party
    assert (party.adults, party.children, party.child_ages) == (2, 1, (6,))
    for (before, _), (cost, note) in zip(_legs(huangshan), _legs(family), strict=True):
        assert cost == round(before * 2.5, 2), (before, cost)  # 2 adults + a half fare
        assert "儿童票" in note, note
    report = family.feasibility
    assert report is not None  # every visit costs its tickets for this party, by the KB's rules
    assert next(c for c in report.checks if c.code == "costs").passed
    scenic = next(i for d in family.days for i in d.items if i.poi_id == "huangshan-scenic-area")
    place = kb.attraction("huangshan-scenic-area")
    assert place is not None and place.concessions
    three = visit_cost(place, Party(adults=3), START + dt.timedelta(days=1), lunch_inside=True)
    assert scenic.cost_cny < three  # the 6-year-old's ticket is not the adult's


def test_a_planned_child_pays_the_child_fare(huangshan: Itinerary, kb: KnowledgeBase) -> None:
    party = Party(adults=1, children=2, child_ages=(3, 10))  # one free on the lap, one half
    request = huangshan.request.model_copy(update={"party": party})
    plan = plan_trip(request, kb, today=dt.date(2026, 12, 1))
    legs = _legs(plan)
    assert legs
    for cost, note in legs:
        assert cost == round(_adult_fare(note) * 1.5, 2), (cost, note)
        assert "未满6岁" in note and "儿童票" in note, note


def test_a_baby_orders_no_meal(huangshan: Itinerary, kb: KnowledgeBase) -> None:
    """A baby under two pays the infant fare or rides free and orders no meal of its own: the
    meals of 1 adult + a 1-year-old cost one person's, those of 1 adult + a 5-year-old two."""
    meals = {}
    for age in (1, 5):
        party = Party(adults=1, children=1, child_ages=(age,))
        request = huangshan.request.model_copy(update={"party": party})
        plan = plan_trip(request, kb, today=dt.date(2026, 12, 1))
        assert plan.feasibility is not None and plan.feasibility.passed
        meals[age] = [
            (i.poi_id, i.cost_cny) for d in plan.days for i in d.items if i.kind == ItemKind.MEAL
        ]
        for poi_id, cost in meals[age]:
            place = kb.restaurant(poi_id or "")
            if place is not None:
                diners = 1 if age == 1 else 2
                assert cost == round(place.price_per_person_cny * diners, 2), (poi_id, cost)
    breakfasts = [c for p, c in meals[1] if kb.restaurant(p or "") is None and c]
    assert breakfasts and all(c == 25.0 for c in breakfasts), meals[1]


@pytest.mark.parametrize(
    "words", ["孩子他妈也一起去", "孩子的爸爸也来", "the kids' mom is coming too"]
)
def test_the_childs_mother_or_father_is_an_adult(words: str, huangshan: Itinerary) -> None:
    """「孩子他妈也一起去」 added a second child (a tester's 5-year-old got a 5-year-old sibling)."""
    edit = trip_change(words, huangshan)
    assert isinstance(edit, ChangeParty), words
    before = huangshan.request.party
    assert (edit.adults, edit.children) == (before.adults + 1, before.children), edit
