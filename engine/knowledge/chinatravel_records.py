"""ChinaTravel sandbox rows → attraction, restaurant and hotel records of one city.

Each row is converted from its file's datum to WGS-84 and mapped as `chinatravel_fields`
documents; a row that cannot be read is counted in `skipped` (``"<kind>: <reason>"``) and left
out; near-duplicates (`pack_merge.dedupe`) keep the first listed, which the sandbox ranks higher.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from typing import Any

from pydantic import ValidationError

from engine.knowledge import chinatravel_fields as f
from engine.knowledge.geo import Datum, to_wgs84
from engine.knowledge.pack_merge import dedupe
from engine.knowledge.schema import Attraction, Lodging, Restaurant

PACK_NAME = "chinatravel"
#: Source datum of each file (the data README and checks against WGS-84 landmarks and GCJ-02
#: metro stations).
DATUMS: dict[str, Datum] = {"attractions": "BD-09", "restaurants": "GCJ-02", "hotels": "GCJ-02"}
ROOMS = ("single_room_price", "king_room_price", "double_bed_price", "family_room_price")
FILES = {
    "attractions": "attractions/{city}/attractions.csv",
    "restaurants": "restaurants/{city}/restaurants_{city}.csv",
    "hotels": "accommodations/{city}/accommodations.csv",
}


def _position(row: dict[str, Any], datum: Datum) -> tuple[float, float]:
    lat, lon = f.number(row, "lat"), f.number(row, "lon")
    if not (3.0 <= lat <= 54.0 and 73.0 <= lon <= 136.0):
        raise f.RowError("coordinates")
    return to_wgs84(lat, lon, datum)


def _attraction(row: dict[str, str], rank: int, pid: str, prov: dict[str, Any]) -> Attraction:
    lat, lon = _position(row, DATUMS["attractions"])
    words, tags = f.type_tags(row.get("type", ""))
    lo, hi = f.number(row, "recommendmintime"), f.number(row, "recommendmaxtime")
    minutes = min(480, max(30, round((lo + max(lo, hi)) / 2 * 60 / 5) * 5))
    name = row["name"].strip()
    kinds_zh = "、".join(p for p in row.get("type", "").strip("{} ").split(";") if p) or "景点"
    return Attraction(
        id=pid,
        name_zh=name,
        name_en=f.english(name),
        lat=lat,
        lon=lon,
        hours=f.hours(row.get("opentime", ""), row.get("endtime", "")),
        visit_minutes=minutes,
        ticket_cny=f.number(row, "price"),
        tags=tags,
        popularity=f.popularity(rank, row.get("star", "")),
        description_zh=f"{kinds_zh}（ChinaTravel 数据，开放时间和票价仅供参考）",
        description_en=f"{', '.join(words) or 'Sight'} (ChinaTravel data; check hours and prices)",
        **prov,
    )


def _restaurant(row: dict[str, str], pid: str, prov: dict[str, Any]) -> Restaurant:
    cuisine = row.get("cuisine", "").strip()
    if cuisine not in f.CUISINE_MAP:
        raise f.RowError("cuisine")
    cuisine_en, tags = f.CUISINE_MAP[cuisine]
    lat, lon = _position(row, DATUMS["restaurants"])
    dishes = [d.strip() for d in row.get("recommendedfood", "").split(",") if d.strip()][:4]
    name = row["name"].strip()
    return Restaurant(
        id=pid,
        name_zh=name,
        name_en=f.english(name),
        lat=lat,
        lon=lon,
        hours=f.hours(row.get("opentime", ""), row.get("endtime", "")),
        price_per_person_cny=f.number(row, "price"),
        cuisines=tags,
        signature_dishes_zh=tuple(dishes or [cuisine]),
        signature_dishes_en=(f"{cuisine_en} dishes",),
        description_zh=f"{cuisine}（ChinaTravel 数据）",
        description_en=f"{cuisine_en} (ChinaTravel data)",
        **prov,
    )


WOMEN_ONLY = ("女生", "女子", "女性")  # hostels and floors for women only


def _hotel(row: dict[str, str], pid: str, prov: dict[str, Any]) -> Lodging:
    lat, lon = _position(row, DATUMS["hotels"])
    prices = [p for p in (f.number(row, k) if row.get(k) else 0.0 for k in ROOMS) if p > 0]
    if not prices:
        raise f.RowError("price")
    name, feature = row["name"].strip(), row.get("featurehoteltype", "").strip()
    if any(word in name for word in WOMEN_ONLY):  # cannot be booked for any party
        raise f.RowError("women only")
    lo, hi = min(prices), max(prices)
    return Lodging(
        id=pid,
        kind="hotel",
        name_zh=name,
        name_en=(row.get("hotelname_en") or "").strip() or f.english(name),
        lat=lat,
        lon=lon,
        price_min_cny=lo,
        price_max_cny=hi,
        description_zh=f"酒店{('，' + feature) if feature else ''}；房价约{lo:.0f}–{hi:.0f}元/晚（ChinaTravel 数据）",
        description_en=f"Hotel; rooms about {lo:.0f}–{hi:.0f} CNY a night (ChinaTravel data)",
        **prov,
    )


def records(
    kind: str, rows: list[dict[str, str]], city: str, today: dt.date, skipped: Counter[str]
) -> list[Any]:
    """Records of `kind` (``attractions``, ``restaurants``, ``hotels``) from `city`'s rows, in
    file order; ids are ``chinatravel-<city>-<a|r|h><row index>``."""
    out: list[Any] = []
    file = FILES[kind].format(city=city)
    prov = f.provenance(today, file, DATUMS[kind])
    for rank, row in enumerate(rows):
        pid = f"{PACK_NAME}-{city}-{kind[0]}{rank}"
        try:
            if kind == "attractions":
                out.append(_attraction(row, rank, pid, prov))
            elif kind == "restaurants":
                out.append(_restaurant(row, pid, prov))
            else:
                out.append(_hotel(row, pid, prov))
        except f.RowError as exc:
            skipped[f"{kind}: {exc}"] += 1
        except (ValidationError, KeyError):
            skipped[f"{kind}: out of range"] += 1
    kept, dropped = dedupe(out)
    if dropped:
        skipped[f"{kind}: near-duplicate"] += dropped
    return kept
