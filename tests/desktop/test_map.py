"""The map over real geography: the bundled basemap (datum, what it shows at city scale),
per-day zoom, clusters that split as you zoom, the zoom buttons, stop ↔ timeline row, and
stations drawn at the edge instead of stretching the view."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGraphicsItem

from desktop.basemap import asset_path, load_basemap
from desktop.map_view import MapView
from desktop.views.itinerary_panel import ItineraryPanel
from tests.desktop.conftest import huangshan_itinerary


def _near(layer: Any, lon: float, lat: float, km: float) -> bool:
    """Whether a part of `layer` passes within `km` of (lon, lat) (WGS-84 degrees)."""
    unit = load_basemap().unit
    for index in layer.parts(lon - 0.05, lat - 0.05, lon + 0.05, lat + 0.05):
        points = layer.points(index) * unit
        dx = (points[:, 0] - lon) * 111.32 * math.cos(math.radians(lat))
        dy = (points[:, 1] - lat) * 111.32
        if np.hypot(dx, dy).min() <= km:
            return True
    return False


def test_the_basemap_is_bundled_and_small() -> None:
    assert asset_path().exists()
    assert asset_path().stat().st_size < 6_000_000  # a few MB in the installer


@pytest.mark.parametrize(
    ("layer", "lon", "lat", "what"),
    [
        ("river", 121.4905, 31.2400, "黄浦江 at the Bund"),  # WGS-84 (OpenStreetMap)
        ("river", 120.1500, 30.1950, "钱塘江 by the 六和塔"),
        ("river", 118.7300, 32.0900, "长江 at Nanjing"),
        ("border", 121.4450, 31.2300, "静安/长宁 county border"),
    ],
)
def test_the_basemap_shows_rivers_and_borders_at_city_scale(
    layer: str, lon: float, lat: float, what: str
) -> None:
    basemap = load_basemap()
    assert basemap is not None
    assert _near(basemap.layers[layer], lon, lat, km=1.0), what


def _view(qtbot: Any, width: int = 480, height: int = 520) -> MapView:
    view = MapView()
    qtbot.addWidget(view)
    view.resize(width, height)
    view.show()
    qtbot.waitExposed(view)
    with qtbot.waitSignal(view.rendered, timeout=20_000):
        view.set_itinerary(huangshan_itinerary())
    assert not view.rendering and view.geography is not None and not view.geography.empty
    return view


def test_a_repaint_blits_the_basemap_and_routes_instead_of_drawing_them(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full repaint drew the basemap and every route's wide antialiased stroke again (up to
    17 ms of the GUI thread for a 7-day plan at day zoom): both are cached as pixmaps now."""
    import desktop.map_view

    view = _view(qtbot)
    view.show_day(1)
    view.viewport().repaint()  # the new zoom: drawn once into the caches
    drawn: list[str] = []
    real = desktop.map_view.draw_basemap
    monkeypatch.setattr(
        desktop.map_view, "draw_basemap", lambda *a: (drawn.append("basemap"), real(*a))
    )
    view.viewport().repaint()
    view.viewport().repaint()
    assert drawn == []
    cached = QGraphicsItem.CacheMode.DeviceCoordinateCache  # (C++ items: their paint is not
    assert all(r.cacheMode() == cached for r in view._routes.values())  # seen from Python)
    assert all(d.cacheMode() == cached for d in view._dots.values())
    view.zoom_by(1.5)  # another zoom: drawn again
    view.viewport().repaint()
    assert "basemap" in drawn


