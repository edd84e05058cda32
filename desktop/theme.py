"""Light and dark themes: Fusion style, a QPalette, and QSS from resources/qss."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from engine import resources_dir


def is_dark(mode: str) -> bool:
    """`mode`: ``system`` (follows the OS colour scheme), ``light`` or ``dark``."""
    if mode == "system":
        hints = QGuiApplication.styleHints()
        return hints.colorScheme() == Qt.ColorScheme.Dark
    return mode == "dark"


def dark_palette() -> QPalette:
    palette = QPalette()
    roles = {
        QPalette.ColorRole.Window: "#202124",
        QPalette.ColorRole.WindowText: "#e8eaed",
        QPalette.ColorRole.Base: "#17181a",
        QPalette.ColorRole.AlternateBase: "#26282b",
        QPalette.ColorRole.ToolTipBase: "#2d2f31",
        QPalette.ColorRole.ToolTipText: "#e8eaed",
        QPalette.ColorRole.Text: "#e8eaed",
        QPalette.ColorRole.Button: "#2d2f31",
        QPalette.ColorRole.ButtonText: "#e8eaed",
        QPalette.ColorRole.BrightText: "#ff6b6b",
        QPalette.ColorRole.Link: "#8ab4f8",
        QPalette.ColorRole.Highlight: "#3d6fb4",
        QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.PlaceholderText: "#9aa0a6",
    }
    for role, colour in roles.items():
        palette.setColor(role, QColor(colour))
    for role in (
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
        QPalette.ColorRole.WindowText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#6f7377"))
    return palette


def apply_theme(app: QApplication, mode: str) -> bool:
    """Apply `mode`; returns whether the dark theme is on."""
    dark = is_dark(mode)
    app.setStyle("Fusion")
    app.setPalette(dark_palette() if dark else app.style().standardPalette())
    qss_dir = resources_dir() / "qss"
    sheets = [qss_dir / "base.qss"] + ([qss_dir / "dark.qss"] if dark else [])
    app.setStyleSheet("\n".join(p.read_text(encoding="utf-8") for p in sheets if p.exists()))
    return dark
