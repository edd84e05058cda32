"""Map labels: one per place (stops at the same place merged), placed greedily without overlaps.

A place's label lists its stop numbers and its name once: 「1.5 · 2.1 汤口镇」. A breakfast at
the lodging adds its number to the lodging's label and no name of its own. Placement tries a
few positions around each dot (right, left, the four corners, above, below) and takes the
first that stays in the view and overlaps no dot and no label placed before; a label with no
free position is hidden (its dot keeps a tooltip). This is the greedy candidate-position method
of cartographic label placement (Christensen, Marks & Shieber, "An Empirical Study of
Algorithms for Point-Feature Label Placement", ACM ToG 14(3), 1995, §2). Places whose dots
overlap are either one cluster marker (`cluster_places`) or drawn apart around their mean
(`spread`, the "spiderfy" of Leaflet.markercluster), each dot tied to its place by a short line.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSizeF

AT_LODGING_M = 150.0  # a breakfast this close to a lodging is taken at it
DOT_RADIUS = 8.0  # view pixels kept free around every dot (the dot is 14 px wide)
GAP = 2.0  # pixels kept between two labels
MAX_NUMBERS = 4  # more stop numbers than this are shortened to "1.8 · 2.1 · … · 5.1"
CLUSTER_PX = 18.0  # places whose dots are closer than this (view pixels) are one cluster
SPREAD_GAP = 22.0  # view pixels between the centres of spread dots (a dot is 14 px wide)

#: Candidate label positions: top-left corner from the anchor for a label of (w, h), and
#: the direction it lies in.
_NEAR: tuple[tuple[Callable[[float, float], tuple[float, float]], tuple[int, int]], ...] = (
    (lambda w, h: (10, -h / 2), (1, 0)),  # right
    (lambda w, h: (-10 - w, -h / 2), (-1, 0)),  # left
    (lambda w, h: (6, -h - 9), (1, -1)),  # above right
    (lambda w, h: (6, 9), (1, 1)),  # below right
    (lambda w, h: (-6 - w, -h - 9), (-1, -1)),  # above left
    (lambda w, h: (-6 - w, 9), (-1, 1)),  # below left
    (lambda w, h: (-w / 2, -h - 10), (0, -1)),  # above
    (lambda w, h: (-w / 2, 10), (0, 1)),  # below
)
#: The eight near positions, then the same 14 and 28 px farther out, for a dot among others
#: (of three spread dots at 河坊街, one had no near position free and went unlabelled).
FARTHER_PX = (0.0, 14.0, 28.0)


def _candidates(w: float, h: float) -> Iterator[tuple[float, float]]:
    for extra in FARTHER_PX:
        for corner, (dx, dy) in _NEAR:
            x, y = corner(w, h)
            yield x + dx * extra, y + dy * extra


@dataclass(frozen=True)
class Stop:
    """A numbered stop on the map: day `day`'s `number`-th stop, at scene point `point`."""

    day: int
    number: int
    item: Any
    point: QPointF

    @property
    def label(self) -> str:
        return f"{self.day}.{self.number}"


@dataclass
class Place:
    """One label: the stops at one place. `kind` of the first named stop (``hub`` for a
    station or airport where an intercity leg ends)."""

    name: str
    point: QPointF
    kind: str
    stops: list[Stop] = field(default_factory=list)

    @property
    def text(self) -> str:
        """「1.5 · 2.1 汤口镇」; a hub shows its name only."""
        numbers = [s.label for s in self.stops]
        if len(numbers) > MAX_NUMBERS:
            numbers = [*numbers[:2], "…", numbers[-1]]
        return " · ".join(numbers) + (" " if numbers else "") + self.name

    @property
    def tooltip(self) -> str:
        """Every stop with its time and full name, one per line."""
        lines = [f"{s.label}  {s.item.start:%H:%M}  {s.item.name}" for s in self.stops]
        return "\n".join(lines) or self.name


def metres(a: QPointF, b: QPointF, scale: float) -> float:
    """Distance between scene points of the equirectangular map (`scale` units per degree,
    so 1 m is ``scale / 111 320`` units in either direction)."""
    return math.hypot(a.x() - b.x(), a.y() - b.y()) / scale * 111_320.0


def _breakfast_at_lodging(stop: Stop, lodgings: Sequence[Stop], scale: float) -> Stop | None:
    item = stop.item
    if item.kind.value != "meal" or item.meal != "breakfast":
        return None
    for lodging in lodgings:
        same_id = item.poi_id is not None and item.poi_id == lodging.item.poi_id
        if same_id or metres(stop.point, lodging.point, scale) <= AT_LODGING_M:
            return lodging
    return None


def group_places(stops: Sequence[Stop], scale: float) -> list[Place]:
    """The labels for `stops` (in order): one per place — the same POI id, or the same name at
    the same point — with a breakfast at the lodging merged into the lodging's label."""
    lodgings = [s for s in stops if s.item.kind.value == "lodging"]
    places: dict[Any, Place] = {}
    breakfasts: list[tuple[Stop, Stop]] = []
    for stop in stops:
        lodging = _breakfast_at_lodging(stop, lodgings, scale)
        if lodging is not None:
            breakfasts.append((stop, lodging))
            continue
        item = stop.item
        key = item.poi_id or (item.name, round(stop.point.x(), 1), round(stop.point.y(), 1))
        place = places.setdefault(key, Place(item.name, stop.point, item.kind.value))
        place.stops.append(stop)
    by_lodging = {id(s): p for p in places.values() for s in p.stops}
    for stop, lodging in breakfasts:
        by_lodging[id(lodging)].stops.append(stop)
    for place in places.values():
        place.stops.sort(key=lambda s: (s.day, s.number))
    return list(places.values())


