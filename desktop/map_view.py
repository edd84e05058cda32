"""The offline map: each day's stops and route drawn from lat/lon, no tiles, no network
(the projection and what is fitted: `desktop.map_geometry`; labels: `desktop.map_labels`)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRect, QRectF, Qt, QTimer, Signal
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
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

from desktop.map_furniture import MapLabel, draw_grid, draw_north_arrow, draw_scale_bar, km_step
from desktop.map_geometry import (
    SCALE,
    STOP_KINDS,
    day_points,
    extent,
    fit_extent,
    haversine_km,
    project,
)
from desktop.map_labels import Place, Stop, group_places, place_rects
from desktop.rich_text import tooltip
from desktop.widgets.icons import day_colour

__all__ = ["MapView", "day_points", "haversine_km", "project"]
HUB_GREY = QColor("#7f8c8d")


class MapView(QGraphicsView):
    """Routes per day in day colours, numbered stops, one label per place, on a tinted
    background with a kilometre grid, a scale bar and a north arrow; wheel to zoom, drag to
    pan. Words (the scale) are in the plan's language.

    The view is fitted to the plan first, then one day is drawn per event-loop turn and the
    labels are made and placed in a turn of their own, so a long plan never stalls the window.

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
        self._pending: list[tuple[int, list[Any] | None]] = []  # None: the labels' turn
        self._next = QTimer(self, singleShot=True, interval=0)
        self._next.timeout.connect(self._draw_next)
        # PySide6 makes these Python enums on first use (~8 ms): now, not on the first plan.
        _ = (QGradient.Type, QGradient.Spread, QGradient.CoordinateMode, QImage.Format)
        _ = (QGradient.InterpolationMode, QGradient.Preset, QImage.InvertMode)
        # So does the first label (the subclass's binding, the small font's glyphs: ~8 ms).
        font = QFont()
        font.setPixelSize(11)
        MapLabel(Place("地图 Map 1.2", QPointF(), "hub"), font, QColor(), QColor()).boundingRect()

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
        everything = extent([project(la, lo, self._lat0) for la, lo in coords])
        self._bounds = fit_extent(per_day, self._lat0).adjusted(-60, -60, 60, 60)
        # room to pan around the plan (the background and grid fill whatever is shown)
        margin = max(everything.width(), everything.height(), self._bounds.width())
        self.scene().setSceneRect(everything.adjusted(-margin, -margin, margin, margin))
        self.fit()
        self._pending = [*per_day.items(), (0, None)]
        self._next.start()

    def _draw_next(self) -> None:
        if not self._pending:
            return
        index, points = self._pending.pop(0)
        if points is not None:
            self._draw_day(self.scene(), index, points, self._lat0)
            self._next.start()
            return
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
            dot.setToolTip(tooltip(f"{index}.{number}  {item.start:%H:%M}  {item.name}"))
            dot.setZValue(2)
            self._stops.append(Stop(index, number, item, p))

    def _draw_hub(self, scene: QGraphicsScene, p: QPointF, name: str) -> None:
        """A station or airport where an intercity leg ends: a grey square (labelled once)."""
        square = scene.addRect(-5, -5, 10, 10, QPen(QColor("white"), 1), QBrush(HUB_GREY))
        square.setPos(p)
        square.setFlag(square.GraphicsItemFlag.ItemIgnoresTransformations)
        square.setToolTip(tooltip(name))
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
        """Show the plan (`fit_extent`) centred, with room around it for labels."""
        if not self._bounds.isNull():
            self.fitInView(self._bounds, Qt.AspectRatioMode.KeepAspectRatio)
            self.scale(0.9, 0.9)  # room for labels, which do not scale with the view
            self.centerOn(self._bounds.center())  # (scale() anchors under the mouse pointer)
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

    def drawBackground(self, painter: QPainter, area: QRectF | QRect) -> None:
        """A paper tint and a kilometre grid (its step is the scale bar's)."""
        dark = self.palette().base().color().lightness() < 128
        if self._bounds.isNull():
            painter.fillRect(QRectF(area), QColor("#1d2024" if dark else "#f4f2ec"))
            return
        draw_grid(painter, QRectF(area), km_step(self.transform().m11()), dark)

    def drawForeground(self, painter: QPainter, area: QRectF | QRect) -> None:
        """The scale bar (bottom left, one grid step) and a north arrow (top right), in view
        pixels whatever the zoom or pan."""
        if self._bounds.isNull():
            return
        painter.save()
        painter.resetTransform()
        ink = self.palette().text().color()
        scale = self.transform().m11()
        corner = QPointF(12, self.viewport().height() - 14)
        draw_scale_bar(painter, corner, km_step(scale), scale, ink, self.lang)
        draw_north_arrow(painter, QPointF(self.viewport().width() - 20, 12), ink)
        painter.restore()

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self.fit()

    def wheelEvent(self, event: Any) -> None:
        factor = 1.25 if event.angleDelta().y() > 0 else 0.8
        self.scale(factor, factor)
        self.place_labels()
