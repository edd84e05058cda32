"""Import the ChinaTravel sandbox (``../shared/data/chinatravel``) as the data pack ``chinatravel``.

Datums (checked against WGS-84 landmarks and against the sandbox's GCJ-02 metro stations):
attractions BD-09, restaurants and hotels GCJ-02, hubs mixed (see
`engine.knowledge.chinatravel_transport`); everything is converted to WGS-84 with
`engine.knowledge.geo.to_wgs84` and each record's ``source`` names the file and the datum.
Field mappings are in `engine.knowledge.chinatravel_fields`. Rows that cannot be read (broken
coordinates, prices out of range, unknown cuisine) are skipped and counted in ``Pack.skipped``;
near-duplicates inside a city (chain branches, 金茂大厦 / 金茂大厦88层观光厅) keep the first listed.
"""

from __future__ import annotations

import csv
import datetime as dt
import json
import math
import statistics
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.knowledge import chinatravel_fields as f
from engine.knowledge.chinatravel_records import FILES, PACK_NAME, records
from engine.knowledge.chinatravel_transport import (
    links,
    locate_hub,
    metro_stations,
    services,
    timetable,
)
from engine.knowledge.geo import haversine_m
from engine.knowledge.packs import Pack, PackError
from engine.knowledge.schema import Destination, Hub, IntercityLink

LICENCE = "CC BY-NC-SA 4.0 (https://creativecommons.org/licenses/by-nc-sa/4.0/)"
ATTRIBUTION = (
    "ChinaTravel sandbox — Shao et al., “ChinaTravel: A Real-World Benchmark for "
    "Language Agents in Chinese Travel Planning”, 2024, arXiv:2412.13682"
)
URL = "https://arxiv.org/abs/2412.13682"
#: Sandbox city folder -> (name zh, name en, province, adcode).
CITIES = {
    "beijing": ("北京", "Beijing", "北京市", "110000"),
    "shanghai": ("上海", "Shanghai", "上海市", "310000"),
    "hangzhou": ("杭州", "Hangzhou", "浙江省", "330100"),
    "suzhou": ("苏州", "Suzhou", "江苏省", "320500"),
    "nanjing": ("南京", "Nanjing", "江苏省", "320100"),
    "shenzhen": ("深圳", "Shenzhen", "广东省", "440300"),
    "guangzhou": ("广州", "Guangzhou", "广东省", "440100"),
    "chengdu": ("成都", "Chengdu", "四川省", "510100"),
    "chongqing": ("重庆", "Chongqing", "重庆市", "500000"),
    "wuhan": ("武汉", "Wuhan", "湖北省", "420100"),
}


def import_chinatravel(
    root: Path,
    *,
    today: dt.date | None = None,
    cities: Sequence[str] | None = None,
    limit: int | None = None,
) -> Pack:
    """Read the sandbox at `root` into a `Pack` (not installed: see `packs.save_pack`).

    Args:
        root: the sandbox folder (with ``attractions/``, ``restaurants/`` …).
        today: the records' ``as_of`` (default: today).
        cities: city folders to import (default: all ten).
        limit: at most this many rows per file (for a quick slice in tests).

    Raises:
        PackError: `root` is not a ChinaTravel sandbox, or no city could be read.
    """
    today = today or dt.date.today()
    if not (root / "attractions").is_dir() or not (root / "restaurants").is_dir():
        raise PackError(
            f"{root} 不是 ChinaTravel 数据目录（缺少 attractions/ 或 restaurants/）。",
            f"{root} is not a ChinaTravel sandbox (no attractions/ or restaurants/ folder).",
        )
    skipped: Counter[str] = Counter()
    metro = metro_stations(root)
    rows = list(services(root))
    stations = {str(r.get(k)) for r in rows for k in ("From", "To")}
    destinations, hub_ids = [], {}
    for city in cities or sorted(CITIES):
        if city not in CITIES or not (root / "attractions" / city).is_dir():
            continue
        dest = _city(root, city, today, limit, skipped, metro.get(city, []), stations)
        destinations.append(dest)
        hub_ids.update({h.name_zh: (city, h.id) for h in dest.hubs})
    if not destinations:
        raise PackError(f"{root} 中没有可导入的城市。", f"No city could be read under {root}.")
    prov = f.provenance(today, "intercity_transport/ (trains, flights)", "")
    link_records = [
        IntercityLink(**fields, **prov)
        for fields in [*links(rows, hub_ids), *timetable(rows, hub_ids)]
    ]
    return Pack(
        name=PACK_NAME,
        kind="chinatravel",
        title="ChinaTravel 沙盒数据 / ChinaTravel sandbox",
        licence=LICENCE,
        attribution=ATTRIBUTION,
        url=URL,
        source_path=str(root.resolve()),
        imported_at=dt.datetime.now(dt.UTC),
        notes=(
            "attractions BD-09, restaurants and hotels GCJ-02, hubs checked per record against "
            "GCJ-02 metro stations; all converted to WGS-84",
            "known quality problems (e.g. 故宫 price 0, visit 0.5–1 h): curated records win",
        ),
        skipped=dict(sorted(skipped.items())),
        destinations=tuple(destinations),
        links=tuple(link_records),
    )


