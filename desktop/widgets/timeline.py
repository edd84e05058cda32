"""The day-by-day timeline: times, places, transit legs with mode icons, costs.

One QTextBrowser with an HTML table per day (mode icons are document image resources),
appended one day per event-loop turn, each in one edit block, where one `setHtml` of a 7-day
plan took 80-115 ms and a widget per cell ~150 ms on the GUI thread
(bench/ui_responsiveness.py). A day takes three turns of its own: its HTML, the HTML parsed
into a `QTextDocumentFragment`, then the fragment inserted and laid out — `insertHtml` did the
last two in one turn, 5-7 ms of the GUI thread's CPU a day (4-5 without the parsing).
"""

from __future__ import annotations

import datetime as dt
import html
from typing import Any

from PySide6.QtCore import QEvent, QPoint, QRect, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import (
    QContextMenuEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QTextCursor,
    QTextDocument,
    QTextDocumentFragment,
    QTextFormat,
)
from PySide6.QtWidgets import QApplication, QFrame, QLabel, QMenu, QTextBrowser, QTextEdit, QWidget

from desktop.plan_text import day_date, distance, mode_name, money, plan_text
from desktop.widgets.icons import day_colour, glyph_icon
from desktop.widgets.stop_menu import StopTimeDialog, stop_menu
from desktop.widgets.timeline_rows import Drop, Row, drop_at, row_at, row_rect
from engine import time_span
from engine.editing import Edit, MoveStop

__all__ = ["TimelineView", "money"]

LEG_KINDS = ("transit", "intercity")
STOP_KINDS = ("attraction", "meal", "lodging")
#: How long the pointer rests on a drop place before its times are asked for, ms.
PREVIEW_REST_MS = 250
ICON_PX = 18
UNDO_KEYS = (Qt.KeyboardModifier.ControlModifier | Qt.Key.Key_Z).toCombined()
REDO_KEYS = (
    Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier | Qt.Key.Key_Z
).toCombined()


