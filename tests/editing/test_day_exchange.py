"""「第3天去袁家界」 on a 张家界 plan whose park day is day 2 and whose day 3 is full: the park,
a whole-day visit, goes to day 3 and day 3's sights to day 2 (said so), never a refusal that
only says it does not fit."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Party, TripRequest
from engine.editing import apply_edits
from engine.editing.ops import MoveStop
from engine.knowledge.base import KnowledgeBase
from engine.planning import plan_trip
from engine.planning.validator import validate
from engine.understanding.edits import parse_edits
from tests.editing.conftest import START

PARK = "zhangjiajie-forest-park"


@pytest.fixture(scope="module")
def zhangjiajie(kb: KnowledgeBase) -> Itinerary:
    request = TripRequest(
        departure="beijing", destinations=("zhangjiajie",), days=4, start_date=START,
        party=Party(adults=2), lang="zh",
    )  # fmt: skip
    plan = plan_trip(request, kb, today=dt.date(2026, 12, 1))
    assert plan.feasibility is not None and plan.feasibility.passed
    return plan.model_copy(update={"id": 1})


def sights(plan: Itinerary, day: int) -> list[str]:
    return [i.poi_id or "" for i in plan.days[day - 1].items if i.kind == ItemKind.ATTRACTION]


def test_a_whole_day_sight_moved_to_a_full_day_trades_the_days(
    zhangjiajie: Itinerary, kb: KnowledgeBase
) -> None:
    park_day = next(d.index for d in zhangjiajie.days if PARK in sights(zhangjiajie, d.index))
    other = next(d.index for d in zhangjiajie.days[1:-1] if d.index != park_day)
    edits, _ = parse_edits(f"第{other}天去袁家界", zhangjiajie, kb)
    assert edits == (MoveStop(stop=PARK, day=other),)
    result = apply_edits(zhangjiajie, edits, kb)
    new = result.itinerary
    assert PARK in sights(new, other)
    assert sights(new, park_day) == sights(zhangjiajie, other)  # that day's sights, kept
    assert f"第{park_day}天和第{other}天的安排对调" in result.summary("zh")
    assert [d.lodging_id for d in new.days] == [d.lodging_id for d in zhangjiajie.days]
    assert validate(new, kb).passed
