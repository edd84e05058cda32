"""The guide viewer: Markdown in a QTextBrowser that never loads anything, remote or local."""

from __future__ import annotations

from PySide6.QtCore import QUrl
from PySide6.QtGui import QTextCursor, QTextDocument
from PySide6.QtWidgets import QWidget

from desktop.rich_text import SafeBrowser, confirm_open, neutralise
from engine import safe_markdown


class GuideBrowser(SafeBrowser):
    """Renders Markdown (`QTextDocument.setMarkdown`, GitHub dialect).

    A guide being streamed is appended block by block (`append_guide`): each complete part —
    up to the last blank line outside a code fence — is inserted at the end with
    `QTextCursor.insertMarkdown` (under 2 ms a chunk, where parsing the whole guide again took
    10-45 ms per chunk for a 7-day guide); the unfinished rest waits for more text or `flush`.
    `insertMarkdown` merges the first block it inserts into the block at the cursor, so each
    part starts with a throw-away block that is removed: headings, paragraphs, lists and
    tables stay apart as `setMarkdown` makes them (the final text equals the streamed text, so
    it is never parsed again).

    The guide is text from outside (a model's, or ours with place names from data packs): it
    goes through `engine.untrusted.safe_markdown` and the parsed result through
    `desktop.rich_text.neutralise` — no HTML, no image, no link but web links; `loadResource`
    refuses every URL, so nothing is ever fetched. A web link opens only after the person
    confirms (`desktop.rich_text.confirm_open`).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._markdown = ""
        self._pending = ""  # the end of `_markdown` not rendered yet
        self.anchorClicked.connect(self._link_clicked)

    def _link_clicked(self, url: QUrl) -> None:
        confirm_open(self, url)

    @property
    def markdown(self) -> str:
        return self._markdown

    def set_guide(self, markdown: str) -> None:
        """Show `markdown`, keeping the reader's scroll position (the guide already streamed in
        full is only finished, not parsed again)."""
        if markdown == self._markdown:
            self.flush()
            return
        bar = self.verticalScrollBar()
        position = bar.value()
        self._markdown, self._pending = markdown, ""
        self.document().setMarkdown(safe_markdown(markdown), _DIALECT)
        neutralise(self.document())
        self.setTextCursor(QTextCursor(self.document()))  # a cursor at the end would pull the view
        bar.setValue(min(position, bar.maximum()))

    def append_guide(self, chunk: str) -> None:
        """Add streamed text: complete blocks are shown now, the rest with the next chunks."""
        self._markdown += chunk
        self._pending += chunk
        cut = _complete(self._pending)
        if cut:
            self._insert(self._pending[:cut])
            self._pending = self._pending[cut:]

    def flush(self) -> None:
        """Show the text still waiting for the end of its block (the guide is complete)."""
        if self._pending:
            self._insert(self._pending)
            self._pending = ""

    def _insert(self, markdown: str) -> None:
        bar = self.verticalScrollBar()
        position = bar.value()
        reader = self.textCursor().position()  # an insertion where it sits would carry it along
        cursor = QTextCursor(self.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        cursor.beginEditBlock()
        start = cursor.position()
        if self.document().isEmpty():
            cursor.insertMarkdown(safe_markdown(markdown), _DIALECT)
        else:
            # insertMarkdown merges the first block it inserts into the block at the cursor
            # (a heading into the paragraph before it): insert a throw-away first block
            cursor.insertMarkdown(_SENTINEL + "\n\n" + safe_markdown(markdown), _DIALECT)
            cursor.setPosition(start)
            cursor.setPosition(start + len(_SENTINEL), QTextCursor.MoveMode.KeepAnchor)
            cursor.removeSelectedText()
        cursor.endEditBlock()
        neutralise(self.document(), start)
        if self.textCursor().position() != reader:  # (and showing the tab would scroll to it)
            kept = QTextCursor(self.document())
            kept.setPosition(reader)
            self.setTextCursor(kept)
        bar.setValue(min(position, bar.maximum()))


_DIALECT = QTextDocument.MarkdownFeature.MarkdownDialectGitHub
_SENTINEL = "\u2063"  # (invisible separator) the first block of an insertion; removed


def _complete(text: str) -> int:
    """Length of the longest prefix of `text` that ends a Markdown block: up to and including
    its last blank line outside a fenced code block; 0 when there is none."""
    end = text.rfind("\n\n")
    while end >= 0:
        if text.count("```", 0, end) % 2 == 0:
            return end + 2
        end = text.rfind("\n\n", 0, end)
    return 0