class TimelineView(QTextBrowser):
    """Shows an itinerary's days in its own language (``itinerary.lang``). A refresh with the
    same days changes nothing (the reader's scroll position stays); new days keep the scroll
    position as far as the text allows.

    Days are laid out one per event-loop turn, so a long plan never stalls the window.

    A stop's number (as on the map) is a link: clicking it selects the row and says which
    stop (`stop_clicked`); `select_stop` highlights a row from the map.

    Editing (`edit_requested`, an `engine.editing` operation): a sight's row can be dragged
    within its day or to another day (a line shows where it lands; dropped, it is a
    `MoveStop`); the context menu removes, locks, re-times a stop or regenerates the day.

    Signals:
        rendered(): every day of the itinerary set last is shown.
        stop_clicked(int, int): the person clicked stop (day, number).
        edit_requested(object): an `engine.editing` operation the person asked for.
        preview_requested(object): a `MoveStop` the pointer has rested on while dragging (the
            host answers with `show_preview`: the stop's new times, or why it cannot go there).

    Attributes:
        row_count: steps shown so far (items over the days rendered).
        menu: the context menu last opened (None before). time_dialog: the set-time dialog
            last opened (None before).
        dragging: the row being dragged (None when not dragging).
        preview: the drag's label text (where the stop lands; its times or why not, once
            the host has answered), "" when not dragging.
    """

    rendered = Signal()
    stop_clicked = Signal(int, int)
    edit_requested = Signal(object)
    preview_requested = Signal(object)

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
        # the first pending day's table, made a turn before: its HTML, then parsed
        self._html: str | None = None
        self._fragment: QTextDocumentFragment | None = None
        self._position = 0
        self._grey = ""
        self._lang = "zh"
        self._next = QTimer(self, singleShot=True, interval=0)
        self._next.timeout.connect(self._render_next)
        self._days: list[tuple[int, Any]] = []  # (document position of its table, Day)
        self.menu: QMenu | None = None
        self.time_dialog: StopTimeDialog | None = None
        #: Where one can stay, by destination id: ``(poi id, label)`` (the lodging swap's list).
        self.lodgings: dict[str, list[tuple[str, str]]] = {}
        self._press: tuple[Row, QPoint] | None = None
        self.dragging: Row | None = None
        self._drop: Drop | None = None
        self._ghost = QLabel(self.viewport())
        self._ghost.setObjectName("dragGhost")
        self._ghost.setStyleSheet("background: palette(highlight); color: palette(highlighted-text);"
                                  " padding: 2px 6px; border-radius: 3px")  # fmt: skip
        self._ghost.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self._ghost.hide()
        self.preview = ""
        self._previewing: MoveStop | None = None  # the move the label is about
        self._rest = QTimer(self, singleShot=True, interval=PREVIEW_REST_MS)
        self._rest.timeout.connect(self._ask_preview)
        # (builds QDate's and QTimeZone's enums now, not in the first plan's first day: ~3 ms)
        day_date(dt.date(2026, 1, 1), "zh")

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
        self._html, self._fragment = None, None
        self._days = []
        self._cancel_drag()
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
        """Make one icon the next day lacks, its HTML, its parsed fragment, or append that
        day (one edit block: one layout) — one of these a call — then come back next turn:
        each turn of the GUI thread stays short (bench/ui_responsiveness.py)."""
        if not self._pending:
            return
        document = self.document()
        if self._add_icon(document, self._pending[0]):
            self._next.start()
            return
        if self._html is None and self._fragment is None:  # (a third of the day's time)
            following = self._pending[1] if len(self._pending) > 1 else None
            self._html = self._day(self._pending[0], self._grey, following)
            self._next.start()
            return
        if self._fragment is None:  # parsed as insertHtml does (the icons' sizes from here)
            assert self._html is not None
            self._fragment = QTextDocumentFragment.fromHtml(self._html, document)
            self._html = None
            self._next.start()
            return
        day, fragment, self._fragment = self._pending.pop(0), self._fragment, None
        cursor = QTextCursor(document)
        cursor.movePosition(QTextCursor.MoveOperation.End)
        self._days.append((cursor.position(), day))
        self._append(cursor, fragment)
        self.row_count += len(day.items)
        if self.textCursor().position():  # (carried to the end by the insertion: back)
            self.setTextCursor(QTextCursor(document))  # (each time: a repaint of the view)
        bar = self.verticalScrollBar()
        bar.setValue(min(self._position, bar.maximum()))
        if self._pending:
            self._next.start()
        else:
            self._rendered()

    def _append(self, cursor: QTextCursor, fragment: QTextDocumentFragment) -> None:
        """Insert `fragment` (a day's table) at `cursor`, the document's end, in one edit
        block, and repaint only what of it is in view. The document's layout asks its view
        for a whole repaint after each insertion (its update rectangle is left open), so
        every day added below the fold repainted the days in view: 2-6 ms of the GUI thread
        per day (bench/gui_thread_profile.py). Its signals are held while the table goes
        in; then the view learns the new size (its scroll bar) and repaints the table's
        rectangle where it is visible."""
        layout = self.document().documentLayout()
        start = cursor.position()
        layout.blockSignals(True)
        try:
            cursor.beginEditBlock()
            cursor.insertFragment(fragment)
            cursor.endEditBlock()
        finally:
            layout.blockSignals(False)
        layout.documentSizeChanged.emit(layout.documentSize())
        at = QTextCursor(self.document())
        at.setPosition(start + 1)
        table = at.currentTable()
        if table is None:  # (not a day's table: everything)
            self.viewport().update()
            return
        shown = layout.frameBoundingRect(table).translated(
            -self.horizontalScrollBar().value(), -self.verticalScrollBar().value()
        )
        self.viewport().update(shown.toAlignedRect().adjusted(-2, -2, 2, 2))

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

    def _day(self, day: Any, grey: str, following: Any) -> str:
        """The HTML table of `day` (`following`: the next day, for an overnight leg's end)."""
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
            rows.append(self._row(item, colour, grey, stop, following))
        return (
            "<table width='100%' cellspacing='0' cellpadding='2' "
            "style='margin-bottom:12px'>" + "".join(rows) + "</table>"
        )

    def _row(self, item: Any, colour: str, grey: str, stop: str, following: Any) -> str:
        leg = item.kind.value in LEG_KINDS
        key, url = self._icon_url(item)  # (its image added by `_add_icon`)
        lang = self._lang
        span = time_span(item, lang, following)
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
            name = f"{number}<b>{name}</b>" + (" 🔒" if item.locked else "")
            time = span
        cost = money(item.cost_cny) if item.cost_cny else ""
        return (
            f"<tr><td bgcolor='{colour}' width='4'></td>"
            f"<td width='96' style='font-family:monospace'>{time}</td>"
            f"<td width='24'><img src='{url.toString()}' width='{ICON_PX}' height='{ICON_PX}'/></td>"
            f"<td>{name}</td>"
            f"<td align='right' style='color:{grey}'>{cost}</td></tr>"
        )

    # -- editing ---------------------------------------------------------------------------------

    def row_at(self, point: QPoint) -> Row | None:
        """The row under `point` (viewport coordinates), or None."""
        return row_at(self, self._days, point)

    def stop_rect(self, day: int, poi_id: str) -> QRect | None:
        """The row of stop `poi_id` on day `day`, in viewport coordinates (None: not shown)."""
        for _at, shown in self._days:
            if shown.index != day:
                continue
            for row in range(1, len(shown.items) + 1):
                item = shown.items[row - 1]
                if item.poi_id == poi_id and item.kind.value in STOP_KINDS:  # (not a leg to it)
                    point = self.cursorRect(self._table_cell(shown, row)).center()
                    hit = self.row_at(point)
                    if hit is not None:
                        return row_rect(self, hit.table, hit.row)
        return None

    def _table_cell(self, day: Any, row: int) -> QTextCursor:
        at = next(a for a, d in self._days if d is day)
        cursor = QTextCursor(self.document())
        cursor.setPosition(at + 1)
        table = cursor.currentTable()
        return table.cellAt(row, 1).firstCursorPosition() if table else cursor

    def event(self, event: QEvent) -> bool:
        """Ctrl+Z / Ctrl+Shift+Z are the plan's undo and redo (the Planner's shortcuts), not
        the read-only text's."""
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            keys = event.keyCombination().toCombined()
            if keys in (UNDO_KEYS, REDO_KEYS):
                event.ignore()
                return False
        return super().event(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        point = event.position().toPoint()
        hit = self.row_at(point) if event.button() == Qt.MouseButton.LeftButton else None
        self._press = (hit, point) if hit is not None and hit.draggable else None
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        point = event.position().toPoint()
        if self._press is not None and self.dragging is None:
            if (point - self._press[1]).manhattanLength() >= QApplication.startDragDistance():
                self._start_drag(self._press[0])
        if self.dragging is None:
            super().mouseMoveEvent(event)
            return
        drop = drop_at(self, self._days, point, self.dragging.item.poi_id)
        if (drop and (drop.day, drop.position)) != (
            self._drop and (self._drop.day, self._drop.position)
        ):
            self._landing(drop)
        self._drop = drop
        self._place_ghost(point)
        self.viewport().update()
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._press = None
        if self.dragging is None:
            super().mouseReleaseEvent(event)
            return
        source, drop = (
            self.dragging,
            drop_at(self, self._days, event.position().toPoint(), self.dragging.item.poi_id),
        )
        self._cancel_drag()
        event.accept()
        if drop is None or (drop.day, drop.position) == (source.day.index, source.position):
            return  # dropped off the days, or where it was
        self.edit_requested.emit(
            MoveStop(stop=source.item.poi_id, day=drop.day, position=drop.position)
        )

    def _start_drag(self, row: Row) -> None:
        self.dragging = row
        self._set_ghost(f"↕ {row.item.name}")
        self._ghost.show()
        self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)

    def _landing(self, drop: Drop | None) -> None:
        """The label says where the stop would land; resting there asks for its times."""
        assert self.dragging is not None
        row = self.dragging
        self._rest.stop()
        self._previewing = None
        if drop is None or (drop.day, drop.position) == (row.day.index, row.position):
            self._set_ghost(f"↕ {row.item.name}")
            return
        where = plan_text(self._lang, "landing", drop.day, str(drop.position))
        self._set_ghost(f"↕ {row.item.name} → {where}")
        self._previewing = MoveStop(stop=row.item.poi_id, day=drop.day, position=drop.position)
        self._rest.start()

    def _ask_preview(self) -> None:
        if self.dragging is not None and self._previewing is not None:
            self.preview_requested.emit(self._previewing)

    def show_preview(self, move: MoveStop, text: str, fits: bool) -> None:
        """The host's answer for `move`: the stop's new times (`fits`), or why it cannot go
        there; shown under the label while the pointer is still there."""
        if self.dragging is None or move != self._previewing:
            return  # the pointer has moved on
        first = self.preview.split("\n", 1)[0]
        self._set_ghost(f"{first}\n{'' if fits else '✕ '}{text}", error=not fits)

    def _set_ghost(self, text: str, *, error: bool = False) -> None:
        self.preview = text
        self._ghost.setProperty("refused", error)
        colours = (
            ("#c0392b", "white") if error else ("palette(highlight)", "palette(highlighted-text)")
        )
        self._ghost.setStyleSheet(f"background: {colours[0]}; color: {colours[1]};"
                                  " padding: 2px 6px; border-radius: 3px")  # fmt: skip
        self._ghost.setMaximumWidth(max(240, self.viewport().width() - 24))
        self._ghost.setWordWrap(len(text) > 60)
        self._ghost.setText(text)
        self._ghost.adjustSize()
        self._place_ghost(self._ghost.pos() - QPoint(12, 8))

    def _place_ghost(self, point: QPoint) -> None:
        """The drag's label beside the pointer, kept inside the viewport."""
        area = self.viewport().rect()
        x = min(point.x() + 12, area.right() - self._ghost.width() - 4)
        y = min(point.y() + 8, area.bottom() - self._ghost.height() - 4)
        self._ghost.move(max(4, x), max(4, y))

    def _cancel_drag(self) -> None:
        self.dragging = self._drop = None
        self._press = None
        self._rest.stop()
        self._previewing = None
        self.preview = ""
        self._ghost.hide()
        self.viewport().unsetCursor()
        self.viewport().update()

    def paintEvent(self, event: QPaintEvent) -> None:
        """The text, and while a stop is dragged the line where it would land."""
        super().paintEvent(event)
        if self.dragging is None or self._drop is None:
            return
        painter = QPainter(self.viewport())
        pen = QPen(self.palette().highlight().color(), 3)
        painter.setPen(pen)
        y = self._drop.line_y
        painter.drawLine(8, y, self.viewport().width() - 8, y)
        painter.end()

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """Remove, lock, set the time of the stop under the pointer; regenerate its day."""
        hit = self.row_at(event.pos())  # (delivered from the viewport: its coordinates)
        if hit is None:
            return
        lodgings = self.lodgings.get(hit.day.destination, [])
        self.menu = stop_menu(
            self, hit, self.edit_requested.emit, self._dialog_opened, lodgings=lodgings
        )
        self.menu.popup(event.globalPos())

    def _dialog_opened(self, dialog: StopTimeDialog) -> None:
        self.time_dialog = dialog

    def request_edit(self, edit: Edit) -> None:
        """Ask for `edit` (as the menu does)."""
        self.edit_requested.emit(edit)