def place_rects(
    anchors: Sequence[QPointF],
    sizes: Sequence[QSizeF],
    viewport: QRectF,
    dots: Sequence[QPointF] = (),
    scale: float = 1.0,
    blocked: Sequence[QRectF] = (),
) -> list[QRectF | None]:
    """Greedy placement in view pixels: for label i at `anchors[i]` of `sizes[i]`, the first
    candidate position (`_NEAR`, `FARTHER_PX`) inside `viewport` that overlaps no dot (`dots`, kept `DOT_RADIUS`
    clear) and no label placed before it; None when there is none. `scale` multiplies the
    pixel distances (a picture printed smaller than it is); no label goes over `blocked`.

    What is taken is kept in a grid of `_CELL_PX` cells and compared as plain numbers: with
    QRectF tests against every taken rectangle, placing a 7-day plan's 41 labels among its 60
    dots took 10-17 ms of the GUI thread on every zoom."""
    r = DOT_RADIUS * scale
    taken = _Taken()
    for d in dots:
        taken.add((d.x() - r, d.y() - r, d.x() + r, d.y() + r))
    for b in blocked:
        taken.add((b.left(), b.top(), b.right(), b.bottom()))
    left, top, right, bottom = viewport.left(), viewport.top(), viewport.right(), viewport.bottom()
    out: list[QRectF | None] = []
    for anchor, size in zip(anchors, sizes, strict=True):
        w, h = size.width(), size.height()
        spot = None
        for dx, dy in _candidates(w / scale, h / scale):
            x, y = anchor.x() + dx * scale, anchor.y() + dy * scale
            rect = (x, y, x + w, y + h)
            inside = left <= x and x + w <= right and top <= y and y + h <= bottom
            if inside and not taken.overlaps(rect):
                spot = rect
                break
        if spot is None:
            out.append(None)
            continue
        out.append(QRectF(spot[0], spot[1], w, h))
        taken.add((spot[0] - GAP, spot[1] - GAP, spot[2] + GAP, spot[3] + GAP))
    return out


_CELL_PX = 64.0
_Box = tuple[float, float, float, float]  # left, top, right, bottom


class _Taken:
    """Rectangles already taken, bucketed by the `_CELL_PX` grid cells they touch."""

    def __init__(self) -> None:
        self._cells: dict[tuple[int, int], list[_Box]] = {}

    @staticmethod
    def _span(box: _Box) -> tuple[range, range]:
        return (
            range(math.floor(box[0] / _CELL_PX), math.floor(box[2] / _CELL_PX) + 1),
            range(math.floor(box[1] / _CELL_PX), math.floor(box[3] / _CELL_PX) + 1),
        )

    def add(self, box: _Box) -> None:
        columns, rows = self._span(box)
        for i in columns:
            for j in rows:
                self._cells.setdefault((i, j), []).append(box)

    def overlaps(self, box: _Box) -> bool:
        """Whether `box` overlaps a taken rectangle (with area: touching edges do not count,
        as with QRectF.intersects)."""
        left, top, right, bottom = box
        columns, rows = self._span(box)
        for i in columns:
            for j in rows:
                for t in self._cells.get((i, j), ()):
                    if left < t[2] and t[0] < right and top < t[3] and t[1] < bottom:
                        return True
        return False


def cluster_places(
    places: Sequence[Place], points: Sequence[QPointF], px: float = CLUSTER_PX
) -> list[list[int]]:
    """Groups of `places` (indices) whose dots, at view points `points`, lie within `px`
    (default `CLUSTER_PX`) of the first place of their group (greedy, in order); hubs stay
    alone."""
    groups: list[list[int]] = []
    firsts: list[tuple[float, float] | None] = []  # each group's first point (None: a hub)
    for n, (place, point) in enumerate(zip(places, points, strict=True)):
        x, y = point.x(), point.y()
        if place.kind != "hub":
            for group, first in zip(groups, firsts, strict=True):
                if first is not None and math.hypot(x - first[0], y - first[1]) < px:
                    group.append(n)
                    break
            else:
                groups.append([n])
                firsts.append((x, y))
            continue
        groups.append([n])
        firsts.append(None)
    return groups


def spread(points: Sequence[QPointF], gap: float = SPREAD_GAP) -> list[QPointF]:
    """Where to draw dots that overlap at view points `points` so that each can be told apart
    and labelled: evenly on a circle around their mean, neighbours `gap` pixels apart, in the
    order of the directions they lie in from the mean (so the one to the north-east stays
    north-east); dots at one spot go round in their order, the first to the left."""
    count = len(points)
    if count < 2:
        return list(points)
    cx = sum(p.x() for p in points) / count
    cy = sum(p.y() for p in points) / count
    radius = gap / (2 * math.sin(math.pi / count))
    angles = [
        math.atan2(p.y() - cy, p.x() - cx) if math.hypot(p.x() - cx, p.y() - cy) > 0.5 else None
        for p in points
    ]
    start = next((a for a in angles if a is not None), math.pi)
    turn = [((a - start) % (2 * math.pi)) if a is not None else 0.0 for a in angles]
    order = sorted(range(count), key=lambda i: (turn[i], i))
    out = [QPointF()] * count
    for slot, i in enumerate(order):
        angle = start + 2 * math.pi * slot / count
        out[i] = QPointF(cx + radius * math.cos(angle), cy + radius * math.sin(angle))
    return out
