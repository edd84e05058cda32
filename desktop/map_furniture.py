"""What the map draws besides routes and stops: place labels on a backing, the paper tint and
kilometre grid behind, the scale bar and north arrow in front (in view pixels)."""

from __future__ import annotations

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
        # (asked for by the scene for every item it updates: made once, the text never changes)
        self._rect = super().boundingRect().marginsAdded(self.PAD)

    def set_colours(self, colour: QColor, backing: QColor) -> None:
        self.setBrush(QBrush(colour))
        self._backing = backing
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: Any, widget: Any = None) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self._backing)
        painter.drawRoundedRect(self.boundingRect(), 3, 3)
        super().paint(painter, option, widget)


def km_step(px_per_unit: float, min_px: float = GRID_MIN_PX) -> float:
    """The smallest round distance (km) at least `min_px` long at `px_per_unit` (the view's
    scale, pixels per scene unit)."""
    return next((k for k in KM_STEPS if k * KM * px_per_unit >= min_px), KM_STEPS[-1])


#: Colours of the basemap, (light, dark): OpenStreetMap's standard style's land and water.
COLOURS = {
    "paper": ("#f2efe9", "#1d2024"),
    "sea": ("#aad3df", "#1b2b38"),
    "land": ("#f2efe9", "#1d2024"),
    "water": ("#aad3df", "#1b2b38"),
    "shore": ("#8cb6c6", "#2c4558"),
    "river": ("#8cc0d6", "#2f5673"),
    1: ("#9e87a8", "#7a6a86"),  # province border
    2: ("#b7a5bf", "#5c5066"),  # prefecture border
    3: ("#cdc3d3", "#3d3843"),  # county border
}
BORDER_PENS = {1: (1.6, Qt.PenStyle.DashDotLine), 2: (1.2, Qt.PenStyle.DashLine),
               3: (0.9, Qt.PenStyle.DotLine)}  # fmt: skip


def _colour(key: Any, dark: bool) -> QColor:
    return QColor(COLOURS[key][1 if dark else 0])


def _pen(colour: QColor, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(colour, width, style)
    pen.setCosmetic(True)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def draw_paper(painter: QPainter, rect: QRectF, dark: bool) -> None:
    """A plain tint (no geography for this place)."""
    painter.fillRect(rect, _colour("paper", dark))


def draw_basemap(painter: QPainter, rect: QRectF, paths: Any, dark: bool) -> None:
    """Sea, then land and water in their order (islands in lakes, ponds on islands), shores,
    rivers, then county, prefecture and province borders (`desktop.basemap.BasemapPaths`),
    over scene `rect`. Outside the region the paths cover, a plain tint."""
    painter.fillRect(rect, _colour("paper", dark))
    inside = rect.intersected(paths.region)
    painter.fillRect(inside, _colour("sea", dark))
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    for kind, path in paths.fills:
        painter.setBrush(_colour(kind, dark))
        painter.drawPath(path)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(_pen(_colour("shore", dark), 1.0))
    painter.drawPath(paths.shore)
    painter.setPen(_pen(_colour("river", dark), 1.6))
    painter.drawPath(paths.river)
    for level in (3, 2, 1):
        if level in paths.borders:
            width, style = BORDER_PENS[level]
            painter.setPen(_pen(_colour(level, dark), width, style))
            painter.drawPath(paths.borders[level])
    painter.restore()


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
