"""`desktop.app.run(argv)`: the `lvtu` window (and its --demo / --selftest modes)."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

SYSTEM_DARK_KEY = "system_dark"  # in the preferences: the OS colour scheme when last seen


class Options(NamedTuple):
    """The app's command-line options (see `parse_args`). (A NamedTuple: `dataclasses` is not
    otherwise imported before the first paint, ~2 ms.)"""

    demo: str | None = None
    screenshot: Path | None = None
    follow_up: str | None = None
    selftest: bool = False


def parse_args(argv: Sequence[str]) -> Options:
    """The app's options; no arguments (most starts) need no parser (argparse costs ~20 ms
    before the first paint)."""
    if not argv:
        return Options()
    import argparse

    parser = argparse.ArgumentParser(prog="lvtu", description="Lvtu 旅途 desktop")
    parser.add_argument("--demo", metavar="TEXT", help="plan TEXT, visit every view, return")
    parser.add_argument("--screenshot", metavar="PATH", type=Path, help="with --demo: save a PNG")
    parser.add_argument(
        "--follow-up", metavar="TEXT", help="with --demo: then ask TEXT about the plan"
    )
    parser.add_argument("--selftest", action="store_true", help="plan offline, no window; exit 0")
    return Options(**vars(parser.parse_args(list(argv))))


def theme_before_paint(app: Any, prefs: Any) -> bool:
    """Apply the chosen theme for the first paint; ``system`` is the OS colour scheme as last
    seen (`SYSTEM_DARK_KEY`), read and stored only when none was (reading it builds PySide6's
    `Qt` namespace, ~200 ms: see desktop.theme). Returns whether the theme is dark."""
    from desktop.theme import apply_theme, system_is_dark

    theme = prefs.get("theme")
    seen = {"1": True, "0": False}.get(prefs.get(SYSTEM_DARK_KEY))
    if theme == "system" and seen is None:
        seen = system_is_dark()
        prefs.set(SYSTEM_DARK_KEY, "1" if seen else "0")
    return apply_theme(app, theme, seen)


def theme_after_paint(app: Any, prefs: Any, dark: bool) -> None:
    """Once the views are made (after the first paint): when the OS colour scheme is no longer
    the one remembered, switch to it and remember it."""
    from desktop.theme import apply_theme, system_is_dark

    theme = prefs.get("theme")
    if theme == "system" and system_is_dark() != dark:
        prefs.set(SYSTEM_DARK_KEY, "1" if not dark else "0")
        apply_theme(app, theme, not dark)


def run(argv: Sequence[str]) -> int:
    """Run the app; returns the exit status (0 ok, 1 a failure, 2 bad arguments)."""
    options = parse_args(argv)
    if options.selftest:
        from desktop.selftest import selftest

        return selftest()
    from PySide6.QtWidgets import QApplication

    from desktop.i18n import install_translator
    from desktop.main_window import MainWindow
    from desktop.preferences import Preferences
    from desktop.single_instance import (
        SingleInstance,
        may_be_running,
        notify_running,
        server_name,
    )
    from engine import DataHomeError, __version__, data_home, resources_dir, system_lang, text_lang

    # (HiDPI: Qt 6 scales by the screen's exact factor — its default rounding policy is
    # PassThrough — so nothing is set here: setting it needed the `Qt` namespace, ~200 ms)
    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "lvtu"])
    assert isinstance(app, QApplication)
    app.setApplicationName("Lvtu")
    app.setOrganizationName("Lvtu")
    app.setApplicationVersion(__version__)
    app.setDesktopFileName("lvtu")  # matches lvtu.desktop (taskbar grouping, Wayland app id)
    app.setQuitOnLastWindowClosed(False)
    try:
        folder = data_home()
    except DataHomeError as exc:  # an unusable data folder: say so, in a dialog and on stderr
        from PySide6.QtWidgets import QMessageBox

        message = exc.message(system_lang())
        print(message, file=sys.stderr)
        QMessageBox.critical(None, "Lvtu", message)
        return 2
    from desktop.logs import setup_logging
    from engine import log_path

    setup_logging(log_path())
    name = server_name(str(folder.resolve()))
    if not options.demo and may_be_running(name) and notify_running(name):
        print("Lvtu is already running; brought its window to the front.", file=sys.stderr)
        return 0
    prefs = Preferences(folder)
    language = prefs.get("language")
    if options.demo and language == "system":  # the demo speaks the language of its request
        language = "zh_CN" if text_lang(options.demo) == "zh" else "en"
    install_translator(app, language)
    dark = theme_before_paint(app, prefs)
    window = MainWindow()
    window.show()
    app.processEvents()  # map and expose the window
    window.repaint()  # the first paint, now: the engine, asyncio and qasync load after it
    if os.environ.get("LVTU_BENCH_FIRST_PAINT"):
        print("first_paint", flush=True)
        os._exit(0)  # benchmark: only the launch is measured
    # (once the views are made: reading the OS colour scheme builds the `Qt` namespace, ~14 ms
    # on the GUI thread before its event loop ran; the views' modules build it on the loading
    # thread)
    window.installed.connect(lambda: theme_after_paint(app, prefs, dark))
    from PySide6.QtGui import QIcon  # (after the paint: QIcon's enums cost ~5 ms)

    app.setWindowIcon(QIcon(str(resources_dir() / "icons" / "lvtu.png")))
    instance = None
    if not options.demo:  # listening (QtNetwork) waits until the window is on screen
        instance = SingleInstance(name)
        instance.listen()
        instance.activated.connect(window.bring_to_front)
    after_install = None
    if options.demo:
        from desktop.demo import demo_script

        after_install = demo_script(window, options.demo, options.screenshot, options.follow_up)
    from desktop.bootstrap import main, run_qasync

    code = run_qasync(app, main(app, window, prefs, after_install=after_install))
    if instance is not None:
        instance.close()
    import shiboken6

    shiboken6.delete(window)  # on this (GUI) thread, not whenever a GC happens to run
    return code
