"""Curated knowledge for North, North-East and North-West China added in issue #13 (kbF):
counts, headline sights, hubs, links, and the seasonal facts travellers are caught out by."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.knowledge.base import KnowledgeBase, load_curated
from engine.knowledge.hours import closure_on, open_windows
from engine.knowledge.prices import adult_price
from engine.knowledge.schema import Attraction

KBF = (
    "zhangye", "xining", "jiayuguan", "lanzhou", "gannan", "zhagana", "huashan", "chengde",
    "wutaishan", "taiyuan", "jinan", "qufu", "weihai", "yantai", "yanan", "yinchuan",
    "zhongwei", "shenyang", "changchun", "hohhot", "xuexiang", "yanji", "dandong", "mohe",
    "arxan", "ordos",
)  # fmt: skip
JANUARY = dt.date(2027, 1, 12)
JULY = dt.date(2026, 7, 14)


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return load_curated()


def _attraction(kb: KnowledgeBase, poi_id: str) -> Attraction:
    attraction = kb.attraction(poi_id)
    assert attraction is not None, poi_id
    return attraction


@pytest.mark.parametrize("dest_id", KBF)
def test_depth_headline_hubs_and_a_way_in(kb: KnowledgeBase, dest_id: str) -> None:
    dest = kb.destinations[dest_id]
    assert len(dest.attractions) >= 6 and len(dest.restaurants) >= 6 and len(dest.lodging) >= 3
    assert dest.headline and dest.notes and dest.best_months
    headline = [_attraction(kb, h) for h in dest.headline]
    assert all(a.popularity >= 4 for a in headline), "a headline sight rated below 4"
    assert any(h.kind in ("rail", "airport") for h in dest.hubs) or any(
        h.kind == "coach" for h in dest.hubs
    )
    assert any(kb.links_between(dest_id, other) for other in kb.destinations if other != dest_id)


@pytest.mark.parametrize(
    ("poi_id", "open_in_january", "open_in_july"),
    [
        ("xuexiang-snow-town", True, False),  # 雪乡: snow only in winter
        ("xuexiang-yabuli", True, False),
        ("changbaishan-resort", True, False),  # its ski slopes: winter only
        ("changbaishan-west-slope", False, True),  # the road to the lake is shut in winter
        ("jiayuguan-july-first-glacier", False, True),
        ("wutaishan-east-terrace", False, True),  # the terrace tops are snowbound in winter
        ("hohhot-xilamuren", False, True),
        ("mohe-arctic-village", True, True),
    ],
)
def test_seasonal_opening(
    kb: KnowledgeBase, poi_id: str, open_in_january: bool, open_in_july: bool
) -> None:
    attraction = _attraction(kb, poi_id)
    for day, expected in ((JANUARY, open_in_january), (JULY, open_in_july)):
        is_open = bool(open_windows(attraction.hours, day)) and closure_on(attraction, day) is None
        assert is_open is expected, (poi_id, day)


@pytest.mark.parametrize(
    ("poi_id", "low_day", "low", "high_day", "high"),
    [
        ("huashan-scenic-area", dt.date(2027, 1, 15), 100, dt.date(2026, 10, 1), 160),
        ("chengde-mountain-resort", dt.date(2027, 1, 15), 90, dt.date(2026, 7, 1), 130),
        ("jiayuguan-pass-fort", dt.date(2027, 1, 15), 90, dt.date(2026, 7, 1), 120),
        ("zhangye-rainbow-danxia", dt.date(2026, 12, 10), 40, dt.date(2026, 8, 1), 75),
    ],
)
def test_low_season_prices(
    kb: KnowledgeBase, poi_id: str, low_day: dt.date, low: float, high_day: dt.date, high: float
) -> None:
    attraction = _attraction(kb, poi_id)
    assert adult_price(attraction, low_day) == low
    assert adult_price(attraction, high_day) == high


def test_huashan_counts_its_cable_cars_and_shuttles(kb: KnowledgeBase) -> None:
    hua = _attraction(kb, "huashan-scenic-area")
    cars = {h.name_zh: h.price_cny for h in hua.highlights if h.kind == "cable_car"}
    assert cars == {"西峰索道": 140, "北峰索道": 80}
    assert hua.transport_inside_cny == 140 + 80 + 40 + 20  # up West, down North, both shuttles
    assert hua.meal_inside_cny and hua.reservation == "required"


def test_monday_closures(kb: KnowledgeBase) -> None:
    monday, tuesday = dt.date(2026, 7, 6), dt.date(2026, 7, 7)
    for poi_id in ("lanzhou-gansu-museum", "taiyuan-shanxi-museum", "hohhot-inner-mongolia-museum"):
        hours = _attraction(kb, poi_id).hours
        assert not open_windows(hours, monday) and open_windows(hours, tuesday), poi_id
    palace = _attraction(kb, "shenyang-mukden-palace").hours  # closed Monday mornings only
    assert open_windows(palace, monday)[0][0] == 13 * 60
    assert open_windows(palace, tuesday)[0][0] == 8 * 60 + 30
