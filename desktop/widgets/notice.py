"""A non-modal notice bar: a line of text with a few buttons (e.g. Resume / Dismiss)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from desktop.rich_text import plain_label


class NoticeBar(QFrame):
    """A tinted bar that says something and offers an action; hidden until `show_notice`.

    Signals:
        accepted(): the action button was clicked.
        dismissed(): the dismiss button was clicked (the bar hides itself).
    """

    accepted = Signal()
    dismissed = Signal()

    def __init__(self, action: str, dismiss: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("notice")
        self.text = plain_label(QLabel(self))
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.action = QPushButton(action, self)
        self.action.setObjectName("primary")
        self.dismiss = QPushButton(dismiss, self)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 6, 6)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.action)
        layout.addWidget(self.dismiss)
        self.action.clicked.connect(self.accepted)
        self.dismiss.clicked.connect(self._dismiss)
        self.hide()

    def show_notice(self, text: str, action: str | None = None) -> None:
        """Show `text` (and rename the action button to `action`, if given)."""
        self.text.setText(text)
        if action is not None:
            self.action.setText(action)
        self.action.setEnabled(True)
        self.show()

    def _dismiss(self) -> None:
        self.hide()
        self.dismissed.emit()
