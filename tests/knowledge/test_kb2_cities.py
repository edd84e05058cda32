"""Curated knowledge for Hangzhou, Suzhou and Beijing: required hubs, minimum counts, facts."""

from __future__ import annotations

import datetime as dt
import math

import opening_hours
import pytest

from engine.knowledge.base import KnowledgeBase, load_curated
from engine.knowledge.schema import (
    ATTRACTION_TAGS,
    CUISINE_TAGS,
    Attraction,
    Destination,
    Hub,
    Place,
)

CITIES = ("hangzhou", "suzhou", "beijing")
MINIMUMS = {  # destination id -> (attractions, restaurants, lodging)
    "hangzhou": (20, 12, 5),
    "suzhou": (20, 10, 5),
    "beijing": (25, 14, 6),
}
REQUIRED_HUBS = {
    "hangzhou": {
        "hangzhou-hangzhoudong-station",
        "hangzhou-xiaoshan-airport",
        "hangzhou-hangzhou-station",
    },
    "suzhou": {"suzhou-suzhou-station", "suzhou-suzhoubei-station"},
    "beijing": {"beijing-beijingnan-station", "beijing-capital-airport", "beijing-daxing-airport"},
}
MONDAY = dt.datetime(2026, 11, 2, 10, 0)  # a Monday, local time
TUESDAY = dt.datetime(2026, 11, 3, 10, 0)


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return load_curated()


def _distance_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance (haversine, mean Earth radius 6371 km)."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    a = (
        math.sin((p2 - p1) / 2) ** 2
        + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    )
    return 2 * 6371 * math.asin(math.sqrt(a))


def _places(dest: Destination) -> list[Place]:
    return [*dest.attractions, *dest.restaurants, *dest.lodging, *dest.hubs]


def _attraction(kb: KnowledgeBase, poi_id: str) -> Attraction:
    attraction = kb.attraction(poi_id)
    assert attraction is not None, poi_id
    return attraction


def _hub(kb: KnowledgeBase, hub_id: str) -> Hub:
    hub = kb.hub(hub_id)
    assert hub is not None, hub_id
    return hub


@pytest.mark.parametrize("city", CITIES)
def test_counts_meet_minimums(kb: KnowledgeBase, city: str) -> None:
    dest = kb.destinations[city]
    attractions, restaurants, lodging = MINIMUMS[city]
    assert len(dest.attractions) >= attractions
    assert len(dest.restaurants) >= restaurants
    assert len(dest.lodging) >= lodging
    assert dest.metro and dest.notes and dest.best_months


@pytest.mark.parametrize("city", CITIES)
def test_required_hubs_exist(kb: KnowledgeBase, city: str) -> None:
    for hub_id in REQUIRED_HUBS[city]:
        assert _hub(kb, hub_id).kind in {"rail", "airport"}
        assert kb.destination_of(hub_id) is kb.destinations[city]


def test_airport_codes(kb: KnowledgeBase) -> None:
    codes = {h: _hub(kb, h).code for h in ("hangzhou-xiaoshan-airport", "beijing-capital-airport",
                                          "beijing-daxing-airport")}  # fmt: skip
    assert codes == {"hangzhou-xiaoshan-airport": "HGH", "beijing-capital-airport": "PEK",
                     "beijing-daxing-airport": "PKX"}  # fmt: skip
    suzhou = kb.destinations["suzhou"]
    assert not [h for h in suzhou.hubs if h.kind == "airport"]
    assert any("WUX" in n.en and "SHA" in n.en for n in suzhou.notes)


@pytest.mark.parametrize("city", CITIES)
def test_places_inside_radius_with_prefixed_ids(kb: KnowledgeBase, city: str) -> None:
    dest = kb.destinations[city]
    for place in _places(dest):
        assert place.id.startswith(f"{city}-"), place.id
        assert _distance_km(dest.lat, dest.lon, place.lat, place.lon) <= dest.radius_km, place.id


@pytest.mark.parametrize("city", CITIES)
def test_hours_parse_and_tags_in_vocabulary(kb: KnowledgeBase, city: str) -> None:
    dest = kb.destinations[city]
    for a in dest.attractions:
        opening_hours.OpeningHours(a.hours)
        assert set(a.tags) <= ATTRACTION_TAGS, a.id
    for r in dest.restaurants:
        opening_hours.OpeningHours(r.hours)
        assert set(r.cuisines) <= CUISINE_TAGS, r.id


@pytest.mark.parametrize(
    "poi_id",
    ["beijing-forbidden-city", "beijing-national-museum", "beijing-mao-mausoleum",
     "beijing-capital-museum", "suzhou-museum", "hangzhou-zhejiang-museum"],
)  # fmt: skip
def test_monday_closures(kb: KnowledgeBase, poi_id: str) -> None:
    hours = opening_hours.OpeningHours(_attraction(kb, poi_id).hours)
    assert not hours.is_open(MONDAY)
    assert hours.is_open(TUESDAY)


def test_forbidden_city_seasonal_closing(kb: KnowledgeBase) -> None:
    palace = _attraction(kb, "beijing-forbidden-city")
    hours = opening_hours.OpeningHours(palace.hours)
    assert hours.is_open(dt.datetime(2026, 7, 7, 16, 45))  # summer: until 17:00
    assert not hours.is_open(dt.datetime(2026, 12, 8, 16, 45))  # winter: until 16:30
    assert palace.last_entry == 60 and palace.ticket_cny == 60


@pytest.mark.parametrize(
    "poi_id",
    ["beijing-forbidden-city", "beijing-national-museum", "beijing-mao-mausoleum",
     "beijing-tiananmen-rostrum", "suzhou-museum"],
)  # fmt: skip
def test_real_name_booking_required(kb: KnowledgeBase, poi_id: str) -> None:
    attraction = _attraction(kb, poi_id)
    assert attraction.reservation == "required"
    assert "实名" in attraction.reservation_note_zh
    assert "real-name" in attraction.reservation_note_en.lower()
