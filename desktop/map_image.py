"""The map as a picture (for the PDF): the plan's (or one day's) stops and routes over the
basemap, painted with QPainter on a QImage — no QWidget, QPixmap or QGraphicsScene — so it
can be made off the GUI thread (Qt: "QPainter can be used in a thread to paint onto QImage,
QPrinter and QPicture paint devices"; fonts included)."""

from __future__ import annotations

import functools
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter, QPainterPath, QPen

from desktop.basemap import load_basemap
from desktop.map_furniture import draw_basemap, draw_paper, draw_scale_bar, km_step
from desktop.map_geometry import STOP_KINDS, basemap_region, day_points, extent, project
from desktop.map_labels import Stop, group_places, place_rects
from desktop.widgets.icons import day_colour

SCALE_UNITS = 4000.0  # (desktop.map_geometry.SCALE)


def map_image(itinerary: Any, width: int, height: int, day: int = 0) -> QImage:
    """A `width`×`height` px picture of day `day`'s stops (0: every day), fitted to them,
    labelled in the plan's language, on the basemap (light colours, for paper)."""
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("#f2efe9"))
    per_day = day_points(itinerary)
    coords = [(la, lo) for pts in per_day.values() for _, la, lo in pts]
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if not coords:
            return image
        ui = width / 640  # the picture is printed about 640 px wide: marks scale with it
        lat0 = sum(c[0] for c in coords) / len(coords)
        shown = {d: pts for d, pts in per_day.items() if day in (0, d)}
        stops = [
            Stop(d, n + 1, item, project(la, lo, lat0))
            for d, pts in shown.items()
            for n, (item, la, lo) in enumerate([p for p in pts if p[0].kind.value in STOP_KINDS])
        ]
        bounds = extent([s.point for s in stops] or [project(la, lo, lat0) for la, lo in coords])
        pad = max(bounds.width(), bounds.height(), SCALE_UNITS * 0.004) * 0.12
        bounds = bounds.adjusted(-pad, -pad, pad, pad)
        scale = min(width / bounds.width(), height / bounds.height())
        painter.translate(width / 2, height / 2)
        painter.scale(scale, scale)
        painter.translate(-bounds.center())
        view = painter.transform()
        visible = view.inverted()[0].mapRect(QRectF(0, 0, width, height))
        paths = _geography(basemap_region(coords), lat0)
        if paths is not None:
            draw_basemap(painter, visible, paths, False)
        else:
            draw_paper(painter, visible, False)
        for d, points in per_day.items():
            path = QPainterPath()
            for n, (_item, la, lo) in enumerate(points):
                p = project(la, lo, lat0)
                path.moveTo(p) if n == 0 else path.lineTo(p)
            pen = QPen(day_colour(d), (3 if day in (0, d) else 1.5) * ui)
            pen.setCosmetic(True)
            painter.setOpacity(1.0 if day in (0, d) else 0.3)
            painter.strokePath(path, pen)
        painter.setOpacity(1.0)
        painter.resetTransform()
        _stops_and_labels(painter, stops, view, QRectF(0, 0, width, height), ui)
        painter.scale(ui, ui)
        draw_scale_bar(painter, QPointF(10, height / ui - 10), km_step(scale / ui),
                       scale / ui, QColor("#333333"), itinerary.lang)  # fmt: skip
    finally:
        painter.end()
    return image


@functools.lru_cache(maxsize=4)
def _geography(region: tuple[float, float, float, float], lat0: float) -> Any:
    """The basemap's paths for a plan's region (made once for the cover and every day's map:
    QPainterPath is a value type, shared read-only)."""
    basemap = load_basemap()
    return basemap.paths(*region, lat0) if basemap is not None else None


def _stops_and_labels(
    painter: QPainter, stops: list[Stop], view: Any, box: QRectF, ui: float
) -> None:
    """Numbered dots, then one label per place placed around them without overlaps (`ui`:
    how many image pixels a screen pixel of the map is)."""
    font = QFont()
    font.setPixelSize(round(11 * ui))
    painter.setFont(font)
    metrics = QFontMetricsF(font)
    dots = [view.map(s.point) for s in stops]
    for stop, at in zip(stops, dots, strict=True):
        painter.setPen(QPen(QColor("white"), 1.5 * ui))
        painter.setBrush(day_colour(stop.day))
        painter.drawEllipse(at, 6 * ui, 6 * ui)
    places = group_places(stops, SCALE_UNITS)
    anchors = [view.map(p.point) for p in places]
    sizes = [QSizeF(metrics.horizontalAdvance(p.text) + 6 * ui, metrics.height() + 2 * ui)
             for p in places]  # fmt: skip
    spots = place_rects(anchors, sizes, box, dots, scale=ui)
    for place, spot in zip(places, spots, strict=True):
        if spot is None:
            continue
        backing = QColor("white")
        backing.setAlpha(215)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(backing)
        painter.drawRoundedRect(spot, 3, 3)
        painter.setPen(QColor("#202124"))
        painter.drawText(spot, Qt.AlignmentFlag.AlignCenter, place.text)
