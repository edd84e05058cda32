"""The collapsible request form: from / to / days / date / people / budget / pace / interests."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QDate, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLineEdit,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.widgets.chips import FlowLayout

#: Interest tags offered (knowledge `ATTRACTION_TAGS`), with their source-language labels.
INTERESTS = {
    "nature": QT_TRANSLATE_NOOP("RequestForm", "Nature"),
    "mountain": QT_TRANSLATE_NOOP("RequestForm", "Mountains"),
    "history": QT_TRANSLATE_NOOP("RequestForm", "History"),
    "culture": QT_TRANSLATE_NOOP("RequestForm", "Culture"),
    "museum": QT_TRANSLATE_NOOP("RequestForm", "Museums"),
    "garden": QT_TRANSLATE_NOOP("RequestForm", "Gardens"),
    "architecture": QT_TRANSLATE_NOOP("RequestForm", "Architecture"),
    "food": QT_TRANSLATE_NOOP("RequestForm", "Food"),
}


def _spin(maximum: int, special: str) -> QSpinBox:
    """0..`maximum`, where 0 shows `special` (e.g. "auto")."""
    box = QSpinBox()
    box.setRange(0, maximum)
    box.setSpecialValueText(special)
    return box


class RequestForm(QWidget):
    """Optional structured fields. `values()` returns only what the person set.

    Opened, the fields sit in a scroll area no taller than they are, which gives way first when
    the pane is short (the transcript above keeps its minimum height).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.toggle = QToolButton(self)
        self.toggle.setText(self.tr("More options"))
        self.toggle.setCheckable(True)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.toggle.setAutoRaise(True)
        self.body = QWidget(self)
        form = QFormLayout(self.body)
        form.setContentsMargins(4, 0, 4, 4)
        self.origin = QLineEdit(placeholderText=self.tr("e.g. 上海"))
        self.destination = QLineEdit(placeholderText=self.tr("e.g. 黄山"))
        self.days = _spin(30, self.tr("auto"))
        self.use_date = QCheckBox(self.tr("Start on"))
        self.date = QDateEdit(QDate.currentDate().addDays(7))
        self.date.setCalendarPopup(True)
        self.date.setEnabled(False)
        self.use_date.toggled.connect(self.date.setEnabled)
        date_row = QWidget()
        date_layout = QHBoxLayout(date_row)
        date_layout.setContentsMargins(0, 0, 0, 0)
        date_layout.addWidget(self.use_date)
        date_layout.addWidget(self.date, 1)
        self.people = _spin(20, self.tr("auto"))
        self.budget = QSpinBox(minimum=0, maximum=1_000_000, singleStep=500)
        self.budget.setSpecialValueText(self.tr("no limit"))
        self.budget.setSuffix(" CNY")
        self.pace = QComboBox()
        for value, label in (
            ("", self.tr("auto")),
            ("relaxed", self.tr("Relaxed")),
            ("normal", self.tr("Normal")),
            ("packed", self.tr("Packed")),
        ):
            self.pace.addItem(label, value)
        interests = QWidget()  # the boxes wrap to the pane's width
        flow = FlowLayout(interests, spacing=8)
        flow.setContentsMargins(0, 0, 0, 0)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        interests.setSizePolicy(policy)
        self.interests: dict[str, QCheckBox] = {}
        for tag, name in INTERESTS.items():
            box = QCheckBox(self.tr(str(name)))
            self.interests[tag] = box
            flow.addWidget(box)
        form.addRow(self.tr("From"), self.origin)
        form.addRow(self.tr("To"), self.destination)
        form.addRow(self.tr("Days"), self.days)
        form.addRow(self.tr("Date"), date_row)
        form.addRow(self.tr("People"), self.people)
        form.addRow(self.tr("Budget"), self.budget)
        form.addRow(self.tr("Pace"), self.pace)
        form.addRow(self.tr("Interests"), interests)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        self.fields = QScrollArea(self)
        self.fields.setWidget(self.body)
        self.fields.setWidgetResizable(True)
        self.fields.setFrameShape(QFrame.Shape.NoFrame)
        self.fields.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.fields.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.fields.setMinimumHeight(90)
        layout.addWidget(self.toggle)
        layout.addWidget(self.fields)
        self.fields.setVisible(False)
        self.toggle.toggled.connect(self._expand)

    def _expand(self, on: bool) -> None:
        self.fields.setVisible(on)
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        self._fit()

    def _fit(self) -> None:
        """No taller than the fields at the current width (the interests wrap)."""
        width = self.fields.viewport().width() or self.width()
        height = self.body.heightForWidth(width) if self.body.hasHeightForWidth() else -1
        self.fields.setMaximumHeight(max(height, self.body.minimumSizeHint().height()) + 2)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.fields.isVisible():
            self._fit()

    def reset(self) -> None:
        """Empty every field (`values` is then ``{}``)."""
        for line in (self.origin, self.destination):
            line.clear()
        for box in (self.days, self.people, self.budget):
            box.setValue(0)
        self.use_date.setChecked(False)
        self.pace.setCurrentIndex(0)
        for check in self.interests.values():
            check.setChecked(False)

    def values(self) -> dict[str, Any]:
        """Fields the person set: ``from``, ``to`` (str), ``days``, ``people``, ``budget``
        (int; budget in CNY for the party), ``date`` (ISO), ``pace``, ``interests`` (tags)."""
        out: dict[str, Any] = {}
        if self.origin.text().strip():
            out["from"] = self.origin.text().strip()
        if self.destination.text().strip():
            out["to"] = self.destination.text().strip()
        for key, box in (("days", self.days), ("people", self.people), ("budget", self.budget)):
            if box.value():
                out[key] = box.value()
        if self.use_date.isChecked():
            out["date"] = self.date.date().toString(Qt.DateFormat.ISODate)
        if self.pace.currentData():
            out["pace"] = self.pace.currentData()
        tags = [tag for tag, box in self.interests.items() if box.isChecked()]
        if tags:
            out["interests"] = tags
        return out
