"""Geodesy helpers: great-circle distance and datum conversion to WGS-84.

Distances use the haversine formula on a sphere of radius 6 371 008.8 m (the IUGG mean Earth
radius); its error against the ellipsoid is below 0.5 %, well inside our travel-time model's.
Datum conversion (GCJ-02 / BD-09 → WGS-84) is delegated to `prcoords` (public domain).
"""

from __future__ import annotations

import math
from typing import Literal

import prcoords

EARTH_RADIUS_M = 6_371_008.8

Datum = Literal["WGS-84", "GCJ-02", "BD-09"]


def haversine_m(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance in metres between two WGS-84 points (degrees)."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_M * math.asin(min(1.0, math.sqrt(a)))


def to_wgs84(lat: float, lon: float, datum: Datum) -> tuple[float, float]:
    """Convert a point from `datum` to WGS-84 (lat, lon), degrees.

    Raises:
        ValueError: unknown datum.
    """
    if datum == "WGS-84":
        return lat, lon
    if datum == "GCJ-02":
        point = prcoords.gcj_wgs_bored((lat, lon))
    elif datum == "BD-09":
        point = prcoords.bd_wgs_bored((lat, lon))
    else:
        raise ValueError(f"unknown datum {datum!r}")
    return float(point[0]), float(point[1])
