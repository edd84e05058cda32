"""An itinerary as a file's bytes, by format; the host that can lay out a PDF supplies it."""

from __future__ import annotations

from collections.abc import Callable

from engine.domain.itinerary import Itinerary
from engine.export.gpx import to_gpx
from engine.export.ics import to_ics
from engine.export.markdown import to_markdown

FORMATS = ("md", "ics", "gpx", "pdf")
PdfRenderer = Callable[[Itinerary], bytes]
"""Lays out an itinerary as a PDF (the desktop's `desktop.export_pdf.pdf_bytes`: Qt's text
layout, which the engine does not import)."""


class PdfUnavailableError(LookupError):
    """PDF was asked for, and the host has no PDF renderer (the desktop app is not installed)."""


def export_bytes(itinerary: Itinerary, fmt: str, *, pdf: PdfRenderer | None = None) -> bytes:
    """The file's bytes for `fmt` (``md``, ``ics``, ``gpx``, or ``pdf`` through `pdf`).

    Raises:
        ValueError: unknown format.
        PdfUnavailableError: ``pdf`` with no renderer.
        ImportError: the renderer needs the desktop app (PySide6), which is not installed.
    """
    if fmt == "md":
        return to_markdown(itinerary).encode("utf-8")
    if fmt == "ics":
        return to_ics(itinerary)
    if fmt == "gpx":
        return to_gpx(itinerary).encode("utf-8")
    if fmt == "pdf":
        if pdf is None:
            raise PdfUnavailableError("PDF export needs the desktop app")
        return bytes(pdf(itinerary))
    raise ValueError(f"unknown format {fmt!r}")
