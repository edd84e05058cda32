"""Curated knowledge for 南京 深圳 广州 成都 重庆 武汉 and their intercity links (kb3)."""

from __future__ import annotations

import datetime as dt
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from engine.knowledge.base import KnowledgeBase, load_curated
from engine.knowledge.geo import haversine_m
from engine.knowledge.hours import open_windows, parse
from engine.knowledge.schema import (
    ATTRACTION_TAGS,
    CUISINE_TAGS,
    Attraction,
    Destination,
    Place,
    Restaurant,
)
from engine.paths import knowledge_dir

ROOT = Path(__file__).resolve().parents[2]
CHINATRAVEL = ROOT / ".." / "shared" / "data" / "chinatravel"
CITIES = {
    "nanjing": "320100",
    "shenzhen": "440300",
    "guangzhou": "440100",
    "chengdu": "510100",
    "chongqing": "500000",
    "wuhan": "420100",
}
AIRPORTS = {
    "nanjing": {"NKG"},
    "shenzhen": {"SZX"},
    "guangzhou": {"CAN"},
    "chengdu": {"TFU", "CTU"},
    "chongqing": {"CKG"},
    "wuhan": {"WUH"},
}
MAIN_STATIONS = {
    "nanjing": "nanjing-nanjing-south-station",
    "shenzhen": "shenzhen-shenzhen-north-station",
    "guangzhou": "guangzhou-guangzhou-south-station",
    "chengdu": "chengdu-chengdu-east-station",
    "chongqing": "chongqing-chongqing-north-station",
    "wuhan": "wuhan-wuhan-station",
}
MONDAY, TUESDAY = dt.date(2026, 12, 7), dt.date(2026, 12, 8)


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return load_curated()


def ours(kb: KnowledgeBase) -> list[Destination]:
    return [kb.destinations[city] for city in CITIES]


def places(dest: Destination) -> list[Place]:
    return [*dest.attractions, *dest.restaurants, *dest.lodging, *dest.hubs]


def test_every_city_is_present_with_its_adcode_and_metro(kb: KnowledgeBase) -> None:
    for city, adcode in CITIES.items():
        dest = kb.destinations[city]
        assert dest.adcode == adcode
        assert dest.metro
        assert dest.best_months and all(1 <= m <= 12 for m in dest.best_months)
        assert dest.notes


def test_minimum_counts(kb: KnowledgeBase) -> None:
    for dest in ours(kb):
        assert len(dest.attractions) >= 20, dest.id
        assert len(dest.restaurants) >= 12, dest.id
        assert len(dest.lodging) >= 5, dest.id


def test_hubs_have_the_main_station_and_airport_codes(kb: KnowledgeBase) -> None:
    for city, codes in AIRPORTS.items():
        hubs = kb.destinations[city].hubs
        assert MAIN_STATIONS[city] in {h.id for h in hubs}
        assert codes <= {h.code for h in hubs if h.kind == "airport"}, city


def _open_tuesday(hours: str) -> dt.date:
    """TUESDAY, or the next Tuesday the place opens: a monthly closing day such as
    `Tu[2] off` (second Tuesday of the month) falls on TUESDAY itself."""
    for weeks in range(5):
        day = TUESDAY + dt.timedelta(weeks=weeks)
        if open_windows(hours, day):
            return day
    return TUESDAY


def test_every_hours_string_parses_and_last_entry_fits(kb: KnowledgeBase) -> None:
    for dest in ours(kb):
        timed: list[Attraction | Restaurant] = [*dest.attractions, *dest.restaurants]
        for place in timed:
            parse(place.hours)  # raises HoursError when malformed
            windows = open_windows(place.hours, _open_tuesday(place.hours))
            assert windows, f"{place.id} is never open on a Tuesday"
        for attraction in dest.attractions:
            longest = max(
                b - a for a, b in open_windows(attraction.hours, _open_tuesday(attraction.hours))
            )
            assert attraction.last_entry < longest, attraction.id
            assert attraction.visit_minutes <= longest or attraction.hours == "24/7", attraction.id


def test_every_place_lies_within_radius(kb: KnowledgeBase) -> None:
    for dest in ours(kb):
        for place in places(dest):
            distance = haversine_m(dest.lat, dest.lon, place.lat, place.lon)
            assert distance <= dest.radius_km * 1000, f"{place.id}: {distance:.0f} m"


