"""The day-by-day timeline: times, places, transit legs with mode icons, costs.

One QTextBrowser with an HTML table per day (mode icons are document image resources),
appended one day per event-loop turn, each in one edit block: about 2 ms a day, where one
`setHtml` of a 7-day plan took 80-115 ms and a widget per cell ~150 ms on the GUI thread
(bench/ui_responsiveness.py).
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QEvent, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QPalette, QTextCursor, QTextDocument, QTextFormat
from PySide6.QtWidgets import QFrame, QTextBrowser, QTextEdit, QWidget

from desktop.plan_text import day_date, distance, mode_name, money, plan_text
from desktop.widgets.icons import day_colour, glyph_icon
from engine import time_span

__all__ = ["TimelineView", "money"]

LEG_KINDS = ("transit", "intercity")
STOP_KINDS = ("attraction", "meal", "lodging")
ICON_PX = 18


class TimelineView(QTextBrowser):
    """Shows an itinerary's days in its own language (``itinerary.lang``). A refresh with the
    same days changes nothing (the reader's scroll position stays); new days keep the scroll
    position as far as the text allows.

    Days are laid out one per event-loop turn, so a long plan never stalls the window.

    A stop's number (as on the map) is a link: clicking it selects the row and says which
    stop (`stop_clicked`); `select_stop` highlights a row from the map.

    Signals:
        rendered(): every day of the itinerary set last is shown.
        stop_clicked(int, int): the person clicked stop (day, number).

    Attributes:
        row_count: steps shown so far (items over the days rendered).
    """

    rendered = Signal()
    stop_clicked = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setOpenLinks(False)
        self.selected: tuple[int, int] | None = None
        self.anchorClicked.connect(self._anchor)
        self.row_count = 0
        self._itinerary: Any | None = None
        self._key: Any = None
        self._pending: list[Any] = []
        self._position = 0
        self._grey = ""
        self._lang = "zh"
        self._next = QTimer(self, singleShot=True, interval=0)
        self._next.timeout.connect(self._render_next)

    @property
    def rendering(self) -> bool:
        """True while days are still being added."""
        return bool(self._pending)

    def loadResource(self, kind: int, url: QUrl | str) -> Any:
        return None  # icons are added as resources; nothing else is ever loaded

    def set_itinerary(self, itinerary: Any | None) -> None:
        key = (itinerary.days, itinerary.lang) if itinerary is not None else None
        if key == self._key:
            return
        self._key = key
        self._itinerary = itinerary
        if not self._pending:  # (a refresh mid-render keeps the position saved at its start)
            self._position = self.verticalScrollBar().value()
        self.row_count = 0
        self.document().clear()
        self._grey = self.palette().color(QPalette.ColorRole.PlaceholderText).name()
        self._pending = list(itinerary.days) if itinerary is not None else []
        self._lang = itinerary.lang if itinerary is not None else "zh"
        if self._pending:
            # the scroll bar shown from the start: appearing once the days overflow, it made
            # the whole document lay out again at the new width (a 24 ms turn, not 9)
            self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
            self._next.start()
        else:
            self._next.stop()
            self._rendered()

    def _rendered(self) -> None:
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.rendered.emit()

    def _anchor(self, url: QUrl) -> None:
        if url.scheme() != "stop":
            return
        day, number = (int(n) for n in url.path().split("."))
        self.select_stop(day, number)
        self.stop_clicked.emit(day, number)

    def select_stop(self, day: int, number: int) -> None:
        """Highlight stop (day, number)'s row and scroll it into view."""
        found = self._link(f"stop:{day}.{number}")
        if found is None:
            return
        self.selected = (day, number)
        selection = QTextEdit.ExtraSelection()
        selection.format.setBackground(self.palette().highlight().color().lighter(170)
                                       if self.palette().base().color().lightness() > 127
                                       else self.palette().highlight().color().darker(160))  # fmt: skip
        selection.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
        row = QTextCursor(found)
        row.clearSelection()
        selection.cursor = row
        self.setExtraSelections([selection])
        self._show(row)

    def _link(self, href: str) -> QTextCursor | None:
        """A cursor at the link `href` (a stop's number), or None."""
        block = self.document().begin()
        while block.isValid():
            it = block.begin()
            while not it.atEnd():
                fragment = it.fragment()
                if fragment.isValid() and fragment.charFormat().anchorHref() == href:
                    cursor = QTextCursor(self.document())
                    cursor.setPosition(fragment.position())
                    return cursor
                it += 1
            block = block.next()
        return None

    def _show(self, cursor: QTextCursor) -> None:
        rect = self.cursorRect(cursor)
        bar = self.verticalScrollBar()
        if rect.top() < 0 or rect.bottom() > self.viewport().height():
            bar.setValue(bar.value() + rect.top() - self.viewport().height() // 3)

    def changeEvent(self, event: QEvent) -> None:
        """A new palette (a live theme switch): lay the days out again in its colours."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self._itinerary is not None:
            self._key = None
            self.set_itinerary(self._itinerary)

    def _render_next(self) -> None:
        """Make one icon the next day lacks, or append that day (one edit block: one layout),
        then come back next turn: each turn of the GUI thread stays short
        (bench/ui_responsiveness.py)."""
        if not self._pending:
            return
        document = self.document()
        if self._add_icon(document, self._pending[0]):
            self._next.start()
            return
        day = self._pending.pop(0)
        cursor = QTextCursor(document)
        cursor.movePosition(QTextCursor.MoveOperation.End)
        cursor.beginEditBlock()
        cursor.insertHtml(self._day(document, day, self._grey))
        cursor.endEditBlock()
        self.setTextCursor(QTextCursor(document))  # not carried to the end by the insertion
        bar = self.verticalScrollBar()
        bar.setValue(min(self._position, bar.maximum()))
        if self._pending:
            self._next.start()
        else:
            self._rendered()

    def _icon_url(self, item: Any) -> tuple[str, QUrl]:
        """(the icon's key, its resource URL) for `item`'s row."""
        leg = item.kind.value in LEG_KINDS
        key = item.mode.value if (leg and item.mode) else item.kind.value
        return key, QUrl(f"lvtu-icon:{self._lang}-{key}")

    def _add_icon(self, document: QTextDocument, day: Any) -> bool:
        """Add the first icon `day` needs that `document` lacks; False when it has them all."""
        for item in day.items:
            key, url = self._icon_url(item)
            if document.resource(QTextDocument.ResourceType.ImageResource, url) is None:
                image = glyph_icon(key, self._lang).pixmap(ICON_PX, ICON_PX).toImage()
                document.addResource(QTextDocument.ResourceType.ImageResource, url, image)
                return True
        return False

    def _day(self, document: QTextDocument, day: Any, grey: str) -> str:
        colour = day_colour(day.index).name()
        lang = self._lang
        title = plan_text(lang, "day", day.index) + " · " + day_date(day.date, lang)
        rows = [
            f"<tr><td bgcolor='{colour}' width='4'></td>"
            f"<td colspan='3' style='padding:6px 4px 2px 4px'>"
            f"<span style='font-size:large; font-weight:600; color:{colour}'>{html.escape(title)}"
            f"</span></td><td align='right' style='padding:6px 4px 2px 4px'>"
            f"<b>{money(day.cost_cny)}</b></td></tr>"
        ]
        number = 0
        for item in day.items:
            stop = ""
            if item.kind.value in STOP_KINDS and item.lat is not None and item.lon is not None:
                number += 1  # numbered as on the map
                stop = f"{day.index}.{number}"
            rows.append(self._row(document, item, colour, grey, stop))
        return (
            "<table width='100%' cellspacing='0' cellpadding='2' "
            "style='margin-bottom:12px'>" + "".join(rows) + "</table>"
        )

    def _row(self, document: QTextDocument, item: Any, colour: str, grey: str, stop: str) -> str:
        self.row_count += 1
        leg = item.kind.value in LEG_KINDS
        key, url = self._icon_url(item)  # (its image added by `_add_icon`)
        lang = self._lang
        span = time_span(item, lang, self._pending[0] if self._pending else None)
        name = html.escape(item.name)
        if leg:
            label = mode_name(key, lang)
            # "打车前往…" / "Walk to …" name their mode already; "A → B" does not
            details = [] if label.lower() in item.name.lower() else [label]
            details += [distance(item.distance_m, lang)] if item.distance_m else []
            # (a distance never breaks between its number and its unit)
            nowrap = [f"<span style='white-space:nowrap'>{html.escape(d)}</span>" for d in details]
            name = " · ".join([name, *nowrap])
            name = f"<span style='color:{grey}'>{name}</span>"
            time = f"<span style='color:{grey}'>{span}</span>"
        else:
            number = (
                f"<a href='stop:{stop}' style='color:{grey}; text-decoration:none'>"
                f"{stop}</a>&nbsp; "
                if stop
                else ""
            )
            name = f"{number}<b>{name}</b>"
            time = span
        cost = money(item.cost_cny) if item.cost_cny else ""
        return (
            f"<tr><td bgcolor='{colour}' width='4'></td>"
            f"<td width='96' style='font-family:monospace'>{time}</td>"
            f"<td width='24'><img src='{url.toString()}' width='{ICON_PX}' height='{ICON_PX}'/></td>"
            f"<td>{name}</td>"
            f"<td align='right' style='color:{grey}'>{cost}</td></tr>"
        )