class _Paints(QObject):
    """Counts the map's paints while its days are still being drawn."""

    def __init__(self, view: MapView) -> None:
        super().__init__()
        self.view = view
        self.while_drawing = 0

    def eventFilter(self, _obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and self.view._pending:
            self.while_drawing += 1
        return False


def test_the_map_is_painted_once_its_days_are_drawn_not_at_every_turn(qtbot: Any) -> None:
    """Each turn that drew a day repainted the whole map (5-14 ms of the GUI thread, 18-24
    times for a 7-day plan): it is painted when every day and label is in."""
    from tests.desktop.conftest import huangshan_itinerary_en

    view = _view(qtbot)
    paints = _Paints(view)
    view.viewport().installEventFilter(paints)
    with qtbot.waitSignal(view.rendered, timeout=20_000):
        view.set_itinerary(huangshan_itinerary_en())  # (another plan: drawn anew)
    assert paints.while_drawing == 0


def test_each_day_is_fitted_and_the_far_station_is_marked_at_the_edge(qtbot: Any) -> None:
    view = _view(qtbot)
    box = view.viewport().rect()
    for day in (1, 2):
        view.show_day(day)
        points = [view.mapFromScene(s.point) for s in view._stops if s.day == day]
        assert all(box.contains(p) for p in points)
        xs, ys = [p.x() for p in points], [p.y() for p in points]
        spread = max(max(xs) - min(xs), max(ys) - min(ys))
        assert spread >= 0.5 * min(box.width(), box.height())  # the day fills the view
    station = view._hubs["黄山北站"]
    assert not box.contains(view.mapFromScene(station))  # not fitted: drawn at the edge


@pytest.mark.parametrize(
    ("width", "height", "near"),
    [(480, 520, 40), (530, 175, 40), (335, 600, 80)],  # (335×600: it leaves under the zoom
)  # buttons; the arrow is beside them on the bottom edge)
def test_a_stations_edge_arrow_sits_where_its_route_leaves_the_view(
    qtbot: Any, width: int, height: int, near: int
) -> None:
    """黄山北站's arrow was aimed from the view's centre: at day 1's zoom it sat 150 px along
    the edge from where the line to the station leaves the map, beside no route at all."""
    from PySide6.QtCore import QLineF, QRectF
    from PySide6.QtGui import QFontMetrics

    from desktop.map_controls import hub_markers, marker_font

    view = _view(qtbot, width, height)
    view.show_day(1)
    hubs, km, keep_clear, sources = view._edge_hubs()
    viewport = QRectF(view.viewport().rect())
    (marker,) = hub_markers(
        viewport, hubs, km, view.lang, QFontMetrics(marker_font()), keep_clear, sources
    )
    # where day 1's route to the station crosses the view's edge
    path = view._routes[1].path()
    line = [view.mapFromScene(path.elementAt(n).x, path.elementAt(n).y)
            for n in range(path.elementCount())]  # fmt: skip
    station = view.mapFromScene(view._hubs["黄山北站"])
    k = line.index(station)
    after = next(p for p in line[k + 1 :] if p != station)
    towards = QLineF(after.toPointF(), station.toPointF())
    edges = [QLineF(viewport.topLeft(), viewport.topRight()),
             QLineF(viewport.topRight(), viewport.bottomRight()),
             QLineF(viewport.bottomRight(), viewport.bottomLeft()),
             QLineF(viewport.bottomLeft(), viewport.topLeft())]  # fmt: skip
    crossings = []
    for edge in edges:
        kind, at = towards.intersects(edge)
        if kind == QLineF.IntersectionType.BoundedIntersection:
            crossings.append(at)
    (leaves,) = crossings
    assert QLineF(marker.at, leaves).length() < near, (marker.at, leaves)


def test_close_stops_cluster_and_split_as_you_zoom(qtbot: Any) -> None:
    view = _view(qtbot, 260, 300)
    view.zoom_by(0.02)  # far out: the trip's places are one marker with their count
    assert view.clusters
    marker, places = view.clusters[0]
    hidden = [view._dots[(s.day, s.number)] for p in places for s in p.stops]
    assert not any(dot.isVisible() for dot in hidden)
    where = view.mapFromScene(marker.pos())
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(where))
    assert all(dot.isVisible() for dot in hidden)  # zoomed in on them: apart again


def test_the_zoom_buttons_are_visible_and_zoom(qtbot: Any) -> None:
    view = _view(qtbot)
    for button in (view.controls.zoom_in, view.controls.zoom_out, view.controls.fit_all):
        assert button.isVisible() and button.toolTip()
    before = view.transform().m11()
    view.controls.zoom_in.click()
    assert view.transform().m11() == pytest.approx(before * 1.5)
    view.controls.fit_all.click()
    assert view.transform().m11() == pytest.approx(before)


def test_a_stop_selects_its_timeline_row_and_back(qtbot: Any) -> None:
    panel = ItineraryPanel()
    qtbot.addWidget(panel)
    panel.resize(1100, 700)
    panel.show()
    with qtbot.waitSignal(panel.map.rendered, timeout=20_000):
        panel.show_itinerary(huangshan_itinerary())
    qtbot.waitUntil(lambda: not panel.rendering)
    view = panel.map
    view.show_day(2)
    dot = view._dots[(2, 2)]
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(dot.pos()))
    assert view.selected == (2, 2) and panel.timeline.selected == (2, 2)
    (row,) = panel.timeline.extraSelections()
    assert "黄山风景区" in row.cursor.block().text()
    panel.timeline.anchorClicked.emit(panel.timeline.source().resolved("stop:1.2"))
    assert panel.timeline.selected == (1, 2) and view.selected == (1, 2)


FIRST_PLAN_PROBE = """
import enum, sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
from desktop.views.itinerary_panel import ItineraryPanel
from tests.desktop.conftest import huangshan_itinerary
plan = huangshan_itinerary()
panel = ItineraryPanel()
panel.resize(1000, 700)
panel.show()
for _ in range(20):
    app.processEvents()
built = []
create = enum.EnumType._create_
def counted(cls, name, names, **kw):
    built.append(kw.get("qualname") or name)
    return create(cls, name, names, **kw)
enum.EnumType._create_ = counted
panel.show_itinerary(plan)
while panel.rendering:
    app.processEvents()
for _ in range(20):
    app.processEvents()
print("built", *built)
"""


