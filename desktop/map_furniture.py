"""What the map draws besides routes and stops: place labels on a backing, the paper tint and
kilometre grid behind, the scale bar and north arrow in front (in view pixels)."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsSimpleTextItem

from desktop.map_geometry import SCALE
from desktop.map_labels import Place
from desktop.plan_text import distance
from desktop.rich_text import tooltip

KM_STEPS = (0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500)
GRID_MIN_PX = 70.0  # grid lines (and the scale bar) at least this far apart
KM = SCALE / 111.32  # scene units per km, east or north (1° of latitude ≈ 111.32 km)


class MapLabel(QGraphicsSimpleTextItem):
    """A label on a soft rounded backing in the view's base colour, so routes under it do not
    hide its text; it keeps its size whatever the zoom."""

    PAD = QMarginsF(3, 1, 3, 1)

    def __init__(self, place: Place, font: QFont, colour: QColor, backing: QColor) -> None:
        super().__init__(place.text)
        self.place = place
        self.setFont(font)
        self.setBrush(QBrush(colour))
        self.setToolTip(tooltip(place.tooltip))
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


def km_step(px_per_unit: float, min_px: float = GRID_MIN_PX) -> float:
    """The smallest round distance (km) at least `min_px` long at `px_per_unit` (the view's
    scale, pixels per scene unit)."""
    return next((k for k in KM_STEPS if k * KM * px_per_unit >= min_px), KM_STEPS[-1])


def draw_grid(painter: QPainter, rect: QRectF, step_km: float, dark: bool) -> None:
    """A paper tint over scene `rect` and grid lines every `step_km`."""
    painter.fillRect(rect, QColor("#1d2024" if dark else "#f4f2ec"))
    step = step_km * KM
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


def draw_scale_bar(
    painter: QPainter, corner: QPointF, km: float, px_per_unit: float, ink: QColor, lang: str
) -> None:
    """A bar `km` long with its length in `lang`, its left end at view point `corner`."""
    length = km * KM * px_per_unit
    left, base = corner.x(), corner.y()
    painter.setPen(QPen(ink, 2))
    painter.drawLine(QPointF(left, base), QPointF(left + length, base))
    painter.drawLine(QPointF(left, base - 4), QPointF(left, base))
    painter.drawLine(QPointF(left + length, base - 4), QPointF(left + length, base))
    font = QFont()
    font.setPixelSize(11)
    painter.setFont(font)
    painter.drawText(QPointF(left, base - 6), distance(round(km * 1000), lang).replace(".0", ""))


def draw_north_arrow(painter: QPainter, tip: QPointF, ink: QColor) -> None:
    """An arrowhead pointing up from view point `tip`, an "N" under it."""
    x, top = tip.x(), tip.y()
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
