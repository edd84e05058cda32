"""Feasibility badges: passed / failed, each failing check with what to relax."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QToolButton, QVBoxLayout, QWidget

from desktop.plan_text import plan_text


class FeasibilityBar(QWidget):
    """Shows a FeasibilityReport in the plan's language (its checks' messages are in it) on
    one line of fixed height — the badge, the first failing check (all of them in its
    tooltip) and a Details toggle — so the tabs below never move when a reminder appears;
    Details shows one line per failing check and its remedy.

    Attributes:
        badge, summary, toggle, details: the parts (details hidden until toggled).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.badge = QLabel(self)
        self.badge.setObjectName("badge")
        self.summary = QLabel(self)
        self.summary.setObjectName("hint")
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.toggle = QToolButton(self)
        self.toggle.setCheckable(True)
        self.toggle.setAutoRaise(True)
        self.toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        keep = self.toggle.sizePolicy()
        keep.setRetainSizeWhenHidden(True)  # its line is as tall with or without it
        self.toggle.setSizePolicy(keep)
        self.details = QLabel(self)
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.badge)
        row.addWidget(self.summary, 1)
        row.addWidget(self.toggle)
        layout.addLayout(row)
        layout.addWidget(self.details)
        policy = self.sizePolicy()
        policy.setRetainSizeWhenHidden(True)  # hidden (no plan yet), it keeps its line
        self.setSizePolicy(policy)
        self.toggle.toggled.connect(self._toggled)
        self._full = ""
        self.set_report(None)

    def _toggled(self, on: bool) -> None:
        self.details.setVisible(on and bool(self.details.text()))
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        width = max(self.summary.width(), 40)
        metrics = self.summary.fontMetrics()
        self.summary.setText(metrics.elidedText(self._full, Qt.TextElideMode.ElideRight, width))

    def set_report(self, report: Any | None, lang: str = "zh") -> None:
        """`report`: engine FeasibilityReport or None (not checked yet); `lang`: the plan's."""
        lines: list[str] = []
        plain: list[str] = []
        if report is None:
            self.badge.setText(plan_text(lang, "unchecked"))
            self.badge.setProperty("state", "pending")
        else:
            mark = "✗ " if report.state == "fail" else "✓ "
            self.badge.setText(mark + report.verdict(lang))
            self.badge.setProperty("state", report.state)
            for check in report.failures:
                day = plan_text(lang, "day_prefix", check.day) if check.day else ""
                line = f"<b>{html.escape(day + check.message)}</b>"
                plain.append(day + check.message)
                if check.relax:
                    line += "<br/>" + html.escape(plan_text(lang, "relax") + check.relax)
                    plain[-1] += "（" + check.relax + "）" if lang == "zh" else f" ({check.relax})"
                lines.append(f"<p style='margin:2px 0'>{line}</p>")
        self.details.setText("".join(lines))
        self._full = plain[0] if plain else ""
        self.summary.setToolTip("\n".join(plain))
        self._elide()
        self.toggle.setVisible(bool(lines))
        self.toggle.setText(plan_text(lang, "details"))
        self._toggled(self.toggle.isChecked())
        self.badge.style().unpolish(self.badge)
        self.badge.style().polish(self.badge)
