"""Start-up and shut-down on qasync: first paint, then the engine; quit within 5 seconds.

DESIGN.md, "Desktop": QApplication, then qasync runs the main coroutine; one shared
httpx.AsyncClient; heavy imports after the first paint; quit waits for jobs to be cancelled or
kept. Strong references to every task (`TaskSet`).
"""

from __future__ import annotations

import asyncio
import gc
import importlib
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QWidget

from desktop.main_window import MainWindow
from desktop.preferences import Preferences
from desktop.tasks import TaskSet

log = logging.getLogger(__name__)
T = TypeVar("T")
SHUTDOWN_SECONDS = 5.0


@dataclass
class AppContext:
    """What the views share: the engine port, the task set, the job tracker, preferences and
    the one HTTP client (handed to providers)."""

    app: QApplication
    port: Any
    tasks: TaskSet
    tracker: Any
    prefs: Preferences
    http: Any = None
    timings: dict[str, float] = field(default_factory=dict)


class _PaintWatcher(QObject):
    def __init__(self, future: asyncio.Future[float]) -> None:
        super().__init__()
        self.future = future

    def eventFilter(self, _obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and not self.future.done():
            self.future.set_result(time.perf_counter())
        return False


async def first_paint(widget: QWidget, limit: float = 3.0) -> float:
    """Wait until `widget` has painted once (or `limit` seconds); returns perf_counter() then."""
    future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
    watcher = _PaintWatcher(future)
    widget.installEventFilter(watcher)
    widget.update()
    try:
        return await asyncio.wait_for(future, limit)
    except TimeoutError:
        return time.perf_counter()
    finally:
        widget.removeEventFilter(watcher)


#: What `MainWindow.install` builds the views from, imported on a thread (`_load`).
VIEW_MODULES = (
    "desktop.engine_port",
    "desktop.bridge",
    "desktop.views.planner",
    "desktop.views.library",
    "desktop.views.jobs",
    "desktop.widgets.interrupted",
)


def _load() -> Any:
    """Off the GUI thread: import the engine's port and the views' modules, and make the
    shared HTTP client. On the GUI thread, the views' imports were ~40 ms and httpx's import
    and client (its TLS context loads the CA bundle) ~80 ms, in the turn after the first
    paint: the window did not move or repaint meanwhile. (Only modules: no widget is made
    here; Qt's value types and enums may be made on any thread.)

    PySide6's QtWidgets classes are made here too (~27 ms): a widget Qt hands back (the
    chat's `viewport()`) is typed by trying QtWidgets' classes, which made ~35 of them, with
    their enums (QWizard's, QFontDialog's …), in the views' constructors: 9 ms more there."""
    from PySide6 import QtWidgets

    for name in VIEW_MODULES:
        importlib.import_module(name)
    for name in dir(QtWidgets):
        getattr(QtWidgets, name)
    return _http_client()


def _http_client() -> Any:
    import httpx

    try:
        return httpx.AsyncClient(timeout=httpx.Timeout(30.0, connect=10.0))
    except (OSError, ValueError) as exc:  # e.g. SSL_CERT_FILE naming a missing file
        log.warning("HTTP client with the environment's settings failed (%s); ignoring them", exc)
        return httpx.AsyncClient(trust_env=False, timeout=httpx.Timeout(30.0, connect=10.0))


async def build_context(
    app: QApplication,
    prefs: Preferences,
    tasks: TaskSet,
    make_port: Callable[[], Any] | None = None,
) -> AppContext:
    """Import the engine (on a thread, after the first paint), open the port, load the jobs.

    `make_port` builds the `EnginePort` (tests pass one on a fake job manager).
    """
    started = time.perf_counter()
    http = await asyncio.to_thread(_load)
    gc.freeze()  # start-up objects leave the collector's generations: no long full collections
    from desktop.bridge import JobTracker
    from desktop.engine_port import EnginePort

    if prefs.has("provider"):
        from desktop.views.settings import apply_provider_environment

        apply_provider_environment(prefs)
    port = make_port() if make_port is not None else EnginePort.create()
    await port.start()
    tracker = JobTracker(port, tasks)
    await tracker.load()
    tasks.spawn(_warm_up(port), name="warm-up")
    ctx = AppContext(app, port, tasks, tracker, prefs, http=http)
    ctx.timings["engine_s"] = time.perf_counter() - started
    return ctx


async def _warm_up(port: Any) -> None:
    """Load the knowledge base and the planner now, with the collector paused, then freeze
    them: the knowledge base is the largest object graph of the app (all of it stays alive),
    and full collections walking it while it loaded held the GIL for 50-350 ms each
    (measured by bench/ui_responsiveness.py)."""
    gc.disable()
    try:
        await port.warm_up()
        await asyncio.to_thread(_warm_settings)
    finally:
        gc.freeze()
        gc.enable()


def _warm_settings() -> None:
    """Off the GUI thread: what the Settings view needs when first opened — its module, the
    provider presets, and the OS keyring's backend (found by loading keyring's plugins, ~65 ms;
    a broken or missing keyring is the view's to report)."""
    importlib.import_module("desktop.views.settings")
    from engine import PROVIDER_PRESETS  # noqa: F401  (loads engine.providers)

    try:
        import keyring

        keyring.get_keyring()
    except Exception as exc:  # the view says "no keyring" when it is used
        log.info("no keyring backend (%s)", type(exc).__name__)


async def shutdown(ctx: AppContext, *, keep: bool) -> None:
    """Stop following jobs, close the job manager (keeping or cancelling its jobs), the HTTP
    client and every remaining task — all within `SHUTDOWN_SECONDS`."""
    deadline = time.monotonic() + SHUTDOWN_SECONDS
    ctx.tracker.stop()
    try:
        await asyncio.wait_for(
            ctx.port.aclose(keep=keep), max(0.5, deadline - time.monotonic() - 1)
        )
    except TimeoutError:
        log.warning("the job manager did not close in time")
    if ctx.http is not None:
        await ctx.http.aclose()
    await ctx.tasks.aclose(grace=max(0.1, deadline - time.monotonic()))


async def main(
    app: QApplication,
    window: MainWindow,
    prefs: Preferences,
    *,
    after_install: Callable[[AppContext], Awaitable[Any]] | None = None,
    make_port: Callable[[], Any] | None = None,
) -> int:
    """The app's life: paint, load, run until asked to quit, shut down. Returns the exit code."""
    tasks = TaskSet()
    if not window.isVisible():
        window.show()
        await first_paint(window)
    ctx = await build_context(app, prefs, tasks, make_port)
    window.install(ctx)
    quit_future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

    def on_quit(keep: bool) -> None:
        if not quit_future.done():
            quit_future.set_result(keep)

    window.quit_requested.connect(on_quit)
    if after_install is not None:
        tasks.spawn(_run_then_quit(after_install(ctx), window), name="after-install")
    keep = await quit_future
    await shutdown(ctx, keep=keep)
    window.finish_closing()
    return int(getattr(ctx, "exit_code", 0))


def run_qasync(app: QApplication, coro: Coroutine[Any, Any, T]) -> T:
    """Run `coro` to the end on a qasync loop over `app`, then close the loop cleanly.

    `asyncio.Runner` cancels leftover tasks, shuts down async generators and the default
    executor. qasync's timer object is then deleted here, on the GUI thread: left to the
    garbage collector it may die on a worker thread ("Timers cannot be stopped from another
    thread").
    """
    import qasync
    import shiboken6

    runner = asyncio.Runner(loop_factory=lambda: qasync.QEventLoop(app))
    try:
        return runner.run(coro)
    finally:
        loop = runner.get_loop()
        runner.close()
        # A worker thread that ended while the runner shut the executor down has queued its
        # call_soon_threadsafe as a Qt event; deliver it now, while qasync's timer lives (left
        # for the next event loop, it raised "Internal C++ object (_SimpleTimer) already
        # deleted" when a window closed before its warm-up thread finished).
        app.sendPostedEvents()
        timer = getattr(loop, "_timer", None)
        if timer is not None and shiboken6.isValid(timer):
            shiboken6.delete(timer)


async def _run_then_quit(work: Awaitable[Any], window: MainWindow) -> None:
    try:
        await work
    finally:
        window.quit_requested.emit(False)
