"""Checks every record of the curated knowledge base (resources/knowledge) and its loader."""

from __future__ import annotations

import csv
import datetime as dt
import importlib.util
import json
import math
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import airportsdata
import opening_hours
import pytest

from engine.knowledge.base import KnowledgeError, load_curated
from engine.knowledge.schema import (
    ATTRACTION_TAGS,
    CUISINE_TAGS,
    Attraction,
    Destination,
    Hub,
    IntercityLink,
    Lodging,
    Place,
    Restaurant,
)

KB = load_curated()
DESTS = sorted(KB.destinations.values(), key=lambda d: d.id)
PLACES: list[tuple[Place, Destination]] = sorted(KB.all_places(), key=lambda pd: pd[0].id)
ATTRACTIONS = [(p, d) for p, d in PLACES if isinstance(p, Attraction)]
AIRPORTS = [p for p, _ in PLACES if isinstance(p, Hub) and p.kind == "airport"]
TIMED = [(p, d) for p, d in PLACES if isinstance(p, Attraction | Restaurant)]
TODAY = dt.date.today()
IATA = airportsdata.load("IATA")  # ~100 ms a load: once, not once per airport

#: GB/T 2260 province-level codes (first two digits of an adcode).
PROVINCE_CODES = {
    "11": "北京市", "12": "天津市", "13": "河北省", "14": "山西省", "15": "内蒙古自治区",
    "21": "辽宁省", "22": "吉林省", "23": "黑龙江省", "31": "上海市", "32": "江苏省",
    "33": "浙江省", "34": "安徽省", "35": "福建省", "36": "江西省", "37": "山东省",
    "41": "河南省", "42": "湖北省", "43": "湖南省", "44": "广东省", "45": "广西壮族自治区",
    "46": "海南省", "50": "重庆市", "51": "四川省", "52": "贵州省", "53": "云南省",
    "54": "西藏自治区", "61": "陕西省", "62": "甘肃省", "63": "青海省", "64": "宁夏回族自治区",
    "65": "新疆维吾尔自治区", "71": "台湾省", "81": "香港特别行政区", "82": "澳门特别行政区",
}  # fmt: skip

#: Plausible mean speeds (km/h, straight line between hubs) per link mode.
SPEED_KMH = {"hsr": (60, 350), "train": (30, 200), "flight": (150, 900), "coach": (20, 120)}
HUB_KIND = {"hsr": "rail", "train": "rail", "flight": "airport", "coach": "coach"}
#: Airports that airportsdata still places at a closed predecessor: (lat, lon) of the one in use.
#: KMG: Kunming Changshui (opened 2012, Wikipedia); airportsdata has the old Wujiaba field.
#: ENY: Yan'an Nanniwan (opened 2018-11-08, 13 km from the centre: yybnet.net 2018-11-09);
#: airportsdata has the closed Ershilipu field; the position is from memory (estimated).
MOVED_AIRPORTS = {"KMG": (25.1019, 102.9292), "ENY": (36.4794, 109.4644)}


def haversine_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance in km (haversine formula, mean Earth radius 6371.0088 km)."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371.0088 * math.asin(math.sqrt(h))


def sample_weeks() -> list[dt.datetime]:
    """Mondays starting an ordinary week (no Golden Week) in Jan, Apr, Jul, Oct this year."""
    weeks = []
    for month in (1, 4, 7, 10):
        day = dt.date(TODAY.year, month, 8)
        day += dt.timedelta(days=(7 - day.weekday()) % 7)
        weeks.append(dt.datetime.combine(day, dt.time()))
    return weeks


def open_runs(hours: str, start: dt.datetime) -> list[float]:
    """Lengths (minutes) of the open intervals of `hours` within the week from `start`."""
    end = start + dt.timedelta(days=7)
    runs = []
    for lo, hi, state, _comment in opening_hours.OpeningHours(hours).intervals(start, end):
        if state == opening_hours.State.OPEN:
            runs.append((min(hi or end, end) - max(lo, start)).total_seconds() / 60)
    return runs


def _region_rows() -> list[dict[str, str]]:
    """china_region's region.csv (province, city, county, centre), read without pandas."""
    spec = importlib.util.find_spec("china_region")
    assert spec is not None and spec.submodule_search_locations, "china-region not installed"
    path = Path(next(iter(spec.submodule_search_locations))) / "region.csv"
    with path.open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


REGION = _region_rows()
#: china_region files Hong Kong and Macao as single rows of province 港澳台.
SAR_ROWS = {"香港特别行政区": "香港", "澳门特别行政区": "澳门"}


def _pid(value: object) -> str:
    return getattr(value, "id", "") or str(value)


