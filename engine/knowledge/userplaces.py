"""A person's own places (CSV, GeoJSON, GPX) → a data pack; every row checked before anything
is written, so a bad file imports nothing.

Fields (CSV columns, GeoJSON properties, GPX ``<name>``/``<desc>``/``<type>``), all but the
first three optional:

- ``name``, ``lat``, ``lon``: the place (GeoJSON takes lat/lon from the Point geometry).
- ``kind``: ``attraction`` (default), ``restaurant``, ``lodging`` or ``hub``.
- ``name_en``; ``description``; ``datum``: ``WGS-84`` (default), ``GCJ-02`` (Amap, Tencent) or
  ``BD-09`` (Baidu) — converted to WGS-84 on import.
- ``destination``: a destination id (default: the ``--destination`` option, else the known
  destination whose radius holds the point, nearest centre first).
- ``hours``: OSM opening_hours (default ``Mo-Su 09:00-17:00``; restaurants ``Mo-Su 10:00-21:00``).
- ``visit_minutes`` (default 90), ``popularity`` 1–5 (default 3), ``price`` (CNY: ticket;
  per person for restaurants, default 50; per night for lodging, default 300), ``tags``
  (``;``-separated attraction tags or cuisines), ``hub_kind`` (rail, airport, coach, port).
"""

from __future__ import annotations

import datetime as dt
import math
from pathlib import Path
from typing import Any, cast

from pydantic import ValidationError

from engine.knowledge.base import KnowledgeBase
from engine.knowledge.chinatravel_fields import english
from engine.knowledge.geo import Datum, haversine_m, to_wgs84
from engine.knowledge.hours import HoursError, parse
from engine.knowledge.packs import Pack, check_name
from engine.knowledge.schema import (
    ATTRACTION_TAGS,
    CUISINE_TAGS,
    Attraction,
    Destination,
    Hub,
    Lodging,
    Place,
    Restaurant,
)
from engine.knowledge.userplaces_read import (
    Format,
    ImportFailed,
    ImportProblem,
    ProgressCallback,
    iter_rows,
)
from engine.untrusted import clean, clean_name

KINDS = {
    "attraction": "attractions",
    "restaurant": "restaurants",
    "lodging": "lodging",
    "hub": "hubs",
}
DATUMS = ("WGS-84", "GCJ-02", "BD-09")
#: The most places one import takes: a pack is loaded whole by every planning process (100 000
#: places take about 8 s to load), and an import holds its places in memory until it is saved
#: (about 4 KB a place).
MAX_PLACES = 100_000


class _Bad(ValueError):
    def __init__(self, zh: str, en: str) -> None:
        super().__init__(en)
        self.zh, self.en = zh, en


