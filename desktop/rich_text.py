"""Qt rich text from outside made safe: the desktop half of `engine.untrusted`.

Qt renders rich text in many places that look plain — a QLabel or a tooltip whose text merely
*looks* like HTML (`Qt.mightBeRichText`) is parsed as HTML, and a QTextDocument loads images
from local files by itself. The rule here:

- Markdown goes through `engine.untrusted.safe_markdown` before Qt parses it, and the parsed
  document is checked again (`neutralise`): an image becomes its alt text, a link that is not
  ``http(s)://`` becomes plain text — so whatever Qt's parser (md4c) reads differently from
  markdown-it is still caught.
- Documents and browsers refuse every resource load (`SafeDocument`, `SafeBrowser`): no
  ``http://`` or ``file:///`` fetch, ever; images we draw ourselves are added as resources.
- Plain text for a tooltip or a label: `tooltip` (always rich, escaped) and `plain_label`.
- A link is opened only after the person confirms, and only a web link (`confirm_open`).
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, QUrl
from PySide6.QtGui import QDesktopServices, QTextCharFormat, QTextCursor, QTextDocument
from PySide6.QtWidgets import QLabel, QMessageBox, QTextBrowser, QWidget

from engine import clean, web_link


class SafeDocument(QTextDocument):
    """A QTextDocument that loads nothing: `loadResource` refuses every URL (the default reads
    local files, so ``<img src="file:///…">`` in a PDF export embedded that file). `blocked`
    lists what was asked for."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.blocked: list[str] = []

    def loadResource(self, kind: int, url: QUrl | str) -> Any:
        self.blocked.append(url.toString() if isinstance(url, QUrl) else str(url))
        return None


class SafeBrowser(QTextBrowser):
    """A QTextBrowser that loads nothing and follows no link by itself (`anchorClicked` is
    still emitted). Resources added with `QTextDocument.addResource` are shown as usual."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)
        self.blocked: list[str] = []

    def loadResource(self, kind: int, url: QUrl | str) -> Any:
        self.blocked.append(url.toString() if isinstance(url, QUrl) else str(url))
        return None


def neutralise(document: QTextDocument, start: int = 0) -> int:
    """Make `document` (from position `start` on) hold no image and no link but web links:
    an image becomes its alt text, a non-web link its plain text. Returns how many were
    changed. Call it after every `setMarkdown`/`insertMarkdown`/`insertHtml` of outside text."""
    changes: list[tuple[int, int, str | None, QTextCharFormat]] = []
    block = document.findBlock(start)
    while block.isValid():
        iterator = block.begin()
        while not iterator.atEnd():
            fragment = iterator.fragment()
            fmt = fragment.charFormat()
            if fragment.position() + fragment.length() > start:
                if fmt.isImageFormat():
                    alt = fmt.stringProperty(fmt.Property.ImageAltText)
                    plain = QTextCharFormat()
                    changes.append((fragment.position(), fragment.length(), clean(alt), plain))
                elif fmt.isAnchor() and fmt.anchorHref() and not web_link(fmt.anchorHref()):
                    plain = QTextCharFormat(fmt)
                    plain.setAnchor(False)
                    plain.clearProperty(fmt.Property.AnchorHref)
                    plain.clearForeground()
                    plain.setFontUnderline(False)
                    changes.append((fragment.position(), fragment.length(), None, plain))
            iterator += 1
        block = block.next()
    if not changes:
        return 0
    cursor = QTextCursor(document)
    cursor.beginEditBlock()
    for position, length, text, fmt in reversed(changes):  # (from the end: positions hold)
        cursor.setPosition(position)
        cursor.setPosition(position + length, QTextCursor.MoveMode.KeepAnchor)
        if text is None:
            cursor.setCharFormat(fmt)
        else:
            cursor.insertText(text, fmt)
    cursor.endEditBlock()
    return len(changes)


def tooltip(text: str) -> str:
    """`text` from outside as a tooltip: cleaned, HTML-escaped and marked as rich text, so Qt
    shows it as written (a tooltip that merely looks like HTML is parsed as HTML)."""
    body = html.escape(clean(text, lines=True)).replace("\n", "<br/>")
    return f"<qt>{body}</qt>" if body else ""


def plain_label(label: QLabel) -> QLabel:
    """`label` set to show its text as plain text, never as HTML; returns it."""
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def confirm_open(parent: QWidget, url: QUrl) -> QMessageBox | None:
    """Ask before opening `url` in the browser; only web links are offered (anything else is
    ignored: None). The dialog is opened with `open()` (not `exec()`, which breaks the qasync
    loop) and opens the link when the person says yes."""
    address = url.toString()
    if not web_link(address):
        return None
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setWindowTitle(QCoreApplication.translate("RichText", "Open link"))
    box.setText(
        QCoreApplication.translate("RichText", "Open this address in your web browser?")
        + "\n\n"
        + clean(address)
    )
    box.setStandardButtons(QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)

    def answered(_result: int) -> None:
        clicked = box.clickedButton()
        if clicked is not None and box.standardButton(clicked) == QMessageBox.StandardButton.Open:
            QDesktopServices.openUrl(QUrl(address))

    box.finished.connect(answered)
    box.open()
    return box
