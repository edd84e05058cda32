"""PDF export: the Markdown export laid out by QTextDocument and printed with QPdfWriter (A4).

Also used by ``lvtu export ID --format pdf`` (imported lazily there); it needs a
QGuiApplication, which `pdf_bytes` creates (offscreen when no display) if none exists.
"""

from __future__ import annotations

import os
from typing import Any

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF
from PySide6.QtGui import QFont, QGuiApplication, QPageLayout, QPageSize, QPdfWriter, QTextDocument

from desktop.rich_text import SafeDocument, neutralise
from engine.export import to_markdown
from engine.untrusted import clean_name

_app: QGuiApplication | None = None


def _ensure_app() -> None:
    global _app
    if QGuiApplication.instance() is None:
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        _app = QGuiApplication([])


def pdf_document(itinerary: Any) -> SafeDocument:
    """The itinerary's Markdown export (already `engine.untrusted.safe_markdown`) laid out for
    the PDF: a `SafeDocument` (it loads no resource: the default QTextDocument reads local
    files, which embedded ``<img src="file:///…">`` in the PDF), `neutralise`d (no image, no
    link but web links)."""
    _ensure_app()
    document = SafeDocument()
    font = QFont()
    font.setPointSize(10)
    document.setDefaultFont(font)
    document.setMarkdown(
        to_markdown(itinerary), QTextDocument.MarkdownFeature.MarkdownDialectGitHub
    )
    neutralise(document)
    return document


def pdf_bytes(itinerary: Any) -> bytes:
    """The itinerary (its Markdown export, `pdf_document`) as a PDF document, A4 portrait,
    15 mm margins. Nothing is loaded, local or remote; only web links stay links."""
    document = pdf_document(itinerary)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setTitle(clean_name(itinerary.title))
    writer.setCreator("Lvtu")
    writer.setResolution(300)
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(15, 15, 15, 15),
            QPageLayout.Unit.Millimeter,
        )
    )
    document.print_(writer)
    del writer  # finishes the PDF
    buffer.close()
    return bytes(data.data())
