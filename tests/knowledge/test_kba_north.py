"""Curated knowledge for the northern destinations (西安 … 泰山): counts, hubs, seasons, links."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.knowledge.base import KnowledgeBase, load_curated
from engine.knowledge.geo import haversine_m
from engine.knowledge.hours import open_windows

MINIMUMS = {  # destination id -> (attractions, restaurants, lodging areas)
    "xian": (15, 10, 3),
    "luoyang": (8, 6, 3),
    "kaifeng": (8, 6, 3),
    "pingyao": (8, 6, 3),
    "datong": (8, 6, 3),
    "tianjin": (15, 10, 3),
    "qinhuangdao": (8, 6, 3),
    "dalian": (15, 10, 3),
    "harbin": (15, 10, 3),
    "changbaishan": (6, 6, 3),  # one scenic area: each slope is a whole-day record
    "hulunbuir": (8, 6, 3),
    "taishan": (8, 6, 3),
}
JANUARY = dt.date(2027, 1, 12)
JULY = dt.date(2026, 7, 14)


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return load_curated()


@pytest.mark.parametrize("dest_id", sorted(MINIMUMS))
def test_counts_hubs_and_a_link_from_beijing(kb: KnowledgeBase, dest_id: str) -> None:
    dest = kb.destinations[dest_id]
    attractions, restaurants, lodging = MINIMUMS[dest_id]
    assert len(dest.attractions) >= attractions
    assert len(dest.restaurants) >= restaurants
    assert len(dest.lodging) >= lodging
    assert dest.notes and dest.best_months
    assert any(h.kind == "rail" for h in dest.hubs) or any(h.kind == "airport" for h in dest.hubs)
    assert kb.links_between("beijing", dest_id), "no curated way from Beijing"


@pytest.mark.parametrize(
    ("poi_id", "open_in_january", "open_in_july"),
    [
        ("harbin-ice-snow-world", True, False),
        ("changbaishan-west-slope", True, True),  # all-year hours (okchina.net, 2025)
        ("changbaishan-north-slope", True, True),
        ("hulunbuir-golden-tent-tribe", False, True),
        ("dalian-discoveryland", False, True),
        ("taishan-mount-tai", True, True),
    ],
)
def test_seasonal_opening(
    kb: KnowledgeBase, poi_id: str, open_in_january: bool, open_in_july: bool
) -> None:
    attraction = kb.attraction(poi_id)
    assert attraction is not None
    assert bool(open_windows(attraction.hours, JANUARY)) is open_in_january
    assert bool(open_windows(attraction.hours, JULY)) is open_in_july


def test_mount_tai_cable_cars_and_sunrise(kb: KnowledgeBase) -> None:
    tai = kb.attraction("taishan-mount-tai")
    assert tai is not None and tai.meal_inside_cny and tai.transport_inside_cny > 0
    cable_cars = {h.name_zh: h.price_cny for h in tai.highlights if h.kind == "cable_car"}
    assert {"中天门索道", "桃花源索道"} <= set(cable_cars)
    assert any(h.kind == "sunrise" and h.name_zh == "日观峰" for h in tai.highlights)


def test_changbaishan_slopes_charge_their_shuttles(kb: KnowledgeBase) -> None:
    north = kb.attraction("changbaishan-north-slope")
    west = kb.attraction("changbaishan-west-slope")
    assert north is not None and west is not None
    assert north.transport_inside_cny > west.transport_inside_cny > 0  # north adds the summit cars


def test_hulunbuir_is_the_hailar_area_only(kb: KnowledgeBase) -> None:
    dest = kb.destinations["hulunbuir"]
    manzhouli, ergun = (49.59, 117.44), (50.24, 120.18)
    for lat, lon in (manzhouli, ergun):
        assert haversine_m(dest.lat, dest.lon, lat, lon) / 1000 > dest.radius_km
