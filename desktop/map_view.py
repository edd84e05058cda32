"""The offline map: each day's stops and route over real geography (`desktop.basemap`), no
tiles, no network (projection and fitting: `desktop.map_geometry`; labels and clusters:
`desktop.map_labels`; controls, hub markers: `desktop.map_controls`)."""

from __future__ import annotations

import math
import threading
import time
from typing import Any

from PySide6.QtCore import QEvent, QLineF, QPointF, QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetrics,
    QGradient,
    QImage,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QRegion,
    QTransform,
)
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsView,
    QStyleOption,
    QStyleOptionGraphicsItem,
    QWidget,
)

from desktop.basemap import BasemapPaths, load_basemap
from desktop.courier import deliverer
from desktop.map_backdrop import Backdrop
from desktop.map_controls import MapControls, draw_hub_markers, hub_markers, marker_font
from desktop.map_furniture import (
    MapLabel,
    draw_basemap,
    draw_north_arrow,
    draw_paper,
    draw_scale_bar,
    km_step,
)
from desktop.map_geometry import (
    SCALE,
    STOP_KINDS,
    basemap_region,
    day_points,
    extent,
    fit_extent,
    haversine_km,
    project,
    route_neighbours,
)
from desktop.map_labels import (
    Place,
    Stop,
    cluster_places,
    group_places,
    place_rects,
    spread,
)
from desktop.rich_text import tooltip
from desktop.widgets.icons import day_colour

__all__ = ["MapView", "day_points", "haversine_km", "project"]
HUB_GREY = QColor("#7f8c8d")
STOP_ROLE = 0  # QGraphicsItem data key: (day, number) of a stop's dot
LABELS_PER_TURN = 12
LAYER_ITEMS = 24  # the most items a layer of the first paint shows (`_start_reveal`)
#: The first paint's basemap waits this long for its picture from the worker thread (painting
#: it takes 5-30 ms there), checking every few ms; then it is drawn here.
BACKDROP_WAIT_S = 0.25
BACKDROP_POLL_MS = 8
CLUSTER_HIT_PX = 14.0  # a click this close to a cluster marker's centre opens it
#: Places whose dots overlap are drawn apart, up to this many (all days shown, one day shown);
#: more are one cluster marker.
SPREAD_MAX = (4, 8)


#: How routes, dots and labels are painted: once into a pixmap of their device pixels, then
#: blitted — until the zoom changes. With the basemap cached too (`CacheBackground`), a
#: repaint of a 7-day plan's map at day zoom took 2-3 ms of the GUI thread instead of 11-17.
_CACHED = QGraphicsItem.CacheMode.DeviceCoordinateCache


