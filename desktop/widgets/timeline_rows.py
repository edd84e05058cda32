"""Where things are in the timeline: which day and step a point is on, a step's rectangle, and
where a dragged stop would land (`engine.editing` numbers stops 1-based among a day's sights,
lunches and dinners)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QTextCursor, QTextTable
from PySide6.QtWidgets import QTextEdit

__all__ = ["Drop", "Row", "drop_at", "is_stop", "row_at", "row_rect"]


def is_stop(item: Any) -> bool:
    """A sight, or a lunch or dinner at a known place: what `engine.editing` numbers."""
    kind = item.kind.value
    return kind == "attraction" or (
        kind == "meal" and item.meal in ("lunch", "dinner") and bool(item.poi_id)
    )


@dataclass(frozen=True)
class Row:
    """A timeline row: `day` (the domain Day), `row` (0: the day's header, n: its n-th step),
    `item` (the step; None for the header), `position` (1-based among the day's stops, for a
    stop), `table` (the day's table in the document)."""

    day: Any
    row: int
    item: Any  # (None for the header)
    position: int | None
    table: QTextTable

    @property
    def draggable(self) -> bool:
        """A sight can be dragged (meals and lodging change through the menu)."""
        return (
            self.item is not None
            and self.item.kind.value == "attraction"
            and bool(self.item.poi_id)
        )


@dataclass(frozen=True)
class Drop:
    """Where a dragged stop lands: `day` (1-based) and `position` (1-based among that day's
    stops once the dragged one has left its place); `line_y`: the indicator's height
    (viewport pixels)."""

    day: int
    position: int
    line_y: int


def row_at(view: QTextEdit, days: list[tuple[int, Any]], point: QPoint) -> Row | None:
    """The row under `point` (viewport coordinates). `days`: (document position where the
    day's table starts, Day), in order."""
    cursor = view.cursorForPosition(point)
    table = cursor.currentTable()
    if table is None or not days:
        return None
    start = table.firstPosition()
    day = None
    for at, candidate in days:
        if at <= start:
            day = candidate
    if day is None:
        return None
    row = table.cellAt(cursor).row()
    if row <= 0 or row > len(day.items):
        return Row(day, 0, None, None, table)
    item = day.items[row - 1]
    position = None
    if is_stop(item):
        position = sum(1 for i in day.items[:row] if is_stop(i))
    return Row(day, row, item, position, table)


def row_rect(view: QTextEdit, table: QTextTable, row: int) -> QRect:
    """Row `row` of `table` as a rectangle of the viewport (full width)."""
    column = min(1, table.columns() - 1)
    top = view.cursorRect(table.cellAt(row, column).firstCursorPosition()).top() - 2
    if row + 1 < table.rows():
        bottom = view.cursorRect(table.cellAt(row + 1, column).firstCursorPosition()).top() - 3
    else:
        bottom = view.cursorRect(QTextCursor(table.lastCursorPosition())).bottom() + 2
    return QRect(0, top, view.viewport().width(), max(1, bottom - top))


def drop_at(
    view: QTextEdit, days: list[tuple[int, Any]], point: QPoint, poi_id: str
) -> Drop | None:
    """Where the stop `poi_id` dragged to `point` lands: before the row under it (upper half)
    or after it (lower half; a day's header: first), or None off the days."""
    hit = row_at(view, days, point)
    if hit is None:
        return None
    rect = row_rect(view, hit.table, hit.row)
    after = hit.row == 0 or point.y() >= rect.center().y()
    upto = hit.row if after else hit.row - 1  # steps above the line
    others = [i for i in hit.day.items[:upto] if is_stop(i) and i.poi_id != poi_id]
    return Drop(hit.day.index, len(others) + 1, rect.bottom() if after else rect.top())
