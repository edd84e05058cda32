"""The map's worker threads (its basemap made and painted off the GUI thread) never crash the
app when the map is closed while they end. Run in a fresh interpreter: the crash it guards
against is a segmentation fault, which would end the test run itself."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.desktop.test_launch import ROOT, _env

CLOSED_WHILE_DELIVERING = """
import sys, threading, time
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication

app = QApplication(["map-workers"])
import desktop.map_view
from desktop.map_view import MapView
from tests.desktop.conftest import huangshan_itinerary, huangshan_itinerary_en

plans = [huangshan_itinerary(), huangshan_itinerary_en()]
go = threading.Event()

def held_basemap():  # each plan's basemap worker waits, then ends with no basemap
    go.wait(5)
    return None

desktop.map_view.load_basemap = held_basemap
for _ in range(50):
    go.clear()
    view = MapView()
    for n in range(20):  # 20 workers, each to hand its (empty) basemap back to this view
        view.set_itinerary(plans[n % 2])
    view.deleteLater()
    go.set()  # the workers hand their results back while the view is being deleted
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    app.processEvents()
    while threading.active_count() > 1:
        time.sleep(0.001)
    app.processEvents()
print("all closed", flush=True)
"""


def test_closing_a_map_while_its_workers_hand_back_their_basemaps_never_crashes(
    tmp_path: Path,
) -> None:
    """Each worker emitted its result on a QObject the map owned: a map deleted on the GUI
    thread while a worker emitted crashed the process (a segmentation fault at a desktop
    test's teardown; here 4 runs in 4 before)."""
    result = subprocess.run(
        [sys.executable, "-X", "faulthandler", "-c", CLOSED_WHILE_DELIVERING],
        cwd=ROOT,
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "all closed" in result.stdout
