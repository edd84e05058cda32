"""The itinerary panel: header, feasibility badges, timeline beside the map, and the guide."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSplitter, QTabWidget, QVBoxLayout, QWidget

from desktop.map_view import MapView
from desktop.plan_text import money, plan_text
from desktop.widgets.badges import FeasibilityBar
from desktop.widgets.edit_bar import EditBar
from desktop.widgets.guide_browser import GuideBrowser
from desktop.widgets.timeline import TimelineView
from desktop.widgets.versions_view import VersionsView

SIDE_BY_SIDE_PX = 720


class ItineraryPanel(QWidget):
    """Shows one itinerary, in its own language (the tabs and the empty state are the UI's).
    Refreshing keeps scroll positions and the current tab.

    Attributes:
        itinerary: the domain Itinerary shown, or None.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.itinerary: Any | None = None
        self.title = QLabel(self.tr("No itinerary yet"))
        self.title.setObjectName("planTitle")
        self.title.setWordWrap(True)
        self.subtitle = QLabel(
            self.tr("Describe a trip on the left, or open one from the library.")
        )
        self.subtitle.setObjectName("planSubtitle")
        self.subtitle.setWordWrap(True)
        self.feasibility = FeasibilityBar(self)
        self.timeline = TimelineView(self)
        self.map = MapView(self)
        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.addWidget(self.timeline)
        split.addWidget(self.map)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        split.setSizes([560, 440])
        split.setChildrenCollapsible(False)
        self.split = split
        self.map.stop_clicked.connect(self.timeline.select_stop)
        self.timeline.stop_clicked.connect(self.map.select_stop)
        self.map.setMinimumSize(160, 150)
        self.timeline.setMinimumSize(200, 120)
        self.guide = GuideBrowser(self)
        self.edit_bar = EditBar(self)
        self.versions = VersionsView(self)
        page = QWidget(self)
        column = QVBoxLayout(page)
        column.setContentsMargins(0, 4, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.edit_bar)
        column.addWidget(split, 1)
        self.tabs = QTabWidget(self)
        self.tabs.addTab(page, self.tr("Itinerary"))
        self.tabs.addTab(self.guide, self.tr("Guide"))
        self.tabs.addTab(self.versions, self.tr("Versions"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.setSpacing(6)
        layout.addWidget(self.title)
        layout.addWidget(self.subtitle)
        layout.addWidget(self.feasibility)
        layout.addWidget(self.tabs, 1)
        self.feasibility.setVisible(False)
        self.changeEvent(QEvent(QEvent.Type.FontChange))

    def changeEvent(self, event: QEvent) -> None:
        """Title and subtitle keep the height of a line of Chinese whatever they say, so the
        tabs do not move when the first plan (or another language) shows up."""
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            for label in (self.title, self.subtitle):
                text = label.text()
                label.setText("旅途 Ag")  # (laid out with the fallback font a CJK line takes)
                label.setMinimumHeight(label.sizeHint().height())
                label.setText(text)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Timeline beside the map when there is room for both, else the map under it (a
        timeline narrower than `SIDE_BY_SIDE_PX` / 2 wraps place names a glyph per line)."""
        super().resizeEvent(event)
        wanted = (
            Qt.Orientation.Horizontal
            if event.size().width() >= SIDE_BY_SIDE_PX
            else Qt.Orientation.Vertical
        )
        if self.split.orientation() != wanted:
            self.split.setOrientation(wanted)
            total = sum(self.split.sizes())
            self.split.setSizes([total * 11 // 20, total * 9 // 20])

    @property
    def rendering(self) -> bool:
        """True while the timeline or the map is still laying out days."""
        return self.timeline.rendering or self.map.rendering

    def show_itinerary(self, itinerary: Any) -> None:
        """Show `itinerary` (a domain Itinerary). A snapshot without a guide keeps the guide
        being streamed, so a refresh mid-job never wipes what was written so far."""
        self.itinerary = itinerary
        self.title.setText(itinerary.title)
        days = itinerary.days
        span = f"{days[0].date:%Y-%m-%d} – {days[-1].date:%Y-%m-%d}" if days else ""
        lang = itinerary.lang
        parts = [
            span,
            plan_text(lang, "days", len(days)),
            plan_text(lang, "people", itinerary.request.party.size),
            plan_text(lang, "about", x=money(itinerary.total_cost_cny)),
        ]
        if itinerary.version > 1:
            parts.append(plan_text(lang, "version", itinerary.version))
        self.subtitle.setText("  ·  ".join(parts))
        self.feasibility.set_report(itinerary.feasibility, lang)
        self.feasibility.show()
        self.timeline.set_itinerary(itinerary)
        self.map.set_itinerary(itinerary)
        if itinerary.guide:
            self.guide.set_guide(itinerary.guide)

    def append_guide(self, chunk: str) -> None:
        self.guide.append_guide(chunk)

    def set_guide(self, markdown: str) -> None:
        self.guide.set_guide(markdown)

    def reset_guide(self) -> None:
        self.guide.set_guide("")

    def clear(self) -> None:
        self.itinerary = None
        self.title.setText(self.tr("No itinerary yet"))
        self.subtitle.setText(self.tr("Describe a trip on the left, or open one from the library."))
        self.feasibility.setVisible(False)
        self.timeline.set_itinerary(None)
        self.map.set_itinerary(None)
        self.guide.set_guide("")
        self.versions.clear()
