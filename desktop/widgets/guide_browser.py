"""The guide viewer: Markdown in a QTextBrowser that never loads anything remote."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QUrl
from PySide6.QtGui import QTextCursor, QTextDocument
from PySide6.QtWidgets import QTextBrowser, QWidget


class GuideBrowser(QTextBrowser):
    """Renders Markdown (`QTextDocument.setMarkdown`, GitHub dialect).

    `loadResource` refuses every URL (images, style sheets), so a guide written by a model can
    never make the app fetch anything; links are not followed inside the view.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)
        self.blocked: list[str] = []
        self._markdown = ""

    def loadResource(self, kind: int, url: QUrl | str) -> Any:
        self.blocked.append(url.toString() if isinstance(url, QUrl) else str(url))
        return None

    @property
    def markdown(self) -> str:
        return self._markdown

    def set_guide(self, markdown: str) -> None:
        """Show `markdown`, keeping the reader's scroll position."""
        if markdown == self._markdown:
            return
        bar = self.verticalScrollBar()
        position = bar.value()
        self._markdown = markdown
        self.document().setMarkdown(markdown, QTextDocument.MarkdownFeature.MarkdownDialectGitHub)
        self.setTextCursor(QTextCursor(self.document()))  # a cursor at the end would pull the view
        bar.setValue(min(position, bar.maximum()))

    def append_guide(self, chunk: str) -> None:
        self.set_guide(self._markdown + chunk)