def _read_csv(path: Path, limit: int | None) -> list[dict[str, str]]:
    if not path.is_file():
        return []
    with path.open(encoding="utf-8-sig", newline="") as handle:
        out = list(csv.DictReader(handle))
    return out[:limit] if limit else out


def _hubs(root: Path, city: str, metro: list[Any], stations: set[str], today: dt.date) -> list[Hub]:
    path = root / "poi" / city / "poi.json"
    if not path.is_file():
        return []
    city_zh, hubs = CITIES[city][0], list[Hub]()
    for item in json.loads(path.read_text(encoding="utf-8")):
        name = str(item.get("name", ""))
        if name not in stations or any(h.name_zh == name for h in hubs):
            continue
        lat, lon = (float(v) for v in item["position"])
        spot = locate_hub(name, lat, lon, city_zh, metro)
        hubs.append(
            Hub(
                id=f"{PACK_NAME}-{city}-hub{len(hubs)}",
                name_zh=name,
                name_en=f.hub_english(name, city_zh, city.title()),
                lat=spot.lat,
                lon=spot.lon,
                kind="airport" if name.endswith("机场") else "rail",
                **f.provenance(today, f"poi/{city}/poi.json", spot.datum),
            )
        )
    return hubs


def _city(
    root: Path,
    city: str,
    today: dt.date,
    limit: int | None,
    skipped: Counter[str],
    metro: list[Any],
    stations: set[str],
) -> Destination:
    zh, en, province, adcode = CITIES[city]
    attractions, restaurants, hotels = (
        records(kind, _read_csv(root / FILES[kind].format(city=city), limit), city, today, skipped)
        for kind in ("attractions", "restaurants", "hotels")
    )
    hubs = _hubs(root, city, metro, stations, today)
    core = attractions or restaurants or hotels or hubs
    if not core:
        raise PackError(f"{city} 没有可读的记录。", f"No readable record for {city}.")
    lat = statistics.median(p.lat for p in core)
    lon = statistics.median(p.lon for p in core)
    every = [*attractions, *restaurants, *hotels, *hubs]
    dists = sorted(haversine_m(lat, lon, p.lat, p.lon) / 1000 for p in every)
    radius = min(300.0, max(10.0, math.ceil(dists[int(0.95 * (len(dists) - 1))] * 1.1)))

    def inside(places: list[Any], kind: str) -> tuple[Any, ...]:
        kept = [p for p in places if haversine_m(lat, lon, p.lat, p.lon) <= radius * 1000]
        if len(kept) < len(places):
            skipped[f"{kind}: outside the city"] += len(places) - len(kept)
        return tuple(kept)

    return Destination(
        id=city,
        name_zh=zh,
        name_en=en,
        province=province,
        adcode=adcode,
        lat=lat,
        lon=lon,
        radius_km=radius,
        metro=bool(metro),
        summary_zh=f"{zh}（ChinaTravel 数据包）",
        summary_en=f"{en} (ChinaTravel data pack)",
        attractions=inside(attractions, "attractions"),
        restaurants=inside(restaurants, "restaurants"),
        lodging=inside(hotels, "hotels"),
        hubs=inside(hubs, "hubs"),
        **f.provenance(today, f"*/{city}/", ""),
    )