class MapView(QGraphicsView):
    """Routes per day in day colours, numbered stops, one label per place, over land, sea,
    lakes, rivers and borders; wheel or the ＋/− buttons to zoom, drag to pan. Words are in the
    plan's language.

    The view is fitted to the plan's stops (or one day's, `show_day`); stations and airports
    outside it are edge markers pointing to them, so a far station never shrinks a city to a
    corner. Stops closer than a few pixels at the current zoom are drawn as one cluster (its
    count, its stop numbers) that splits as you zoom in; a few such stops (`SPREAD_MAX`) are
    drawn apart instead, each tied to its place by a line, so each one is labelled. One day
    is drawn per event-loop turn, the first paint comes a layer a turn (`_start_reveal`), and
    the basemap's paths are made — and painted for the first paint — on a worker thread, so a
    long plan never stalls the window.

    Signals:
        rendered(): every day of the itinerary set last is drawn and labelled, and its
            geography is in (or known missing).
        stop_clicked(int, int): the person clicked the dot (or label) of stop (day, number).

    Attributes:
        stop_count: stops drawn. labels: the labels (one per place and hub).
        labels_shown: labels placed visibly at the current zoom.
        clusters: the cluster markers shown at the current zoom (each lists its places).
        day: the day shown (0: all days). selected: the stop selected, (day, number) or None.
        geography: the basemap's paths for the plan's region (None until made or if missing).
    """

    rendered = Signal()
    stop_clicked = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.stop_count = 0
        self.labels_shown = 0
        self.labels: list[MapLabel] = []
        self.clusters: list[tuple[QGraphicsItem, list[Place]]] = []
        self.lang = "zh"
        self.day = 0
        self.selected: tuple[int, int] | None = None
        self.geography: BasemapPaths | None = None
        self._stops: list[Stop] = []
        self._places: list[Place] = []  # the labels' places, in the order they are placed
        self._dots: dict[tuple[int, int], QGraphicsEllipseItem] = {}
        self._routes: dict[int, QGraphicsPathItem] = {}
        self._lines: dict[int, list[QPointF]] = {}  # each day's route, scene points in order
        self._per_day: dict[int, list[Any]] = {}
        self._hubs: dict[str, QPointF] = {}
        self._key: Any = None
        self._bounds = QRectF()
        self._lat0 = 0.0
        # a day's stops; then (0, None): the labels are made; then (-1, None): placed
        self._pending: list[tuple[int, list[Any] | None]] = []
        # then the first paint, a layer a turn (`_reveal_next`): the items still hidden
        self._reveal: list[list[QGraphicsItem]] = []
        self._geography_pending = False
        self._backdrop: Backdrop | None = None  # the basemap painted off the GUI thread
        self._backdrop_pending = False
        self._layer_wait = 0.0  # when the first layer began waiting for the backdrop
        self._ring: QGraphicsEllipseItem | None = None
        self._leaders: list[QGraphicsItem] = []  # lines from spread dots to their places
        self._clicked = False
        self._next = QTimer(self, singleShot=True, interval=0)
        self._next.timeout.connect(self._draw_next)
        self._next_layer = QTimer(self, singleShot=True, interval=0)
        self._next_layer.timeout.connect(self._reveal_next)
        # workers' results come back through the app's courier, never an object this view
        # owns (one deleted with the view while a worker emitted on it crashed the process)
        self._send_geography = deliverer(self, "_geography_ready")
        self._send_backdrop = deliverer(self, "_backdrop_ready")
        self.controls = MapControls(self)
        self.controls.zoom.connect(self.zoom_by)
        self.controls.fit.connect(self.fit)
        self.controls.day_chosen.connect(self.show_day)
        # PySide6 makes these Python enums on first use (~8 ms): now, not on the first plan.
        _ = (QGradient.Type, QGradient.Spread, QGradient.CoordinateMode, QImage.Format)
        _ = (QGradient.InterpolationMode, QGradient.Preset, QImage.InvertMode)
        _ = QRegion.RegionType  # (QTransform.map's overloads: spread dots are placed with it)
        # (and the style options a label's paint() is handed: 5 enums, ~10 ms in the first
        # paint of a plan's map — bench/gui_thread_profile.py)
        _ = (QStyleOptionGraphicsItem.StyleOptionType, QStyleOption.OptionType)
        # So does the first label (the subclass's binding, the small font's glyphs: ~8 ms).
        font = QFont()
        font.setPixelSize(11)
        MapLabel(Place("地图 Map 1.2", QPointF(), "hub"), font, QColor(), QColor()).boundingRect()

    @property
    def rendering(self) -> bool:
        """True while days are still being drawn or shown, or the geography is being made."""
        return bool(self._pending) or bool(self._reveal) or self._geography_pending

    # -- setting a plan ---------------------------------------------------------------------------

    def set_itinerary(self, itinerary: Any | None) -> None:
        """Draw `itinerary` (redraws only when its days changed; keeps the zoom otherwise)."""
        key = (itinerary.days, itinerary.lang) if itinerary is not None else None
        if key == self._key:
            return
        self._key = key
        self.lang = itinerary.lang if itinerary is not None else "zh"
        self._reveal = []
        self._next_layer.stop()
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        self.scene().clear()
        self._ring = None
        self._leaders = []
        self.stop_count = 0
        self.labels, self.clusters = [], []
        self._stops, self._dots, self._routes, self._hubs = [], {}, {}, {}
        self._lines = {}
        self._places = []
        self._pending = []
        self.day, self.selected = 0, None
        self._next.stop()
        per_day = day_points(itinerary) if itinerary is not None else {}
        self._per_day = per_day
        self.controls.set_days(sorted(per_day), self.lang)
        coords = [(la, lo) for pts in per_day.values() for _, la, lo in pts]
        if not coords:
            self._bounds = QRectF()
            self.geography = None
            self.viewport().setUpdatesEnabled(True)
            self.viewport().update()
            self.rendered.emit()
            return
        self._lat0 = sum(c[0] for c in coords) / len(coords)
        everything = extent([project(la, lo, self._lat0) for la, lo in coords])
        self._bounds = fit_extent(per_day, self._lat0)
        margin = max(everything.width(), everything.height(), self._bounds.width(), SCALE * 0.2)
        self.scene().setSceneRect(everything.adjusted(-margin, -margin, margin, margin))
        self.fit()
        self._request_geography(basemap_region(coords))
        self._pending = [*per_day.items(), (0, None), (-1, None)]
        # painted once, when every day and label is in: each turn's repaint of the map (its
        # new items drawn into their caches) took 5-14 ms of the GUI thread, 18-24 times
        self.viewport().setUpdatesEnabled(False)
        self._next.start()

    def _request_geography(self, region: tuple[float, float, float, float]) -> None:
        """Make the basemap's paths for `region` (degrees) on a worker thread, and paint them
        there for the view as it is now (`Backdrop`)."""
        self.geography = None
        self._backdrop = None
        self._backdrop_pending = False
        self._geography_pending = True
        lat0, key, send = self._lat0, self._key, self._send_geography
        view = Backdrop.for_view(self)

        def work() -> None:
            backdrop = None
            try:
                basemap = load_basemap()
                paths = basemap.paths(*region, lat0) if basemap is not None else None
                if paths is not None and not paths.empty:
                    backdrop = view.painted(paths)
            except Exception:  # a broken asset: the map still shows the plan
                paths = None
            send(key, (paths, backdrop))

        threading.Thread(target=work, name="lvtu-basemap", daemon=True).start()

    def _geography_ready(self, key: Any, made: tuple[BasemapPaths | None, Any]) -> None:
        if key != self._key:
            return  # made for a plan no longer shown
        paths, self._backdrop = made
        self.geography = paths
        self._geography_pending = False
        if self._backdrop is not None and not self._backdrop.fits_view(self):
            self._paint_backdrop()  # (the view moved meanwhile: the paper until it comes)
        else:
            self.resetCachedContent()
            self.viewport().update()
        if not self._pending and not self._reveal:
            self.rendered.emit()

    def _paint_backdrop(self) -> None:
        """Paint the basemap for the view as it is now, on a worker thread (`Backdrop`)."""
        paths = self.geography
        if paths is None or paths.empty:
            return
        view, key, send = Backdrop.for_view(self), self._key, self._send_backdrop
        self._backdrop_pending = True

        def work() -> None:
            try:
                # (paths are only read here, and were drawn once where they were made, so
                # their lazy caches — bounds, vector form — exist: no write from two threads)
                backdrop = view.painted(paths)
            except Exception:  # drawn on the GUI thread instead
                backdrop = None
            send(key, backdrop)

        threading.Thread(target=work, name="lvtu-backdrop", daemon=True).start()

    def _backdrop_ready(self, key: Any, backdrop: Backdrop | None) -> None:
        if key != self._key:
            return
        self._backdrop_pending = False
        self._backdrop = backdrop
        self.resetCachedContent()
        self.viewport().update()
        if self._reveal and self._next_layer.isActive():
            self._next_layer.start(0)  # (the first layer was waiting for it)

    def _draw_next(self) -> None:
        if not self._pending:
            return
        index, points = self._pending.pop(0)
        if points is not None:
            self._draw_day(self.scene(), index, points, self._lat0)
            self._next.start()
            return
        if index == 0:  # (labels a few per turn, then placing them: together up to 35 ms)
            if not self._make_labels():
                self._pending.insert(0, (0, None))
            self._next.start()
            return
        self.place_labels()
        self._start_reveal()

    def _start_reveal(self) -> None:
        """Show the map drawn so far in layers, one a turn (`_reveal_next`): the basemap, then
        routes, stations and the lines to spread dots, then the dots and cluster markers, then
        the labels. The first paint of a 7-day plan's map — the basemap and every item drawn
        into its cache — held the GUI thread 11-14 ms in one turn (bench/gui_thread_profile.py);
        a layer a turn is 2-5 ms, and the map builds up as tiles do."""
        scene_items = self.scene().items()
        routes = [i for i in scene_items if i.zValue() < 2 and i.isVisible()]
        dots = [i for i in scene_items if 2 <= i.zValue() < 3 and i.isVisible()]
        labels = [i for i in scene_items if i.zValue() >= 3 and i.isVisible()]
        # (no layer over `LAYER_ITEMS` items: 42 labels drawn into their caches in one paint
        # were its longest turn)
        self._reveal = [
            layer[n : n + LAYER_ITEMS]
            for layer in (routes, dots, labels)
            for n in range(0, len(layer), LAYER_ITEMS)
        ]
        for layer in self._reveal:
            for item in layer:
                item.setVisible(False)
        self._reveal.insert(0, [])  # (the basemap alone first)
        # (a layer repaints only where its items are: a whole repaint blitted every item
        # shown before it again, 2-3 ms a layer)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        if self._backdrop is None or not self._backdrop.fits_view(self):
            self._paint_backdrop()  # (the view was laid out again since it was asked for)
        self._layer_wait = time.monotonic()
        self._next_layer.start(0)

    def _reveal_next(self) -> None:
        """Show the next layer (`_start_reveal`) and paint it now, in this turn (painted
        later, two layers could meet in one paint); the first waits for the basemap's
        picture from the worker thread (`BACKDROP_WAIT_S` at most)."""
        if not self._reveal:
            return
        waited = time.monotonic() - self._layer_wait
        first = not self._reveal[0]  # (the only empty layer: the basemap alone)
        if self._backdrop_pending and first and waited < BACKDROP_WAIT_S:
            self._next_layer.start(BACKDROP_POLL_MS)  # (or sooner: `_backdrop_ready`)
            return
        layer = self._reveal.pop(0)
        where = QRegion()
        for item in layer:
            item.setVisible(True)
            box = item.deviceTransform(self.viewportTransform()).mapRect(item.boundingRect())
            where += box.toAlignedRect().adjusted(-2, -2, 2, 2)
        self.viewport().setUpdatesEnabled(True)
        self.viewport().repaint(where if layer else QRegion(self.viewport().rect()))
        if self._reveal:
            self._next_layer.start(0)
            return
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        if not self._geography_pending:
            self.rendered.emit()

    def _finish_reveal(self) -> None:
        """Show every layer still hidden at once (the view changes before they are shown)."""
        if not self._reveal:
            return
        self._next_layer.stop()
        for layer in self._reveal:
            for item in layer:
                item.setVisible(True)
        self._reveal = []
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        self.viewport().setUpdatesEnabled(True)
        if not self._pending and not self._geography_pending:
            self.rendered.emit()

    def _draw_day(self, scene: QGraphicsScene, index: int, points: list, lat0: float) -> None:
        colour = day_colour(index)
        path = QPainterPath()
        line = [project(lat, lon, lat0) for _item, lat, lon in points]
        for n, p in enumerate(line):
            path.moveTo(p) if n == 0 else path.lineTo(p)
        self._lines[index] = line
        pen = QPen(colour, 3)
        pen.setCosmetic(True)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        route = scene.addPath(path, pen)
        route.setCacheMode(_CACHED)  # (a wide antialiased stroke: ~1.5 ms per day and paint)
        self._routes[index] = route
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
            dot.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
            dot.setToolTip(tooltip(f"{index}.{number}  {item.start:%H:%M}  {item.name}"))
            dot.setZValue(2)
            dot.setData(STOP_ROLE, (index, number))
            dot.setCursor(Qt.CursorShape.PointingHandCursor)
            dot.setCacheMode(_CACHED)
            self._dots[(index, number)] = dot
            self._stops.append(Stop(index, number, item, p))

    def _draw_hub(self, scene: QGraphicsScene, p: QPointF, name: str) -> None:
        """A station or airport where an intercity leg ends: a grey square (labelled once)."""
        square = scene.addRect(-5, -5, 10, 10, QPen(QColor("white"), 1), QBrush(HUB_GREY))
        square.setPos(p)
        square.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        square.setToolTip(tooltip(name))
        square.setZValue(1)
        self._hubs.setdefault(name, p)

    def _make_labels(self) -> bool:
        """One label per place (`group_places`), then one per hub; attractions are placed
        first, then lodging, meals and hubs (what was placed first wins a crowded spot).
        Makes `LABELS_PER_TURN` labels a call (each takes ~0.3 ms: its text's glyphs and
        tooltip); True when all are made."""
        if not self._places:
            places = group_places(self._stops, SCALE)
            places += [Place(name, p, "hub") for name, p in self._hubs.items()]
            order = {"attraction": 0, "lodging": 1, "meal": 2, "hub": 3}
            places.sort(key=lambda place: order.get(place.kind, 2))
            self._places = places
        font = QFont()
        font.setPixelSize(11)
        text, backing = self._label_colours()
        made = len(self.labels)
        for place in self._places[made : made + LABELS_PER_TURN]:
            label = MapLabel(place, font, HUB_GREY if place.kind == "hub" else text, backing)
            label.setCacheMode(_CACHED)
            self.scene().addItem(label)
            self.labels.append(label)
        return len(self.labels) >= len(self._places)

    # -- zoom, days, selection --------------------------------------------------------------------

    def fit(self) -> None:
        """Show the plan's stops (or the chosen day's) centred, with room for labels."""
        bounds = self._day_bounds(self.day) if self.day else self._bounds
        if not bounds.isNull():
            pad = max(bounds.width(), bounds.height(), SCALE * 0.004) * 0.08
            self.fitInView(
                bounds.adjusted(-pad, -pad, pad, pad), Qt.AspectRatioMode.KeepAspectRatio
            )
            self.scale(0.85, 0.85)  # room for labels, which do not scale with the view
            self.centerOn(bounds.center())  # (scale() anchors under the mouse pointer)
        self.place_labels()

    def zoom_by(self, factor: float) -> None:
        """Zoom about the view's centre (the ＋/− buttons; the wheel zooms under the mouse)."""
        centre = self.mapToScene(self.viewport().rect().center())
        self.scale(factor, factor)
        self.centerOn(centre)
        self.place_labels()

    def show_day(self, day: int) -> None:
        """Fit the view to day `day`'s stops, others faded (0: every day)."""
        self.day = day
        for index, route in self._routes.items():
            route.setOpacity(1.0 if day in (0, index) else 0.25)
        for (index, _n), dot in self._dots.items():
            dot.setOpacity(1.0 if day in (0, index) else 0.35)
        self.controls.set_day(day)
        self.fit()

    def _day_bounds(self, day: int) -> QRectF:
        stops = [s.point for s in self._stops if s.day == day]
        return extent(stops) if stops else self._bounds

    def select_stop(self, day: int, number: int) -> None:
        """Ring stop (day, number) and bring it into view (the timeline's row was clicked)."""
        dot = self._dots.get((day, number))
        if dot is None:
            return
        self.selected = (day, number)
        if self._ring is None:
            self._ring = self.scene().addEllipse(
                -12, -12, 24, 24, QPen(self.palette().text().color(), 2.5)
            )
            self._ring.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
            self._ring.setZValue(4)
        self._ring.setPos(dot.pos())
        if not self.viewport().rect().contains(self.mapFromScene(dot.pos())):
            self.centerOn(dot.pos())
            self.place_labels()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """A click on a stop's dot or label selects it (`stop_clicked`); on a cluster, zooms
        in on its places; elsewhere, drags the map."""
        if event.button() == Qt.MouseButton.LeftButton:
            hit = self._stop_at(event.position().toPoint())
            if hit is not None:
                self.select_stop(*hit)
                self.stop_clicked.emit(*hit)
                self._clicked = True
                event.accept()
                return
            click = event.position()
            for marker, places in self.clusters:
                # (in view pixels: the marker keeps its size, so far out its scene rect is a
                # fraction of a pixel and a click on it missed)
                centre = QPointF(self.mapFromScene(marker.pos()))
                if math.hypot(click.x() - centre.x(), click.y() - centre.y()) <= CLUSTER_HIT_PX:
                    self._open_cluster(places)
                    self._clicked = True
                    event.accept()
                    return
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._clicked:  # the press selected a stop or opened a cluster: no drag to end
            self._clicked = False
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def _open_cluster(self, places: list[Place]) -> None:
        """Zoom in on a cluster's places until they are apart (at most 64 times closer)."""
        centre = extent([p.point for p in places]).center()
        for _ in range(6):
            self.scale(2, 2)
            self.centerOn(centre)
            self.place_labels()
            if not any(set(map(id, places)) & set(map(id, group)) for _m, group in self.clusters):
                break

    def _stop_at(self, pos: Any) -> tuple[int, int] | None:
        for item in self.items(pos):
            data = item.data(STOP_ROLE)
            if data and item.isVisible():
                return (int(data[0]), int(data[1]))
            if isinstance(item, MapLabel) and item.place.stops and item.isVisible():
                first = item.place.stops[0]
                return (first.day, first.number)
        return None

    # -- labels and clusters ----------------------------------------------------------------------

    def place_labels(self) -> None:
        """Group the places whose dots overlap at this zoom (`cluster_places`): a group of
        up to `SPREAD_MAX` places (4 with all days shown, 8 with one) is drawn apart
        (`spread`), each dot tied to its place by a short line, so each stop can be told and
        labelled (黄山's day 1 was two unlabelled markers "2" and "3" until zoomed); a larger
        group is one cluster marker. Then every label goes to its first free position around its
        dot (`place_rects`); a label with none is hidden (its dot keeps a tooltip). Labels are
        never shortened."""
        self._finish_reveal()
        old_markers = {_cluster_key(places): marker for marker, places in self.clusters}
        self.clusters = []
        viewport = QRectF(self.viewport().rect())
        places = [label.place for label in self.labels]
        to_view = [QPointF(self.mapFromScene(p.point)) for p in places]
        # with one day shown, only its places (and the hubs) are labelled and clustered
        active = [
            n for n, p in enumerate(places)
            if not self.day or p.kind == "hub" or any(s.day == self.day for s in p.stops)
        ]  # fmt: skip
        groups = cluster_places([places[n] for n in active], [to_view[n] for n in active])
        clustered: set[int] = set()
        shown_at = list(to_view)  # where each place's dot is drawn (view pixels)
        for group in groups:
            if len(group) < 2:
                continue
            members = [active[i] for i in group]
            if len(members) <= SPREAD_MAX[1 if self.day else 0]:
                for n, at in zip(members, spread([to_view[n] for n in members]), strict=True):
                    shown_at[n] = at
                continue
            clustered.update(members)
            chosen = [places[n] for n in members]
            marker = old_markers.pop(_cluster_key(chosen), None)  # (the same: kept, ~0.5 ms)
            self.clusters.append((marker or self._cluster_marker(chosen), chosen))
        for marker in old_markers.values():
            self.scene().removeItem(marker)
        self._draw_spread(places, to_view, shown_at)
        for n, label in enumerate(self.labels):
            for stop in label.place.stops:
                dot = self._dots.get((stop.day, stop.number))
                if dot is not None:
                    dot.setVisible(n not in clustered)
        anchors, origins, sizes, shown_labels = [], [], [], []
        for n in active:
            label = self.labels[n]
            if n in clustered:
                continue
            anchors.append(shown_at[n])
            origins.append(to_view[n])
            sizes.append(label.boundingRect().size())
            shown_labels.append(label)
        for label in self.labels:
            label.setVisible(False)  # (shown again below where placed)
        dots = [QPointF(self.mapFromScene(dot.pos())) for dot in self._dots.values()]
        dots += [QPointF(self.mapFromScene(p)) for p in self._hubs.values()]
        dots += [QPointF(self.mapFromScene(m.pos())) for m, _ in self.clusters]
        # labels keep clear of the zoom buttons and of the stations' edge markers
        hubs, km, keep_clear, sources = self._edge_hubs()
        metrics = QFontMetrics(marker_font())
        markers = hub_markers(viewport, hubs, km, self.lang, metrics, keep_clear, sources)
        edge = [m.bounds() for m in markers]
        spots = place_rects(anchors, sizes, viewport, dots, blocked=[keep_clear[1], *edge])
        self.labels_shown = 0
        for label, origin, spot in zip(shown_labels, origins, spots, strict=True):
            label.setVisible(spot is not None)
            if spot is None:
                continue
            self.labels_shown += 1
            corner = label.boundingRect().topLeft()  # (the label sits at its place: `origin`)
            label.setTransform(
                QTransform.fromTranslate(
                    spot.left() - origin.x() - corner.x(), spot.top() - origin.y() - corner.y()
                )
            )

    def _draw_spread(
        self, places: list[Place], to_view: list[QPointF], shown_at: list[QPointF]
    ) -> None:
        """Each place's dots at `shown_at` (view pixels), with a thin line back to where it
        is (`to_view`) when they are apart; the selection ring follows its dot."""
        for line in self._leaders:
            self.scene().removeItem(line)
        self._leaders = []
        to_scene = self.viewportTransform().inverted()[0]
        for place, true, at in zip(places, to_view, shown_at, strict=True):
            moved = at != true
            position = to_scene.map(at) if moved else place.point
            if moved:
                pen = QPen(day_colour(place.stops[0].day if place.stops else 1), 1.2)
                pen.setCosmetic(True)
                line = self.scene().addLine(QLineF(place.point, position), pen)
                line.setZValue(1.5)
                self._leaders.append(line)
            for stop in place.stops:
                dot = self._dots.get((stop.day, stop.number))
                if dot is not None:
                    dot.setPos(position)
        if self._ring is not None and self.selected in self._dots:
            self._ring.setPos(self._dots[self.selected].pos())

    def _cluster_marker(self, places: list[Place]) -> QGraphicsItem:
        """A ring with the number of stops of `places`, at their mean position."""
        from desktop.map_controls import ClusterMarker

        stops = [s for p in places for s in p.stops] or []
        centre = QPointF(
            sum(p.point.x() for p in places) / len(places),
            sum(p.point.y() for p in places) / len(places),
        )
        marker = ClusterMarker(places, len(stops) or len(places), self.palette())
        marker.setPos(centre)
        self.scene().addItem(marker)
        return marker

    # -- background and furniture -----------------------------------------------------------------

    def drawBackground(self, painter: QPainter, area: QRectF | QRect) -> None:
        """Land, sea, lakes, rivers and borders (`draw_basemap`), or a plain paper tint
        where there is no geography."""
        dark = self.palette().base().color().lightness() < 128
        if self.geography is None or self.geography.empty:
            draw_paper(painter, QRectF(area), dark)
            return
        if self._backdrop is not None and self._backdrop.fits(self, painter):
            self._backdrop.draw(painter)  # (painted on the worker thread: a blit here)
            return
        draw_basemap(painter, QRectF(area), self.geography, dark)

    def drawForeground(self, painter: QPainter, area: QRectF | QRect) -> None:
        """The scale bar (bottom left), a north arrow (top right) and markers at the edge
        for stations and airports outside the view, in view pixels."""
        if self._bounds.isNull():
            return
        painter.save()
        painter.resetTransform()
        ink = self.palette().text().color()
        scale = self.transform().m11()
        corner = QPointF(12, self.viewport().height() - 14)
        draw_scale_bar(painter, corner, km_step(scale), scale, ink, self.lang)
        draw_north_arrow(painter, self._north(), ink)
        hubs, km, keep_clear, sources = self._edge_hubs()
        draw_hub_markers(
            painter, QRectF(self.viewport().rect()), hubs, km, self.palette(), self.lang,
            keep_clear, sources,
        )  # fmt: skip
        painter.restore()

    def _north(self) -> QPointF:
        """Where the north arrow is drawn (view pixels)."""
        return QPointF(self.viewport().width() - 20, 12)

    def _edge_hubs(
        self,
    ) -> tuple[
        list[tuple[str, QPointF]], dict[str, float], tuple[QRectF, QRectF], dict[str, QPointF]
    ]:
        """The hubs in view pixels, their km from the view's centre, what their edge markers
        keep off (the north arrow, the zoom buttons) and where their routes come from (the
        day shown's, else the first day's): `hub_markers`' arguments."""
        hubs = [(name, QPointF(self.mapFromScene(p))) for name, p in self._hubs.items()]
        days = [self.day] if self.day else sorted(self._lines)
        sources = {
            name: QPointF(self.mapFromScene(p))
            for name, p in route_neighbours(self._lines, self._hubs, days).items()
        }
        centre = self.mapToScene(self.viewport().rect().center())
        km = {name: _km(centre, p, self._lat0) for name, p in self._hubs.items()}
        north = self._north()
        keep_clear = (
            QRectF(north.x() - 8, north.y(), 16, 31),
            QRectF(self.controls.geometry()).adjusted(-4, -4, 4, 4),
        )
        return hubs, km, keep_clear, sources

    def changeEvent(self, event: QEvent) -> None:
        """A new palette (a live theme switch): labels and ground in its colours."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            for marker, _places in self.clusters:  # (made in the old palette's colours)
                self.scene().removeItem(marker)
            self.clusters = []
            text, backing = self._label_colours()
            for label in self.labels:
                label.set_colours(HUB_GREY if label.place.kind == "hub" else text, backing)
            self.place_labels()
            self.resetCachedContent()
            self.viewport().update()

    def _label_colours(self) -> tuple[QColor, QColor]:
        """(text, backing) of place labels in the current palette."""
        backing = QColor(self.palette().base().color())
        backing.setAlpha(215)
        return self.palette().text().color(), backing

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self.controls.place()
        self.fit()

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        self._finish_reveal()  # (the scale bar and north arrow are painted where they are)
        super().scrollContentsBy(dx, dy)

    def wheelEvent(self, event: Any) -> None:
        factor = 1.25 if event.angleDelta().y() > 0 else 0.8
        self.scale(factor, factor)
        self.place_labels()


def _cluster_key(places: list[Place]) -> tuple[int, ...]:
    return tuple(id(place) for place in places)


def _km(a: QPointF, b: QPointF, lat0: float) -> float:
    """Great-circle km between two scene points of the map around latitude `lat0`."""
    import math

    cos = math.cos(math.radians(lat0))
    return haversine_km(
        (-a.y() / SCALE, a.x() / (SCALE * cos)), (-b.y() / SCALE, b.x() / (SCALE * cos))
    )
