"""The map as a picture (for the PDF): the plan's (or one day's) stops and routes over the
basemap, painted with QPainter on a QImage — no QWidget, QPixmap or QGraphicsScene — so it
can be made off the GUI thread (Qt: "QPainter can be used in a thread to paint onto QImage,
QPrinter and QPicture paint devices"; fonts included)."""

from __future__ import annotations

import functools
import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
    QTransform,
)

from desktop.basemap import load_basemap
from desktop.map_controls import draw_hub_markers
from desktop.map_furniture import KM, draw_basemap, draw_paper, draw_scale_bar, km_step
from desktop.map_geometry import (
    STOP_KINDS,
    basemap_region,
    day_points,
    extent,
    haversine_km,
    project,
)
from desktop.map_labels import (
    CLUSTER_PX,
    SPREAD_GAP,
    Stop,
    cluster_places,
    group_places,
    place_rects,
    spread,
)
from desktop.widgets.icons import day_colour

SCALE_UNITS = 4000.0  # (desktop.map_geometry.SCALE)
#: Room kept around the stops, in pixels of a picture printed 640 px wide (left/right,
#: top/bottom): a dot and a label beside or above it fit inside. The stops were fitted with a
#: margin of 12 % of the larger side: on the wide day maps that left 杭州's first stop 60 px of
#: 620 from the top, its label and route crowding the edge.
MARGIN = (40.0, 42.0)
#: Routes are clipped this far inside the picture's edge (same units); a station or airport
#: beyond it is an arrow there with its name and distance (a route to 杭州东站 ran off the
#: cover map's top edge towards nothing shown).
FRAME = 14.0
MIN_SPAN_KM = 0.6  # a day with one place is shown at least this wide


