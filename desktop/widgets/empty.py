"""A list view that says what to do while it has nothing to show."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QStackedWidget, QWidget


class EmptyState(QStackedWidget):
    """Shows `view` (a table), or a centred hint in its place while it is empty.

    Attributes:
        hint: the label shown when empty.
    """

    def __init__(self, view: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hint = QLabel(self)
        self.hint.setObjectName("hint")
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint.setWordWrap(True)
        self.addWidget(view)
        self.addWidget(self.hint)
        self._view = view

    def set_empty(self, empty: bool, hint: str = "") -> None:
        """Show the hint `hint` (when `empty`) or the view."""
        if hint:
            self.hint.setText(hint)
        self.setCurrentWidget(self.hint if empty else self._view)
