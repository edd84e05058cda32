"""Mode and kind icons drawn with QPainter (no image files, crisp at any device pixel ratio)."""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPixmap

#: Colour and one-character glyph per transport mode or item kind.
GLYPHS: dict[str, tuple[str, str]] = {
    "walk": ("#6d8f5e", "步"),
    "metro": ("#c0392b", "铁"),
    "bus": ("#2e86c1", "公"),
    "taxi": ("#d4a017", "车"),
    "hsr": ("#1f618d", "高"),
    "train": ("#5d6d7e", "火"),
    "flight": ("#7d3c98", "飞"),
    "coach": ("#117a65", "巴"),
    "cable_car": ("#a04000", "索"),
    "attraction": ("#e67e22", "景"),
    "meal": ("#cb4335", "食"),
    "lodging": ("#5b2c6f", "宿"),
}

#: Day colours for the map and the timeline (colour-blind friendly, Okabe–Ito order).
DAY_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")


def day_colour(index: int) -> QColor:
    """Colour of 1-based day `index`."""
    return QColor(DAY_COLOURS[(index - 1) % len(DAY_COLOURS)])


def mode_label(key: str) -> str:
    """Translated name of a mode or kind."""
    names = {
        "walk": QT_TRANSLATE_NOOP("Modes", "Walk"),
        "metro": QT_TRANSLATE_NOOP("Modes", "Metro"),
        "bus": QT_TRANSLATE_NOOP("Modes", "Bus"),
        "taxi": QT_TRANSLATE_NOOP("Modes", "Taxi"),
        "hsr": QT_TRANSLATE_NOOP("Modes", "High-speed rail"),
        "train": QT_TRANSLATE_NOOP("Modes", "Train"),
        "flight": QT_TRANSLATE_NOOP("Modes", "Flight"),
        "coach": QT_TRANSLATE_NOOP("Modes", "Coach"),
        "cable_car": QT_TRANSLATE_NOOP("Modes", "Cable car"),
        "attraction": QT_TRANSLATE_NOOP("Modes", "Sight"),
        "meal": QT_TRANSLATE_NOOP("Modes", "Meal"),
        "lodging": QT_TRANSLATE_NOOP("Modes", "Lodging"),
    }
    return QCoreApplication.translate("Modes", str(names.get(key, key)))


@cache
def glyph_icon(key: str, size: int = 22, ratio: float = 2.0) -> QIcon:
    """A filled circle in the key's colour with its glyph in white."""
    colour, glyph = GLYPHS.get(key, ("#7f8c8d", "·"))
    pixmap = QPixmap(int(size * ratio), int(size * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(colour))
    painter.drawEllipse(QRectF(0.5, 0.5, size - 1, size - 1))
    font = QFont()
    font.setPixelSize(int(size * 0.55))
    font.setBold(True)
    painter.setFont(font)
    painter.setPen(QColor("white"))
    painter.drawText(QRectF(0, 0, size, size), Qt.AlignmentFlag.AlignCenter, glyph)
    painter.end()
    return QIcon(pixmap)
