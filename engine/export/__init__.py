"""Exporters of an itinerary to files: Markdown, iCalendar (ICS) and GPX. No Qt here.

PDF needs Qt's text layout: the host that has it hands `export_bytes` its renderer
(`desktop.export_pdf.pdf_bytes`; the ``lvtu`` entry point gives it to the command line too).
"""

from engine.export.files import FORMATS, PdfRenderer, PdfUnavailableError, export_bytes
from engine.export.gpx import to_gpx
from engine.export.ics import TIME_ZONE, to_ics
from engine.export.markdown import to_markdown

__all__ = [
    "FORMATS",
    "TIME_ZONE",
    "PdfRenderer",
    "PdfUnavailableError",
    "export_bytes",
    "to_gpx",
    "to_ics",
    "to_markdown",
]
