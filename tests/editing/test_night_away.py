"""One night in another town (「第二天晚上住阳朔」 on a 桂林 trip): that night only, the day
ending there with dinner in that town, the next day starting from it; what no longer fits is
said, never dropped silently."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Party, TripRequest
from engine.editing import EditRefused, apply_edits
from engine.editing.ops import SwapLodging
from engine.knowledge.base import KnowledgeBase
from engine.planning import plan_trip
from engine.planning.validator import validate
from engine.understanding.edits import parse_edits
from tests.editing.conftest import START

YANGSHUO = SwapLodging(day=2, lodging="阳朔", one_night=True)


@pytest.fixture(scope="module")
def guilin(kb: KnowledgeBase) -> Itinerary:
    request = TripRequest(
        departure="shanghai", destinations=("guilin",), days=3, start_date=START,
        party=Party(adults=2), must_see=("guilin-li-river-cruise",), lang="zh",
    )  # fmt: skip
    plan = plan_trip(request, kb, today=dt.date(2026, 12, 1))
    assert plan.feasibility is not None and plan.feasibility.passed
    return plan.model_copy(update={"id": 1})


@pytest.mark.parametrize(
    "said",
    [
        "第二天晚上住阳朔",
        "第2晚住阳朔",
        "最后一晚住阳朔",  # the last night is day 2's (day 3 flies home)
        "stay in Yangshuo on the second night",
        "spend the last night in Yangshuo",
    ],
)
def test_a_night_elsewhere_is_read(said: str, guilin: Itinerary, kb: KnowledgeBase) -> None:
    edits, rest = parse_edits(said, guilin, kb)
    assert rest == () and len(edits) == 1
    assert edits[0].model_copy(update={"lodging": "阳朔"}) == YANGSHUO


def test_one_night_in_another_town(guilin: Itinerary, kb: KnowledgeBase) -> None:
    result = apply_edits(guilin, [YANGSHUO], kb)
    new = result.itinerary
    home = [kb.destination_of(d.lodging_id or "") for d in new.days[:2]]
    assert [h.id if h else None for h in home] == ["guilin", "yangshuo"]
    assert new.days[0].lodging_id == guilin.days[0].lodging_id  # the other night kept
    dinner = next(i for i in new.days[1].items if i.meal == "dinner" and i.poi_id)
    town = kb.destination_of(dinner.poi_id or "")
    assert town is not None and town.id == "yangshuo"  # not back in 桂林 to eat
    first_leg = next(i for i in new.days[2].items if i.kind == ItemKind.TRANSIT)
    assert first_leg.start >= new.days[2].items[0].end  # day 3 sets out from 阳朔
    assert validate(new, kb).passed
    said = result.summary("zh")
    assert "第2天晚上改住阳朔" in said, said
    kept = {i.poi_id for d in new.days for i in d.items if i.kind == ItemKind.ATTRACTION}
    before = {i.poi_id for d in guilin.days for i in d.items if i.kind == ItemKind.ATTRACTION}
    for gone in before - kept:  # a sight left out is said
        name = kb.place(gone or "")
        assert name is not None and name.name_zh in result.warning_text("zh"), gone


def test_the_same_town_is_said_back(guilin: Itinerary, kb: KnowledgeBase) -> None:
    with pytest.raises(EditRefused) as refused:
        apply_edits(guilin, [SwapLodging(day=2, lodging="桂林", one_night=True)], kb)
    assert "第2天晚上已经住在桂林" in refused.value.zh
