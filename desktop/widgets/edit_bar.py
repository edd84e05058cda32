"""The bar above the timeline: a search box that adds a place of the trip's destinations (to a
day, or wherever it fits), undo and redo, and the reason when an edit could not be done."""

from __future__ import annotations

from PySide6.QtCore import QStringListModel, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QCompleter,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.plan_text import plan_text
from engine.editing import AddPlace


class EditBar(QWidget):
    """Add a place, undo, redo; says why an edit was refused.

    Signals:
        edit_requested(object): an `AddPlace` for the place chosen.
        undo_requested(), redo_requested(): the buttons.

    Attributes:
        search: the place box (completes names of the trip's destinations; Enter adds).
        day: where to add it (index 0: wherever it fits, n: day n).
        refusal: the last edit's refusal, shown until the next edit.
    """

    edit_requested = Signal(object)
    undo_requested = Signal()
    redo_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._ids: dict[str, str] = {}  # label → POI id
        self.search = QLineEdit(self)
        self.search.setPlaceholderText(self.tr("Add a place…"))
        self.search.setClearButtonEnabled(True)
        self._model = QStringListModel(self)
        completer = QCompleter(self._model, self)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.search.setCompleter(completer)
        self.day = QComboBox(self)
        self.day.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.undo = QToolButton(self)
        self.undo.setText("↶")
        self.undo.setToolTip(self.tr("Undo (Ctrl+Z)"))
        self.redo = QToolButton(self)
        self.redo.setText("↷")
        self.redo.setToolTip(self.tr("Redo (Ctrl+Shift+Z)"))
        self.refusal = QLabel(self)
        self.refusal.setObjectName("editRefusal")
        self.refusal.setWordWrap(True)
        self.refusal.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.refusal.hide()
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.search, 1)
        row.addWidget(self.day)
        row.addWidget(self.undo)
        row.addWidget(self.redo)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 4)
        layout.setSpacing(4)
        layout.addLayout(row)
        layout.addWidget(self.refusal)
        self.search.returnPressed.connect(self._add)
        completer.activated.connect(self._chosen)
        self.undo.clicked.connect(self.undo_requested)
        self.redo.clicked.connect(self.redo_requested)
        self.set_undo(False, False)

    def set_places(self, choices: list[tuple[str, str]]) -> None:
        """The places the box offers: ``(POI id, label)``."""
        self._ids = {label: poi for poi, label in choices}
        self._model.setStringList([label for _poi, label in choices])

    def set_days(self, count: int, lang: str) -> None:
        """Days 1 … `count` to add to (named in the plan's language `lang`)."""
        if self.day.count() == count + 1:
            return
        self.day.clear()
        self.day.addItem(self.tr("Where it fits"))
        for index in range(1, count + 1):
            self.day.addItem(plan_text(lang, "day", index))

    def set_undo(self, undo: bool, redo: bool) -> None:
        self.undo.setEnabled(undo)
        self.redo.setEnabled(redo)

    def show_refusal(self, text: str) -> None:
        self.refusal.setText("⚠ " + text)
        self.refusal.setVisible(bool(text))

    def _chosen(self, label: str) -> None:
        self.search.setText(label)
        self._add()

    def _add(self) -> None:
        text = self.search.text().strip()
        if not text:
            return
        place = self._ids.get(text, text)  # a label chosen, or a name typed
        day = self.day.currentIndex() or None
        popup = self.search.completer().popup()
        if popup is not None:
            popup.hide()
        self.search.clear()
        self.edit_requested.emit(AddPlace(place=place, day=day))
