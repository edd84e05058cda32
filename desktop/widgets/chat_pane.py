"""The chat pane: transcript of requests and progress, chips, the request box and its form."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent, QTextCursor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from desktop.widgets.chips import QuestionChips
from desktop.widgets.request_form import RequestForm


class RequestBox(QPlainTextEdit):
    """The request box. Signals: submitted() on Ctrl+Enter (Enter alone adds a line)."""

    submitted = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if enter and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.submitted.emit()
            return
        super().keyPressEvent(event)


_COLOURS = {"step": "gray", "tool": "gray", "error": "#c0392b", "done": "#27ae60"}


class ChatPane(QWidget):
    """Signals: send_requested(), stop_requested(), question_clicked(str).

    Ctrl+Enter in the request box sends.
    """

    send_requested = Signal()
    stop_requested = Signal()
    question_clicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.transcript = QTextBrowser(self)
        self.transcript.setOpenLinks(False)
        self.transcript.setObjectName("transcript")
        self.chips_label = QLabel(self.tr("You could ask next:"))
        self.chips_label.setObjectName("hint")
        self.chips = QuestionChips(self)
        self.form = RequestForm(self)
        self.request = RequestBox(self)
        self.request.setObjectName("requestBox")
        self.request.setPlaceholderText(
            self.tr("Where to? e.g. 上海出发去黄山玩两天 (Ctrl+Enter to send)")
        )
        self.request.setFixedHeight(72)
        self.send = QPushButton(self.tr("Send"), self)
        self.send.setObjectName("primary")
        self.send.setToolTip(self.tr("Send (Ctrl+Enter)"))
        self.stop = QPushButton(self.tr("Stop"), self)
        self.stop.setToolTip(self.tr("Stop the running plan (Esc)"))
        self.stop.setEnabled(False)
        self.busy = QLabel("", self)
        self.busy.setObjectName("hint")
        buttons = QHBoxLayout()
        buttons.addWidget(self.busy, 1)
        buttons.addWidget(self.stop)
        buttons.addWidget(self.send)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.setSpacing(6)
        layout.addWidget(self.transcript, 1)
        layout.addWidget(self.chips_label)
        layout.addWidget(self.chips)
        layout.addWidget(self.form)
        layout.addWidget(self.request)
        layout.addLayout(buttons)
        self.chips_label.hide()
        self.chips.hide()
        self.send.clicked.connect(self.send_requested)
        self.stop.clicked.connect(self.stop_requested)
        self.chips.clicked.connect(self.question_clicked)
        self.request.submitted.connect(self.send_requested)
        self._token_open = False

    # -- transcript ------------------------------------------------------------------------------

    def add_user(self, text: str) -> None:
        self._close_tokens()
        you = html.escape(self.tr("You"))
        self._append(f"<p style='margin:8px 0 2px 0'><b>{you}:</b> {html.escape(text)}</p>")

    def add_line(self, kind: str, text: str) -> None:
        self._close_tokens()
        colour = _COLOURS.get(kind, "gray")
        mark = "•" if kind in ("step", "tool") else ""
        self._append(f"<p style='margin:0; color:{colour}'>{mark} {html.escape(text)}</p>")

    def add_token(self, text: str) -> None:
        """Streamed model text, appended to the current paragraph."""
        cursor = self.transcript.textCursor()
        cursor.movePosition(QTextCursor.MoveOperation.End)
        if not self._token_open:
            cursor.insertBlock()
            self._token_open = True
        cursor.insertText(text)
        self._scroll_to_end()

    def clear_transcript(self) -> None:
        self.transcript.clear()
        self._token_open = False

    def _close_tokens(self) -> None:
        self._token_open = False

    def _append(self, html_text: str) -> None:
        self.transcript.append(html_text)
        self._scroll_to_end()

    def _scroll_to_end(self) -> None:
        bar = self.transcript.verticalScrollBar()
        bar.setValue(bar.maximum())

    # -- state -----------------------------------------------------------------------------------

    def set_questions(self, questions: tuple[str, ...]) -> None:
        self.chips.set_questions(questions)
        self.chips_label.setVisible(bool(questions))

    def set_running(self, running: bool, text: str = "") -> None:
        self.stop.setEnabled(running)
        self.busy.setText(text if running else "")
