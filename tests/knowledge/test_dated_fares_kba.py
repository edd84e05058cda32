"""Prices that follow the day, read from cited sources (issue 13, kbA): a monastery that sells
no ticket in winter, the island ticket without a statue's incense ticket folded in, a forest
park's two seasons, a mountain shuttle that the note and the costs agree on, and 峨眉山金顶's
position from a decoded Plus Code converted from GCJ-02.
"""

from __future__ import annotations

import datetime as dt

import pytest

from engine.knowledge.base import load_curated
from engine.knowledge.geo import haversine_m
from engine.knowledge.prices import adult_price, fare_on
from engine.knowledge.schema import Attraction

KB = load_curated()
WINTER = dt.date(2026, 12, 10)
SUMMER = dt.date(2027, 7, 10)


def _a(poi_id: str) -> Attraction:
    found = KB.attraction(poi_id)
    assert found is not None, poi_id
    return found


@pytest.mark.parametrize(
    ("poi_id", "winter", "summer"),
    [
        ("zhagana-langmusi", 0, 60),  # 冬季无人售票 (pediainside.com)
        ("putuoshan-nanhai-guanyin", 140, 160),  # the 进山门票 alone, not + 6 incense
        ("xuexiang-snow-town", 115, 65),  # 雪乡国家森林公园: 旺季 11/1–4/30
    ],
)
def test_the_adult_price_is_that_of_the_day(poi_id: str, winter: float, summer: float) -> None:
    place = _a(poi_id)
    assert adult_price(place, WINTER) == winter
    assert adult_price(place, SUMMER) == summer


def test_a_shuttle_said_in_the_note_is_the_one_costed() -> None:
    """神农顶's shuttle is 90 in its note and its source; the visit charged 60 (大九湖's)."""
    top = _a("shennongjia-shennongding")
    assert "换乘车90元" in top.ticket_note_zh
    assert top.transport_inside_cny == 90


def test_the_way_up_huangshan_costs_less_in_the_low_season() -> None:
    area = next(a for a in KB.destinations["huangshan"].access_areas if a.id == "huangshan-summit")
    assert fare_on(area, WINTER) == 84
    assert fare_on(area, SUMMER) == 99


def test_the_golden_summit_stands_where_its_plus_code_says() -> None:
    """G8CQ+4Q4 decodes to 29.52026, 103.33945 on Google's GCJ-02 map; WGS-84 29.5229,
    103.3373 — within 60 m, and 0.5–0.7 km from Wikipedia's 万佛顶 (29.51972, 103.33250)."""
    top = _a("emeishan-mount-emei")
    assert haversine_m(top.lat, top.lon, 29.52292, 103.33729) < 60
    assert 500 < haversine_m(top.lat, top.lon, 29.51972, 103.33250) < 700
