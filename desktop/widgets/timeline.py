"""The day-by-day timeline: times, places, transit legs with mode icons, costs."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QLocale, Qt, QTimer
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from desktop.widgets.icons import day_colour, glyph_icon, mode_label

LEG_KINDS = ("transit", "intercity")


def money(value: float) -> str:
    """CNY with no decimals: ``¥1,780``."""
    return "¥" + QLocale(QLocale.Language.English).toString(round(value))


def distance(metres: int | None) -> str:
    if not metres:
        return ""
    return f"{metres / 1000:.1f} km" if metres >= 1000 else f"{metres} m"


def day_date(date: Any) -> str:
    """「12月5日 周六」 in Chinese, "Sat 5 Dec" otherwise (the default QLocale)."""
    locale = QLocale()
    chinese = locale.language() == QLocale.Language.Chinese
    return locale.toString(date, "M月d日 ddd" if chinese else "ddd d MMM")


class TimelineView(QScrollArea):
    """Scrollable list of days; `set_itinerary` rebuilds it and keeps the scroll position."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self._body = QWidget()
        self._layout = QVBoxLayout(self._body)
        self._layout.setContentsMargins(4, 4, 4, 4)
        self._layout.setSpacing(10)
        self._layout.addStretch(1)
        self.setWidget(self._body)
        self.row_count = 0
        self._key: Any = None

    def set_itinerary(self, itinerary: Any | None) -> None:
        """Show the days of `itinerary`; unchanged days (e.g. only the guide was written) keep
        the widgets as they are, and a rebuild restores the scroll position once laid out."""
        key = itinerary.days if itinerary is not None else None
        if key == self._key:
            return
        self._key = key
        bar = self.verticalScrollBar()
        position = bar.value()
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 8, 4)
        layout.setSpacing(12)
        self.row_count = 0
        if itinerary is not None:
            for day in itinerary.days:
                layout.addWidget(self._day(day))
        layout.addStretch(1)
        self._body = body
        self.setWidget(body)
        QTimer.singleShot(0, self, lambda: bar.setValue(position))  # after the new layout

    def _day(self, day: Any) -> QWidget:
        frame = QFrame()
        frame.setObjectName("dayCard")
        colour = day_colour(day.index).name()
        frame.setStyleSheet(f"#dayCard {{ border-left: 4px solid {colour}; }}")
        grid = QGridLayout(frame)
        grid.setContentsMargins(10, 6, 8, 8)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(3)
        title = QLabel(
            self.tr("Day %1").replace("%1", str(day.index)) + "  ·  " + day_date(day.date)
        )
        title.setObjectName("dayTitle")
        title.setStyleSheet(f"color: {colour};")
        total = QLabel(money(day.cost_cny))
        total.setObjectName("dayTotal")
        grid.addWidget(title, 0, 0, 1, 3)
        grid.addWidget(total, 0, 3, Qt.AlignmentFlag.AlignRight)
        for row, item in enumerate(day.items, start=1):
            self._item(grid, row, item)
        grid.setColumnStretch(2, 1)
        return frame

    def _item(self, grid: QGridLayout, row: int, item: Any) -> None:
        self.row_count += 1
        leg = item.kind.value in LEG_KINDS
        key = item.mode.value if (leg and item.mode) else item.kind.value
        span = f"{item.start:%H:%M}" + ("" if item.end == item.start else f"–{item.end:%H:%M}")
        time = QLabel(span)
        time.setObjectName("legTime" if leg else "stopTime")
        icon = QLabel()
        icon.setPixmap(glyph_icon(key).pixmap(20, 20))
        icon.setToolTip(mode_label(key))
        name = QLabel(item.name)
        name.setObjectName("leg" if leg else "stop")
        name.setWordWrap(True)
        details = [mode_label(key)] if leg else []
        if leg and item.distance_m:
            details.append(distance(item.distance_m))
        if item.note and not leg:
            details.append(item.note)
        if details:
            name.setToolTip(" · ".join(details))
            if leg:
                name.setText(f"{item.name}  <span style='color:gray'>{' · '.join(details)}</span>")
        cost = QLabel(money(item.cost_cny) if item.cost_cny else "")
        cost.setObjectName("cost")
        grid.addWidget(time, row, 0, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(icon, row, 1, Qt.AlignmentFlag.AlignTop)
        grid.addWidget(name, row, 2)
        grid.addWidget(cost, row, 3, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
