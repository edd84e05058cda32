"""Compare the curated coordinates with the ChinaTravel sandbox's, per city (prints metres).

Usage (from the repository root)::

    /work/venv/bin/python bench/kb_coords_vs_chinatravel.py [--kind attractions|restaurants]
        [--city nanjing ...] [--data PATH] [--outliers 1000]

For each destination that has a ChinaTravel folder of the same name, each curated place is
matched to a ChinaTravel record whose name equals one of its names (``name_zh`` and the Chinese
aliases) after light normalisation (brackets, 景区/风景区/旅游区… suffixes dropped), or failing
that the closest name by `rapidfuzz.fuzz.ratio` >= 85. The sandbox is not WGS-84: its
attractions are BD-09 (README of the data) and its restaurants GCJ-02 (a restaurant cluster
such as "…(洪崖洞店)" sits about 0.006°/0.006° south-west of the BD-09 attraction, the
BD-09 − GCJ-02 offset); both are converted with `prcoords` before the haversine distance.
Prints per city: matched/total, median and p90 distance (metres), then each pair farther than
``--outliers`` metres. Exits 0 and says so when the data are absent (the data are CC BY-NC-SA
and live outside the repository).
"""

from __future__ import annotations

import argparse
import csv
import re
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

import prcoords
from rapidfuzz import fuzz, process

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.knowledge.base import load_curated  # noqa: E402
from engine.knowledge.geo import haversine_m  # noqa: E402

DEFAULT_DATA = ROOT / ".." / "shared" / "data" / "chinatravel"
SUFFIXES = ("风景名胜区", "历史文化街区", "历史街区", "旅游区", "风景区", "景区", "步行街")
CJK = re.compile(r"[\u4e00-\u9fff]")


@dataclass(frozen=True)
class Ref:
    """A ChinaTravel record: name and WGS-84 position."""

    name: str
    lat: float
    lon: float


def normalise(name: str) -> str:
    """Drop bracketed parts, spaces and a trailing generic suffix."""
    name = re.sub(r"[(（].*?[)）]", "", name).replace(" ", "").replace("·", "")
    for suffix in SUFFIXES:
        if name.endswith(suffix) and len(name) > len(suffix) + 1:
            return name[: -len(suffix)]
    return name


def load_refs(data: Path, city: str, kind: str) -> list[Ref] | None:
    """The city's records converted to WGS-84, or None when the file is absent."""
    if kind == "attractions":
        path, to_wgs = data / "attractions" / city / "attractions.csv", prcoords.bd_wgs_bored
    else:
        path = data / "restaurants" / city / f"restaurants_{city}.csv"
        to_wgs = prcoords.gcj_wgs_bored
    if not path.is_file():
        return None
    refs = []
    with path.open(encoding="utf-8-sig", newline="") as handle:
        for row in csv.DictReader(handle):
            try:
                lat, lon = float(row["lat"]), float(row["lon"])
            except (KeyError, ValueError):
                continue
            if not (3.0 <= lat <= 54.0 and 73.0 <= lon <= 136.0):
                continue  # a few rows carry broken positions (e.g. longitude 0)
            point = to_wgs((lat, lon))
            refs.append(Ref(row["name"], float(point[0]), float(point[1])))
    return refs


def match(names: list[str], refs: list[Ref]) -> Ref | None:
    """The record named exactly like one of `names`, else after `normalise`, else by fuzzy ratio."""
    raw = {ref.name: ref for ref in reversed(refs)}
    by_name: dict[str, Ref] = {}
    for ref in refs:
        by_name.setdefault(normalise(ref.name), ref)
    names = sorted(names, key=len, reverse=True)  # the most specific name first
    for lookup, key in ((raw, str), (by_name, normalise)):
        for name in names:
            hit = lookup.get(key(name))
            if hit is not None:
                return hit
    keys = list(by_name)
    best: tuple[float, Ref] | None = None
    for name in names:
        found = process.extractOne(normalise(name), keys, scorer=fuzz.ratio, score_cutoff=85)
        if found and (best is None or found[1] > best[0]):
            best = (found[1], by_name[found[0]])
    return best[1] if best else None


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[8] if len(values) >= 2 else values[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--kind", choices=("attractions", "restaurants"), default="attractions")
    parser.add_argument("--city", action="append", help="destination id (repeatable)")
    parser.add_argument("--outliers", type=float, default=1000.0, help="metres")
    args = parser.parse_args(argv)
    if not args.data.is_dir():
        print(f"ChinaTravel data absent at {args.data.resolve()}: nothing to compare.")
        return 0
    kb = load_curated()
    print(f"{'city':<11}{'matched':>9}{'median m':>10}{'p90 m':>9}")
    for dest_id in sorted(args.city or kb.destinations):
        dest = kb.destinations.get(dest_id)
        refs = load_refs(args.data, dest_id, args.kind) if dest else None
        if dest is None or refs is None:
            continue
        places = dest.attractions if args.kind == "attractions" else dest.restaurants
        pairs = []
        for place in places:
            names = [place.name_zh, *(a for a in place.aliases if CJK.search(a))]
            ref = match(names, refs)
            if ref is not None:
                pairs.append((place.id, ref, haversine_m(place.lat, place.lon, ref.lat, ref.lon)))
        if not pairs:
            print(f"{dest_id:<11}{0:>5}/{len(places):<3}{'-':>10}{'-':>9}")
            continue
        dists = [d for _, _, d in pairs]
        print(
            f"{dest_id:<11}{len(pairs):>5}/{len(places):<3}"
            f"{statistics.median(dists):>10.0f}{p90(dists):>9.0f}"
        )
        for place_id, ref, dist in sorted(pairs, key=lambda p: -p[2]):
            if dist > args.outliers:
                print(
                    f"    {dist:>7.0f} m  {place_id}  ~ {ref.name} ({ref.lat:.4f}, {ref.lon:.4f})"
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
