"""A fair-priced hotel in the area asked for (issue 12): 「hotel near West Lake」 slept at 西湖西线
(杨公堤) at 1 870 CNY a night — the only area read for the lake, being named after its west
shore — rather than 湖滨 (about 770), which is by the lake too. The tier words (舒适, 豪华,
经济) ask for a kind of room."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.knowledge.base import load_curated
from engine.planning import plan_trip
from engine.understanding import read_request

KB = load_curated()


def _nights(text: str) -> tuple[Itinerary, set[str]]:
    request = read_request(text, KB, today=dt.date(2026, 12, 3)).request
    assert request is not None
    p = plan_trip(request, KB)
    return p, {i.poi_id or "" for d in p.days for i in d.items if i.kind is ItemKind.LODGING}


def test_a_hotel_near_the_lake_is_a_fair_priced_one_by_it() -> None:
    """West Lake is bigger than the area named after its west shore: 湖滨 is by it too."""
    for text in (
        "hotel near West Lake, 2 days in Hangzhou from Shanghai",
        "住西湖边，从上海去杭州2天",
    ):
        p, nights = _nights(text)
        assert nights == {"hangzhou-lodging-hubin"}, (text, nights)
        row = next(w for w in p.feasibility.wishes if w.kind == "lodging_area")
        assert row.status == "honoured", row


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("杭州2天，住豪华酒店", "luxury"),
        ("杭州2天，豪华游", "luxury"),
        ("Hangzhou 2 days, a luxury trip", "luxury"),
        ("杭州2天，住舒适一点", "comfort"),
        ("杭州2天，住舒适型酒店", "comfort"),
        ("杭州2天，住得经济一点", "budget"),
        ("杭州2天，住经济型酒店", "budget"),
    ],
)
def test_the_tier_words_ask_for_a_kind_of_room(text: str, kind: str) -> None:
    request = read_request(text, KB, today=dt.date(2026, 12, 3)).request
    assert request is not None and request.lodging.kind == kind, text
