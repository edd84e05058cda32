"""Feasibility badges: passed / failed, each failing check with what to relax."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from desktop.plan_text import plan_text


class FeasibilityBar(QWidget):
    """Shows a FeasibilityReport in the plan's language (its checks' messages are in it): a
    badge, then one line per failing check and its remedy."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.badge = QLabel(self)
        self.badge.setObjectName("badge")
        self.details = QLabel(self)
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        row = QWidget(self)
        row_layout = QHBoxLayout(row)
        row_layout.setContentsMargins(0, 0, 0, 0)
        row_layout.addWidget(self.badge)
        row_layout.addStretch(1)
        layout.addWidget(row)
        layout.addWidget(self.details)
        self.set_report(None)

    def set_report(self, report: Any | None, lang: str = "zh") -> None:
        """`report`: engine FeasibilityReport or None (not checked yet); `lang`: the plan's."""
        if report is None:
            self.badge.setText(plan_text(lang, "unchecked"))
            self.badge.setProperty("state", "pending")
            self.details.hide()
        else:
            failures = list(report.failures)
            mark = "✗ " if report.state == "fail" else "✓ "
            self.badge.setText(mark + report.verdict(lang))
            self.badge.setProperty("state", report.state)
            lines = []
            for check in failures:
                day = plan_text(lang, "day_prefix", check.day) if check.day else ""
                line = f"<b>{html.escape(day + check.message)}</b>"
                if check.relax:
                    line += "<br/>" + html.escape(plan_text(lang, "relax") + check.relax)
                lines.append(f"<p style='margin:2px 0'>{line}</p>")
            self.details.setText("".join(lines))
            self.details.setVisible(bool(lines))
        self.badge.style().unpolish(self.badge)
        self.badge.style().polish(self.badge)