def map_image(itinerary: Any, width: int, height: int, day: int = 0) -> QImage:
    """A `width`×`height` px picture of day `day`'s stops (0: every day), fitted to them
    inside `MARGIN`, routes clipped to `FRAME` with arrows to the stations and airports
    beyond it, labelled in the plan's language, on the basemap (light colours, for paper)."""
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("#f2efe9"))
    per_day = day_points(itinerary)
    coords = [(la, lo) for pts in per_day.values() for _, la, lo in pts]
    fitted = fit_picture(itinerary, width, height, day)
    if fitted is None:
        return image
    view, stops, lat0 = fitted
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        ui = width / 640  # the picture is printed about 640 px wide: marks scale with it
        shown = {d: pts for d, pts in per_day.items() if day in (0, d)}
        scale = view.m11()
        picture = QRectF(0, 0, width, height)
        painter.setTransform(view)
        visible = view.inverted()[0].mapRect(picture)
        paths = _geography(basemap_region(coords), lat0)
        if paths is not None:
            draw_basemap(painter, visible, paths, False)
        else:
            draw_paper(painter, visible, False)
        frame = picture.adjusted(FRAME * ui, FRAME * ui, -FRAME * ui, -FRAME * ui)
        painter.setClipRect(view.inverted()[0].mapRect(frame))
        for d, points in per_day.items():
            path = QPainterPath()
            for n, (_item, la, lo) in enumerate(points):
                p = project(la, lo, lat0)
                path.moveTo(p) if n == 0 else path.lineTo(p)
            pen = QPen(day_colour(d), (3 if day in (0, d) else 1.5) * ui)
            pen.setCosmetic(True)
            painter.setOpacity(1.0 if day in (0, d) else 0.3)
            painter.strokePath(path, pen)
        painter.setClipping(False)
        painter.setOpacity(1.0)
        painter.resetTransform()
        hubs = _hubs(shown, view, lat0)
        inside = {name: at for name, at in hubs.items() if frame.contains(at)}
        bar = km_step(scale / ui) * KM * scale  # the scale bar's length (picture px)
        keep_clear = scale_bar_box(width, height, bar, ui, [view.map(s.point) for s in stops])
        corner = keep_clear.bottomLeft() - QPointF(0, 4 * ui)
        _stops_and_labels(painter, stops, inside, view, frame, ui, keep_clear)
        painter.scale(ui, ui)
        outside = [(name, at / ui) for name, at in hubs.items() if name not in inside]
        centre = view.inverted()[0].map(picture.center())
        km = {name: _km_between(centre, view.inverted()[0].map(at), lat0)
              for name, at in hubs.items()}  # fmt: skip
        palette = QPalette(QColor("#f2efe9"))
        palette.setColor(QPalette.ColorRole.Base, QColor("white"))
        bar_box = QRectF(keep_clear.topLeft() / ui, keep_clear.size() / ui)
        draw_hub_markers(painter, QRectF(frame.topLeft() / ui, frame.size() / ui), outside, km,
                         palette, itinerary.lang, [bar_box])  # fmt: skip
        draw_scale_bar(painter, corner / ui,
                       km_step(scale / ui), scale / ui, QColor("#333333"),
                       itinerary.lang)  # fmt: skip
        painter.resetTransform()
        painter.setPen(QPen(QColor("#b9b4aa"), max(1.0, ui)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(picture.adjusted(0.5, 0.5, -0.5, -0.5))
    finally:
        painter.end()
    return image


def scale_bar_box(width: int, height: int, bar: float, ui: float, dots: list[QPointF]) -> QRectF:
    """Where a `width`×`height` picture's scale bar (`bar` px long, with its text) goes: its
    bottom-left corner, or the bottom-right when a stop's dot (picture points `dots`) would
    be on it there (黄山's cover had 宏村农家菜馆's dot on the bar)."""
    size = QSizeF(max(bar, 40 * ui), 24 * ui)
    bottom = height - (6 + FRAME) * ui
    boxes = [QRectF(QPointF((10 + FRAME) * ui, bottom - size.height()), size),
             QRectF(QPointF(width - (10 + FRAME) * ui - size.width(), bottom - size.height()),
                    size)]  # fmt: skip
    for box in boxes:
        near = box.adjusted(-10 * ui, -10 * ui, 10 * ui, 10 * ui)
        if not any(near.contains(dot) for dot in dots):
            return box
    return boxes[0]


def fit_picture(
    itinerary: Any, width: int, height: int, day: int = 0
) -> tuple[QTransform, list[Stop], float] | None:
    """How `map_image` frames day `day` (0: every day) in a `width`×`height` px picture: the
    transform from scene to picture pixels that fits the shown stops inside `MARGIN` (a day
    with one place at least `MIN_SPAN_KM` wide), the shown stops, and the latitude of the
    projection; None when nothing has a position."""
    per_day = day_points(itinerary)
    coords = [(la, lo) for pts in per_day.values() for _, la, lo in pts]
    if not coords:
        return None
    ui = width / 640
    lat0 = sum(c[0] for c in coords) / len(coords)
    stops = [
        Stop(d, n + 1, item, project(la, lo, lat0))
        for d, pts in per_day.items()
        if day in (0, d)
        for n, (item, la, lo) in enumerate([p for p in pts if p[0].kind.value in STOP_KINDS])
    ]
    bounds = extent([s.point for s in stops] or [project(la, lo, lat0) for la, lo in coords])
    grow_x = max(0.0, MIN_SPAN_KM / 111.32 * SCALE_UNITS - bounds.width()) / 2
    grow_y = max(0.0, MIN_SPAN_KM / 111.32 * SCALE_UNITS - bounds.height()) / 2
    bounds = bounds.adjusted(-grow_x, -grow_y, grow_x, grow_y)
    room = QRectF(0, 0, width, height).adjusted(
        MARGIN[0] * ui, MARGIN[1] * ui, -MARGIN[0] * ui, -MARGIN[1] * ui
    )
    scale = min(room.width() / bounds.width(), room.height() / bounds.height())
    view = QTransform.fromTranslate(width / 2, height / 2)
    view.scale(scale, scale)
    view.translate(-bounds.center().x(), -bounds.center().y())
    return view, stops, lat0


def _hubs(shown: dict[int, list], view: Any, lat0: float) -> dict[str, QPointF]:
    """The stations and airports where the shown days' intercity legs end: name → picture
    point."""
    out: dict[str, QPointF] = {}
    for points in shown.values():
        for item, la, lo in points:
            if item.kind.value == "intercity":
                name = item.name.split("→")[-1].strip()
                out.setdefault(name, view.map(project(la, lo, lat0)))
    return out


def _km_between(a: QPointF, b: QPointF, lat0: float) -> float:
    """Great-circle km between two scene points of the map around latitude `lat0`."""
    cos = math.cos(math.radians(lat0))
    return haversine_km(
        (-a.y() / SCALE_UNITS, a.x() / (SCALE_UNITS * cos)),
        (-b.y() / SCALE_UNITS, b.x() / (SCALE_UNITS * cos)),
    )


@functools.lru_cache(maxsize=4)
def _geography(region: tuple[float, float, float, float], lat0: float) -> Any:
    """The basemap's paths for a plan's region (made once for the cover and every day's map:
    QPainterPath is a value type, shared read-only)."""
    basemap = load_basemap()
    return basemap.paths(*region, lat0) if basemap is not None else None


def _stops_and_labels(
    painter: QPainter,
    stops: list[Stop],
    hubs: dict[str, QPointF],
    view: Any,
    box: QRectF,
    ui: float,
    keep_clear: QRectF,
) -> None:
    """Numbered dots (those that would overlap drawn apart around their mean, each tied to
    its place by a line: `spread`), grey squares for the stations and airports `hubs` in
    the picture, then one label per place placed around them without overlaps and off
    `keep_clear` (the scale bar) (`ui`: how many image pixels a screen pixel of the map
    is)."""
    font = QFont()
    font.setPixelSize(round(11 * ui))
    painter.setFont(font)
    metrics = QFontMetricsF(font)
    places = group_places(stops, SCALE_UNITS)
    true = [view.map(p.point) for p in places]
    anchors = list(true)
    for group in cluster_places(places, true, px=CLUSTER_PX * ui):
        if len(group) > 1:
            for n, at in zip(group, spread([true[n] for n in group], SPREAD_GAP * ui), strict=True):
                anchors[n] = at
    dots: list[QPointF] = []
    for place, at, where in zip(places, anchors, true, strict=True):
        colour = day_colour(place.stops[0].day if place.stops else 1)
        if at != where:
            painter.setPen(QPen(colour, 1.2 * ui))
            painter.drawLine(where, at)
        painter.setPen(QPen(QColor("white"), 1.5 * ui))
        for stop in place.stops:
            painter.setBrush(day_colour(stop.day))
            painter.drawEllipse(at, 6 * ui, 6 * ui)
            dots.append(at)
    for at in hubs.values():
        painter.setPen(QPen(QColor("white"), 1 * ui))
        painter.setBrush(QColor("#7f8c8d"))
        painter.drawRect(QRectF(at.x() - 5 * ui, at.y() - 5 * ui, 10 * ui, 10 * ui))
        dots.append(at)
    labels = [(p.text, at, QColor("#202124")) for p, at in zip(places, anchors, strict=True)]
    labels += [(name, at, QColor("#5f6b6d")) for name, at in hubs.items()]
    sizes = [QSizeF(metrics.horizontalAdvance(text) + 6 * ui, metrics.height() + 2 * ui)
             for text, _at, _ink in labels]  # fmt: skip
    spots = place_rects(
        [at for _t, at, _i in labels], sizes, box, dots, scale=ui, blocked=[keep_clear]
    )
    for (text, _at, ink), spot in zip(labels, spots, strict=True):
        if spot is None:
            continue
        backing = QColor("white")
        backing.setAlpha(215)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(backing)
        painter.drawRoundedRect(spot, 3, 3)
        painter.setPen(ink)
        painter.drawText(spot, Qt.AlignmentFlag.AlignCenter, text)