def import_places(
    path: Path,
    fmt: Format,
    *,
    name: str,
    kb: KnowledgeBase,
    destination: str | None = None,
    datum: str = "WGS-84",
    today: dt.date | None = None,
    progress: ProgressCallback | None = None,
) -> Pack:
    """Read `path` into a pack named `name` (not installed: see `packs.save_pack`).

    Time grows linearly with the rows (measured by ``bench/import_scale.py``); `progress` is
    called as the file is read (`userplaces_read.ImportProgress`).

    Raises:
        PackError: `name` is not a valid pack name.
        ImportFailed: anything wrong — the file (too big, not UTF-8, not CSV/JSON/XML), a row
            (with its line/feature number), an unknown `destination`, more than `MAX_PLACES`
            places; nothing is imported then.
    """
    check_name(name)
    today = today or dt.date.today()
    if destination is not None and destination not in kb.destinations:
        raise ImportFailed(
            [
                ImportProblem(
                    fmt, 0, f"没有名为“{destination}”的目的地。", f"No destination {destination!r}."
                )
            ]
        )
    if datum not in DATUMS:
        raise ImportFailed(
            [ImportProblem(fmt, 0, f"未知坐标系“{datum}”。", f"Unknown datum {datum!r}.")]
        )
    problems: list[ImportProblem] = []
    placed: dict[str, dict[str, list[Place]]] = {}
    ids: set[str] = set()
    source = f"{fmt.upper()} file {path.name}, imported as pack {name!r}"
    finder = _Destinations(kb)
    number = 0
    for number, (position, fields) in enumerate(iter_rows(path, fmt, progress=progress), 1):
        if number > MAX_PLACES:
            problems.append(
                ImportProblem(
                    fmt,
                    0,
                    f"地点超过{MAX_PLACES}个；请拆成几个文件，分别导入为不同名称的数据包。",
                    f"More than {MAX_PLACES} places; split the file and import each part as a "
                    "pack of its own name.",
                )
            )
            break
        try:
            dest_id, kind, place = _record(
                fields,
                f"{name}-{fields.get('id') or number}",
                finder,
                destination,
                datum,
                source,
                today,
            )
        except _Bad as bad:
            problems.append(ImportProblem(fmt, position, bad.zh, bad.en))
            continue
        if place.id in ids:  # (a set: a scan of the places kept made imports quadratic)
            problems.append(
                ImportProblem(fmt, position, f"id“{place.id}”重复。", f"duplicate id {place.id!r}.")
            )
            continue
        ids.add(place.id)
        placed.setdefault(dest_id, {k: [] for k in KINDS.values()})[kind].append(place)
    if not number:
        problems.append(ImportProblem(fmt, 0, "文件里没有地点。", "The file has no places."))
    if problems:
        raise ImportFailed(problems)
    dests = tuple(
        kb.destinations[d].model_copy(
            update={
                **{k: tuple(v) for k, v in kinds.items()},
                "notes": (),
                "headline": (),  # the curated list names curated sights, not the file's
                "access_areas": (),  # they name curated hubs; the merge keeps the curated ones
                "summary_zh": "",
                "summary_en": "",
            }
        )
        for d, kinds in sorted(placed.items())
    )
    return Pack(
        name=name,
        kind=fmt,
        title=f"{path.name}",
        licence="own data / 自有数据",
        attribution=f"{path.name}",
        source_path=str(path.resolve()),
        imported_at=dt.datetime.now(dt.UTC),
        destinations=dests,
    )


def _number(fields: dict[str, str], key: str, default: float | None = None) -> float:
    raw = fields.get(key, "")
    if raw == "" and default is not None:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):  # ("nan" and "inf" parse as floats)
        raise _Bad(f"{key} 应为数字（现为“{raw}”）", f"{key} must be a number (got {raw!r})")
    return value


def _tags(raw: str, allowed: frozenset[str], default: str) -> tuple[str, ...]:
    tags = tuple(t.strip() for t in raw.replace("；", ";").split(";") if t.strip()) or (default,)
    unknown = [t for t in tags if t not in allowed]
    if unknown:
        raise _Bad(f"未知标签：{'、'.join(unknown)}", f"unknown tag(s): {', '.join(unknown)}")
    return tags


class _Destinations:
    """The destination a point belongs to: the named one (it must hold the point), else the
    nearest centre among those whose radius holds it. Centres are pre-filtered by a
    latitude/longitude box, so a row costs a few distance computations, not one per
    destination."""

    def __init__(self, kb: KnowledgeBase) -> None:
        self.kb = kb
        self._all: list[tuple[float, float, float, float, Destination]] = []
        for d in kb.destinations.values():
            box = d.radius_km / 111.0 + 0.01  # degrees of latitude, a little to spare
            shrink = math.cos(math.radians(min(89.0, abs(d.lat) + box)))  # at the box's edge
            self._all.append((d.lat, d.lon, box, box / shrink, d))

    def find(self, lat: float, lon: float, wanted: str | None) -> Destination:
        if wanted:
            return self._named(lat, lon, wanted)
        inside = []
        for dlat, dlon, lat_box, lon_box, dest in self._all:
            if abs(lat - dlat) > lat_box or abs(lon - dlon) > lon_box:
                continue
            metres = haversine_m(lat, lon, dlat, dlon)
            if metres <= dest.radius_km * 1000:
                inside.append((metres, dest.id, dest))
        if not inside:
            raise _Bad(
                "不在任何已知目的地范围内，请用 --destination 或 destination 列指定",
                "not inside any known destination; give --destination or a destination column",
            )
        return min(inside)[2]

    def _named(self, lat: float, lon: float, wanted: str) -> Destination:
        dest = self.kb.destinations.get(wanted)
        if dest is None:
            raise _Bad(f"没有名为“{wanted}”的目的地", f"no destination {wanted!r}")
        km = haversine_m(lat, lon, dest.lat, dest.lon) / 1000
        if km > dest.radius_km:
            raise _Bad(
                f"距{dest.name_zh}中心{km:.0f}公里，超出其{dest.radius_km:.0f}公里范围",
                f"{km:.0f} km from the centre of {dest.name_en}, outside its "
                f"{dest.radius_km:.0f} km radius",
            )
        return dest


