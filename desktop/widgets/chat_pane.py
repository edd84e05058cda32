"""The chat pane: transcript of requests and progress, chips, the request box and its form."""

from __future__ import annotations

import html
import time

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QKeyEvent,
    QPalette,
    QResizeEvent,
    QTextBlock,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from desktop.rich_text import SafeBrowser
from desktop.widgets.chips import QuestionChips, TargetChip
from desktop.widgets.request_form import RequestForm
from engine import clean


class StatusLabel(QLabel):
    """A one-line status ("Planning the route…", "Itinerary #1 ready: …") that takes the width
    it is given, elided with "…" (the whole text in its tooltip): as a plain label its text's
    width became the chat pane's minimum, so each new status pushed the itinerary panel
    narrower and back (266 px, and a relayout of the whole timeline each time)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def full_text(self) -> str:
        return self._full

    def set_status(self, text: str) -> None:
        self._full = text
        self.setToolTip(text)
        self._elide()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        metrics = self.fontMetrics()
        self.setText(metrics.elidedText(self._full, Qt.TextElideMode.ElideRight, self.width()))


class RequestBox(QPlainTextEdit):
    """The request box. Signals: submitted() on Ctrl+Enter (Enter alone adds a line)."""

    submitted = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if enter and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.submitted.emit()
            return
        super().keyPressEvent(event)


TOKEN_FLUSH_MS = 30
TOKEN_FLUSH_CHARS = 400
TOKEN_BUSY_SHARE = 4  # wait at least this many times the last flush's time before the next
OPEN_LINES = 6  # wrapped lines of a streamed paragraph laid out again on each flush (see add_token)
JOIN_IDLE_MS = 600  # a stream quiet this long: its paragraph is made one block again


def _mix(colour: QColor, base: QColor, amount: float) -> QColor:
    """`amount` of `colour` over `base` (a tint that works in light and dark themes)."""
    return QColor(
        round(colour.red() * amount + base.red() * (1 - amount)),
        round(colour.green() * amount + base.green() * (1 - amount)),
        round(colour.blue() * amount + base.blue() * (1 - amount)),
    )


_COLOURS = {"step": "gray", "tool": "gray", "error": "#c0392b", "done": "#27ae60"}


TRANSCRIPT_MIN_PX = 140  # the transcript keeps this much height whatever the form takes


class ChatPane(QWidget):
    """Signals: send_requested(), stop_requested(), question_clicked(str),
    new_trip_requested(), detach_requested() (the target chip's ✕).

    Ctrl+Enter in the request box sends. Above the box, `target` names the plan the next
    message changes (hidden when it starts a new trip).
    """

    send_requested = Signal()
    stop_requested = Signal()
    question_clicked = Signal(str)
    new_trip_requested = Signal()
    detach_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.transcript = SafeBrowser(self)  # (it loads nothing: the text is escaped anyway)
        self.transcript.setObjectName("transcript")
        self.transcript.setMinimumHeight(TRANSCRIPT_MIN_PX)
        self.new_trip = QPushButton(self.tr("+ New trip"), self)
        self.new_trip.setObjectName("newTrip")
        self.new_trip.setToolTip(
            self.tr("Start a new trip; this plan stays in the library (Ctrl+N)")
        )
        self.target = TargetChip(self)
        self.chips_label = QLabel(self.tr("You could ask next:"))
        self.chips_label.setObjectName("hint")
        self.chips = QuestionChips(self)
        self.form = RequestForm(self)
        self.request = RequestBox(self)
        self.request.setObjectName("requestBox")
        self.request.setFixedHeight(72)
        self.send = QPushButton(self.tr("Send"), self)
        self.send.setObjectName("primary")
        self.send.setToolTip(self.tr("Send (Ctrl+Enter)"))
        self.stop = QPushButton(self.tr("Stop"), self)
        self.stop.setToolTip(self.tr("Stop the running plan (Esc)"))
        self.stop.setEnabled(False)
        self.busy = StatusLabel(self)
        self.busy.setObjectName("hint")
        buttons = QHBoxLayout()
        buttons.addWidget(self.busy, 1)
        buttons.addWidget(self.stop)
        buttons.addWidget(self.send)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.setSpacing(6)
        top = QHBoxLayout()
        top.addWidget(self.new_trip)
        top.addStretch(1)
        layout.addLayout(top)
        layout.addWidget(self.transcript, 1)
        layout.addWidget(self.chips_label)
        layout.addWidget(self.chips)
        layout.addWidget(self.form)
        layout.addWidget(self.target)
        layout.addWidget(self.request)
        layout.addLayout(buttons)
        self.set_target("")
        self.chips_label.hide()
        self.chips.hide()
        self.send.clicked.connect(self.send_requested)
        self.stop.clicked.connect(self.stop_requested)
        self.chips.clicked.connect(self.question_clicked)
        self.request.submitted.connect(self.send_requested)
        self.new_trip.clicked.connect(self.new_trip_requested)
        self.target.detached.connect(self.detach_requested)
        self._token_open = False
        self._tinted = ""  # the tint of the request bubbles shown
        self._tokens: list[str] = []  # streamed text not shown yet
        self._token_timer = QTimer(self, singleShot=True, interval=TOKEN_FLUSH_MS)
        self._token_timer.timeout.connect(self._flush_tokens)
        self._pieces = 0  # blocks the open paragraph is cut into while it streams (add_token)
        self._join_timer = QTimer(self, singleShot=True, interval=JOIN_IDLE_MS)
        self._join_timer.timeout.connect(self._join_pieces)
        self.transcript.viewport().installEventFilter(self)
        self.transcript.installEventFilter(self)

    # -- transcript ------------------------------------------------------------------------------

    def _tint(self) -> str:
        palette = self.transcript.palette()
        base = palette.color(QPalette.ColorRole.Base)
        return _mix(palette.color(QPalette.ColorRole.Highlight), base, 0.18).name()

    def _retint(self) -> None:
        """The transcript's new palette (a live theme switch): the request bubbles take its
        tint (read when the transcript has it: this pane's own palette change came first, and
        tinted them with the old theme's colours — white text on a light bubble in dark)."""
        tint = self._tint()
        if self._tinted and tint != self._tinted:
            self._close_tokens()
            markup = self.transcript.toHtml().replace(self._tinted, tint)
            self.transcript.setHtml(markup)
            self._tinted = tint
            self._scroll_to_end()

    def add_user(self, text: str) -> None:
        """What the person asked: a tinted bubble on the right (no "You:" label)."""
        self._close_tokens()
        tint = self._tinted = self._tint()
        body = html.escape(clean(text, lines=True)).replace("\n", "<br/>")
        self._append(
            f"<table align='right' cellpadding='6' cellspacing='0' style='margin-top:8px'>"
            f"<tr><td bgcolor='{tint}'>{body}</td></tr></table>"
        )

    def add_line(self, kind: str, text: str) -> None:
        self._close_tokens()
        colour = _COLOURS.get(kind, "gray")
        mark = "•" if kind in ("step", "tool") else ""
        line = html.escape(clean(text, lines=True))
        self._append(f"<p style='margin:0; color:{colour}'>{mark} {line}</p>")

    def add_token(self, text: str) -> None:
        """Streamed model text, appended to the current paragraph with the model's own line
        breaks only. Tokens are gathered and shown together every `TOKEN_FLUSH_MS` (at most
        `TOKEN_FLUSH_CHARS` per loop turn). Qt lays out a whole paragraph on each change (about
        1 ms per 700 characters here), so the wait grows with what a flush took — never more
        than a fifth of the GUI thread goes to a long paragraph — instead of cutting the
        model's text into paragraphs it did not write.

        A long paragraph is laid out again only from its last few lines: once it wraps into more
        than `OPEN_LINES` lines, the lines before its last are cut off into a block of their own
        exactly where Qt wrapped them (so they show the same; a 5 000-character paragraph took
        4-5 ms a flush, and as long again to paint). The pieces are made one paragraph again —
        the same text, lines and copy — at its end (a line break, another message), when the
        stream is quiet for `JOIN_IDLE_MS`, or when the width changes."""
        self._tokens.append(clean(text, lines=True))  # (a model's text: shown as plain text)
        if not self._token_timer.isActive():
            self._token_timer.start()

    def _flush_tokens(self, limit: int | None = TOKEN_FLUSH_CHARS) -> None:
        text = "".join(self._tokens)
        if not text:
            return
        started = time.perf_counter()
        if limit is not None and len(text) > limit:  # a burst: shown over several loop turns
            text, rest = text[:limit], text[limit:]
            self._tokens = [rest]
        else:
            self._tokens = []
        cursor = self.transcript.textCursor()
        cursor.movePosition(QTextCursor.MoveOperation.End)
        cursor.beginEditBlock()
        if not self._token_open:  # the answer: normal text, not the grey of progress lines
            answer = QTextBlockFormat()
            answer.setTopMargin(6)
            cursor.insertBlock(answer, QTextCharFormat())
            self._token_open = True
        for n, line in enumerate(text.split("\n")):
            if n:
                cursor.endEditBlock()
                self._join_pieces()
                cursor.beginEditBlock()
                cursor.insertBlock(QTextBlockFormat(), QTextCharFormat())
            cursor.insertText(line)
        cursor.endEditBlock()
        self._cut_open_block(cursor.block())
        self._join_timer.start()
        self._scroll_to_end()
        took_ms = (time.perf_counter() - started) * 1000
        wait = max(TOKEN_FLUSH_MS, round(took_ms * TOKEN_BUSY_SHARE))
        if self._tokens:
            self._token_timer.start(0 if wait <= TOKEN_FLUSH_MS else wait)
        else:
            self._token_timer.setInterval(wait)

    def _cut_open_block(self, block: QTextBlock) -> None:
        """Cut the streamed paragraph's last block before its last line once it has more than
        `OPEN_LINES` lines (see `add_token`)."""
        self.transcript.document().documentLayout().blockBoundingRect(block)  # (lays it out)
        layout = block.layout()
        lines = layout.lineCount()
        if lines <= OPEN_LINES:
            return
        start = layout.lineAt(lines - 1).textStart()
        cursor = QTextCursor(block)
        cursor.setPosition(block.position() + start)
        continued = block.blockFormat()
        continued.setTopMargin(0)
        cursor.insertBlock(continued, block.charFormat())
        self._pieces += 1

    def _join_pieces(self) -> None:
        """Make the streamed paragraph's pieces one block again (its last block is the
        document's last)."""
        self._join_timer.stop()
        if not self._pieces:
            return
        cursor = QTextCursor(self.transcript.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        cursor.beginEditBlock()
        for _ in range(self._pieces):
            cursor.movePosition(QTextCursor.MoveOperation.StartOfBlock)
            cursor.deletePreviousChar()
        cursor.endEditBlock()
        self._pieces = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The transcript's new width (a resize, its scroll bar shown) wraps the streamed
        paragraph anew: its pieces are joined first. Its new palette retints the bubbles."""
        if event.type() == QEvent.Type.Resize and isinstance(event, QResizeEvent):
            if event.size().width() != event.oldSize().width():
                self._join_pieces()
        elif event.type() == QEvent.Type.PaletteChange and watched is self.transcript:
            self._retint()
        return super().eventFilter(watched, event)

    def clear_transcript(self) -> None:
        self._tokens = []
        self._join_timer.stop()
        self._pieces = 0
        self.transcript.clear()
        self._token_open = False

    def _close_tokens(self) -> None:
        self._token_timer.stop()
        self._flush_tokens(limit=None)
        self._join_pieces()
        self._token_timer.setInterval(TOKEN_FLUSH_MS)
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

    def set_target(self, title: str) -> None:
        """The next message changes the plan `title` ('' : it plans a new trip)."""
        self.target.set_title(title)
        self.request.setPlaceholderText(
            self.tr("Ask for a change, e.g. make day 1 more relaxed (Ctrl+Enter to send)")
            if title
            else self.tr("Where to? e.g. 3 days in Hangzhou from Shanghai (Ctrl+Enter to send)")
        )

    def set_running(self, running: bool, text: str = "") -> None:
        self.stop.setEnabled(running)
        self.busy.set_status(text if running else "")
