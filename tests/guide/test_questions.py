"""Suggested follow-ups never go against what was just asked: no museum after "no museums", no
climb after a wheelchair, no longer visit swapped into a relaxed trip — asserted on whole plans."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Avoid, Pace, TripRequest
from engine.guide.questions import suggested_questions
from engine.knowledge.base import load_curated
from engine.planning import plan_trip

KB = load_curated()


def plan(**fields: object) -> Itinerary:
    base: dict[str, object] = {"start_date": dt.date(2026, 10, 12), "departure": None}
    base.update(fields)
    return plan_trip(TripRequest(**base), KB)  # type: ignore[arg-type]


def swapped_in(itinerary: Itinerary) -> list[str]:
    """Ids of the places the plan's swap suggestions bring in."""
    names = {a.name_zh: a.id for d in KB.destinations.values() for a in d.attractions}
    out = []
    for q in suggested_questions(itinerary, KB):
        if q.startswith("把") and "换成" in q:
            out.append(names[q.split("换成", 1)[1]])
    return out


def test_no_museum_is_suggested_after_no_museums() -> None:
    offered = []  # swaps are offered only when they were tried and fit (`try_edit`)
    for dest in ("suzhou", "nanjing", "hangzhou", "beijing"):
        p = plan(destinations=(dest,), days=3, avoid=Avoid(tags=("museum",)))
        new = swapped_in(p)
        offered += new
        assert all("museum" not in KB.attraction(i).tags for i in new)  # type: ignore[union-attr]
    assert offered  # a swap is still offered somewhere, just never a museum


def test_no_climb_is_suggested_for_a_wheelchair() -> None:
    p = plan(destinations=("beijing",), days=4, access=("wheelchair",))
    new = swapped_in(p)
    assert new and all("hiking" not in KB.attraction(i).tags for i in new)  # type: ignore[union-attr]


def test_a_relaxed_trip_is_offered_no_longer_visit() -> None:
    p = plan(destinations=("suzhou",), days=3, pace=Pace.RELAXED)
    planned = {i.poi_id: i for d in p.days for i in d.items if i.kind == ItemKind.ATTRACTION}
    for q in suggested_questions(p, KB):
        if q.startswith("把") and "换成" in q:
            old_name, new_name = q[1:].split("换成", 1)
            old = next(a for a in map(KB.attraction, planned) if a and a.name_zh == old_name)
            new = next(
                a for d in KB.destinations.values() for a in d.attractions if a.name_zh == new_name
            )
            assert new.visit_minutes <= old.visit_minutes


def test_a_named_place_is_never_swapped_out() -> None:
    """「主要去迪士尼」: the park is the least popular planned sight by the records' counts, and the
    swap offered was to replace it with a museum."""
    p = plan(destinations=("shanghai",), days=3, must_see=("shanghai-disneyland",))
    assert any(i.poi_id == "shanghai-disneyland" for d in p.days for i in d.items)
    swaps = [q for q in suggested_questions(p, KB) if q.startswith("把") and "换成" in q]
    assert swaps, suggested_questions(p, KB)  # a swap is still offered, of another sight
    assert not any(q.startswith("把上海迪士尼乐园换成") for q in swaps), swaps


def test_every_suggested_edit_is_one_the_editor_makes() -> None:
    """Issue 14: a suggested 「把王府井换成慕田峪长城」 / 「第1天轻松一点」 was refused when asked."""
    from engine.editing.apply import try_edit
    from engine.editing.errors import EditRefused
    from engine.understanding.edits import parse_edits

    for dest, days in (("beijing", 3), ("huangshan", 2), ("hangzhou", 3)):
        p = plan(destinations=(dest,), days=days, departure="shanghai", lang="zh")
        p = p.model_copy(update={"id": 1})
        questions = suggested_questions(p, KB)
        assert len(questions) >= 3, questions
        for q in questions:
            for edit in parse_edits(q, p, KB)[0]:
                assert not isinstance(try_edit(p, edit, KB), EditRefused), (dest, q)
