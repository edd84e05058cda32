"""A trip moved to dates on which one of its sights is closed (a museum's Monday) keeps the
sight on another day of its city, giving up lesser sights for it if need be, and says so."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Party, TripRequest
from engine.editing import ChangeDates, apply_edit
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.hours import place_windows
from engine.planning import plan_trip
from tests.editing.conftest import START

MUSEUM = "xian-shaanxi-history-museum"  # closed on Mondays


@pytest.fixture(scope="module")
def xian(kb: KnowledgeBase) -> Itinerary:
    request = TripRequest(departure="beijing", destinations=("xian",), days=3, start_date=START,
                          party=Party(adults=1), lang="zh")  # fmt: skip
    plan = plan_trip(request, kb, today=dt.date(2026, 12, 1))
    days = [d.index for d in plan.days for i in d.items if i.poi_id == MUSEUM and _sight(i)]
    assert days == [1], "the plan this file is about: the museum on the first day"
    return plan.model_copy(update={"id": 1})


def test_a_sight_closed_on_the_new_date_moves_to_another_day(
    xian: Itinerary, kb: KnowledgeBase
) -> None:
    monday = START + dt.timedelta(days=2)  # day 1 becomes a Monday
    assert monday.weekday() == 0
    museum = kb.attraction(MUSEUM)
    assert museum is not None and not place_windows(museum, monday)
    result = apply_edit(xian, ChangeDates(start=monday), kb)
    new = result.itinerary
    on = [d for d in new.days for i in d.items if i.poi_id == MUSEUM and _sight(i)]
    assert len(on) == 1 and place_windows(museum, on[0].date), [d.index for d in on]
    assert on[0].index != 1
    assert "陕西历史博物馆" in result.summary("zh") and "不开放" in result.summary("zh")
    assert not result.warnings  # nothing dropped without a word
    sights = {i.poi_id for d in new.days for i in d.items if i.kind == ItemKind.ATTRACTION}
    assert all(  # every sight kept is open on its new day
        place_windows(kb.attraction(i.poi_id), d.date)  # type: ignore[arg-type]
        for d in new.days
        for i in d.items
        if i.poi_id in sights and kb.attraction(i.poi_id)
    )
    assert new.feasibility is not None and new.feasibility.passed


def _sight(item: object) -> bool:
    return getattr(item, "kind", None) == ItemKind.ATTRACTION
