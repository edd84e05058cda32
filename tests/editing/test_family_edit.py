"""A family said with its count in a follow-up (issue 12): 「一家三口」 on a plan made for 「全家」
(two adults) is two adults and a child — it was read as three adults."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import Itinerary
from engine.editing import ChangeParty, apply_edit
from engine.knowledge.base import KnowledgeBase
from engine.understanding.edits import parse_edits

TODAY = dt.date(2026, 12, 1)


@pytest.mark.parametrize(
    ("said", "party"),
    [("一家三口，孩子6岁", (2, 1, 0)), ("我们一家四口", (2, 2, 0)), ("改成一家三口", (2, 1, 0))],
)
def test_a_family_count_said_later_is_the_whole_party(
    said: str, party: tuple[int, int, int], huangshan: Itinerary, kb: KnowledgeBase
) -> None:
    two = apply_edit(huangshan, ChangeParty(adults=2, children=0), kb).itinerary
    edits, _rest = parse_edits(said, two, kb, today=TODAY)
    assert len(edits) == 1 and isinstance(edits[0], ChangeParty), (said, edits)
    new = apply_edit(two, edits[0], kb).itinerary.request.party
    assert (new.adults, new.children, new.seniors) == party, said
