"""Curated knowledge for East, Central and South China (武当山 … 嘉兴): counts, headline sights,
hubs, links to a big city, and the dated facts a traveller would check at the ticket office."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.request import Party
from engine.knowledge.base import KnowledgeBase, load_curated
from engine.knowledge.hours import open_windows
from engine.knowledge.prices import adult_price, party_price

#: destination id -> a big city it must be reachable from by a curated link.
DESTINATIONS = {
    "wudangshan": "wuhan",
    "jingdezhen": "shanghai",
    "ningbo": "shanghai",
    "wenzhou": "shanghai",
    "yandangshan": "shanghai",
    "moganshan": "hangzhou",
    "hengdian": "hangzhou",
    "sanqingshan": "shanghai",
    "nanchang": "shanghai",
    "jinggangshan": "nanchang",
    "fuzhou": "xiamen",
    "fujian-tulou": "xiamen",
    "xiapu": "fuzhou",
    "chaozhou": "shenzhen",
    "shantou": "guangzhou",
    "zhuhai": "guangzhou",
    "foshan": "guangzhou",
    "kaiping": "guangzhou",
    "zhengzhou": "beijing",
    "dengfeng": "zhengzhou",
    "yuntaishan": "zhengzhou",
    "anyang": "beijing",
    "shennongjia": "wuhan",
    "xiangyang": "wuhan",
    "shaoshan": "changsha",
    "yueyang": "changsha",
    "hengshan": "changsha",
    "jiuhuashan": "nanjing",
    "hefei": "nanjing",
    "zhenjiang": "nanjing",
    "changzhou": "shanghai",
    "tiantaishan": "hangzhou",
    "jiaxing": "shanghai",
}
MONDAY, TUESDAY = dt.date(2026, 5, 11), dt.date(2026, 5, 12)
JANUARY, JULY = dt.date(2027, 1, 12), dt.date(2026, 7, 14)


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return load_curated()


@pytest.mark.parametrize("dest_id", sorted(DESTINATIONS))
def test_depth_headline_and_a_link_from_a_big_city(kb: KnowledgeBase, dest_id: str) -> None:
    dest = kb.destinations[dest_id]
    assert len(dest.attractions) >= 6 and len(dest.restaurants) >= 6 and len(dest.lodging) >= 2
    assert dest.notes and dest.best_months and dest.summary_zh and dest.summary_en
    assert any(h.kind in ("rail", "airport", "coach") for h in dest.hubs)  # 登封 has no railway
    assert 2 <= len(dest.headline) <= 5
    first = kb.attraction(dest.headline[0])
    assert first is not None and first.popularity == 5, "the first headline sight is a must-see"
    assert kb.links_between(DESTINATIONS[dest_id], dest_id), "no curated way from the big city"
    for place in (*dest.attractions, *dest.restaurants, *dest.lodging, *dest.hubs):
        assert place.as_of >= dt.date(2026, 12, 1) and place.source  # checked in this effort


@pytest.mark.parametrize(
    ("poi_id", "date", "is_open"),
    [
        ("ningbo-tianyige", MONDAY, True),  # opens 13:30 on Mondays only
        ("ningbo-museum", MONDAY, False),
        ("ningbo-museum", TUESDAY, True),
        ("nanchang-bayi-memorial", MONDAY, False),
        ("shennongjia-ski-resort", JULY, False),
        ("shennongjia-ski-resort", JANUARY, True),
        ("dengfeng-zen-music-show", JANUARY, False),
        ("dengfeng-zen-music-show", JULY, True),
    ],
)
def test_weekly_and_seasonal_opening(
    kb: KnowledgeBase, poi_id: str, date: dt.date, is_open: bool
) -> None:
    attraction = kb.attraction(poi_id)
    assert attraction is not None
    assert bool(open_windows(attraction.hours, date)) is is_open


def test_tianyige_opens_only_in_the_afternoon_on_mondays(kb: KnowledgeBase) -> None:
    tianyige = kb.attraction("ningbo-tianyige")
    assert tianyige is not None
    assert open_windows(tianyige.hours, MONDAY)[0][0] == 13 * 60 + 30
    assert open_windows(tianyige.hours, TUESDAY)[0][0] == 8 * 60 + 30


def test_xiapu_sunset_spots_open_for_the_sunset(kb: KnowledgeBase) -> None:
    for poi_id in ("xiapu-dongbi", "xiapu-xiaohao"):
        spot = kb.attraction(poi_id)
        assert spot is not None and "sunset" in spot.tags
        for date in (JANUARY, JULY):
            windows = open_windows(spot.hours, date)
            assert windows and windows[0][0] >= 15 * 60, "the window is the hours before sunset"


def test_season_and_concession_prices(kb: KnowledgeBase) -> None:
    jiuhua = kb.attraction("jiuhuashan-jiuhua-street")
    assert jiuhua is not None
    assert adult_price(jiuhua, JULY) == 160 and adult_price(jiuhua, JANUARY) == 140
    haihun = kb.attraction("nanchang-haihun-museum")
    # curated since 2026-12-03: its source says its coordinates are estimated (test_honest_labels)
    assert haihun is not None and haihun.ticket_cny == 60
    senior_only = Party(adults=0, seniors=1, senior_ages=(66,))
    assert party_price(haihun, JULY, senior_only).total == 0  # 65 and over enter free
    young_senior = Party(adults=0, seniors=1, senior_ages=(62,))
    assert party_price(haihun, JULY, young_senior).total == 30  # 60–64 half price


def test_mountains_count_their_cable_cars(kb: KnowledgeBase) -> None:
    for poi_id in ("wudangshan-jinding", "sanqingshan-nanqingyuan", "yuntaishan-hongshixia"):
        mountain = kb.attraction(poi_id)
        assert mountain is not None
        # the scenic bus is the park's compulsory `shuttle` (bought with the ticket), the rest
        # (cable cars) inside transport
        assert mountain.transport_inside_cny > 0 or mountain.shuttle is not None
    wudang = kb.attraction("wudangshan-jinding")
    assert wudang is not None
    assert any(h.kind == "cable_car" and h.price_cny for h in wudang.highlights)
