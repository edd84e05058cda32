"""The timeline's context menu (remove, lock, set time, another restaurant or lodging,
regenerate the day) and the small dialog that sets a stop's time; each choice is an
`engine.editing` operation handed to `emit`."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, QTime
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QMenu,
    QSpinBox,
    QTimeEdit,
    QWidget,
)

from desktop.widgets.timeline_rows import Row, is_stop
from engine.editing import (
    Edit,
    LockStop,
    RegenerateDay,
    RemoveStop,
    SetStopTime,
    SwapLodging,
    SwapMeal,
)

__all__ = ["StopTimeDialog", "stop_menu"]


class StopTimeDialog(QDialog):
    """When a stop starts and how long it lasts (local time, minutes); `chosen` gives the
    `SetStopTime` once accepted (the stop is then locked at that time)."""

    def __init__(self, item: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(
            QCoreApplication.translate("StopMenu", "Set the time of %1").replace("%1", item.name)
        )
        self.item = item
        self.start = QTimeEdit(QTime(item.start.hour, item.start.minute), self)
        self.start.setDisplayFormat("HH:mm")
        self.minutes = QSpinBox(self)
        self.minutes.setRange(10, 720)
        self.minutes.setSingleStep(15)
        self.minutes.setSuffix(QCoreApplication.translate("StopMenu", " min"))
        span = (item.end.hour * 60 + item.end.minute) - (item.start.hour * 60 + item.start.minute)
        self.minutes.setValue(max(10, span))
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.buttons = buttons
        form = QFormLayout(self)
        form.addRow(QCoreApplication.translate("StopMenu", "Starts at"), self.start)
        form.addRow(QCoreApplication.translate("StopMenu", "Stay"), self.minutes)
        form.addRow(buttons)

    def chosen(self) -> SetStopTime:
        """The edit the dialog's values ask for (only what was changed)."""
        start = self.start.time()
        new_start = dt.time(start.hour(), start.minute())
        span = (self.item.end.hour * 60 + self.item.end.minute) - (
            self.item.start.hour * 60 + self.item.start.minute
        )
        return SetStopTime(
            stop=self.item.poi_id,
            start=new_start if new_start != self.item.start.replace(second=0) else None,
            minutes=self.minutes.value() if self.minutes.value() != span else None,
        )


def stop_menu(
    parent: QWidget,
    hit: Row,
    emit: Callable[[Edit], None],
    opened: Callable[[StopTimeDialog], None] = lambda _dialog: None,
    *,
    lodgings: Sequence[tuple[str, str]] = (),
) -> QMenu:
    """The menu for row `hit`: its actions hand their edit to `emit` ("Set time…" opens a
    window-modal `StopTimeDialog`, given to `opened`). On a night's lodging, "Stay somewhere
    else" lists `lodgings` (``(poi id, label)`` of the destination's, this one left out)."""
    menu = QMenu(parent)
    item, day = hit.item, hit.day.index
    if item is not None and is_stop(item):
        menu.addAction(QCoreApplication.translate("StopMenu", "Remove %1").replace("%1", item.name),
                       lambda: emit(RemoveStop(stop=item.poi_id)))  # fmt: skip
        lock = (
            QCoreApplication.translate("StopMenu", "Unlock")
            if item.locked
            else QCoreApplication.translate("StopMenu", "Lock here")
        )
        menu.addAction(lock, lambda: emit(LockStop(stop=item.poi_id, locked=not item.locked)))
        menu.addAction(
            QCoreApplication.translate("StopMenu", "Set time…"),
            lambda: _ask_time(parent, item, emit, opened),
        )
    if item is not None and item.kind.value == "meal" and item.meal in ("lunch", "dinner"):
        menu.addAction(QCoreApplication.translate("StopMenu", "Eat somewhere else"),
                       lambda: emit(SwapMeal(day=day, meal=item.meal)))  # fmt: skip
    if item is not None and item.kind.value == "lodging":
        others = [(poi, label) for poi, label in lodgings if poi != item.poi_id]
        title = QCoreApplication.translate("StopMenu", "Stay somewhere else")
        if not others:
            menu.addAction(title, lambda: emit(SwapLodging(day=day)))
        else:
            stays = menu.addMenu(title)
            for poi, label in others:
                stays.addAction(label, _stay(emit, day, poi))
    if not menu.isEmpty():
        menu.addSeparator()
    menu.addAction(QCoreApplication.translate("StopMenu", "Regenerate day %1").replace("%1", str(day)),
                   lambda: emit(RegenerateDay(day=day)))  # fmt: skip
    return menu


def _stay(emit: Callable[[Edit], None], day: int, poi: str) -> Callable[[], None]:
    return lambda: emit(SwapLodging(day=day, lodging=poi))


def _ask_time(
    parent: QWidget,
    item: Any,
    emit: Callable[[Edit], None],
    opened: Callable[[StopTimeDialog], None],
) -> None:
    dialog = StopTimeDialog(item, parent)

    def done(result: int) -> None:
        if result == QDialog.DialogCode.Accepted:
            edit = dialog.chosen()
            if edit.start is not None or edit.minutes is not None:
                emit(edit)
        dialog.deleteLater()

    dialog.finished.connect(done)
    dialog.open()
    opened(dialog)
