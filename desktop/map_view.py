"""The offline map: each day's stops and route drawn from lat/lon, no tiles, no network.

Projection: equirectangular around the plan's mean latitude — x = lon·cos(φ₀), y = −lat, in
degrees scaled to pixels — which is within a fraction of a percent over a destination's extent
(Snyder, "Map Projections — A Working Manual", USGS PP 1395, p. 90).
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QMarginsF, QPointF, QRect, QRectF, Qt, QTimer, Signal
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

from desktop.map_labels import Place, Stop, group_places, place_rects
from desktop.plan_text import distance
from desktop.widgets.icons import day_colour

SCALE = 4000.0  # scene units per degree
STOP_KINDS = ("attraction", "meal", "lodging")
FAR_KM = 150.0  # intercity ends farther than this from the day's centre are left off the map
KM_STEPS = (0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500)
GRID_MIN_PX = 70.0  # grid lines (and the scale bar) at least this far apart
HUB_GREY = QColor("#7f8c8d")


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


class MapLabel(QGraphicsSimpleTextItem):
    """A label on a soft rounded backing in the view's base colour, so routes under it do not
    hide its text; it keeps its size whatever the zoom."""

    PAD = QMarginsF(3, 1, 3, 1)

    def __init__(self, place: Place, font: QFont, colour: QColor, backing: QColor) -> None:
        super().__init__(place.text)
        self.place = place
        self.setFont(font)
        self.setBrush(QBrush(colour))
        self.setToolTip(place.tooltip)
        self.setPos(place.point)
        self.setFlag(self.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setZValue(3)
        self._backing = backing

    def boundingRect(self) -> QRectF:
        return super().boundingRect().marginsAdded(self.PAD)

    def paint(self, painter: QPainter, option: Any, widget: Any = None) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self._backing)
        painter.drawRoundedRect(self.boundingRect(), 3, 3)
        super().paint(painter, option, widget)


class MapView(QGraphicsView):
    """Routes per day in day colours, numbered stops, one label per place, on a tinted
    background with a kilometre grid, a scale bar and a north arrow; wheel to zoom, drag to
    pan. Words (the scale) are in the plan's language.

    The view is fitted to the plan first, then one day is drawn per event-loop turn and the
    labels are made and placed at the end, so a long plan never stalls the window.

    Signals:
        rendered(): every day of the itinerary set last is drawn and labelled.

    Attributes:
        stop_count: stops drawn. labels: the labels (one per place and hub).
        labels_shown: labels placed visibly at the current zoom.
    """

    rendered = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.stop_count = 0
        self.labels_shown = 0
        self.labels: list[MapLabel] = []
        self.lang = "zh"
        self._stops: list[Stop] = []
        self._hubs: dict[str, QPointF] = {}
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
        key = (itinerary.days, itinerary.lang) if itinerary is not None else None
        if key == self._key:
            return
        self._key = key
        self.lang = itinerary.lang if itinerary is not None else "zh"
        self.scene().clear()
        self.stop_count = 0
        self.labels = []
        self._stops = []
        self._hubs = {}
        self._pending = []
        self._next.stop()
        per_day = day_points(itinerary) if itinerary is not None else {}
        coords = [(la, lo) for pts in per_day.values() for _, la, lo in pts]
        if not coords:
            self._bounds = QRectF()
            self.viewport().update()
            self.rendered.emit()
            return
        self._lat0 = sum(c[0] for c in coords) / len(coords)
        xs = [project(la, lo, self._lat0) for la, lo in coords]
        left, right = min(p.x() for p in xs), max(p.x() for p in xs)
        top, bottom = min(p.y() for p in xs), max(p.y() for p in xs)
        self._bounds = QRectF(left, top, right - left, bottom - top).adjusted(-60, -60, 60, 60)
        # room to pan around the plan (the background and grid fill whatever is shown)
        margin = max(self._bounds.width(), self._bounds.height())
        self.scene().setSceneRect(self._bounds.adjusted(-margin, -margin, margin, margin))
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
            self._make_labels()
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
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        scene.addPath(path, pen)
        number = 0
        for item, lat, lon in points:
            p = project(lat, lon, lat0)
            if item.kind.value == "intercity":
                self._draw_hub(scene, p, item.name.split("→")[-1].strip())
            if item.kind.value not in STOP_KINDS:
                continue
            number += 1
            self.stop_count += 1
            dot = scene.addEllipse(-7, -7, 14, 14, QPen(QColor("white"), 1.5), QBrush(colour))
            dot.setPos(p)
            dot.setFlag(dot.GraphicsItemFlag.ItemIgnoresTransformations)
            dot.setToolTip(f"{index}.{number}  {item.start:%H:%M}  {item.name}")
            dot.setZValue(2)
            self._stops.append(Stop(index, number, item, p))

    def _draw_hub(self, scene: QGraphicsScene, p: QPointF, name: str) -> None:
        """A station or airport where an intercity leg ends: a grey square (labelled once)."""
        square = scene.addRect(-5, -5, 10, 10, QPen(QColor("white"), 1), QBrush(HUB_GREY))
        square.setPos(p)
        square.setFlag(square.GraphicsItemFlag.ItemIgnoresTransformations)
        square.setToolTip(name)
        square.setZValue(1)
        self._hubs.setdefault(name, p)

    def _make_labels(self) -> None:
        """One label per place (`group_places`), then one per hub; attractions are placed
        first, then lodging, meals and hubs (what was placed first wins a crowded spot)."""
        font = QFont()
        font.setPixelSize(11)
        text = self.palette().text().color()
        backing = QColor(self.palette().base().color())
        backing.setAlpha(200)
        places = group_places(self._stops, SCALE)
        places += [Place(name, p, "hub") for name, p in self._hubs.items()]
        order = {"attraction": 0, "lodging": 1, "meal": 2, "hub": 3}
        places.sort(key=lambda place: order.get(place.kind, 2))
        for place in places:
            label = MapLabel(place, font, HUB_GREY if place.kind == "hub" else text, backing)
            self.scene().addItem(label)
            self.labels.append(label)

    def fit(self) -> None:
        if not self._bounds.isNull():
            self.fitInView(self._bounds, Qt.AspectRatioMode.KeepAspectRatio)
            self.scale(0.9, 0.9)  # room for labels, which do not scale with the view
        self.place_labels()

    def place_labels(self) -> None:
        """Place every label at its first free position around its dot (`place_rects`); a
        label with none is hidden (its dot keeps a tooltip)."""
        viewport = QRectF(self.viewport().rect())
        anchors = [QPointF(self.mapFromScene(label.pos())) for label in self.labels]
        sizes = [label.boundingRect().size() for label in self.labels]
        dots = [QPointF(self.mapFromScene(s.point)) for s in self._stops]
        dots += [QPointF(self.mapFromScene(p)) for p in self._hubs.values()]
        spots = place_rects(anchors, sizes, viewport, dots)
        self.labels_shown = 0
        for label, anchor, spot in zip(self.labels, anchors, spots, strict=True):
            label.setVisible(spot is not None)
            if spot is None:
                continue
            self.labels_shown += 1
            corner = label.boundingRect().topLeft()
            label.setTransform(
                QTransform.fromTranslate(
                    spot.left() - anchor.x() - corner.x(), spot.top() - anchor.y() - corner.y()
                )
            )

    # -- background and furniture -----------------------------------------------------------------

    def _km_step(self, min_px: float) -> float:
        """The smallest round distance (km) at least `min_px` long at the current zoom."""
        px_per_km = self.transform().m11() * SCALE / 111.32
        return next((k for k in KM_STEPS if k * px_per_km >= min_px), KM_STEPS[-1])

    def drawBackground(self, painter: QPainter, area: QRectF | QRect) -> None:
        """A paper tint and a kilometre grid (its step is the scale bar's)."""
        rect = QRectF(area)
        dark = self.palette().base().color().lightness() < 128
        painter.fillRect(rect, QColor("#1d2024" if dark else "#f4f2ec"))
        if self._bounds.isNull():
            return
        step = self._km_step(GRID_MIN_PX) / 111.32 * SCALE  # scene units per grid line
        pen = QPen(QColor("#2b2f34" if dark else "#e2ded3"), 1)
        pen.setCosmetic(True)
        painter.setPen(pen)
        x = math.floor(rect.left() / step) * step
        while x < rect.right():
            painter.drawLine(QPointF(x, rect.top()), QPointF(x, rect.bottom()))
            x += step
        y = math.floor(rect.top() / step) * step
        while y < rect.bottom():
            painter.drawLine(QPointF(rect.left(), y), QPointF(rect.right(), y))
            y += step

    def drawForeground(self, painter: QPainter, area: QRectF | QRect) -> None:
        """The scale bar (bottom left, one grid step) and a north arrow (top right), in view
        pixels whatever the zoom or pan."""
        if self._bounds.isNull():
            return
        painter.save()
        painter.resetTransform()
        ink = self.palette().text().color()
        km = self._km_step(GRID_MIN_PX)
        length = km * self.transform().m11() * SCALE / 111.32
        height = self.viewport().height()
        pen = QPen(ink, 2)
        painter.setPen(pen)
        left, base = 12.0, height - 14.0
        painter.drawLine(QPointF(left, base), QPointF(left + length, base))
        painter.drawLine(QPointF(left, base - 4), QPointF(left, base))
        painter.drawLine(QPointF(left + length, base - 4), QPointF(left + length, base))
        font = QFont()
        font.setPixelSize(11)
        painter.setFont(font)
        label = distance(round(km * 1000), self.lang).replace(".0", "")
        painter.drawText(QPointF(left, base - 6), label)
        x, top = self.viewport().width() - 20.0, 12.0
        arrow = QPainterPath(QPointF(x, top))
        arrow.lineTo(x + 6, top + 16)
        arrow.lineTo(x, top + 12)
        arrow.lineTo(x - 6, top + 16)
        arrow.closeSubpath()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(ink)
        painter.drawPath(arrow)
        painter.setPen(ink)
        painter.drawText(QRectF(x - 8, top + 17, 16, 14), Qt.AlignmentFlag.AlignCenter, "N")
        painter.restore()

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self.fit()

    def wheelEvent(self, event: Any) -> None:
        factor = 1.25 if event.angleDelta().y() > 0 else 0.8
        self.scale(factor, factor)
        self.place_labels()
