"""Launching: the entry point stays free of Qt; --selftest; a second launch exits 0."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _env(home: Path) -> dict[str, str]:
    return {**os.environ, "LVTU_HOME": str(home), "QT_QPA_PLATFORM": "offscreen"}


def _run_probe(script: str, home: Path) -> subprocess.CompletedProcess[str]:
    """Run `script` (a probe of the start-up) in a fresh interpreter with LVTU_HOME at `home`."""
    return subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=_env(home),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_launcher_module_imports_no_qt() -> None:
    code = (
        "import sys, desktop.launcher\nsys.exit(any(m.startswith('PySide6') for m in sys.modules))"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=False).returncode == 0


FIRST_PAINT_PROBE = """
import os, sys
os.environ["LVTU_BENCH_FIRST_PAINT"] = "1"
leave = os._exit

def report(code):
    import PySide6.QtCore
    print("qt-namespace-built", "Qt" in vars(PySide6.QtCore), flush=True)
    leave(code)

os._exit = report
from desktop.launcher import main
main([])
"""


def test_the_window_paints_before_qt_enums_are_built(tmp_path: Path) -> None:
    """PySide6 builds all of the `Qt` namespace's enums on its first use (~200 ms): the shell
    paints without it (once the OS colour scheme has been seen: the first start reads it)."""
    lines = []
    for _ in range(2):
        result = _run_probe(FIRST_PAINT_PROBE, tmp_path)
        lines.append(result.stdout.split())
    assert lines[1] == ["first_paint", "qt-namespace-built", "False"], lines


UNUSED_BEFORE_PAINT_PROBE = """
import os, sys
os.environ["LVTU_BENCH_FIRST_PAINT"] = "1"
leave = os._exit

def report(code):
    import PySide6.QtGui, PySide6.QtWidgets
    built = [n for n in ("QMessageBox", "QSystemTrayIcon", "QDialog") if n in vars(PySide6.QtWidgets)]
    built += [n for n in ("QIcon", "QShortcut") if n in vars(PySide6.QtGui)]
    loaded = [m for m in ("hashlib", "platformdirs", "locale", "getpass", "dataclasses") if m in sys.modules]
    redaction = sys.modules.get("engine.redaction")
    if redaction is not None and redaction._patterns.cache_info().currsize:
        loaded.append("redaction-patterns")
    print("built", *built, "loaded", *loaded, flush=True)
    leave(code)

os._exit = report
from desktop.launcher import main
main([])
"""


def test_the_first_paint_builds_no_class_and_loads_no_module_it_does_not_show(
    tmp_path: Path,
) -> None:
    """Importing a Qt class builds its enums (~0.5 ms each; QIcon's ~5 ms), hashlib loads
    OpenSSL (~8 ms), platformdirs loads tempfile (~18 ms), the log's credential patterns
    compiled (2-3 ms), `locale` loaded for a fallback (~1.5 ms), getpass for the user's name
    (~1 ms, its terminal code), dataclasses for the options (~2 ms): none of them is needed to
    paint the shell (a message box, the tray icon and the shortcuts come after; LVTU_HOME is
    set)."""
    result = _run_probe(UNUSED_BEFORE_PAINT_PROBE, tmp_path)
    assert result.stdout.split() == ["first_paint", "built", "loaded"], result.stdout


OS_SCHEME_PROBE = """
import os, sys
from pathlib import Path
import desktop.app
from desktop.app import SYSTEM_DARK_KEY
from desktop.main_window import MainWindow
from desktop.preferences import Preferences

home = Path(os.environ["LVTU_HOME"])
Preferences(home).set(SYSTEM_DARK_KEY, "1")  # dark when last seen; offscreen says not dark
real = desktop.app.theme_after_paint

def checked(*args):
    print("views-loaded", "desktop.views.planner" in sys.modules, flush=True)
    real(*args)

desktop.app.theme_after_paint = checked
install = MainWindow.install

def install_then_quit(self, ctx):
    from PySide6.QtCore import QTimer

    install(self, ctx)
    QTimer.singleShot(0, lambda: self.quit_requested.emit(False))  # (once main() listens)

MainWindow.install = install_then_quit
code = desktop.app.run([])
print("system_dark", Preferences(home).get(SYSTEM_DARK_KEY), "code", code, flush=True)
"""


def test_the_os_colour_scheme_is_checked_once_the_views_are_made(tmp_path: Path) -> None:
    """A dark scheme remembered while the OS says light switches to light — once the views
    are in (their modules built the `Qt` namespace on the loading thread), not on the GUI
    thread before its event loop ran."""
    result = _run_probe(OS_SCHEME_PROBE, tmp_path)
    assert result.stdout.split() == [
        "views-loaded", "True", "system_dark", "0", "code", "0"
    ], result.stdout + result.stderr  # fmt: skip


def test_selftest_plans_offline_and_exits_zero(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "desktop.launcher", "--selftest"],
        cwd=ROOT,
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "selftest: ok" in result.stderr
    assert not any(tmp_path.iterdir())  # it used a temporary home of its own


def test_second_launch_exits_zero_while_the_first_runs(tmp_path: Path) -> None:
    with subprocess.Popen(
        [sys.executable, "-m", "desktop.launcher"], cwd=ROOT, env=_env(tmp_path)
    ) as first:
        try:
            _second_launch(first, tmp_path)
        finally:
            first.terminate()
            first.wait(timeout=30)


def _second_launch(first: subprocess.Popen[bytes], tmp_path: Path) -> None:
    # The first instance listens before it opens its database: poll for the database file.
    deadline = time.monotonic() + 60
    while not (tmp_path / "lvtu.db").exists():
        assert first.poll() is None, "the first instance exited"
        assert time.monotonic() < deadline, "the first instance did not start"
        time.sleep(0.05)
    second = subprocess.run(
        [sys.executable, "-m", "desktop.launcher"],
        cwd=ROOT,
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert second.returncode == 0
    assert "already running" in second.stderr
    assert first.poll() is None
