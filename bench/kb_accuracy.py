"""Compare the curated knowledge base with the ChinaTravel sandbox where names match.

Usage (from the repository root)::

    /work/venv/bin/python bench/kb_accuracy.py [--data PATH] [--city nanjing ...]
        [--kind attractions|restaurants|hubs ...] [--outliers 1000] [--top 15]

Each curated attraction, restaurant and hub of a destination that has a ChinaTravel city folder
of the same id is matched to a sandbox record of that city: first a record named exactly like
``name_zh``, then like a Chinese alias, then the same after normalising (brackets, generic
endings such as 景区 dropped: `engine.knowledge.pack_merge.normalise`), then the best
`rapidfuzz.fuzz.ratio` >= 85 on normalised names and on the full names (not for hubs: 成都站 / 成都东站); names with
different branches in brackets or different numerals (中共一大 / 四大) never match, and among
several records of one name the nearest is taken. Sandbox rows beyond the destination's radius
+ 30 km are broken and ignored. The sandbox's coordinates are converted per
file exactly as the importer does — attractions BD-09, restaurants GCJ-02, hubs per record against
the GCJ-02 metro stations (`engine.knowledge.chinatravel_transport.locate_hub`) — before the
haversine distance.

Prints per kind and city: matched/total, median and p90 distance (metres), and ``as-GCJ`` — the
median if our coordinates were read as GCJ-02 and converted (much smaller than the median means
ours were probably copied from a GCJ-02 map without conversion); the pairs farther than
``--outliers`` metres; then the largest price disagreements (ticket or spend per person, CNY)
and opening-hours disagreements (opening or closing an hour or more apart on a Wednesday in May;
the sandbox's 0:00-24:00, written for streets with no hours, is not compared).
Target (issue 3): median <= 300 m. Exits 0 and says so when the data are absent (they are
CC BY-NC-SA and live outside the repository).

Then, from the curated base alone, the figures of `bench/kb_facts.py` (issue 13): records by
confidence, seasonal prices and other facts by date, records sourced from the sandbox, datum
consistency (highlights, landmarks on one axis) and the number of destinations.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import json
import re
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

from rapidfuzz import fuzz

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import kb_facts  # noqa: E402
from engine.knowledge.base import load_curated  # noqa: E402
from engine.knowledge.chinatravel import CITIES  # noqa: E402
from engine.knowledge.chinatravel_records import DATUMS, FILES  # noqa: E402
from engine.knowledge.chinatravel_transport import locate_hub, metro_stations  # noqa: E402
from engine.knowledge.geo import haversine_m, to_wgs84  # noqa: E402
from engine.knowledge.hours import open_windows  # noqa: E402
from engine.knowledge.pack_merge import names_of, normalise  # noqa: E402
from engine.knowledge.schema import Attraction, Place, Restaurant  # noqa: E402

DEFAULT_DATA = ROOT / ".." / "shared" / "data" / "chinatravel"
KINDS = ("attractions", "restaurants", "hubs")
SAMPLE_DAY = dt.date(2026, 5, 6)  # a Wednesday outside holidays
NUMERALS = re.compile(r"[0-9一二三四五六七八九十]")
#: Sandbox records this far beyond a destination's radius are broken rows (深圳福田站 placed in
#: Wuhan, a second 人民公园 in another county), not candidates.
MARGIN_KM = 30.0


@dataclass(frozen=True)
class Ref:
    """A sandbox record: name, WGS-84 position, price (CNY) and open/close (minutes) if given."""

    name: str
    lat: float
    lon: float
    price: float | None = None
    hours: tuple[int, int] | None = None


def _minutes(text: str) -> int | None:
    try:
        h, m = (int(v) for v in text.strip().split(":"))
    except ValueError:
        return None
    return h * 60 + m


def load_refs(data: Path, city: str, kind: str, metro: dict[str, list]) -> list[Ref]:
    """The city's sandbox records of `kind`, in WGS-84 ([] when the file is absent)."""
    if kind == "hubs":
        path = data / "poi" / city / "poi.json"
        if not path.is_file():
            return []
        refs = []
        for item in json.loads(path.read_text(encoding="utf-8")):
            name = str(item.get("name", ""))
            if name.endswith(("站", "机场")):
                lat, lon = (float(v) for v in item["position"])
                spot = locate_hub(name, lat, lon, CITIES[city][0], metro.get(city, []))
                refs.append(Ref(name, spot.lat, spot.lon))
        return refs
    path = data / FILES[kind].format(city=city)
    if not path.is_file():
        return []
    refs = []
    with path.open(encoding="utf-8-sig", newline="") as handle:
        for row in csv.DictReader(handle):
            try:
                lat, lon = float(row["lat"]), float(row["lon"])
                price: float | None = float(row["price"])
            except (KeyError, ValueError):
                continue
            if not (3.0 <= lat <= 54.0 and 73.0 <= lon <= 136.0):
                continue  # a few rows carry broken positions (e.g. longitude 0)
            wlat, wlon = to_wgs84(lat, lon, DATUMS[kind])
            open_at, close_at = _minutes(row.get("opentime", "")), _minutes(row.get("endtime", ""))
            hours = (open_at, close_at) if open_at is not None and close_at is not None else None
            refs.append(Ref(row["name"].strip(), wlat, wlon, price, hours))
    return refs


