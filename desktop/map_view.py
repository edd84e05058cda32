"""The offline map: each day's stops and route drawn from lat/lon, no tiles, no network.

Projection: equirectangular around the plan's mean latitude — x = lon·cos(φ₀), y = −lat, in
degrees scaled to pixels — which is within a fraction of a percent over a destination's extent
(Snyder, "Map Projections — A Working Manual", USGS PP 1395, p. 90).
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QGradient,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSimpleTextItem, QGraphicsView, QWidget

from desktop.widgets.icons import day_colour

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


def _short(name: str, limit: int = 16) -> str:
    """A map label: names longer than `limit` characters end in "…" (the tooltip has all)."""
    return name if len(name) <= limit else name[: limit - 1] + "…"


class MapView(QGraphicsView):
    """Routes per day in day colours, numbered stops, a scale bar; wheel to zoom, drag to pan.

    The view is fitted to the plan first, then one day is drawn per event-loop turn and the
    labels are placed at the end, so a long plan never stalls the window.

    Signals:
        rendered(): every day of the itinerary set last is drawn and labelled.
    """

    rendered = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.stop_count = 0
        self.labels_shown = 0
        self._hub_labels: list[QGraphicsSimpleTextItem] = []
        self._labels: dict[tuple[int, int], QGraphicsSimpleTextItem] = {}
        self._merge = 1.0
        self._key: Any = None
        self._bounds = QRectF()
        self._lat0 = 0.0
        self._pending: list[tuple[int, list[Any]]] = []
        self._next = QTimer(self, singleShot=True, interval=0)
        self._next.timeout.connect(self._draw_next)
        # PySide6 makes these Python enums on first use (~8 ms): now, not on the first plan.
        _ = (QGradient.Type, QGradient.Spread, QGradient.CoordinateMode, QImage.Format)
        _ = (QGradient.InterpolationMode, QGradient.Preset, QImage.InvertMode)

    @property
    def rendering(self) -> bool:
        """True while days are still being drawn."""
        return bool(self._pending)

    def set_itinerary(self, itinerary: Any | None) -> None:
        """Draw `itinerary` (redraws only when its days changed; keeps the zoom otherwise)."""
        key = itinerary.days if itinerary is not None else None
        if key == self._key:
            return
        self._key = key
        scene = self.scene()
        scene.clear()
        self.stop_count = 0
        self._labels = {}
        self._hub_labels = []
        self._pending = []
        self._next.stop()
        per_day = day_points(itinerary) if itinerary is not None else {}
        coords = [(la, lo) for pts in per_day.values() for _, la, lo in pts]
        if not coords:
            self._bounds = QRectF()
            self.rendered.emit()
            return
        self._lat0 = sum(c[0] for c in coords) / len(coords)
        xs = [project(la, lo, self._lat0) for la, lo in coords]
        left, right = min(p.x() for p in xs), max(p.x() for p in xs)
        top, bottom = min(p.y() for p in xs), max(p.y() for p in xs)
        self._merge = max(max(right - left, bottom - top) * 0.005, 1.0)  # one label when closer
        self._bounds = QRectF(left, top, right - left, bottom - top).adjusted(-60, -60, 60, 60)
        self._draw_scale(scene)
        scene.setSceneRect(self._bounds.adjusted(-40, -40, 40, 40))
        self.fit()
        self._pending = list(per_day.items())
        self._next.start()

    def _draw_next(self) -> None:
        if not self._pending:
            return
        index, points = self._pending.pop(0)
        self._draw_day(self.scene(), index, points, self._lat0)
        if self._pending:
            self._next.start()
        else:
            self.place_labels()
            self.rendered.emit()

    def _draw_day(self, scene: QGraphicsScene, index: int, points: list, lat0: float) -> None:
        colour = day_colour(index)
        path = QPainterPath()
        for n, (_item, lat, lon) in enumerate(points):
            p = project(lat, lon, lat0)
            path.moveTo(p) if n == 0 else path.lineTo(p)
        pen = QPen(colour, 3)
        pen.setCosmetic(True)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        scene.addPath(path, pen)
        font = QFont()
        font.setPixelSize(11)
        number = 0
        for item, lat, lon in points:
            if item.kind.value == "intercity":
                self._draw_hub(
                    scene, project(lat, lon, lat0), item.name.split("→")[-1].strip(), font
                )
            if item.kind.value not in STOP_KINDS:
                continue
            number += 1
            self.stop_count += 1
            p = project(lat, lon, lat0)
            dot = scene.addEllipse(-7, -7, 14, 14, QPen(QColor("white"), 1.5), QBrush(colour))
            dot.setPos(p)
            dot.setFlag(dot.GraphicsItemFlag.ItemIgnoresTransformations)
            dot.setToolTip(f"{item.start:%H:%M} {item.name}")
            dot.setZValue(2)
            key = (round(p.x()), round(p.y()))
            text = f"{index}.{number} {_short(item.name)}"
            near = next(
                (k for k in self._labels if abs(k[0] - key[0]) + abs(k[1] - key[1]) < self._merge),
                None,
            )
            if near is not None:  # (nearly) the same place as an earlier stop: one label
                label = self._labels[near]
                label.setText(label.text() + "\n" + text)
                continue
            label = scene.addSimpleText(text, font)
            self._labels[key] = label
            label.setToolTip(item.name)
            label.setBrush(QBrush(self.palette().text().color()))
            label.setPos(p)
            label.setFlag(label.GraphicsItemFlag.ItemIgnoresTransformations)
            label.setZValue(3)

    def _draw_hub(self, scene: QGraphicsScene, p: QPointF, name: str, font: QFont) -> None:
        """A station or airport where an intercity leg ends: a grey square and its name."""
        grey = QColor("#7f8c8d")
        square = scene.addRect(-5, -5, 10, 10, QPen(QColor("white"), 1), QBrush(grey))
        square.setPos(p)
        square.setFlag(square.GraphicsItemFlag.ItemIgnoresTransformations)
        square.setZValue(1)
        if any(h.text() == _short(name) for h in self._hub_labels):
            return
        label = scene.addSimpleText(_short(name), font)
        label.setBrush(QBrush(grey))
        label.setPos(p)
        label.setFlag(label.GraphicsItemFlag.ItemIgnoresTransformations)
        self._hub_labels.append(label)

    def _draw_scale(self, scene: QGraphicsScene) -> None:
        bounds = self._bounds
        # x = lon·cos(φ₀)·SCALE and 1 km east is 1/(111.32·cos φ₀) degrees: SCALE/111.32 per km.
        width_km = bounds.width() / SCALE * 111.32
        km = next((k for k in (1, 2, 5, 10, 20, 50, 100, 200) if k >= width_km / 5), 500)
        length = km / 111.32 * SCALE
        start = QPointF(bounds.left() + 10, bounds.bottom() - 10)
        pen = QPen(self.palette().text().color(), 2)
        pen.setCosmetic(True)
        scene.addLine(start.x(), start.y(), start.x() + length, start.y(), pen)
        text = scene.addSimpleText(f"{km} km")
        text.setBrush(QBrush(self.palette().text().color()))
        text.setPos(start.x(), start.y() + 4)
        text.setFlag(text.GraphicsItemFlag.ItemIgnoresTransformations)

    def fit(self) -> None:
        if not self._bounds.isNull():
            self.fitInView(self._bounds, Qt.AspectRatioMode.KeepAspectRatio)
            self.scale(0.8, 0.8)  # room for labels, which do not scale with the view
        self.place_labels()

    def place_labels(self) -> None:
        """Put each stop's label right of its dot, or left when it would leave the view; hide
        labels that would overlap one already placed (their dots keep a tooltip)."""
        placed: list[QRectF] = []
        viewport = QRectF(self.viewport().rect())
        self.labels_shown = 0
        for label in [*self._labels.values(), *self._hub_labels]:
            anchor = QPointF(self.mapFromScene(label.pos()))
            size = label.boundingRect().size()
            right = QRectF(anchor + QPointF(9, -7), size)
            left = QRectF(anchor + QPointF(-9 - size.width(), -7), size)
            spot = right if viewport.contains(right) or not viewport.contains(left) else left
            visible = not any(spot.intersects(other) for other in placed)
            label.setVisible(visible)
            if visible:
                placed.append(spot)
                self.labels_shown += 1
                label.setTransform(QTransform.fromTranslate(spot.left() - anchor.x(), -7))

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self.fit()

    def wheelEvent(self, event: Any) -> None:
        factor = 1.25 if event.angleDelta().y() > 0 else 0.8
        self.scale(factor, factor)
