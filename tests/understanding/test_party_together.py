"""A head count and the children added in one follow-up are one party (a fresh user's
「改成4个人，加两个孩子」 ended as 1 adult and 2 children: 3 people)."""

from __future__ import annotations

import pytest

from engine.editing.ops import ChangeParty
from engine.understanding.edits import parse_edits
from tests.helpers.plans import KB, SATURDAY, plan


@pytest.mark.parametrize(
    ("said", "adults", "children"),
    [("改成4个人，加两个孩子", 2, 2), ("make it 4 of us, add two kids", 2, 2),
     ("改成5个人，再加一个孩子", 4, 1), ("再加两个孩子", 1, 2), ("改成4个人", 4, None)],
)  # fmt: skip
def test_a_count_and_the_children_added_are_one_party(
    said: str, adults: int, children: int | None
) -> None:
    p = plan(destinations=("xian",), days=3)  # one adult
    edits, rest = parse_edits(said, p, KB, today=SATURDAY)
    assert not rest, rest
    assert len(edits) == 1 and isinstance(edits[0], ChangeParty), edits
    assert (edits[0].adults, edits[0].children) == (adults, children)