def _branch(name: str) -> str:
    """The bracketed branch of a name (``外婆家(西溪天堂店)`` → ``西溪天堂``), or ""."""
    found = re.search(r"[(（](.*?)[)）]", name)
    return re.sub(r"(总店|店)$", "", found.group(1)) if found else ""


def _compatible(place: Place, ref: Ref) -> bool:
    """False when both names carry different branches or different numerals (一大 / 四大)."""
    ours, theirs = _branch(place.name_zh), _branch(ref.name)
    if ours and theirs and ours not in theirs and theirs not in ours:
        return False
    return set(NUMERALS.findall(place.name_zh)) == set(NUMERALS.findall(ref.name))


def match(place: Place, refs: list[Ref], fuzzy: bool = True) -> tuple[Ref, str] | None:
    """The sandbox record matching `place` and how (exact, alias, normalised, fuzzy); among
    several records of that name (人民公园, chain branches) the nearest."""

    def nearest(found: list[Ref]) -> Ref:
        return min(found, key=lambda r: haversine_m(place.lat, place.lon, r.lat, r.lon))

    names = names_of(place)
    steps = (
        ("exact", lambda r: r.name == place.name_zh),
        ("alias", lambda r: r.name in place.aliases),
        ("normalised", lambda r: normalise(r.name) in names and _compatible(place, r)),
    )
    for how, test in steps:
        found = [r for r in refs if test(r)]
        if found:
            return nearest(found), how
    if not fuzzy:
        return None
    raw = place.name_zh.replace(" ", "")
    scored = [
        (min(max(fuzz.ratio(normalise(r.name), n) for n in names), fuzz.ratio(r.name, raw)), r)
        for r in refs
        if names and _compatible(place, r)
    ]
    best = max((score for score, _ in scored), default=0.0)
    if best < 85:
        return None
    return nearest([r for score, r in scored if score == best]), "fuzzy"


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[8] if len(values) >= 2 else values[0]


def price_gap(place: Place, ref: Ref) -> float | None:
    ours = (
        place.ticket_cny
        if isinstance(place, Attraction)
        else place.price_per_person_cny
        if isinstance(place, Restaurant)
        else None
    )
    if ours is None or ref.price is None:
        return None
    gap = abs(ours - ref.price)
    return gap if gap >= max(10.0, 0.3 * max(ours, ref.price)) else None


