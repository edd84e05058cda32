"""A synthetic sight priced by season with concessions (a 黄山-like mountain in `beta` of
`two_city_kb`), for tests of prices, closures and reservations by date."""

from __future__ import annotations

from typing import Any

from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import Attraction, Concession, SeasonPrice
from tests.helpers.synthetic_kb import attraction, two_city_kb

INSIDE_CNY = 40  # shuttle bus inside, per person

SEASONS = (
    SeasonPrice(start="03-01", end="11-30", adult_cny=190, label_zh="旺季", label_en="peak"),
    SeasonPrice(start="12-01", end="02-28", adult_cny=150, label_zh="淡季", label_en="off-season"),
)
CONCESSIONS = (
    Concession(who="child", min_age=6, max_age=18, fare="half"),
    Concession(who="child", max_age=6, max_height_cm=120, fare="free"),
    Concession(who="senior", min_age=65, fare="free"),
    Concession(who="student", fare="half"),
)


def mountain(**kw: Any) -> Attraction:
    """``beta-mountain`` (「黄山风景区」): 190 CNY 3–11月, 150 CNY 12–2月, children 6–18 half,
    under 6 or 1.2 m free, seniors 65+ free, students half; `kw` overrides fields."""
    beta = two_city_kb().destinations["beta"]
    fields: dict[str, Any] = {
        "id": "beta-mountain",
        "name_zh": "黄山风景区",
        "name_en": "Mount Huangshan",
        "ticket_cny": 190,
        "seasons": SEASONS,
        "concessions": CONCESSIONS,
        "transport_inside_cny": INSIDE_CNY,
        "popularity": 5,
    }
    fields.update(kw)
    return attraction("beta", 90, beta.lat + 0.004, beta.lon + 0.004, **fields)


def kb_with(*sights: Attraction) -> KnowledgeBase:
    """`two_city_kb` with `sights` added to ``beta``."""
    kb = two_city_kb()
    beta = kb.destinations["beta"]
    kb.add(beta.model_copy(update={"attractions": (*beta.attractions, *sights)}))
    return kb
