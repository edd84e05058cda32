"""The itinerary library: search, open, duplicate, delete (with undo), export."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QStandardPaths, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QMenu,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.engine_port import EnginePort
from desktop.tasks import TaskSet
from desktop.widgets.empty import EmptyState

log = logging.getLogger(__name__)
EXPORTS = (
    ("md", "Markdown (*.md)"),
    ("pdf", "PDF (*.pdf)"),
    ("ics", "iCalendar (*.ics)"),
    ("gpx", "GPX (*.gpx)"),
)


class LibraryView(QWidget):
    """Signals:
    open_requested(int): show this itinerary in the planner.
    deleted(int, str): an itinerary (id, title) was deleted; the window offers Undo.
    status_message(str): a short message for the status bar.
    """

    open_requested = Signal(int)
    deleted = Signal(int, str)
    status_message = Signal(str)
    last_folder: Path | None = None  # the folder of the last export (offered next time)

    def __init__(self, port: EnginePort, tasks: TaskSet, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._port = port
        self._tasks = tasks
        self.search = QLineEdit(self)
        self.search.setPlaceholderText(self.tr("Search title or destination…"))
        self.search.setClearButtonEnabled(True)
        clear = QShortcut(QKeySequence("Escape"), self.search)
        clear.setContext(Qt.ShortcutContext.WidgetShortcut)
        clear.activated.connect(self.search.clear)
        self.table = QTableWidget(0, 7, self)
        self.table.setHorizontalHeaderLabels(
            [
                "#",
                self.tr("Title"),
                self.tr("Dates"),
                self.tr("Days"),
                self.tr("People"),
                self.tr("Version"),
                self.tr("Guide"),
            ]
        )
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.open_button = QPushButton(self.tr("Open"), self)
        self.duplicate_button = QPushButton(self.tr("Duplicate"), self)
        self.delete_button = QPushButton(self.tr("Delete"), self)
        self.export_button = QToolButton(self)
        self.export_button.setText(self.tr("Export"))
        self.export_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.export_button)
        for fmt, label in EXPORTS:
            action = menu.addAction(label.split(" (")[0])
            action.triggered.connect(self._exporter(fmt))
        self.export_button.setMenu(menu)
        buttons = QHBoxLayout()
        for button in (
            self.open_button,
            self.duplicate_button,
            self.delete_button,
            self.export_button,
        ):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.search)
        self.shown = EmptyState(self.table, self)
        layout.addWidget(self.shown, 1)
        layout.addLayout(buttons)
        self._debounce = QTimer(self, singleShot=True, interval=250)
        self._debounce.timeout.connect(self.refresh)
        self.search.textChanged.connect(self._debounce.start)
        self.table.itemDoubleClicked.connect(lambda _item: self.open_selected())
        self.open_button.clicked.connect(self.open_selected)
        self.duplicate_button.clicked.connect(self.duplicate_selected)
        self.delete_button.clicked.connect(self.delete_selected)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.ids: list[int] = []
        self._known: set[int] | None = None  # ids listed so far (None: not listed yet)
        self._dialog: QFileDialog | None = None
        self._update_buttons()

    def refresh(self) -> None:
        self._tasks.spawn(self._refresh(), name="library-refresh")

    async def _refresh(self) -> None:
        search = self.search.text().strip()
        rows = await self._port.list_itineraries(search)
        selected = self.selected_id()
        new = [row.id for row in rows if self._known is not None and row.id not in self._known]
        if not search:
            self._known = {row.id for row in rows} | (self._known or set())
        if new:  # a plan made since the last look: show it
            selected = new[0]
        self.table.setRowCount(len(rows))
        self.ids = [row.id for row in rows]
        for r, row in enumerate(rows):
            values = [f"#{row.id}", row.title, _dates(row.start_date, row.end_date),
                      str(row.days), str(row.people), f"v{row.version}",
                      "✓" if row.has_guide else self.tr("writing…")]  # fmt: skip
            for c, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setData(Qt.ItemDataRole.UserRole, row.id)
                self.table.setItem(r, c, item)
            if row.id == selected:
                self.table.selectRow(r)
        if self.table.currentRow() < 0 and rows:
            self.table.selectRow(0)
        self.shown.set_empty(
            not rows,
            self.tr("Nothing matches “%1”.").replace("%1", search)
            if search
            else self.tr("No itineraries yet. Describe a trip in the Planner to make one."),
        )
        self._update_buttons()

    def _update_buttons(self) -> None:
        chosen = self.selected_id() is not None
        for button in (
            self.open_button,
            self.duplicate_button,
            self.delete_button,
            self.export_button,
        ):
            button.setEnabled(chosen)

    def selected_id(self) -> int | None:
        row = self.table.currentRow()
        return self.ids[row] if 0 <= row < len(self.ids) else None

    def open_selected(self) -> None:
        if (itinerary_id := self.selected_id()) is not None:
            self.open_requested.emit(itinerary_id)

    def duplicate_selected(self) -> None:
        if (itinerary_id := self.selected_id()) is not None:
            self._tasks.spawn(self._duplicate(itinerary_id), name="duplicate")

    async def _duplicate(self, itinerary_id: int) -> None:
        new_id = await self._port.duplicate(itinerary_id)
        self.status_message.emit(self.tr("Duplicated as #%1").replace("%1", str(new_id)))
        await self._refresh()

    def delete_selected(self) -> None:
        row = self.table.currentRow()
        if (itinerary_id := self.selected_id()) is not None:
            cell = self.table.item(row, 1)
            title = cell.text() if cell is not None else ""
            self._tasks.spawn(self._delete(itinerary_id, title), name="delete")

    async def _delete(self, itinerary_id: int, title: str) -> None:
        await self._port.delete(itinerary_id)
        await self._refresh()
        self.deleted.emit(itinerary_id, title)

    def undo_delete(self, itinerary_id: int) -> None:
        self._tasks.spawn(self._undelete(itinerary_id), name="undelete")

    async def _undelete(self, itinerary_id: int) -> None:
        await self._port.undelete(itinerary_id)
        await self._refresh()
        self.status_message.emit(self.tr("Restored"))

    def selected_title(self) -> str:
        cell = self.table.item(self.table.currentRow(), 1)
        return cell.text() if cell is not None else ""

    def _exporter(self, fmt: str) -> Callable[[], None]:
        def export() -> None:
            self.export_selected(fmt)

        return export

    def export_selected(self, fmt: str, path: Path | None = None) -> None:
        """Ask where to save (a non-modal dialog: open() + fileSelected), then write."""
        itinerary_id = self.selected_id()
        if itinerary_id is None:
            return
        if path is not None:
            self._tasks.spawn(self._export(itinerary_id, fmt, path), name="export")
            return
        label = dict(EXPORTS)[fmt]
        suggested = export_folder() / f"{file_name(self.selected_title(), itinerary_id)}.{fmt}"
        dialog = QFileDialog(self, self.tr("Export"), str(suggested), label)
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setDefaultSuffix(fmt)
        dialog.fileSelected.connect(
            lambda chosen: self._tasks.spawn(
                self._export(itinerary_id, fmt, Path(chosen)), name="export"
            )
        )
        self._dialog = dialog
        dialog.open()

    async def _export(self, itinerary_id: int, fmt: str, path: Path) -> None:
        try:
            if fmt == "pdf":
                from desktop.export_pdf import pdf_bytes_off_thread

                # laid out and printed on a worker thread (QTextDocument, QPdfWriter and
                # QPainter on QImage only): it held the GUI thread 290-410 ms
                itinerary = await self._port.load_itinerary(itinerary_id)
                data = await pdf_bytes_off_thread(itinerary)
            else:
                data = await self._port.export_bytes(itinerary_id, fmt)
            await self._port.write_file(path, data)
        except OSError as exc:
            self.status_message.emit(self.tr("Could not export: %1").replace("%1", str(exc)))
            return
        LibraryView.last_folder = path.parent
        self.status_message.emit(self.tr("Exported to %1").replace("%1", str(path)))


def _dates(start: str | None, end: str | None) -> str:
    """「2026-12-05 – 12-06」 (the end's year only when it differs); '' without dates."""
    if not start:
        return ""
    if not end or end == start:
        return start
    return f"{start} – {end[5:] if end[:4] == start[:4] else end}"


_UNSAFE = re.compile(r'[\\/:*?"<>|\x00-\x1f]+')


def file_name(title: str, itinerary_id: int) -> str:
    """A file name (no extension) for an export of the plan `title`: the title with the
    characters file systems refuse replaced (「上海出发·黄山2日游」 stays as it is), or
    ``lvtu-<id>`` without a title."""
    name = _UNSAFE.sub("-", title).strip(" .-")
    return name[:80] or f"lvtu-{itinerary_id}"


def export_folder() -> Path:
    """Where exports are offered: the folder of the last export this session, else the
    user's Documents folder (QStandardPaths), else home."""
    if LibraryView.last_folder is not None and LibraryView.last_folder.is_dir():
        return LibraryView.last_folder
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(documents) if documents and Path(documents).is_dir() else Path.home()