@pytest.mark.parametrize("dest", DESTS, ids=_pid)
def test_destination_adcode_and_province(dest: Destination) -> None:
    assert PROVINCE_CODES.get(dest.adcode[:2]) == dest.province, "adcode prefix vs province"
    if dest.province in SAR_ROWS:  # china_region lists each SAR as one row under 港澳台
        row = next(r for r in REGION if r["county"] == SAR_ROWS[dest.province])
        km = haversine_km(dest.lat, dest.lon, float(row["latitude"]), float(row["longitude"]))
        assert km <= 30, f"centre {km:.0f} km from china_region's {row['county']}"
        return
    rows = [r for r in REGION if r["province"] == dest.province]
    assert rows, f"china_region does not know the province {dest.province}"
    names = {dest.name_zh, *dest.aliases}
    if dest.adcode[2:] != "0000" and dest.adcode[4:] == "00":  # prefecture level
        assert any(r["city"] in names or r["city"] == f"{dest.name_zh}市" for r in rows), (
            f"no prefecture named {dest.name_zh} in {dest.province} (china_region)"
        )
    nearest = min(
        REGION,
        key=lambda r: haversine_km(dest.lat, dest.lon, float(r["latitude"]), float(r["longitude"])),
    )
    assert nearest["province"] == dest.province, f"centre lies nearest to {nearest}"


def _problems(
    records: Sequence[Any], check: Callable[..., None], name: Callable[[Any], str] = _pid
) -> list[str]:
    """Run `check` on every record; '<id>: <assertion message>' for each that fails.

    Records are checked one destination per test (not one test per record: 10 000 tests
    of a few microseconds each spent most of their time in pytest's per-test overhead), and a
    failure names every record that breaks the rule, not just the first."""
    out = []
    for record in records:
        try:
            check(*record) if isinstance(record, tuple) else check(record)
        except AssertionError as exc:
            out.append(
                f"{name(record[0] if isinstance(record, tuple) else record)}: {str(exc).splitlines()[0]}"
            )
    return out


def _dest_places(
    dest: Destination, of: Sequence[tuple[Place, Destination]]
) -> list[tuple[Place, Destination]]:
    return [(p, d) for p, d in of if d.id == dest.id]


def _check_radius(place: Place, dest: Destination) -> None:
    km = haversine_km(dest.lat, dest.lon, place.lat, place.lon)
    assert km <= dest.radius_km, f"{km:.1f} km from the centre of {dest.id}"
    for spot in getattr(place, "highlights", ()):
        if spot.lat is not None and spot.lon is not None:
            km = haversine_km(dest.lat, dest.lon, spot.lat, spot.lon)
            assert km <= dest.radius_km, f"highlight {spot.name_zh}: {km:.1f} km"
            assert haversine_km(place.lat, place.lon, spot.lat, spot.lon) <= 15


def _check_hours(place: Attraction | Restaurant, dest: Destination) -> None:
    weeks = {week: open_runs(place.hours, week) for week in sample_weeks()}
    assert any(sum(runs) >= 60 for runs in weeks.values()), f"never open: {place.hours!r}"
    if isinstance(place, Attraction):
        for week, runs in weeks.items():
            if runs:
                assert max(runs) >= place.visit_minutes, (
                    f"week of {week:%Y-%m-%d}: longest opening {max(runs):.0f} min < visit "
                    f"{place.visit_minutes} min ({place.hours!r})"
                )


def _check_prices(place: Place, dest: Destination) -> None:
    if isinstance(place, Attraction):
        assert set(place.tags) <= ATTRACTION_TAGS, set(place.tags) - ATTRACTION_TAGS
        assert 15 <= place.visit_minutes <= 720 and 0 <= place.ticket_cny <= 2000
        for spot in place.highlights:
            if spot.kind == "cable_car":
                assert spot.price_cny is not None and 10 <= spot.price_cny <= 500
    elif isinstance(place, Restaurant):
        assert set(place.cuisines) <= CUISINE_TAGS, set(place.cuisines) - CUISINE_TAGS
        ceiling = 3000 if place.kind == "restaurant" else 500
        assert 5 <= place.price_per_person_cny <= ceiling
        assert len(place.signature_dishes_zh) == len(place.signature_dishes_en)
    elif isinstance(place, Lodging):
        assert place.price_min_cny <= place.price_max_cny <= 20 * place.price_min_cny


@pytest.mark.parametrize("dest", DESTS, ids=_pid)
def test_places_inside_destination_radius(dest: Destination) -> None:
    problems = _problems(_dest_places(dest, PLACES), _check_radius)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("dest", DESTS, ids=_pid)
def test_hours_parse_and_open(dest: Destination) -> None:
    problems = _problems(_dest_places(dest, TIMED), _check_hours)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("dest", DESTS, ids=_pid)
def test_prices_durations_and_tags(dest: Destination) -> None:
    problems = _problems(_dest_places(dest, PLACES), _check_prices)
    assert not problems, "\n".join(problems)