def test_the_first_plan_shown_builds_no_qt_enum(tmp_path: Any) -> None:
    """PySide6 builds a class's Python enums on its first use (~2 ms each): the style options
    a map label's paint() is handed and the dates of the timeline's days built five of them
    inside the first plan's turns (one of them a 33 ms paint); the views build them when made."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "LVTU_HOME": str(tmp_path)}
    env["PYTHONPATH"] = str(root)
    result = subprocess.run(
        [sys.executable, "-c", FIRST_PLAN_PROBE],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    built = [line for line in result.stdout.splitlines() if line.startswith("built")]
    # (QIcon's hook: the app makes its window icon before any plan)
    assert built and built[0].replace("IconEngineHook", "").split() == ["built"], result


def test_every_stop_of_a_day_is_apart_and_labelled_at_day_zoom(qtbot: Any) -> None:
    """黄山's day 1 — 宏村 and its restaurant 150 m apart, 汤口镇 and its 徽菜馆 50 m apart —
    showed two unlabelled cluster markers "2" and "3" at day zoom (and in the whole trip's
    view, the first one shown): its stops are drawn apart now, each tied to its place by a
    line, and every one is labelled."""
    view = _view(qtbot, 550, 650)
    view.show_day(1)
    assert view.clusters == []
    day_one = [s for s in view._stops if s.day == 1]
    dots = [view._dots[(s.day, s.number)] for s in day_one]
    assert len(dots) == 4 and all(dot.isVisible() for dot in dots)
    at = [view.mapFromScene(dot.pos()) for dot in dots]
    for n, a in enumerate(at):
        for b in at[n + 1 :]:
            assert math.hypot(a.x() - b.x(), a.y() - b.y()) >= 14  # (a dot is 14 px wide)
    labelled = {id(s) for label in view.labels if label.isVisible() for s in label.place.stops}
    assert all(id(s) in labelled for s in day_one)
    view.show_day(0)  # all days: a town's few stops are drawn apart too, and labelled
    assert view.clusters == []
    shown = {id(s) for label in view.labels if label.isVisible() for s in label.place.stops}
    assert all(id(s) in shown for s in view._stops)
    view.zoom_by(32)  # in close: each dot at its own place again, no line to it
    assert all(dot.pos() == stop.point for stop in view._stops
               for dot in [view._dots[(stop.day, stop.number)]])  # fmt: skip


@pytest.mark.parametrize(("width", "height"), [(530, 175), (480, 520)])
def test_no_label_is_drawn_under_a_stations_edge_marker(
    qtbot: Any, width: int, height: int
) -> None:
    """The map of a 1024×640 window at scale 2 is ~530×175 px: a station's edge marker (drawn
    over the plan) covered the label of the stop beside it ("1.5" of 「1.5 吴山·城隍阁」)."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QFontMetrics

    from desktop.map_controls import hub_markers, marker_font

    view = _view(qtbot, width, height)
    checked = 0
    for day in (0, 1, 2):
        view.show_day(day)
        view.viewport().repaint()
        hubs, km, keep_clear, sources = view._edge_hubs()
        viewport = QRectF(view.viewport().rect())
        metrics = QFontMetrics(marker_font())
        markers = [
            m.bounds()
            for m in hub_markers(viewport, hubs, km, view.lang, metrics, keep_clear, sources)
        ]
        labels = [
            label.deviceTransform(view.viewportTransform()).mapRect(label.boundingRect())
            for label in view.labels
            if label.isVisible() and label.place.kind != "hub"
        ]
        checked += len(markers) * len(labels)
        for marker in markers:
            assert not [r for r in labels if r.intersects(marker)], (day, marker)
    assert checked  # markers and labels were there to check


@pytest.mark.parametrize(("width", "height"), [(530, 125), (530, 175), (480, 520)])
def test_the_zoom_buttons_leave_the_north_arrow_in_view(
    qtbot: Any, width: int, height: int
) -> None:
    """At scale 2 a 1024×640 window's map is ~530×125 px: the zoom buttons, kept 34 px above
    the bottom, rose over the north arrow and hid its "N"."""
    from PySide6.QtCore import QRectF

    view = _view(qtbot, width, height)
    north = view._north()
    arrow = QRectF(north.x() - 8, north.y(), 16, 31)  # the arrowhead and its "N"
    buttons = QRectF(view.controls.geometry())
    assert not buttons.intersects(arrow), (buttons, arrow)
    assert QRectF(view.viewport().rect()).contains(buttons)
