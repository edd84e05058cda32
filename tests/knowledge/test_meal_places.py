"""Places to eat in the curated knowledge base are typed for the meal planner: a shop of sweets,
drinks or one treat says it serves no meal, and a restaurant inside a ticketed site says which."""

from __future__ import annotations

import pytest

from engine.knowledge.base import load_curated
from engine.knowledge.schema import Restaurant

KB = load_curated()
RESTAURANTS = sorted(
    (r for d in KB.destinations.values() for r in d.restaurants), key=lambda r: r.id
)
#: Tags that alone leave open whether a place serves a meal (a tangyuan shop, a café).
TREAT_TAGS = frozenset({"dessert", "tea-house", "snacks", "local", "western"})


def _treat_like(r: Restaurant) -> bool:
    tags = set(r.cuisines)
    return r.kind != "food_street" and tags <= TREAT_TAGS and bool(tags & {"dessert", "tea-house"})


@pytest.mark.parametrize("place", [r for r in RESTAURANTS if _treat_like(r)], ids=lambda r: r.id)
def test_a_shop_of_sweets_or_tea_says_whether_it_serves_meals(place: Restaurant) -> None:
    assert "serves_meals" in place.model_fields_set, (
        f"{place.id} ({place.name_zh}) is tagged only {place.cuisines}: set serves_meals "
        "(false for ice lollies, mahua, tangyuan, tea; true where a meal is sold)"
    )


def test_the_treat_shops_travellers_know_serve_no_meal() -> None:
    ids = {"harbin-modern-ice-lolly", "tianjin-guifaxiang", "chengdu-lai-tangyuan"}
    assert {r.id for r in RESTAURANTS if r.id in ids and not r.serves_meals} == ids


#: Names that say an eatery lies behind a site's ticket gate (园内, 景区内).
INSIDE_WORDS = ("景区内", "园内")


@pytest.mark.parametrize(
    "place",
    [r for r in RESTAURANTS if any(w in r.name_zh for w in INSIDE_WORDS)],
    ids=lambda r: r.id,
)
def test_an_eatery_named_as_inside_a_site_names_that_site(place: Restaurant) -> None:
    """冰雪大世界园内餐饮 and 西栅景区内临河饭庄 were lunches before the visit that lets one in."""
    assert place.inside is not None, f"{place.id} ({place.name_zh}): set inside"


@pytest.mark.parametrize("place", [r for r in RESTAURANTS if r.inside], ids=lambda r: r.id)
def test_an_eatery_inside_a_site_names_a_site_of_its_destination(place: Restaurant) -> None:
    destination = next(d for d in KB.destinations.values() if place in d.restaurants)
    site = next((a for a in destination.attractions if a.id == place.inside), None)
    assert site is not None, f"{place.id}: inside {place.inside} is not in {destination.id}"
