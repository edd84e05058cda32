"""Light and dark themes: Fusion style, a QPalette, and QSS from resources/qss.

Imported before the first paint, so it never touches PySide6's `Qt` namespace (its first use
builds all of Qt's enums: 180-210 ms, more than the rest of the shell): the system's colour
scheme is read only when asked (`system_is_dark`), and the app passes the one it remembered.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from engine import resources_dir


def system_is_dark() -> bool:
    """Whether the OS colour scheme is dark (loads PySide6's `Qt` namespace: see above)."""
    from PySide6.QtCore import Qt

    return QGuiApplication.styleHints().colorScheme() == Qt.ColorScheme.Dark


def is_dark(mode: str, system_dark: bool | None = None) -> bool:
    """`mode`: ``system`` (follows the OS colour scheme: `system_dark` when given, else read
    now), ``light`` or ``dark``."""
    if mode == "system":
        return system_is_dark() if system_dark is None else system_dark
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


def apply_theme(app: QApplication, mode: str, system_dark: bool | None = None) -> bool:
    """Apply `mode` (`system_dark`: as for `is_dark`); returns whether the dark theme is on."""
    dark = is_dark(mode, system_dark)
    app.setStyle("Fusion")
    app.setPalette(dark_palette() if dark else app.style().standardPalette())
    qss_dir = resources_dir() / "qss"
    sheets = [qss_dir / "base.qss"] + ([qss_dir / "dark.qss"] if dark else [])
    app.setStyleSheet("\n".join(p.read_text(encoding="utf-8") for p in sheets if p.exists()))
    return dark
