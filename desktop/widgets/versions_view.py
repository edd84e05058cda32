"""The Versions tab: every stored version of the plan shown (number, when, what changed) and,
for the one chosen, what it changed against the version before it; any version can be made
current again."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from desktop.plan_text import plan_text


class VersionsView(QWidget):
    """Versions (newest first) beside the chosen one's diff.

    Signals:
        chosen(int): the person chose version n (the owner fetches its diff: `show_diff`).
        restore_requested(int): make version n current again.

    Attributes:
        current: the version shown in the timeline (0: none).
    """

    chosen = Signal(int)
    restore_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.current = 0
        self.list = QListWidget(self)
        self.diff = QTextBrowser(self)
        self.restore = QPushButton(self.tr("Restore this version"), self)
        self.restore.setEnabled(False)
        right = QWidget(self)
        column = QVBoxLayout(right)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.diff, 1)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.restore)
        column.addLayout(buttons)
        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.addWidget(self.list)
        split.addWidget(right)
        split.setSizes([260, 440])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(split)
        self.list.currentItemChanged.connect(self._picked)
        self.restore.clicked.connect(self._restore)

    def set_versions(self, rows: list[tuple[int, str, str]], current: int, lang: str) -> None:
        """``(version, note, created_at ISO)`` rows, oldest first; `current`: the one shown."""
        self.current = current
        chosen = self.version()
        self.list.blockSignals(True)
        self.list.clear()
        for number, note, at in reversed(rows):
            what = note or plan_text(lang, "first_version")
            mark = " ●" if number == current else ""
            item = QListWidgetItem(f"v{number}{mark}  {at[5:16].replace('T', ' ')}\n{what}")
            item.setData(Qt.ItemDataRole.UserRole, number)
            item.setToolTip(what)
            self.list.addItem(item)
        self.list.blockSignals(False)
        for row in range(self.list.count()):
            if self.list.item(row).data(Qt.ItemDataRole.UserRole) == (chosen or current):
                self.list.setCurrentRow(row)
                return

    def version(self) -> int | None:
        """The version chosen in the list, or None."""
        item = self.list.currentItem()
        return None if item is None else int(item.data(Qt.ItemDataRole.UserRole))

    def show_diff(self, version: int, title: str, lines: list[str]) -> None:
        """What `version` changed: `title` over one line per change."""
        if version != self.version():
            return  # another version was chosen meanwhile
        body = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        self.diff.setHtml(f"<p><b>{html.escape(title)}</b></p><ul>{body}</ul>")
        self.restore.setEnabled(version != self.current)

    def clear(self) -> None:
        self.current = 0
        self.list.clear()
        self.diff.clear()
        self.restore.setEnabled(False)

    def _picked(self, item: QListWidgetItem | None, _previous: QListWidgetItem | None) -> None:
        self.restore.setEnabled(False)
        if item is not None:
            self.chosen.emit(int(item.data(Qt.ItemDataRole.UserRole)))

    def _restore(self) -> None:
        version = self.version()
        if version is not None and version != self.current:
            self.restore_requested.emit(version)
