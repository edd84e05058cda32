"""What sits on the map besides the plan: the zoom and day controls, cluster markers, and the
edge markers of stations and airports outside the view."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetrics,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import (
    QComboBox,
    QGraphicsItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.plan_text import distance, plan_text
from desktop.rich_text import tooltip

ZOOM_STEP = 1.5


class MapControls(QWidget):
    """Overlaid on the map's viewport: a day chooser (top left: every day, or one day, fitted)
    and ＋ / − / fit buttons (bottom right), so nobody has to guess that the wheel zooms.

    Signals:
        zoom(float): zoom by this factor. fit(): show the whole plan (or day) again.
        day_chosen(int): show this day (0: every day).
    """

    zoom = Signal(float)
    fit = Signal()
    day_chosen = Signal(int)

    def __init__(self, view: Any) -> None:
        super().__init__(view.viewport())
        self._view = view
        self.days = QComboBox(view.viewport())
        self.days.setObjectName("mapDays")
        self.days.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.zoom_in = self._button("+", self.tr("Zoom in (or turn the wheel)"))
        self.zoom_out = self._button("−", self.tr("Zoom out (or turn the wheel)"))
        self.fit_all = self._button("⤢", self.tr("Show the whole plan"))
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        for button in (self.zoom_in, self.zoom_out, self.fit_all):
            column.addWidget(button)
        self.zoom_in.clicked.connect(lambda: self.zoom.emit(ZOOM_STEP))
        self.zoom_out.clicked.connect(lambda: self.zoom.emit(1 / ZOOM_STEP))
        self.fit_all.clicked.connect(self.fit)
        self.days.activated.connect(lambda index: self.day_chosen.emit(self.days.itemData(index)))
        self.set_days([], "zh")

    def _button(self, text: str, tip: str) -> QToolButton:
        button = QToolButton(self)
        button.setText(text)
        button.setToolTip(tip)
        button.setObjectName("mapButton")
        button.setFixedSize(28, 28)
        button.setCursor(Qt.CursorShape.PointingHandCursor)
        return button

    def set_days(self, days: list[int], lang: str) -> None:
        """Offer 「全部」 and each day of the plan (in its language); hidden with one day."""
        self.days.clear()
        self.days.addItem("全部日程" if lang == "zh" else "All days", 0)
        for day in days:
            self.days.addItem(plan_text(lang, "day", day), day)
        self.days.setVisible(len(days) > 1)
        self.setVisible(bool(days))
        self.place()

    def set_day(self, day: int) -> None:
        self.days.setCurrentIndex(max(self.days.findData(day), 0))

    def place(self) -> None:
        """Day chooser at the top left, buttons at the bottom right of the viewport, below the
        north arrow (top right) — or, in a map too short for that, beside it (at scale 2 a
        1024×640 window's map is ~125 px tall: the ＋ button covered the arrow's "N")."""
        viewport = self._view.viewport().rect()
        self.adjustSize()
        left = viewport.right() - self.width() - 10
        top = max(NORTH_BOTTOM_PX, viewport.bottom() - self.height() - 34)
        if top + self.height() > viewport.bottom() - 4:
            left -= NORTH_WIDTH_PX
            top = max(4, viewport.bottom() - self.height() - 4)
        self.move(left, top)
        self.days.adjustSize()
        self.days.move(10, 10)


class ClusterMarker(QGraphicsItem):
    """Stops too close to tell apart at this zoom: a ring with their count (click to zoom in);
    its tooltip lists every stop."""

    RADIUS = 12.0

    def __init__(self, places: list[Any], count: int, palette: QPalette) -> None:
        super().__init__()
        self.places = places
        self.count = count
        self._ink = palette.text().color()
        self._base = palette.base().color()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setZValue(3)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip(tooltip("\n".join(p.tooltip for p in places)))

    def boundingRect(self) -> QRectF:
        r = self.RADIUS + 2
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(self, painter: QPainter, option: Any, widget: Any = None) -> None:
        from desktop.widgets.icons import day_colour

        day = self.places[0].stops[0].day if self.places[0].stops else 1
        painter.setPen(QPen(QColor("white"), 2))
        painter.setBrush(QBrush(day_colour(day)))
        painter.drawEllipse(QPointF(0, 0), self.RADIUS, self.RADIUS)
        font = QFont()
        font.setPixelSize(11)
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor("white"))
        painter.drawText(self.boundingRect(), Qt.AlignmentFlag.AlignCenter, str(self.count))


#: The north arrow's corner (`MapView._north`: its tip 20 px from the right, 12 px down, its
#: "N" ending ~43 px down): the zoom buttons keep below or beside it.
NORTH_BOTTOM_PX = 48
NORTH_WIDTH_PX = 28


def marker_font() -> QFont:
    """The font of the stations' and airports' edge markers (11 px)."""
    font = QFont()
    font.setPixelSize(11)
    return font


@dataclass(frozen=True)
class HubMarker:
    """Where one edge marker goes, in view pixels.

    Attributes:
        at: the arrow's middle. angle: its direction, towards the hub (radians).
        text: the name and distance. box: the name's box.
    """

    at: QPointF
    angle: float
    text: str
    box: QRectF

    def bounds(self) -> QRectF:
        """What the marker covers: its arrow and its name."""
        return self.box.united(QRectF(self.at.x() - 10, self.at.y() - 10, 20, 20))


def hub_markers(
    viewport: QRectF,
    hubs: list[tuple[str, QPointF]],
    km: dict[str, float],
    lang: str,
    metrics: QFontMetrics,
    keep_clear: Sequence[QRectF] = (),
    sources: Mapping[str, QPointF] | None = None,
) -> list[HubMarker]:
    """For each station or airport outside `viewport` (view points `hubs`), an arrow at the
    edge pointing to it with its name and distance from the view's centre (`km`; `metrics`: of
    `marker_font` on the device drawn on). Marks keep off `keep_clear` (the north arrow, the
    zoom buttons): an arrow that would fall on one moves along the edge past it, a name that
    would cover one moves to its left (北京's airport, north-east of the city, was drawn over
    the "N"; 黄山北站's name, south-east, under the fit button). An arrow on the top or bottom
    edge has its name beside it, in a band along that edge: set 40 px in, with the name below
    or above it, it sat 40-66 px into a short map (a window at scale 2) and covered the stops'
    labels there; the map's labels keep off the markers (`MapView.place_labels`).

    `sources` (name → view point): where a station's route comes from; its arrow sits where
    that route leaves the view (aimed from the view's centre, 黄山北站's arrow sat 170 px along
    the edge from the line that runs to it), else on the line from the view's centre."""
    inner = viewport.adjusted(18, 14, -18, -14)
    centre = inner.center()
    markers = []
    for name, point in hubs:
        if viewport.adjusted(4, 4, -4, -4).contains(point):
            continue
        origin = (sources or {}).get(name, centre)
        if not inner.contains(origin):
            origin = centre
        dx, dy = point.x() - origin.x(), point.y() - origin.y()
        if dx == 0 and dy == 0:
            continue
        across = ((inner.right() if dx > 0 else inner.left()) - origin.x()) / dx if dx else math.inf
        down = ((inner.bottom() if dy > 0 else inner.top()) - origin.y()) / dy if dy else math.inf
        t = min(across, down)
        at = QPointF(origin.x() + dx * t, origin.y() + dy * t)
        for rect in keep_clear:
            if rect.adjusted(-12, -28, 12, 28).contains(at):
                at = _past(at, rect, inner)
        text = f"{name} {distance(round(km.get(name, 0) * 1000), lang)}"
        width = metrics.horizontalAdvance(text) + 8
        if min(abs(at.y() - inner.top()), abs(at.y() - inner.bottom())) < 0.5:
            # top or bottom edge: beside the arrow, towards the map's middle
            left = at.x() + 12 if at.x() < centre.x() else at.x() - 12 - width
            box = QRectF(left, at.y() - 8, width, 16)
        else:  # a side: above or below the arrow, towards the map's middle
            box = QRectF(at.x() - width / 2, at.y() - 24 if dy > 0 else at.y() + 10, width, 16)
        box.moveLeft(min(max(box.left(), viewport.left() + 4), viewport.right() - width - 4))
        for rect in keep_clear:
            if box.intersects(rect):
                box.moveRight(rect.left() - 4)
        markers.append(HubMarker(at, math.atan2(dy, dx), text, box))
    return markers


def _past(at: QPointF, rect: QRectF, inner: QRectF) -> QPointF:
    """Where an edge arrow at `at` (on `inner`'s edge) goes instead of onto `rect` (the north
    arrow, the zoom buttons, near a corner): past it along its side, or around the corner onto
    the next edge beside it, whichever is nearer (a route leaving under the zoom buttons had
    its arrow 140 px up the side; beside the buttons on the bottom edge it is 50 px away)."""
    along = QPointF(at.x(), rect.bottom() + 40 if rect.center().y() < inner.center().y()
                    else rect.top() - 40)  # fmt: skip
    edge_y = inner.top() if rect.center().y() < inner.center().y() else inner.bottom()
    edge_x = rect.left() - 24 if rect.center().x() > inner.center().x() else rect.right() + 24
    around = QPointF(edge_x, edge_y)
    choices = [p for p in (along, around) if inner.adjusted(-1, -1, 1, 1).contains(p)]
    return min(choices or [along], key=lambda p: (p - at).manhattanLength())


def draw_hub_markers(
    painter: QPainter,
    viewport: QRectF,
    hubs: list[tuple[str, QPointF]],
    km: dict[str, float],
    palette: QPalette,
    lang: str,
    keep_clear: Sequence[QRectF] = (),
    sources: Mapping[str, QPointF] | None = None,
) -> None:
    """Paint the edge markers of `hub_markers` (the same arguments)."""
    painter.setFont(marker_font())
    metrics = painter.fontMetrics()
    for marker in hub_markers(viewport, hubs, km, lang, metrics, keep_clear, sources):
        at, angle, box = marker.at, marker.angle, marker.box
        arrow = QPainterPath()
        tip = QPointF(at.x() + 9 * math.cos(angle), at.y() + 9 * math.sin(angle))
        arrow.moveTo(tip)
        for turn in (2.5, -2.5):
            arrow.lineTo(at.x() + 7 * math.cos(angle + turn), at.y() + 7 * math.sin(angle + turn))
        arrow.closeSubpath()
        painter.setPen(QPen(QColor("white"), 1))
        painter.setBrush(QColor("#7f8c8d"))
        painter.drawPath(arrow)
        backing = QColor(palette.base().color())
        backing.setAlpha(220)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(backing)
        painter.drawRoundedRect(box, 3, 3)
        painter.setPen(QColor("#7f8c8d"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, marker.text)
