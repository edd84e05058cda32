"""A day added with places named (「加一天，多去西溪湿地和京杭大运河」) holds those places — or says
where the plan already has them — never a day of other sights with the names ignored."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Party, TripRequest
from engine.editing.apply import apply_edits
from engine.editing.errors import EditRefused
from engine.editing.ops import AddDay, LockStop
from engine.knowledge.base import KnowledgeBase
from engine.planning import plan_trip
from engine.understanding.edits import parse_edits
from tests.editing.conftest import stops


def test_an_added_day_holds_every_place_named(hangzhou: Itinerary, kb: KnowledgeBase) -> None:
    edits, rest = parse_edits("加一天，多去西溪湿地和京杭大运河", hangzhou, kb)
    assert rest == () and len(edits) == 1 and isinstance(edits[0], AddDay), edits
    named = (edits[0].place, *edits[0].more)
    assert set(named) == {"hangzhou-xixi-wetland", "hangzhou-gongchen-bridge"}, named
    new = apply_edits(hangzhou, list(edits), kb).itinerary
    assert len(new.days) == 4 and set(named) <= set(stops(new, 4)), stops(new, 4)


def test_an_added_day_for_a_place_already_planned_takes_it_unless_locked(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    """The day added goes to the place named, taken from the day that had it (said so); a
    place the person locked there stays, the refusal says where and offers a plain day."""
    edits, _rest = parse_edits("加一天，多去岳王庙", hangzhou, kb)
    result = apply_edits(hangzhou, list(edits), kb)
    assert "hangzhou-yue-fei-temple" in stops(result.itinerary, 4)
    assert "hangzhou-yue-fei-temple" not in stops(result.itinerary, 1)
    assert "岳王庙从第1天挪到第4天" in result.summary("zh"), result.summary("zh")
    locked = apply_edits(hangzhou, [LockStop(stop="hangzhou-yue-fei-temple")], kb).itinerary
    with pytest.raises(EditRefused) as refused:
        apply_edits(locked, list(edits), kb)
    assert "岳王庙已经锁定在第1天" in refused.value.zh, refused.value.zh
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


@pytest.fixture(scope="module")
def beijing(kb: KnowledgeBase) -> Itinerary:
    request = TripRequest(
        departure="shanghai", destinations=("beijing",), days=3, start_date=dt.date(2026, 12, 10),
        party=Party(adults=1), must_see=("beijing-badaling",), lang="zh",
    )  # fmt: skip
    return plan_trip(request, kb, today=dt.date(2026, 12, 1)).model_copy(update={"id": 1})


@pytest.mark.parametrize(
    "said", ["加一天去长城", "add a day for the Great Wall", "再加一天去八达岭"]
)
def test_a_day_added_for_a_planned_place_takes_it(
    said: str, beijing: Itinerary, kb: KnowledgeBase
) -> None:
    """Issue 14: 「加一天去长城」 with 八达岭 on day 3 was refused ("the new day would not go
    again"): the new day goes to the Wall, the day it left is filled again."""
    was = next(d.index for d in beijing.days for i in d.items if i.poi_id == "beijing-badaling")
    edits, _ = parse_edits(said, beijing, kb)
    assert edits == (AddDay(at="end", place="beijing-badaling"),), (said, edits)
    result = apply_edits(beijing, edits, kb)
    new = result.itinerary
    assert len(new.days) == 4
    on = [d.index for d in new.days for i in d.items
          if i.poi_id == "beijing-badaling" and i.kind == ItemKind.ATTRACTION]  # fmt: skip
    assert on == [4], on
    sights = [i for i in new.days[was - 1].items if i.kind == ItemKind.ATTRACTION]
    assert len(sights) >= 2, sights  # the day it left is not left with one sight
    assert f"从第{was}天挪到第4天" in result.summary("zh"), result.summary("zh")
    assert new.feasibility is not None and new.feasibility.passed