def test_ids_are_unique_and_prefixed_by_their_destination() -> None:
    seen: set[str] = set()
    for path in sorted((knowledge_dir() / "destinations").glob("*.json")):
        raw = json.loads(path.read_text(encoding="utf-8"))
        for kind in ("attractions", "restaurants", "lodging", "hubs"):
            for record in raw.get(kind, []):
                assert record["id"] not in seen, record["id"]
                seen.add(record["id"])
                if raw["id"] in CITIES:
                    assert record["id"].startswith(raw["id"] + "-"), record["id"]


def test_tags_and_cuisines_come_from_the_vocabulary(kb: KnowledgeBase) -> None:
    for dest in ours(kb):
        for attraction in dest.attractions:
            assert set(attraction.tags) <= ATTRACTION_TAGS, attraction.id
        for restaurant in dest.restaurants:
            assert set(restaurant.cuisines) <= CUISINE_TAGS, restaurant.id


def test_every_city_has_non_spicy_food_and_sichuan_chongqing_have_spicy(kb: KnowledgeBase) -> None:
    for dest in ours(kb):
        mild = [r for r in dest.restaurants if "spicy" not in r.cuisines]
        assert len(mild) >= 4, dest.id
    for city in ("chengdu", "chongqing"):
        hot = [r for r in kb.destinations[city].restaurants if "spicy" in r.cuisines]
        assert len(hot) >= 5, city


def test_bookings_and_weekly_closures_of_key_museums(kb: KnowledgeBase) -> None:
    for poi_id in (
        "nanjing-nanjing-museum",
        "nanjing-sun-yat-sen-mausoleum",
        "nanjing-massacre-memorial",
        "chengdu-sichuan-museum",
        "chengdu-panda-base",
        "wuhan-hubei-museum",
    ):
        attraction = kb.attraction(poi_id)
        assert attraction is not None, poi_id
        assert attraction.reservation == "required"
        assert attraction.reservation_note_zh and attraction.reservation_note_en
    for poi_id in ("nanjing-massacre-memorial", "nanjing-nanjing-museum", "wuhan-hubei-museum"):
        attraction = kb.attraction(poi_id)
        assert attraction is not None
        assert open_windows(attraction.hours, MONDAY) == ()
        assert open_windows(attraction.hours, TUESDAY)


def test_links_join_existing_hubs_of_these_cities_only(kb: KnowledgeBase) -> None:
    path = knowledge_dir() / "links" / "kb3.json"
    raw = json.loads(path.read_text(encoding="utf-8"))
    ours_links = [link for link in kb.links if link.a in CITIES and link.b in CITIES]
    assert len(ours_links) == len(raw) >= 15
    for link in ours_links:
        assert kb.destination_of(link.a_hub) is kb.destinations[link.a], link.a_hub
        assert kb.destination_of(link.b_hub) is kb.destinations[link.b], link.b_hub
        assert kb.hub(link.a_hub) is not None and kb.hub(link.b_hub) is not None
    pairs = {frozenset((link.a, link.b)) for link in ours_links}
    for a, b in (("chengdu", "chongqing"), ("guangzhou", "shenzhen"), ("nanjing", "wuhan")):
        assert frozenset((a, b)) in pairs
    fastest = min(link.duration_minutes for link in kb.links_between("guangzhou", "shenzhen"))
    assert 25 <= fastest <= 40


def _load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("kb_accuracy", ROOT / "bench" / "kb_accuracy.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being built
    spec.loader.exec_module(module)
    return module


def test_attraction_coordinates_agree_with_chinatravel(kb: KnowledgeBase) -> None:
    if not CHINATRAVEL.is_dir():
        pytest.skip(f"ChinaTravel sandbox absent at {CHINATRAVEL}")
    bench = _load_bench()
    for dest in ours(kb):
        refs = bench.load_refs(CHINATRAVEL, dest.id, "attractions", {})
        assert refs, dest.id
        distances = []
        for attraction in dest.attractions:
            hit = bench.match(attraction, refs)
            if hit is not None:
                ref = hit[0]
                distances.append(haversine_m(attraction.lat, attraction.lon, ref.lat, ref.lon))
        assert len(distances) >= 15, dest.id
        distances.sort()
        # Positions were re-sourced without the sandbox (licence, issue 13): they are estimates
        # from memory, measured here at a 325–608 m median from the sandbox's own (2026-12-01).
        # The bound catches gross errors (a wrong city, a swapped lat/lon), not metres.
        assert distances[len(distances) // 2] <= 700, dest.id
