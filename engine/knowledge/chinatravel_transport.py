"""ChinaTravel sandbox: transport hubs (with per-record datum detection) and intercity links.

Hub positions come from ``poi/<city>/poi.json``, whose datum is mixed (Beijing's stations are
GCJ-02, Shanghai's look WGS-84, 杭州东站 BD-09) and which has wrong rows (广州站 carries 广州南站's
position). The metro stations of ``transportation/subways.json`` are consistently GCJ-02
(``"lon,lat"`` strings), so each hub is checked against them (`locate_hub`): the datum that puts
the hub nearest a metro station of the same name wins; when even the best is far, the metro
station's own position is used; when no station shares the name, the nearest station of any
name decides, else GCJ-02 is assumed.

Typical links (`links`): one per city pair and mode (``hsr`` for 高铁/动车/城际, ``train`` for the
rest, ``flight``), both directions pooled over the *quick* services (within 20 % of the fastest):
the fastest duration, the lowest fare among the quick services (a fare a quick service really
has — not the fare of a 20-hour sleeper), the latest first departure and the earliest last
departure of the two directions (pooled when those cross), hubs of the most used station pair.

Timetable (`timetable`): every service as a one-way scheduled link (train number or flight,
departure time, the time to its timetabled arrival, the lowest fare of its rows) — the overnight and slow trains whose
fares make a tight budget possible.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.knowledge.geo import Datum, haversine_m, to_wgs84

DATUMS: tuple[Datum, ...] = ("GCJ-02", "WGS-84", "BD-09")
NAMED_OK_M = 800.0
ANY_OK_M = 300.0
_STRIP = re.compile(r"国际机场|机场|火车|高铁|客运|客站|站")


@dataclass(frozen=True)
class Station:
    """A metro station, WGS-84."""

    name: str
    lat: float
    lon: float


@dataclass(frozen=True)
class Located:
    """A hub's WGS-84 position and how it was obtained (``datum`` names the source datum)."""

    lat: float
    lon: float
    datum: str


def metro_stations(root: Path) -> dict[str, list[Station]]:
    """City folder -> metro stations (GCJ-02 ``"lon,lat"`` converted to WGS-84); {} if absent."""
    path = root / "transportation" / "subways.json"
    if not path.is_file():
        return {}
    found: dict[str, list[Station]] = {}
    for city, lines in json.loads(path.read_text(encoding="utf-8")).items():
        for line in lines:
            for st in line.get("stations", []):
                try:
                    lon, lat = (float(v) for v in str(st["position"]).split(","))
                except (KeyError, ValueError):
                    continue
                wlat, wlon = to_wgs84(lat, lon, "GCJ-02")
                found.setdefault(city, []).append(Station(st["name"], wlat, wlon))
    return found


def _core(name: str, city_zh: str) -> str:
    name = re.sub(r"[(（].*?[)）]", "", name)
    if name.startswith(city_zh):
        name = name[len(city_zh) :]
    return _STRIP.sub("", name)


def _named(name: str, core: str, station: Station, city_zh: str) -> bool:
    """Whether metro `station` is named after hub `name` (whose core name is `core`): an airport
    only matches stations named 机场/航站楼, a railway station only stations named …站 (…站北广场), and an
    empty core (北京站, 上海站) only an equally empty one (北京站, 上海火车站)."""
    airport = name.endswith("机场")
    if ("机场" in station.name or "航站" in station.name) != airport:
        return False
    plain = re.sub(r"[(（].*?[)）]", "", station.name)
    if not airport and not re.search(r"站(?:[东西南北]广场)?$", plain):
        return False
    other = _core(station.name, city_zh)
    if not core or not other:
        return core == other
    return core in other or other in core


def locate_hub(name: str, lat: float, lon: float, city_zh: str, stations: list[Station]) -> Located:
    """The WGS-84 position of hub `name` given at (`lat`, `lon`) in an unknown datum."""
    guesses = {d: to_wgs84(lat, lon, d) for d in DATUMS}
    core = _core(name, city_zh)
    named = [s for s in stations if _named(name, core, s, city_zh)]
    if named:
        metres, datum, station = min(
            (haversine_m(*guesses[d], s.lat, s.lon), d, s) for d in DATUMS for s in named
        )
        if metres <= NAMED_OK_M:
            return Located(*guesses[datum], datum)
        return Located(station.lat, station.lon, f"GCJ-02 (metro station {station.name})")
    if stations:
        metres, datum = min(
            (min(haversine_m(*guesses[d], s.lat, s.lon) for s in stations), d) for d in DATUMS
        )
        if metres <= ANY_OK_M:
            return Located(*guesses[datum], datum)
    return Located(*guesses["GCJ-02"], "GCJ-02 (assumed)")


def train_mode(train_type: str) -> str:
    """``hsr`` for 高铁 / 动车 / 城际 trains, else ``train``."""
    return "hsr" if train_type in ("高铁", "动车", "城际") else "train"


def services(root: Path) -> Iterable[dict[str, Any]]:
    """Every train and flight row, with ``mode`` added (``hsr`` / ``train`` / ``flight``)."""
    base = root / "intercity_transport"
    for path in sorted((base / "train").glob("from_*_to_*.json")):
        for row in json.loads(path.read_text(encoding="utf-8")):
            yield {**row, "mode": train_mode(str(row.get("TrainType", "")))}
    flights = base / "airplane.jsonl"
    if flights.is_file():
        for line in flights.read_text(encoding="utf-8").splitlines():
            if line.strip():
                yield {**json.loads(line), "mode": "flight"}


