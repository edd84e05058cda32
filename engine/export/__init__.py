"""Exporters of an itinerary to files: Markdown, iCalendar (ICS) and GPX. No Qt here.

PDF needs Qt's text layout and lives in `desktop.export_pdf`; the CLI imports it lazily.
"""

from engine.export.gpx import to_gpx
from engine.export.ics import TIME_ZONE, to_ics
from engine.export.markdown import to_markdown

FORMATS = ("md", "ics", "gpx", "pdf")

__all__ = ["FORMATS", "TIME_ZONE", "to_gpx", "to_ics", "to_markdown"]
