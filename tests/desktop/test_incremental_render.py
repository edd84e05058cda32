"""A plan lands in slices: the timeline parses a day and lays it out in turns of their own and
repaints only what of a new day is in view; the map's first paint comes a layer a turn over a
basemap painted on a worker thread (each of these was one long turn of the GUI thread)."""

from __future__ import annotations

import threading
from typing import Any

from PySide6.QtCore import QEvent, QObject, QRect
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from desktop.map_view import MapView
from desktop.widgets.timeline import TimelineView
from tests.desktop.conftest import huangshan_itinerary


class _Paints(QObject):
    """Records each paint of a widget: its region's bounding rect and `probe()` then."""

    def __init__(self, probe: Any = None) -> None:
        super().__init__()
        self.probe = probe or (lambda: None)
        self.seen: list[tuple[QRect, Any]] = []

    def eventFilter(self, _obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.seen.append((event.region().boundingRect(), self.probe()))  # type: ignore[attr-defined]
        return False


def _same_picture(a: QImage, b: QImage, levels: int = 0) -> bool:
    """Whether `a` and `b` differ by at most `levels` in any channel of any pixel."""
    if a.size() != b.size():
        return False
    a = a.convertToFormat(QImage.Format.Format_RGB32)
    b = b.convertToFormat(QImage.Format.Format_RGB32)
    if levels == 0:
        return a == b
    for y in range(a.height()):
        for x in range(a.width()):
            p, q = a.pixelColor(x, y), b.pixelColor(x, y)
            if max(abs(p.red() - q.red()), abs(p.green() - q.green()),
                   abs(p.blue() - q.blue())) > levels:  # fmt: skip
                return False
    return True


def test_the_timeline_parses_a_day_and_lays_it_out_in_turns_of_their_own(qtbot: Any) -> None:
    """`insertHtml` parsed a day's HTML and laid out its table in one turn (5-7 ms of the GUI
    thread a day): no turn does both now, and the days come out the same."""
    itinerary = huangshan_itinerary()
    view = TimelineView()
    qtbot.addWidget(view)
    view.set_itinerary(itinerary)
    view._next.stop()  # (the turns are taken here, one call each)
    turns = []
    while view.rendering:
        length, had = view.document().characterCount(), view._fragment is not None
        view._render_next()
        view._next.stop()
        parsed = view._fragment is not None and not had
        grew = view.document().characterCount() != length
        turns.append((parsed, grew))
        assert not (parsed and grew)
    assert sum(grew for _parsed, grew in turns) == len(itinerary.days)
    assert sum(parsed for parsed, _grew in turns) == len(itinerary.days)
    reference = TimelineView()
    qtbot.addWidget(reference)
    with qtbot.waitSignal(reference.rendered):
        reference.set_itinerary(itinerary)
    assert view.toPlainText() == reference.toPlainText()
    assert view.row_count == sum(len(day.items) for day in itinerary.days)


def test_a_day_added_below_the_fold_repaints_nothing_in_view(qtbot: Any) -> None:
    """Each day added repainted the whole view (the document's layout asks for it), though
    the days after the first are below it: 2-6 ms of the GUI thread per day. Only what of a
    new day is in view is painted, and the view shows what a full repaint shows."""
    itinerary = huangshan_itinerary()
    view = TimelineView()
    qtbot.addWidget(view)
    view.resize(420, 200)  # (the first day alone fills it)
    view.show()
    qtbot.waitExposed(view)
    paints = _Paints(lambda: len(view._days))
    view.viewport().installEventFilter(paints)
    with qtbot.waitSignal(view.rendered):
        view.set_itinerary(itinerary)
    QApplication.processEvents()  # (the repaints asked for: delivered)
    full = view.viewport().rect()
    after_first = [rect for rect, days in paints.seen if days >= 2]
    assert all(not rect.intersects(full) or rect.height() < 8 for rect in after_first), paints.seen
    shown = view.window().screen().grabWindow(view.winId()).toImage()
    view.repaint()
    again = view.window().screen().grabWindow(view.winId()).toImage()
    assert _same_picture(shown, again)
    view.verticalScrollBar().setValue(view.verticalScrollBar().maximum())  # the last day
    assert "第2天" in view.toPlainText() and view.verticalScrollBar().maximum() > 100


def test_the_maps_first_paint_comes_a_layer_a_turn(qtbot: Any) -> None:
    """The first paint of a plan's map drew the basemap and every route, dot and label into
    its cache in one turn (11-14 ms of the GUI thread for a 7-day plan): the basemap comes
    first, then the routes, the dots and the labels, each in a paint of its own, and the
    map is `rendered` when the last is in."""
    view = MapView()
    qtbot.addWidget(view)
    view.resize(480, 520)
    view.show()
    qtbot.waitExposed(view)

    def shown() -> int:
        return sum(item.isVisible() for item in view.scene().items())

    paints = _Paints(lambda: (bool(view._reveal), shown()))
    view.viewport().installEventFilter(paints)
    with qtbot.waitSignal(view.rendered, timeout=20_000):
        view.set_itinerary(huangshan_itinerary())
    counts = [count for _rect, (_revealing, count) in paints.seen]
    assert counts[0] == 0, counts  # the basemap alone
    growing = sorted(set(counts))
    assert len(growing) >= 4, counts  # then routes, dots, labels
    assert counts == sorted(counts)  # (never fewer again)
    assert not view.rendering
    final = shown()
    view.place_labels()  # (what the labels' placement shows, all at once)
    assert shown() == final == counts[-1]
    assert view.labels_shown > 0


def test_the_maps_basemap_is_painted_on_a_worker_thread_for_the_first_paint(
    qtbot: Any, monkeypatch: Any
) -> None:
    """Drawing the basemap's paths took ~3 ms of the first paint: a worker thread paints them
    for the view as it is, and the first paint blits that picture — the same picture."""
    import desktop.map_backdrop
    import desktop.map_view

    drawn_on: list[str] = []
    for module in (desktop.map_view, desktop.map_backdrop):
        real = module.draw_basemap

        def recording(*args: Any, _real: Any = real) -> None:
            drawn_on.append(threading.current_thread().name)
            _real(*args)

        monkeypatch.setattr(module, "draw_basemap", recording)
    view = MapView()
    qtbot.addWidget(view)
    view.resize(480, 520)
    view.show()
    qtbot.waitExposed(view)
    with qtbot.waitSignal(view.rendered, timeout=20_000):
        view.set_itinerary(huangshan_itinerary())
    qtbot.waitUntil(lambda: not view._backdrop_pending)
    view.viewport().repaint()
    assert drawn_on and threading.main_thread().name not in drawn_on, drawn_on
    with_backdrop = view.viewport().grab().toImage()
    view._backdrop = None  # drawn here instead
    view.resetCachedContent()
    drawn_here = view.viewport().grab().toImage()
    assert threading.main_thread().name in drawn_on
    assert _same_picture(with_backdrop, drawn_here, levels=1)
    view.zoom_by(1.5)  # another view: drawn here, as before
    drawn_on.clear()
    view.viewport().repaint()
    assert drawn_on == [threading.main_thread().name]
