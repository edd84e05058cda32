"""A day added with places named (「加一天，多去西溪湿地和京杭大运河」) holds those places — or says
where the plan already has them — never a day of other sights with the names ignored."""

from __future__ import annotations

import pytest

from engine.domain.itinerary import Itinerary
from engine.editing.apply import apply_edits
from engine.editing.errors import EditRefused
from engine.editing.ops import AddDay
from engine.knowledge.base import KnowledgeBase
from engine.understanding.edits import parse_edits
from tests.editing.conftest import stops


def test_an_added_day_holds_every_place_named(hangzhou: Itinerary, kb: KnowledgeBase) -> None:
    edits, rest = parse_edits("加一天，多去西溪湿地和京杭大运河", hangzhou, kb)
    assert rest == () and len(edits) == 1 and isinstance(edits[0], AddDay), edits
    named = (edits[0].place, *edits[0].more)
    assert set(named) == {"hangzhou-xixi-wetland", "hangzhou-gongchen-bridge"}, named
    new = apply_edits(hangzhou, list(edits), kb).itinerary
    assert len(new.days) == 4 and set(named) <= set(stops(new, 4)), stops(new, 4)


def test_an_added_day_for_a_place_already_planned_says_where_it_is(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    edits, _rest = parse_edits("加一天，多去岳王庙", hangzhou, kb)
    with pytest.raises(EditRefused) as refused:
        apply_edits(hangzhou, list(edits), kb)
    assert "岳王庙已经安排在第1天" in refused.value.zh, refused.value.zh
    assert refused.value.alternative == AddDay(at="end")


def test_a_day_added_for_another_place_joins_the_open_trip(
    huangshan: Itinerary, kb: KnowledgeBase
) -> None:
    from engine.understanding.revision import parse_revision

    for said in ("加一天去杭州", "再加个杭州一日游", "add a day trip to Hangzhou"):
        edits, rest = parse_edits(said, huangshan, kb)
        assert edits == () and rest == (said,), said  # not a day of 黄山 with 杭州 dropped
        revision = parse_revision(said, huangshan.request, kb, "zh")
        assert revision is not None, said
        new = revision.request
        assert new.destinations == ("huangshan", "hangzhou") and new.days == 3, said
        assert new.departure == huangshan.request.departure  # the same trip, one day more
        assert revision.changes == ("加一天去杭州（共3天）",), said
    sight = parse_revision("加一天去灵隐寺", huangshan.request, kb, "zh")
    assert sight is not None and "hangzhou-lingyin-temple" in sight.request.must_see
    assert sight.request.days == 3  # one day, not two (加一天 said once)
    edits, _ = parse_edits("加一天去西递", huangshan, kb)  # the trip's own place: its day
    assert edits == (AddDay(at="end", place="huangshan-xidi"),)