def _record(
    fields: dict[str, str],
    pid: str,
    finder: _Destinations,
    destination: str | None,
    datum: str,
    source: str,
    today: dt.date,
) -> tuple[str, str, Place]:
    if fields.get("_error") == "geometry":
        raise _Bad("只支持点（Point）几何", "only Point geometries are supported")
    name = clean_name(fields.get("name", ""))  # (no control or invisible character)
    if not name:
        raise _Bad("缺少 name", "name is missing")
    kind = fields.get("kind", "") or "attraction"
    if kind not in KINDS:
        raise _Bad(
            f"kind 应为 {'/'.join(KINDS)}（现为“{kind}”）",
            f"kind must be one of {', '.join(KINDS)} (got {kind!r})",
        )
    src_datum = fields.get("datum", "") or datum
    if src_datum not in DATUMS:
        raise _Bad(f"未知坐标系“{src_datum}”", f"unknown datum {src_datum!r}")
    lat0, lon0 = _number(fields, "lat"), _number(fields, "lon")
    if not (3.0 <= lat0 <= 54.0 and 73.0 <= lon0 <= 136.0):
        raise _Bad(
            f"坐标（{lat0}, {lon0}）不在中国范围内（纬度、经度是否写反？）",
            f"({lat0}, {lon0}) is not in China (latitude and longitude swapped?)",
        )
    lat, lon = to_wgs84(lat0, lon0, cast(Datum, src_datum))
    dest = finder.find(lat, lon, fields.get("destination") or destination)
    common: dict[str, Any] = {
        "id": pid.lower(),
        "name_zh": name,
        "name_en": fields.get("name_en") or english(name),
        "lat": lat,
        "lon": lon,
        "as_of": today,
        "confidence": "estimated",
        "source": f"{source}; source datum {src_datum}, stored as WGS-84",
    }
    description = clean(fields.get("description", ""), limit=4000).strip()
    try:
        return dest.id, KINDS[kind], _build(kind, fields, common, name, description)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "record"
        raise _Bad(f"{where}：{err['msg']}", f"{where}: {err['msg']}") from None


def _describe(description: str, name: str, name_en: str) -> dict[str, str]:
    """Description fields long enough for the schema: the given text, else one made of the name."""
    zh = description if len(description) >= 4 else f"{name}（自有数据）{description}"
    en = description if len(description) >= 10 else f"{name_en} (own data) {description}"
    return {"description_zh": zh, "description_en": en.strip()}


def _build(
    kind: str, fields: dict[str, str], common: dict[str, Any], name: str, description: str
) -> Place:
    default_hours = "Mo-Su 10:00-21:00" if kind == "restaurant" else "Mo-Su 09:00-17:00"
    hours = fields.get("hours") or default_hours
    if kind in ("attraction", "restaurant"):
        try:
            parse(hours)
        except HoursError:
            raise _Bad(
                f"hours 不是有效的营业时间：“{hours}”",
                f"hours is not valid opening_hours: {hours!r}",
            ) from None
    if kind == "attraction":
        return Attraction(
            **common,
            hours=hours,
            visit_minutes=round(_number(fields, "visit_minutes", 90)),
            ticket_cny=_number(fields, "price", 0),
            popularity=round(_number(fields, "popularity", 3)),
            tags=_tags(fields.get("tags", ""), ATTRACTION_TAGS, "culture"),
            **_describe(description, name, common["name_en"]),
        )
    if kind == "restaurant":
        cuisines = _tags(fields.get("tags", ""), CUISINE_TAGS, "local")
        return Restaurant(
            **common,
            hours=hours,
            price_per_person_cny=_number(fields, "price", 50),
            cuisines=cuisines,
            signature_dishes_zh=(description or name,),
            signature_dishes_en=(description or common["name_en"],),
            description_zh=description,
        )
    if kind == "lodging":
        price = _number(fields, "price", 300)
        return Lodging(
            **common,
            kind="hotel",
            price_min_cny=price,
            price_max_cny=price,
            **_describe(description, name, common["name_en"]),
        )
    return Hub(**common, kind=fields.get("hub_kind") or "rail")
