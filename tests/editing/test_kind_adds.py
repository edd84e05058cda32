"""A kind of sight asked for on a day (「第三天下午加个适合孩子的景点」, "add a museum on day 2"):
the best sight of that kind near the day's stops is added on that day (issue 14: not
understood; "something for the kids" read as two children joining)."""

from __future__ import annotations

import pytest

from engine.domain.itinerary import Itinerary
from engine.editing import AddPlace, RemoveStop, apply_edit, apply_edits
from engine.knowledge.base import KnowledgeBase
from engine.understanding.edits import parse_edits
from tests.editing.conftest import stops


@pytest.mark.parametrize(
    ("said", "day", "tag"),
    [("第三天下午加个适合孩子的景点", 3, "kids"), ("第2天加一个博物馆吧", 2, "museum"),
     ("add something for the kids on day 3", 3, "kids"), ("add a museum on day 2", 2, "museum"),
     ("fit in a park on day 1", 1, "park"), ("第一天再加个公园", 1, "park")],
)  # fmt: skip
def test_a_kind_of_sight_is_added_on_the_day(
    said: str, day: int, tag: str, hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    edits, rest = parse_edits(said, hangzhou, kb)
    assert len(edits) == 1 and isinstance(edits[0], AddPlace) and rest == (), (said, edits)
    added = edits[0]
    place = kb.attraction(added.place)
    assert added.day == day and place is not None and tag in place.tags, (said, added)
    assert all(added.place not in stops(hangzhou, d) for d in (1, 2, 3))  # a new one


@pytest.mark.parametrize(
    "said", ["第三天下午加个适合孩子的景点", "add something for the kids on day 3"]
)
def test_the_sight_of_a_kind_is_put_on_the_day(
    said: str, hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    sights = [s for s in stops(hangzhou, 3) if kb.attraction(s) is not None]
    roomier = apply_edit(hangzhou, RemoveStop(stop=sights[0]), kb).itinerary  # full days
    edits, _ = parse_edits(said, roomier, kb)
    new = apply_edits(roomier, edits, kb).itinerary
    added = edits[0]
    assert isinstance(added, AddPlace) and added.place in stops(new, 3)
    assert new.request.party == hangzhou.request.party  # nobody joined
    assert new.feasibility is not None and new.feasibility.passed


def test_a_named_place_is_no_kind(hangzhou: Itinerary, kb: KnowledgeBase) -> None:
    edits, _ = parse_edits("第二天加上中国茶叶博物馆", hangzhou, kb)
    assert [e.place for e in edits if isinstance(e, AddPlace)] == ["hangzhou-tea-museum"]
