"""Map geometry: the projection, distances, the positioned items of each day, what to fit.

Projection: equirectangular around the plan's mean latitude — x = lon·cos(φ₀), y = −lat, in
degrees scaled to pixels — which is within a fraction of a percent over a destination's extent
(Snyder, "Map Projections — A Working Manual", USGS PP 1395, p. 90).
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF

SCALE = 4000.0  # scene units per degree
STOP_KINDS = ("attraction", "meal", "lodging")
FAR_KM = 150.0  # intercity ends farther than this from the day's centre are left off the map


def project(lat: float, lon: float, lat0: float) -> QPointF:
    """Equirectangular projection to scene coordinates (y grows southwards)."""
    return QPointF(lon * math.cos(math.radians(lat0)) * SCALE, -lat * SCALE)


def haversine_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Great-circle distance in km (mean Earth radius 6371 km)."""
    la1, lo1, la2, lo2 = map(math.radians, (*a, *b))
    h = (
        math.sin((la2 - la1) / 2) ** 2
        + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    )
    return 2 * 6371.0 * math.asin(math.sqrt(h))


def day_points(itinerary: Any) -> dict[int, list[tuple[Any, float, float]]]:
    """Positioned items per day: (item, lat, lon), leaving off far intercity ends."""
    local = [
        (i.lat, i.lon)
        for d in itinerary.days
        for i in d.items
        if i.lat is not None and i.lon is not None and i.kind.value != "intercity"
    ]
    centre = (
        (sum(p[0] for p in local) / len(local), sum(p[1] for p in local) / len(local))
        if local
        else None
    )
    out: dict[int, list[tuple[Any, float, float]]] = {}
    for day in itinerary.days:
        points = []
        for item in day.items:
            if item.lat is None or item.lon is None:
                continue
            if (
                item.kind.value == "intercity"
                and centre
                and haversine_km(centre, (item.lat, item.lon)) > FAR_KM
            ):
                continue
            points.append((item, item.lat, item.lon))
        out[day.index] = points
    return out


def extent(points: list[QPointF]) -> QRectF:
    """The bounding rectangle of `points` (at least one)."""
    left, right = min(p.x() for p in points), max(p.x() for p in points)
    top, bottom = min(p.y() for p in points), max(p.y() for p in points)
    return QRectF(left, top, right - left, bottom - top)


def fit_extent(per_day: dict[int, list[tuple[Any, float, float]]], lat0: float) -> QRectF:
    """What the view is fitted to (`per_day` as `day_points` gives it, not empty): the stops
    only. A station or airport is not fitted (one 60 km out shrank the city to a corner and
    piled its stops into one dot); the map marks it at its edge instead."""
    stops = [
        project(la, lo, lat0)
        for points in per_day.values()
        for item, la, lo in points
        if item.kind.value in STOP_KINDS
    ]
    if not stops:  # (only legs: fit them all)
        return extent([project(la, lo, lat0) for pts in per_day.values() for _, la, lo in pts])
    return extent(stops)


def basemap_region(coords: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    """The region (west, south, east, north in degrees) whose geography is drawn for a plan
    at `coords` (lat, lon): its extent with room to zoom out and pan (at least ±0.6°, about
    60 km), at most 8° across."""
    lats, lons = [c[0] for c in coords], [c[1] for c in coords]
    pad = min(max(0.6, (max(lats) - min(lats)), (max(lons) - min(lons))), 4.0)
    return (min(lons) - pad, min(lats) - pad, max(lons) + pad, max(lats) + pad)


def route_neighbours(
    lines: dict[int, list[QPointF]], hubs: dict[str, QPointF], days: list[int]
) -> dict[str, QPointF]:
    """For each station or airport in `hubs` (name → scene point), the point its route goes
    to or comes from: the vertex next to it on the first of `days` whose route `lines` (day →
    scene points in order) passes through it. Hubs on none of those routes are left out."""
    out: dict[str, QPointF] = {}
    for name, hub in hubs.items():
        for day in days:
            line = lines.get(day, [])
            for k, vertex in enumerate(line):
                if (vertex - hub).manhattanLength() > 1e-6:
                    continue
                after = [p for p in line[k + 1 :] if (p - hub).manhattanLength() > 1e-6]
                before = [p for p in line[:k] if (p - hub).manhattanLength() > 1e-6]
                if after or before:
                    out[name] = after[0] if after else before[-1]
                    break
            if name in out:
                break
    return out
