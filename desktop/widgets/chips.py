"""Chips: suggested questions (a wrapping row of buttons; clicking one sends its question) and
the plan the next message changes."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPoint, QRect, QSize, Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLayoutItem,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QWidget,
)

from desktop.rich_text import tooltip


class FlowLayout(QLayout):
    """Left-to-right layout that wraps (Qt's "Flow Layout" example, simplified)."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 6) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self.setSpacing(spacing)

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._place(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._place(rect, move=True)

    def sizeHint(self) -> QSize:
        return self.minimumSize()

    def minimumSize(self) -> QSize:
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        return size

    def _place(self, rect: QRect, *, move: bool) -> int:
        x, y, line = rect.x(), rect.y(), 0
        for item in self._items:
            hint = item.sizeHint()
            if x + hint.width() > rect.right() and line > 0:
                x, y, line = rect.x(), y + line + self.spacing(), 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + self.spacing()
            line = max(line, hint.height())
        return y + line - rect.y()


CHIP_MAX_PX = 260  # a longer question is elided on its chip (the tooltip has it whole)


class QuestionChips(QWidget):
    """Signals: clicked(str) — the question of the chip pressed."""

    clicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = FlowLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.questions: tuple[str, ...] = ()

    def set_questions(self, questions: Sequence[str]) -> None:
        if tuple(questions) == self.questions:
            return
        self.questions = tuple(questions)
        while (item := self._layout.takeAt(0)) is not None:
            if (widget := item.widget()) is not None:
                widget.deleteLater()
        for question in self.questions:
            chip = QPushButton(self)
            text = chip.fontMetrics().elidedText(question, Qt.TextElideMode.ElideRight, CHIP_MAX_PX)
            chip.setText(text)
            if text != question:
                chip.setToolTip(tooltip(question))
            chip.setObjectName("chip")
            chip.setCursor(Qt.CursorShape.PointingHandCursor)
            chip.clicked.connect(lambda _=False, q=question: self.clicked.emit(q))
            self._layout.addWidget(chip)
        self.setVisible(bool(self.questions))
        self.updateGeometry()


class TargetChip(QFrame):
    """Which plan the next message changes: 「修改：上海出发·黄山2日游 ✕」 above the request box.

    Signals:
        detached(): ✕ was clicked: the next message starts a new trip.

    Attributes:
        title: the plan's title ('' while hidden).
    """

    detached = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("targetChip")
        self.title = ""
        self.label = QLabel(self)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.detach_button = QToolButton(self)
        self.detach_button.setText("✕")
        self.detach_button.setAutoRaise(True)
        self.detach_button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.detach_button.setToolTip(self.tr("Plan a new trip with the next message instead"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 1, 1, 1)
        layout.setSpacing(2)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.detach_button)
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.detach_button.clicked.connect(self.detached)
        self.hide()

    def set_title(self, title: str) -> None:
        """Show the chip for the plan called `title`; '' hides it."""
        self.title = title
        short = title if len(title) <= 28 else title[:27] + "…"
        self.label.setText(self.tr("Changes: %1").replace("%1", short))
        self.setToolTip(
            self.tr("Your next message changes “%1”.").replace("%1", title) if title else ""
        )
        self.setVisible(bool(title))
