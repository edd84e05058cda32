"""Headline fares, cable-car fares and positions checked against pages read (issue 13).

Each fare here was a guess (「估计」) until a page read through the search tool gave it; the
record now says what the page gave and when it was read. A verified sight says in its `source`
when its facts were read, and a highlight lies within its sight's extent
(`bench/kb_facts.py`: a train ride spreads along its 13 km of track).
"""

from __future__ import annotations

import re

import pytest

from bench.kb_facts import _extent
from engine.knowledge.base import load_curated
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Attraction, Highlight

KB = load_curated()
#: A read date in a `source`: "read 2026-12-03", "verified 2026-12-01 against …",
#: "re-read through the search tool on 2026-12-02", within one clause (no ';' between).
READ_DATE = re.compile(r"\b(?:read|verified|checked)\b[^;]{0,80}?\b20\d\d-\d\d-\d\d")


def _a(poi_id: str) -> Attraction:
    found = KB.attraction(poi_id)
    assert found is not None, poi_id
    return found


def _car(poi_id: str, name_zh: str) -> Highlight:
    return next(h for h in _a(poi_id).highlights if h.name_zh == name_zh)


def test_verified_sights_say_when_their_source_was_read() -> None:
    unread = [
        a.id
        for d in KB.destinations.values()
        for a in d.attractions
        if a.confidence == "verified" and not READ_DATE.search(a.source)
    ]
    assert not unread, unread


def test_yandangshan_combo_sights_are_curated_with_their_read_date() -> None:
    """灵岩 and 大龙湫 cite the Wenzhou bureau's combo ticket (A line 170) but not their hours:
    re-read on a dated day, curated, not verified."""
    for poi_id in ("yandangshan-lingyan", "yandangshan-dalongqiu"):
        a = _a(poi_id)
        assert a.confidence == "curated"
        assert "re-read 2026-12-03" in a.source and "170" in a.source


@pytest.mark.parametrize(
    ("poi_id", "car", "fare", "said"),
    [
        # half the HK$270 standard return (SCMP 2023-10-20) at 0.92; no current single fare found
        ("hongkong-ngong-ping-big-buddha", "昂坪360缆车", 124, "往返270港元"),
        ("putuoshan-huiji-foding", "普陀山索道", 40, "单程40元、往返70元"),  # Lonely Planet
        ("hengshan-zhurong-peak", "南岳索道（半山亭—南天门）", 30, "上行30元"),  # chinatravel.com
        ("taishan-mount-tai", "中天门索道", 100, "单程100元"),  # 2024 page, 2014 travel page
    ],
)
def test_cable_car_fares_say_the_page_they_come_from(
    poi_id: str, car: str, fare: float, said: str
) -> None:
    ride = _car(poi_id, car)
    assert ride.price_cny == fare
    assert said in ride.note_zh
    assert "估计" not in ride.note_zh and "estimated" not in ride.note_en.lower()
    assert "2026-12-03" in _a(poi_id).source  # the reading is cited with its date


def test_hengshan_counts_the_bus_ticket_that_includes_the_cable_car() -> None:
    """Lonely Planet: the scenic-bus ticket, 80 return, includes the cable car both ways — the
    plan counts 80, not an estimated bus 50 + car 60."""
    a = _a("hengshan-zhurong-peak")
    assert a.transport_inside_cny == 80
    assert "往返80元" in a.ticket_note_zh and "估计" not in a.ticket_note_zh


def test_weizhou_counts_the_cited_ferry_and_cart() -> None:
    """涠洲岛: the return ferry (150 each way in a travelogue) plus the park cart (20 return, a
    2018 review) is the 320 the plan counts; the island fee is Wikivoyage's 120."""
    a = _a("beihai-weizhou-volcano")
    assert a.confidence == "curated"
    assert a.transport_inside_cny == 150 * 2 + 20
    assert a.ticket_cny == 120
    assert "估计" not in a.ticket_note_zh and "estimated" not in a.ticket_note_en.lower()


def test_shuanglong_bridge_stands_at_its_encyclopedic_point() -> None:
    """双龙桥 (Wikidata Q10912620) at 23.60819, 102.79272 per aroundus.com, not the remembered
    point 1.3 km north-east."""
    bridge = next(
        h for h in _a("jianshui-small-train").highlights if h.name_zh.startswith("双龙桥")
    )
    assert bridge.lat is not None and bridge.lon is not None
    assert haversine_m(bridge.lat, bridge.lon, 23.60819, 102.79272) < 50


def test_every_highlight_lies_within_its_sights_extent() -> None:
    far = [
        f"{a.id} {h.name_zh}: {haversine_m(a.lat, a.lon, h.lat, h.lon):.0f} m (extent {_extent(a)})"
        for d in KB.destinations.values()
        for a in d.attractions
        for h in a.highlights
        if h.lat is not None
        and h.lon is not None
        and haversine_m(a.lat, a.lon, h.lat, h.lon) > _extent(a)
    ]
    assert not far, far


def test_kanas_splits_the_cited_total_with_the_cited_bus_fare() -> None:
    """喀纳斯: entry plus shuttle 230 (a National Day article), the shuttle 100 (Lonely Planet):
    entry counted as 130, no longer an estimated 150 + 80."""
    a = _a("kanas-scenic-area")
    assert a.shuttle is not None
    assert (a.ticket_cny, a.shuttle.fare_cny) == (130, 100)
    assert a.ticket_cny + a.shuttle.fare_cny == 230
    assert a.confidence == "curated"
    assert "估计" not in a.ticket_note_zh and "estimated" not in a.ticket_note_en.lower()


def test_nine_bend_raft_fare_cites_lonely_planet() -> None:
    a = _a("wuyishan-nine-bend-rafting")
    assert a.ticket_cny == 130
    assert "Lonely Planet" in a.ticket_note_zh and "估计" not in a.ticket_note_zh
    assert "read 2026-12-03" in a.source
