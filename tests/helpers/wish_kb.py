"""A small knowledge base for wish tests: tiny_kb plus 北京, 天津, 西安, 厦门 (鼓浪屿 with its
island lodging), 重庆, 广州 — attractions, lodging areas and rail stations, positions roughly
right (WGS-84)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import Hub, Lodging
from tests.helpers.tiny_kb import attraction, destination, tiny_kb

_PROVENANCE: dict[str, Any] = {
    "as_of": dt.date(2024, 6, 1),
    "source": "test fixture",
    "confidence": "estimated",
}


def lodging(poi_id: str, zh: str, en: str, lat: float, lon: float) -> Lodging:
    return Lodging(id=poi_id, name_zh=zh, name_en=en, lat=lat, lon=lon, price_min_cny=200,
                   price_max_cny=600, description_zh="测试用住宿区。",
                   description_en="A lodging area for tests.", **_PROVENANCE)  # fmt: skip


def station(poi_id: str, zh: str, en: str, lat: float, lon: float) -> Hub:
    return Hub(id=poi_id, name_zh=zh, name_en=en, lat=lat, lon=lon, kind="rail", **_PROVENANCE)


def wish_kb() -> KnowledgeBase:
    kb = tiny_kb()
    rows = (
        ("beijing", "北京", "Beijing", "北京市", "110000", 39.90, 116.40,
         (attraction("forbidden-city", "故宫", "Forbidden City", 39.916, 116.397, ("history", "museum")),
          attraction("great-wall-badaling", "八达岭长城", "Badaling Great Wall", 40.36, 116.02,
                     ("history", "hiking"), ("长城", "Great Wall"))),
         (lodging("beijing-lodging-wangfujing", "王府井·东单", "Wangfujing", 39.91, 116.41),),
         (station("beijing-south-station", "北京南站", "Beijing South Railway Station", 39.865, 116.379),)),
        ("tianjin", "天津", "Tianjin", "天津市", "120000", 39.13, 117.20,
         (attraction("tianjin-eye", "天津之眼", "Tianjin Eye", 39.153, 117.180, ("landmark", "night-view")),),
         (), ()),
        ("xian", "西安", "Xi'an", "陕西省", "610100", 34.34, 108.94,
         (attraction("terracotta-army", "兵马俑", "Terracotta Army", 34.385, 109.273, ("history", "museum")),),
         (), ()),
        ("xiamen", "厦门", "Xiamen", "福建省", "350200", 24.48, 118.09,
         (attraction("gulangyu", "鼓浪屿", "Gulangyu Island", 24.447, 118.067, ("nature", "architecture")),),
         (lodging("xiamen-lodging-gulangyu", "鼓浪屿岛上", "On Gulangyu Island", 24.447, 118.066),
          lodging("xiamen-lodging-zhongshan", "中山路—轮渡一带", "Zhongshan Road", 24.456, 118.08)),
         ()),
        ("chongqing", "重庆", "Chongqing", "重庆市", "500000", 29.56, 106.55,
         (attraction("hongyadong", "洪崖洞", "Hongyadong", 29.563, 106.578, ("night-view", "landmark")),),
         (), ()),
        ("guangzhou", "广州", "Guangzhou", "广东省", "440100", 23.13, 113.26,
         (attraction("canton-tower", "广州塔", "Canton Tower", 23.106, 113.324, ("landmark", "night-view")),),
         (), ()),
    )  # fmt: skip
    for dest_id, zh, en, province, adcode, lat, lon, attractions, lodgings, hubs in rows:
        place = destination(dest_id, zh, en, province, adcode, lat, lon, 60, attractions)
        kb.add(place.model_copy(update={"lodging": lodgings, "hubs": hubs}))
    huangshan = kb.destinations["huangshan"]
    summit = lodging("huangshan-lodging-summit", "山顶酒店（北海）", "Summit hotels", 30.13, 118.16)
    kb.destinations["huangshan"] = huangshan.model_copy(update={"lodging": (summit,)})
    return kb
