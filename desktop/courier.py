"""A worker thread's result handed to a widget on the GUI thread (`deliverer`), safe whenever
the widget is closed.

A worker used to emit a queued signal on a QObject owned by its widget: when the widget was
deleted on the GUI thread while the worker emitted on that object, the process crashed
(emitting on a QObject that another thread deletes is undefined behaviour in Qt; the map's
basemap workers did it when a map was closed mid-paint, e.g. at a test's teardown). The
signal is now emitted on one courier that lives as long as the application, and the result
goes to the widget only if it still exists when the GUI thread runs it.
"""

from __future__ import annotations

import functools
import threading
import weakref
from collections.abc import Callable
from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot


class _Courier(QObject):
    """Runs the callables its `arrived` signal carries, on the thread it lives in (the GUI
    thread's: made there, a child of the application)."""

    arrived = Signal(object)

    def __init__(self, parent: QObject | None) -> None:
        super().__init__(parent)
        self.arrived.connect(self._run)

    @Slot(object)
    def _run(self, call: Callable[[], None]) -> None:
        call()


_courier: _Courier | None = None
_made = threading.Lock()


def prepare() -> None:
    """Make the courier, on the GUI thread (`deliverer` does: a courier made on a worker
    thread would live in that thread)."""
    global _courier
    with _made:
        if _courier is None or not shiboken6.isValid(_courier):
            _courier = _Courier(QCoreApplication.instance())


def deliverer(widget: QObject, method: str) -> Callable[..., None]:
    """Made on the GUI thread, called on a worker: ``send(*args)`` calls
    ``widget.<method>(*args)`` on the GUI thread, unless `widget` is gone by then. Holds
    `widget` weakly."""
    prepare()
    target = weakref.ref(widget)

    def send(*args: Any) -> None:
        courier = _courier
        if courier is None:
            return
        try:
            courier.arrived.emit(functools.partial(_call, target, method, args))
        except RuntimeError:  # the application is gone (its end): nobody to tell
            pass

    return send


def _call(target: weakref.ref[QObject], method: str, args: tuple[Any, ...]) -> None:
    widget = target()
    if widget is not None and shiboken6.isValid(widget):
        getattr(widget, method)(*args)
