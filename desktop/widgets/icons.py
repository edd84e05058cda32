"""Mode and kind badges drawn with QPainter (no image files, crisp at any device pixel ratio).

A badge is a filled circle in the mode's colour with a short mark in the plan's language: a
Chinese character (高 铁 食 宿 …) in a Chinese plan, a letter or symbol (HS M F H …) in an
English one.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPixmap

#: Colour and (zh, en) mark per transport mode or item kind.
GLYPHS: dict[str, tuple[str, str, str]] = {
    "walk": ("#6d8f5e", "步", "W"),
    "metro": ("#c0392b", "铁", "M"),
    "bus": ("#2e86c1", "公", "B"),
    "taxi": ("#d4a017", "车", "T"),
    "hsr": ("#1f618d", "高", "HS"),
    "train": ("#5d6d7e", "火", "R"),
    "flight": ("#7d3c98", "飞", "✈"),
    "coach": ("#117a65", "巴", "C"),
    "cable_car": ("#a04000", "索", "CC"),
    "charter": ("#b9770e", "包", "CH"),
    "ferry": ("#2874a6", "渡", "FY"),
    "drive": ("#6e2c00", "驾", "D"),
    "attraction": ("#e67e22", "景", "S"),
    "meal": ("#cb4335", "食", "F"),
    "lodging": ("#5b2c6f", "宿", "H"),
    "free": ("#7f8c8d", "闲", "·"),
}

#: Day colours for the map and the timeline (colour-blind friendly, Okabe–Ito order; its black
#: is a mid grey here, readable on the light and the dark theme alike).
DAY_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#8c8c8c")


def day_colour(index: int) -> QColor:
    """Colour of 1-based day `index`."""
    return QColor(DAY_COLOURS[(index - 1) % len(DAY_COLOURS)])


def glyph(key: str, lang: str) -> str:
    """The badge's mark for `key` in `lang` (``zh`` or ``en``)."""
    marks = GLYPHS.get(key)
    if marks is None:
        return "·"
    return marks[1] if lang == "zh" else marks[2]


@cache
def glyph_icon(key: str, lang: str = "zh", size: int = 22, ratio: float = 2.0) -> QIcon:
    """A filled circle in the key's colour with its mark (`glyph`) in white."""
    colour = GLYPHS[key][0] if key in GLYPHS else "#7f8c8d"
    mark = glyph(key, lang)
    pixmap = QPixmap(int(size * ratio), int(size * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(colour))
    painter.drawEllipse(QRectF(0.5, 0.5, size - 1, size - 1))
    font = QFont()
    font.setPixelSize(int(size * (0.55 if len(mark) == 1 else 0.42)))
    font.setBold(True)
    painter.setFont(font)
    painter.setPen(QColor("white"))
    painter.drawText(QRectF(0, 0, size, size), Qt.AlignmentFlag.AlignCenter, mark)
    painter.end()
    return QIcon(pixmap)
