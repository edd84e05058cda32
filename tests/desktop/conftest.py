"""Desktop test harness: the real app coroutine on a qasync loop over pytest-qt's QApplication.

Tests are plain functions that run a scenario coroutine inside the app (`run_app`), on the real
`engine.jobs.JobManager` and `engine.Agent` over the test's LVTU_HOME; `guides` (a `GuideHold`)
holds a job's guide mid-way when a test needs a job caught in the act. Waits use
`desktop.waiting` (futures fed by signals, or polling with asyncio.sleep), never
qtbot.waitUntil inside a coroutine and never fixed sleeps (DESIGN.md, "Known traps").
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("PySide6.QtWidgets")
import shiboken6
from PySide6.QtWidgets import QApplication

from desktop.bootstrap import run_qasync
from desktop.waiting import wait_until
from tests.helpers.held_guides import TODAY, GuideHold

QT_LOG_IGNORE = [
    "This plugin does not support",  # offscreen platform notes
    "propagateSizeHints",
    "QFont::setPointSize",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Fail desktop tests on Qt warnings (qutebrowser's `qt_log_level_fail = WARNING`)."""
    for item in items:
        if "tests/desktop" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.qt_log_level_fail("WARNING"))
            item.add_marker(pytest.mark.qt_log_ignore(*QT_LOG_IGNORE))


@functools.cache
def huangshan_itinerary() -> Any:
    """The offline 黄山 plan (planned once per test session)."""
    from engine.domain.request import TripRequest
    from engine.knowledge.base import default_knowledge
    from engine.planning import plan_trip

    request = TripRequest(
        departure="shanghai", destinations=("huangshan",), days=2, text="上海出发去黄山玩两天"
    )
    return plan_trip(request, default_knowledge(), today=TODAY)


@functools.cache
def huangshan_itinerary_en() -> Any:
    """The same trip asked in English: names, notes and title in English."""
    from engine.domain.request import TripRequest
    from engine.knowledge.base import default_knowledge
    from engine.planning import plan_trip

    request = TripRequest(
        departure="shanghai",
        destinations=("huangshan",),
        days=2,
        text="2 days in Huangshan from Shanghai",
        lang="en",
    )
    return plan_trip(request, default_knowledge(), today=TODAY)


@pytest.fixture
def app(qapp: QApplication) -> Iterator[QApplication]:
    qapp.setQuitOnLastWindowClosed(False)
    yield qapp


@pytest.fixture
def theme_restored(qapp: QApplication) -> Iterator[QApplication]:
    """The application; its style, palette and style sheet are put back after the test."""
    style, palette, sheet = qapp.style().name(), qapp.palette(), qapp.styleSheet()
    yield qapp
    qapp.setStyle(style)
    qapp.setPalette(palette)
    qapp.setStyleSheet(sheet)


@pytest.fixture
def guides(monkeypatch: pytest.MonkeyPatch) -> GuideHold:
    """Real plan jobs whose guides the test can hold (offline provider unless a test says)."""
    for name in ("LVTU_PROVIDER", "LVTU_BASE_URL", "LVTU_MODEL", "LVTU_API_KEY"):
        monkeypatch.setenv(name, "")  # recorded: restored (removed) after the test, whatever
        monkeypatch.delenv(name)  # the app's Settings set meanwhile
    return GuideHold()


def run_loop(app: QApplication, coro: Awaitable[Any], timeout: float = 120.0) -> Any:
    """Run `coro` on a fresh qasync loop (the Runner cancels leftovers, closes async gens),
    bounded by `timeout` seconds against a hang: a scenario of three plan jobs (provider
    settings) ran past 60 s once on a loaded 2-core CI machine while taking 4 s alone."""

    async def bounded() -> Any:
        return await asyncio.wait_for(coro, timeout)

    return run_qasync(app, bounded())


@pytest.fixture
def run_app(app: QApplication, lvtu_home: Path, guides: GuideHold) -> Iterator[Callable[..., Any]]:
    """`run_app(scenario, quit_after=True)`: start the real window on a real JobManager (plan
    jobs on real Agents, guides held by `guides`), run `await scenario(window, ctx)`, then quit
    (or, with `quit_after=False`, wait for the scenario to quit through the window); returns
    (exit code, window, ctx). A failing scenario fails the test. Each call is one start of the
    app over the same LVTU_HOME."""
    from desktop.bootstrap import main
    from desktop.engine_port import EnginePort
    from desktop.main_window import MainWindow
    from desktop.preferences import Preferences

    windows: list[MainWindow] = []

    def go(scenario: Callable[..., Awaitable[Any]], quit_after: bool = True) -> Any:
        window = MainWindow()
        windows.append(window)
        prefs = Preferences(lvtu_home)
        outcome: dict[str, Any] = {}

        async def after_install(ctx: Any) -> None:
            outcome["ctx"] = ctx
            window.activateWindow()  # window shortcuts (Ctrl+1..4, Esc) need an active window
            await wait_until(window.isActiveWindow, limit=5)
            try:
                await scenario(window, ctx)
            except Exception as exc:
                outcome["error"] = exc
                raise
            if not quit_after:
                await asyncio.Event().wait()  # the scenario quits through the window

        code = run_loop(
            app,
            main(
                app,
                window,
                prefs,
                after_install=after_install,
                make_port=lambda: EnginePort.create(runners=guides.runners),
            ),
        )
        if "error" in outcome:
            raise outcome["error"]
        return code, window, outcome.get("ctx")

    yield go
    for window in windows:  # destroyed here, on the GUI thread, not by a GC in a worker thread
        if shiboken6.isValid(window):
            shiboken6.delete(window)
