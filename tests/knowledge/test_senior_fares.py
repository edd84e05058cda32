"""Seniors and children are charged their concessions at headline sights (issue 13): a family
taking parents in their seventies to 北京 pays half for them at 故宫 (60+ with ID), 天坛 and
颐和园 (visitors from elsewhere 70+ with ID), nothing at 八达岭 (60+ free), and half for a child
of 6–18 at the parks; 兵马俑 lets in free from 65 only; mountains and temples elsewhere have
their own age steps (峨眉山 60–64 half and 65+ free, 熊猫基地 70+ free, …).

Prices are the curated ones of the visit's date: 故宫 40, 天坛 28 (联票), 颐和园 20 in the low
season (1 November – 31 March).
"""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Party, TripRequest
from engine.knowledge.base import load_curated
from engine.knowledge.prices import party_price, person_price
from engine.planning import plan_trip

KB = load_curated()
TUESDAY = dt.date(2026, 12, 8)  # low season; 故宫 is closed on Mondays
JULY = dt.date(2026, 7, 14)
PARENTS = Party(adults=1, seniors=2, senior_ages=(72, 70))


@pytest.mark.parametrize(
    ("poi_id", "adult", "senior"),
    [
        ("beijing-forbidden-city", 40, 20),
        ("beijing-temple-of-heaven", 28, 14),
        ("beijing-summer-palace", 20, 10),
        ("beijing-badaling", 35, 0),
    ],
)
def test_beijing_headline_sights_charge_seniors_their_fare(
    poi_id: str, adult: float, senior: float
) -> None:
    sight = KB.attraction(poi_id)
    assert sight is not None
    assert person_price(sight, TUESDAY, "adult") == adult
    assert person_price(sight, TUESDAY, "senior", 70) == senior
    assert party_price(sight, TUESDAY, PARENTS).total == adult + 2 * senior


def test_beijing_parks_charge_a_visitor_of_65_the_full_price() -> None:
    """Half price at the municipal parks is from 70 for visitors from elsewhere (60 only with a
    Beijing senior card, which a tourist does not hold); 故宫's half price is from 60."""
    for poi_id in ("beijing-temple-of-heaven", "beijing-summer-palace"):
        park = KB.attraction(poi_id)
        assert park is not None
        assert person_price(park, TUESDAY, "senior", 65) == person_price(park, TUESDAY, "adult")
    palace = KB.attraction("beijing-forbidden-city")
    assert palace is not None
    assert person_price(palace, TUESDAY, "senior", 65) == 20


def test_beijing_parks_charge_a_child_of_10_half_and_a_child_of_5_nothing() -> None:
    family = Party(adults=2, children=2, child_ages=(10, 5))
    for poi_id, adult in (("beijing-temple-of-heaven", 28), ("beijing-summer-palace", 20)):
        park = KB.attraction(poi_id)
        assert park is not None
        assert party_price(park, TUESDAY, family).total == 2 * adult + adult / 2


def test_terracotta_army_is_free_from_65_and_under_16() -> None:
    army = KB.attraction("xian-terracotta-army")
    assert army is not None
    assert person_price(army, TUESDAY, "senior", 66) == 0
    assert person_price(army, TUESDAY, "senior", 62) == army.ticket_cny
    assert person_price(army, TUESDAY, "child", 12) == 0  # under 16 free
    assert person_price(army, TUESDAY, "child", 16) == army.ticket_cny


@pytest.mark.parametrize(
    ("poi_id", "age", "share"),
    [
        ("emeishan-mount-emei", 62, 0.5),  # 60–64 half, 65+ free
        ("emeishan-mount-emei", 66, 0.0),
        ("chengdu-panda-base", 68, 1.0),  # free from 70 only
        ("chengdu-panda-base", 71, 0.0),
        ("zhangjiajie-forest-park", 65, 0.5),  # 60–69 half, 70+ free
        ("zhangjiajie-forest-park", 72, 0.0),
        ("lhasa-jokhang", 66, 0.0),
        ("yanan-hukou-waterfall", 61, 0.0),
        ("xian-bell-drum-tower", 71, 0.0),  # 70+ free
        ("xian-bell-drum-tower", 66, 1.0),
    ],
)
def test_mountains_and_temples_charge_seniors_by_age(poi_id: str, age: int, share: float) -> None:
    sight = KB.attraction(poi_id)
    assert sight is not None
    adult = person_price(sight, JULY, "adult")
    assert adult > 0
    assert person_price(sight, JULY, "senior", age) == pytest.approx(adult * share)


def test_a_plan_with_parents_in_their_seventies_charges_them_half_at_the_palace() -> None:
    request = TripRequest(
        destinations=("beijing",),
        days=2,
        start_date=TUESDAY,
        party=PARENTS,
        must_see=("beijing-forbidden-city", "beijing-temple-of-heaven"),
    )
    plan: Itinerary = plan_trip(request, KB, time_limit_s=1.0)
    visits = {i.poi_id: i for d in plan.days for i in d.items if i.kind is ItemKind.ATTRACTION}
    for poi_id, adult in (("beijing-forbidden-city", 40), ("beijing-temple-of-heaven", 28)):
        item = visits.get(poi_id)
        assert item is not None, f"the must-see {poi_id} is not in the plan"
        sight = KB.attraction(poi_id)
        assert sight is not None
        lunch = (sight.meal_inside_cny or 0) if "午餐在景区内" in (item.note or "") else 0
        # one adult at the full price, two seniors at half
        assert item.cost_cny == pytest.approx(adult * 2 + 3 * lunch)
        assert "半价" in (item.note or ""), item.note
