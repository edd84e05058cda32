"""A sight wished in the morning (「天坛一大早去」, "pandas first thing in the morning") is begun
in the morning and the report says when — on whole plans of the curated base."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import ItemKind
from engine.planning import plan_trip
from engine.understanding import parse_request
from tests.helpers.plans import KB, SATURDAY


@pytest.mark.parametrize(
    ("text", "poi"),
    [
        ("北京三天，天坛一大早去", "beijing-temple-of-heaven"),
        ("Beijing 3 days, the Temple of Heaven first thing in the morning",
         "beijing-temple-of-heaven"),
        ("成都三天，熊猫一大早去", "chengdu-panda-base"),
    ],
)  # fmt: skip
def test_a_sight_wished_in_the_morning_is_begun_by_half_past_ten(text: str, poi: str) -> None:
    result = parse_request(text, KB, today=SATURDAY)
    assert result.request is not None, result.message()
    p = plan_trip(result.request, KB)
    starts = [i.start for d in p.days for i in d.items
              if i.kind is ItemKind.ATTRACTION and i.poi_id == poi]  # fmt: skip
    assert starts and starts[0] <= dt.time(10, 30), starts
    assert p.feasibility is not None
    (row,) = [w for w in p.feasibility.wishes if w.kind == "morning"]
    assert row.status == "honoured" and f"{starts[0]:%H:%M}" in row.message