def test_ids_unique_across_the_base() -> None:
    ids = [d.id for d in DESTS] + [p.id for d in DESTS for p in _places_of(d)]
    dupes = [i for i, n in Counter(ids).items() if n > 1]
    assert not dupes


@pytest.mark.parametrize("dest", DESTS, ids=_pid)
def test_zh_names_unique_and_ids_prefixed(dest: Destination) -> None:
    places = list(_places_of(dest))
    dupes = [n for n, k in Counter(p.name_zh for p in places).items() if k > 1]
    assert not dupes
    assert all(p.id.startswith(f"{dest.id}-") for p in places)


def _places_of(dest: Destination) -> list[Place]:
    return [*dest.attractions, *dest.restaurants, *dest.lodging, *dest.hubs]


def test_as_of_not_in_future() -> None:
    records = [*DESTS, *KB.links, *(p for p, _ in PLACES)]
    late = [getattr(r, "id", repr(r)[:60]) for r in records if r.as_of > TODAY]
    assert not late


def test_airport_hubs_match_airportsdata() -> None:
    problems = _problems(AIRPORTS, _check_airport)
    assert AIRPORTS and not problems, "\n".join(problems)


def _check_airport(hub: Hub) -> None:
    airport = IATA.get(hub.code)
    assert airport is not None, f"unknown IATA code {hub.code!r}"
    lat, lon = MOVED_AIRPORTS.get(hub.code, (airport["lat"], airport["lon"]))
    assert haversine_km(hub.lat, hub.lon, lat, lon) <= 5


def _link_id(link: IntercityLink) -> str:
    return f"{link.a}-{link.b}-{link.mode}"


def test_links_reference_loaded_hubs() -> None:
    loaded = [link for link in KB.links if link.a in KB.destinations and link.b in KB.destinations]
    problems = _problems(loaded, _check_link, _link_id)
    assert loaded and not problems, "\n".join(problems)


def _check_link(link: IntercityLink) -> None:
    assert link.a != link.b
    hubs = []
    for dest_id, hub_id in ((link.a, link.a_hub), (link.b, link.b_hub)):
        hub = KB.hub(hub_id)
        assert hub is not None and KB.destination_of(hub_id) == KB.destinations[dest_id], hub_id
        assert hub.kind == HUB_KIND[link.mode], f"{hub_id} is a {hub.kind} hub"
        hubs.append(hub)
    speed = haversine_km(hubs[0].lat, hubs[0].lon, hubs[1].lat, hubs[1].lon) / (
        link.duration_minutes / 60
    )
    low, high = SPEED_KMH[link.mode]
    assert low <= speed <= high, f"{speed:.0f} km/h"
    first, last = (dt.time.fromisoformat(t) for t in (link.first_departure, link.last_departure))
    assert first <= last


def test_no_duplicate_links() -> None:
    # Two links of one mode between the same cities are fine when they use different stations
    # (广州南–深圳北 and 广州东–深圳), and so are scheduled services of different trains (青藏铁路
    # Z21 and Z917 西宁→拉萨); the same pair of hubs twice for one service is a duplicate.
    keys = Counter((frozenset((link.a_hub, link.b_hub)), link.mode, link.service)
                   for link in KB.links)  # fmt: skip
    assert not [k for k, n in keys.items() if n > 1]


def test_curated_destinations_are_loaded() -> None:
    for dest_id, (n_att, n_rest, n_lodging) in {
        "huangshan": (12, 8, 4),
        "shanghai": (22, 12, 5),
    }.items():
        dest = KB.destinations[dest_id]
        assert len(dest.attractions) >= n_att and len(dest.restaurants) >= n_rest
        assert len(dest.lodging) >= n_lodging and dest.hubs


@pytest.mark.parametrize(
    ("folder", "name", "text"),
    [
        ("destinations", "broken.json", '{"id": "broken"'),
        ("destinations", "incomplete.json", '{"id": "incomplete", "name_zh": "缺"}'),
        ("links", "bad-links.json", '[{"a": "x"}]'),
        ("links", "not-json.json", "not json"),
    ],
)
def test_malformed_file_raises_with_file_name(
    tmp_path: Path, folder: str, name: str, text: str
) -> None:
    (tmp_path / "destinations").mkdir()
    (tmp_path / "links").mkdir()
    (tmp_path / folder / name).write_text(text, encoding="utf-8")
    with pytest.raises(KnowledgeError, match=name):
        load_curated(tmp_path)


def test_duplicate_place_id_across_files_raises(tmp_path: Path) -> None:
    (tmp_path / "destinations").mkdir()
    dest = KB.destinations["shanghai"].model_dump(mode="json")
    for name, dest_id in (("a.json", "one"), ("b.json", "two")):
        (tmp_path / "destinations" / name).write_text(
            json.dumps({**dest, "id": dest_id}, ensure_ascii=False), encoding="utf-8"
        )
    with pytest.raises(KnowledgeError, match=r"b\.json: place id"):
        load_curated(tmp_path)