def hours_gap(place: Place, ref: Ref) -> tuple[int, str] | None:
    if not isinstance(place, Attraction | Restaurant) or ref.hours in (None, (0, 1440)):
        return None  # the sandbox writes 0:00-24:00 for streets and squares with no hours
    windows = open_windows(place.hours, SAMPLE_DAY)
    if not windows:
        return None
    # A window from midnight before others is the previous evening's, running past midnight.
    start = windows[-1][0] if windows[0][0] == 0 and len(windows) > 1 else windows[0][0]
    ours = (start, windows[-1][1])
    theirs = (ref.hours[0], ref.hours[1] if ref.hours[1] > ref.hours[0] else 1440)
    gap = max(abs(ours[0] - theirs[0]), abs(ours[1] - theirs[1]))
    fmt = "{:02d}:{:02d}-{:02d}:{:02d}"
    text = f"ours {fmt.format(*divmod(ours[0], 60), *divmod(ours[1], 60))} vs " + fmt.format(
        *divmod(theirs[0], 60), *divmod(theirs[1], 60)
    )
    return (gap, text) if gap >= 60 else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--kind", action="append", choices=KINDS)
    parser.add_argument("--city", action="append", help="destination id (repeatable)")
    parser.add_argument("--outliers", type=float, default=1000.0, help="metres")
    parser.add_argument("--top", type=int, default=15, help="disagreements listed per kind")
    args = parser.parse_args(argv)
    kb = load_curated()
    if not args.data.is_dir():
        print(f"ChinaTravel data absent at {args.data.resolve()}: nothing to compare.")
        kb_facts.report(kb, args.top)
        return 0
    metro = metro_stations(args.data)
    cities = [c for c in sorted(args.city or CITIES) if c in kb.destinations]
    far, prices, hours = [], [], []
    print(f"{'kind':<12}{'city':<11}{'matched':>9}{'median m':>10}{'p90 m':>9}{'as-GCJ m':>10}")
    for kind in args.kind or KINDS:
        every: list[float] = []
        for city in cities:
            dest = kb.destinations[city]
            places: list[Place] = list(getattr(dest, kind))
            limit_m = (dest.radius_km + MARGIN_KM) * 1000
            refs = [
                r
                for r in load_refs(args.data, city, kind, metro)
                if haversine_m(dest.lat, dest.lon, r.lat, r.lon) <= limit_m
            ]
            dists, as_gcj = [], []
            for place in places:
                hit = match(place, refs, fuzzy=kind != "hubs")
                if hit is None:
                    continue
                ref, how = hit
                metres = haversine_m(place.lat, place.lon, ref.lat, ref.lon)
                dists.append(metres)
                as_gcj.append(
                    haversine_m(*to_wgs84(place.lat, place.lon, "GCJ-02"), ref.lat, ref.lon)
                )
                if metres > args.outliers:
                    far.append((metres, kind, place.id, ref, how))
                if (gap := price_gap(place, ref)) is not None:
                    prices.append((gap, kind, place, ref))
                if (hgap := hours_gap(place, ref)) is not None:
                    hours.append((hgap[0], kind, place.id, ref.name, hgap[1]))
            every += dists
            cells = (
                f"{statistics.median(dists):>10.0f}{p90(dists):>9.0f}"
                f"{statistics.median(as_gcj):>10.0f}"
                if dists
                else f"{'-':>10}{'-':>9}{'-':>10}"
            )
            print(f"{kind:<12}{city:<11}{len(dists):>5}/{len(places):<3}{cells}")
        if every:
            print(f"{kind:<12}{'ALL':<11}{len(every):>9}{statistics.median(every):>10.0f}"
                  f"{p90(every):>9.0f}")  # fmt: skip
    print(f"\nCoordinate outliers (> {args.outliers:.0f} m), largest first:")
    for metres, kind, pid, ref, how in sorted(far, key=lambda x: -x[0]):
        print(f"  {metres:>7.0f} m  {kind[:-1]:<11} {pid}  ~ {ref.name} [{how}] "
              f"({ref.lat:.5f}, {ref.lon:.5f})")  # fmt: skip
    print("\nPrice disagreements (ours vs ChinaTravel, CNY), largest first:")
    for gap, kind, place, ref in sorted(prices, key=lambda x: -x[0])[: args.top * 2]:
        ours = place.ticket_cny if isinstance(place, Attraction) else place.price_per_person_cny
        print(
            f"  {gap:>6.0f}  {kind[:-1]:<11} {place.id}: {ours:.0f} vs {ref.price:.0f} ({ref.name})"
        )
    print("\nOpening-hours disagreements (>= 60 min, on a Wednesday), largest first:")
    for gap, kind, pid, name, text in sorted(hours, key=lambda x: -x[0])[: args.top * 2]:
        print(f"  {gap:>4} min  {kind[:-1]:<11} {pid}: {text} ({name})")
    kb_facts.report(kb, args.top)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
