"""A small in-memory knowledge base (黄山, 杭州, 上海) for tests that need destinations."""

from __future__ import annotations

import datetime as dt
from typing import Any

from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import Attraction, Destination

_PROVENANCE: dict[str, Any] = {
    "as_of": dt.date(2024, 6, 1),
    "source": "test fixture",
    "confidence": "estimated",
}


def attraction(poi_id: str, zh: str, en: str, lat: float, lon: float, tags: tuple[str, ...],
               aliases: tuple[str, ...] = ()) -> Attraction:  # fmt: skip
    """An attraction with plausible defaults (open 08:00-17:00, 120 minutes, 50 CNY)."""
    return Attraction(
        id=poi_id,
        name_zh=zh,
        name_en=en,
        aliases=aliases,
        lat=lat,
        lon=lon,
        hours="Mo-Su 08:00-17:00",
        visit_minutes=120,
        ticket_cny=50,
        tags=tags,
        popularity=4,
        description_zh="测试用景点。",
        description_en="An attraction for tests.",
        **_PROVENANCE,
    )


def destination(dest_id: str, zh: str, en: str, province: str, adcode: str, lat: float,
                lon: float, radius_km: float, attractions: tuple[Attraction, ...],
                aliases: tuple[str, ...] = ()) -> Destination:  # fmt: skip
    return Destination(
        id=dest_id,
        name_zh=zh,
        name_en=en,
        aliases=aliases,
        province=province,
        adcode=adcode,
        lat=lat,
        lon=lon,
        radius_km=radius_km,
        attractions=attractions,
        **_PROVENANCE,
    )


def tiny_kb() -> KnowledgeBase:
    """Three destinations; positions are WGS-84 and roughly right."""
    kb = KnowledgeBase()
    kb.add(
        destination(
            "huangshan", "黄山", "Huangshan", "安徽省", "341000", 30.0, 118.2, 80,
            (
                attraction("huangshan-scenic-area", "黄山风景区", "Mount Huangshan Scenic Area",
                           30.13, 118.17, ("mountain", "hiking", "sunrise"), ("黄山景区", "Yellow Mountain")),
                attraction("hongcun", "宏村", "Hongcun Village", 30.00, 117.99, ("village", "heritage")),
                attraction("xidi", "西递", "Xidi Village", 29.99, 118.00, ("village", "heritage")),
                attraction("tunxi-old-street", "屯溪老街", "Tunxi Old Street", 29.71, 118.31,
                           ("old-town", "shopping")),
            ),
            aliases=("Mount Huangshan", "Yellow Mountain", "黄山风景区"),
        )
    )  # fmt: skip
    kb.add(
        destination(
            "hangzhou", "杭州", "Hangzhou", "浙江省", "330100", 30.27, 120.15, 60,
            (
                attraction("west-lake", "西湖", "West Lake", 30.245, 120.14, ("lake", "nature", "landmark")),
                attraction("lingyin-temple", "灵隐寺", "Lingyin Temple", 30.241, 120.10, ("temple", "history")),
                attraction("zhejiang-museum", "浙江省博物馆", "Zhejiang Provincial Museum", 30.25, 120.15,
                           ("museum", "history", "indoor")),
            ),
        )
    )  # fmt: skip
    kb.add(
        destination(
            "shanghai", "上海", "Shanghai", "上海市", "310000", 31.23, 121.47, 70,
            (
                attraction("the-bund", "外滩", "The Bund", 31.240, 121.490, ("landmark", "night-view")),
                attraction("yu-garden", "豫园", "Yu Garden", 31.227, 121.492, ("garden", "history")),
                attraction("shanghai-museum", "上海博物馆", "Shanghai Museum", 31.228, 121.475,
                           ("museum", "indoor")),
            ),
        )
    )  # fmt: skip
    return kb
