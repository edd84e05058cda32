"""A small synthetic knowledge base for tests that must not depend on curated data."""

from __future__ import annotations

import datetime as dt
from typing import Any

from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import Attraction, Destination, Hub, IntercityLink, Lodging, Restaurant

AS_OF = dt.date(2026, 11, 1)
PROV: dict[str, Any] = {"as_of": AS_OF, "source": "synthetic test data", "confidence": "estimated"}


def attraction(dest: str, n: int, lat: float, lon: float, **kw: Any) -> Attraction:
    fields: dict[str, Any] = {
        "id": f"{dest}-a{n}",
        "name_zh": f"景点{n}",
        "name_en": f"Sight {n}",
        "lat": lat,
        "lon": lon,
        "hours": "08:00-18:00",
        "visit_minutes": 90,
        "ticket_cny": 40,
        "tags": ["culture"],
        "popularity": 3,
        "description_zh": "测试用景点描述",
        "description_en": "A synthetic sight for tests.",
        **PROV,
    }
    fields.update(kw)
    return Attraction(**fields)


def restaurant(dest: str, n: int, lat: float, lon: float, **kw: Any) -> Restaurant:
    fields: dict[str, Any] = {
        "id": f"{dest}-r{n}",
        "name_zh": f"餐厅{n}",
        "name_en": f"Restaurant {n}",
        "lat": lat,
        "lon": lon,
        "hours": "10:00-21:30",
        "price_per_person_cny": 60,
        "cuisines": ["local"],
        "signature_dishes_zh": ["招牌菜"],
        "signature_dishes_en": ["house dish"],
        **PROV,
    }
    fields.update(kw)
    return Restaurant(**fields)


def city(
    dest: str,
    lat: float,
    lon: float,
    *,
    metro: bool = True,
    n_sights: int = 8,
    n_food: int = 6,
    **kw: Any,
) -> Destination:
    """A destination with sights and restaurants on a small grid around (lat, lon)."""
    sights = [
        attraction(dest, i, lat + 0.01 * (i % 3), lon + 0.012 * (i // 3), popularity=1 + i % 5)
        for i in range(n_sights)
    ]
    food = [
        restaurant(dest, i, lat + 0.008 * (i % 3), lon + 0.01 * (i // 3)) for i in range(n_food)
    ]
    fields: dict[str, Any] = {
        "id": dest,
        "name_zh": f"{dest}市",
        "name_en": dest.title(),
        "province": "测试省",
        "adcode": "310000",
        "lat": lat,
        "lon": lon,
        "radius_km": 40,
        "metro": metro,
        "attractions": sights,
        "restaurants": food,
        "lodging": [
            Lodging(
                id=f"{dest}-l1",
                name_zh="市中心",
                name_en="Centre",
                lat=lat + 0.01,
                lon=lon + 0.01,
                price_min_cny=300,
                price_max_cny=600,
                description_zh="市中心住宿区",
                description_en="Central lodging area",
                **PROV,
            )
        ],
        "hubs": [
            Hub(
                id=f"{dest}-station",
                name_zh=f"{dest}站",
                name_en=f"{dest.title()} Station",
                lat=lat - 0.03,
                lon=lon - 0.02,
                kind="rail",
                **PROV,
            )
        ],
        **PROV,
    }
    fields.update(kw)
    return Destination(**fields)


def two_city_kb() -> KnowledgeBase:
    """`alpha` (with a metro) and `beta` (without), joined by a 90-minute HSR link."""
    kb = KnowledgeBase()
    kb.add(city("alpha", 31.2, 121.45))
    kb.add(city("beta", 30.2, 120.15, metro=False))
    kb.links.append(
        IntercityLink(
            a="alpha",
            b="beta",
            a_hub="alpha-station",
            b_hub="beta-station",
            mode="hsr",
            duration_minutes=90,
            fare_cny=120,
            first_departure="06:30",
            last_departure="21:00",
            **PROV,
        )
    )
    return kb