def _minutes(text: str) -> int:
    hours, minutes = str(text).split(":")
    return int(hours) * 60 + int(minutes)


def _hm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


Ends = tuple[str, str]  # (destination id, hub id)


def _readable(
    rows: Iterable[dict[str, Any]], hubs: dict[str, Ends]
) -> Iterator[tuple[Ends, Ends, float, float, int, dict[str, Any]]]:
    """(from, to, hours, fare CNY, departure minutes, row) of the service rows between two
    different destinations' stations whose duration, fare and departure time can be read."""
    for row in rows:
        a, b = hubs.get(str(row.get("From"))), hubs.get(str(row.get("To")))
        if a is None or b is None or a[0] == b[0]:
            continue
        try:
            hours, fare = float(row["Duration"]), float(row["Cost"])
            depart = _minutes(row["BeginTime"])
        except (KeyError, TypeError, ValueError):
            continue
        yield a, b, hours, fare, depart, row


def links(rows: Iterable[dict[str, Any]], hubs: dict[str, tuple[str, str]]) -> list[dict[str, Any]]:
    """Link fields (`IntercityLink` minus provenance) from service rows.

    Args:
        rows: from `services`.
        hubs: station name -> (destination id, hub id); services touching other stations are
            left out.
    """
    groups: dict[tuple[str, str, str], list[tuple[str, str, dict[str, Any]]]] = {}
    for a, b, _hours, _fare, _depart, row in _readable(rows, hubs):
        (da, ha), (db, hb) = sorted([a, b])
        groups.setdefault((da, db, row["mode"]), []).append((ha, hb, row))
    out = []
    for (da, db, mode), items in sorted(groups.items()):
        fastest = min(float(r["Duration"]) for _, _, r in items)
        quick = [(ha, hb) for ha, hb, r in items if float(r["Duration"]) <= fastest * 1.2]
        a_hub, b_hub = Counter(quick).most_common(1)[0][0]
        firsts, lasts = [], []
        for forward in (True, False):
            times = [
                _minutes(r["BeginTime"])
                for _, _, r in items
                if (hubs[str(r["From"])][0] == da) == forward
            ]
            if times:
                firsts.append(min(times))
                lasts.append(max(times))
        first, last = max(firsts), min(lasts)
        if first > last:  # the directions' timetables do not overlap: pool them
            first, last = min(firsts), max(lasts)
        fare = min(float(r["Cost"]) for _, _, r in items if float(r["Duration"]) <= fastest * 1.2)
        out.append(
            {
                "a": da,
                "b": db,
                "a_hub": a_hub,
                "b_hub": b_hub,
                "mode": mode,
                "duration_minutes": max(10, round(fastest * 60)),
                "fare_cny": max(5.0, fare),
                "first_departure": _hm(first),
                "last_departure": _hm(last),
                "note_zh": f"ChinaTravel 时刻表：{len(items)}班（往返合计）",
                "note_en": f"ChinaTravel timetable: {len(items)} services (both directions)",
            }
        )
    return out


def timetable(
    rows: Iterable[dict[str, Any]], hubs: dict[str, tuple[str, str]]
) -> list[dict[str, Any]]:
    """One-way scheduled links (`IntercityLink` fields with ``service``), one per service.

    A service is a train number or flight between two destinations' stations at one departure
    time; of its rows (seat classes) the lowest fare is kept. Services touching stations not in
    `hubs`, or with unreadable times or fares, are left out.
    """
    best: dict[tuple[str, str, str, int], dict[str, Any]] = {}
    for a, b, hours, fare, depart, row in _readable(rows, hubs):
        minutes = _vehicle_minutes(depart, row.get("EndTime"), hours)
        number = str(row.get("TrainID") or row.get("FlightID") or "").strip()
        if not number or not 0 < hours <= 50 or fare <= 0:
            continue
        key = (a[0], b[0], number, depart)
        if key in best and best[key]["fare_cny"] <= fare:
            continue
        best[key] = {
            "a": a[0],
            "b": b[0],
            "a_hub": a[1],
            "b_hub": b[1],
            "mode": row["mode"],
            "duration_minutes": max(10, minutes),
            "fare_cny": max(5.0, fare),
            "first_departure": _hm(depart),
            "last_departure": _hm(depart),
            "service": number,
            "note_zh": f"ChinaTravel 时刻表：{number}",
            "note_en": f"ChinaTravel timetable: {number}",
        }
    return [best[key] for key in sorted(best)]


def _vehicle_minutes(depart: int, end: Any, hours: float) -> int:
    """Minutes from departure to the timetable's arrival time ("HH:MM", possibly days later —
    the day count is the one nearest the stated duration); the rounded duration when the
    arrival time is unreadable. (The sandbox's ``Duration`` is in hours to two decimals: 12.4 h
    for a 12 h 27 min run.)"""
    try:
        arrive = _minutes(end)
    except (AttributeError, TypeError, ValueError):
        return round(hours * 60)
    within_day = (arrive - depart) % (24 * 60)
    days = round((hours * 60 - within_day) / (24 * 60))
    return within_day + max(0, days) * 24 * 60
