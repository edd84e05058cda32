"""Translations: zh_CN complete, plural forms in English, the language follows the system."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QTranslator

from desktop.i18n import resolve_language

TRANSLATIONS = Path(__file__).resolve().parents[2] / "resources" / "translations"


def test_every_string_has_a_chinese_translation() -> None:
    tree = ET.parse(TRANSLATIONS / "lvtu_zh_CN.ts")
    unfinished = [
        m.findtext("source")
        for m in tree.iter("message")
        if m.find("translation") is not None and m.find("translation").get("type")  # type: ignore[union-attr]
    ]
    assert unfinished == []


def test_compiled_translations_translate(qapp: Any) -> None:
    zh = QTranslator()
    assert zh.load("lvtu_zh_CN", str(TRANSLATIONS))
    assert zh.translate("MainWindow", "Planner") == "规划"
    assert zh.translate("MainWindow", "● %n job(s) running", None, 2) == "● %n 个任务进行中"
    en = QTranslator()
    assert en.load("lvtu_en", str(TRANSLATIONS))
    QCoreApplication.installTranslator(en)
    try:
        text = QCoreApplication.translate("MainWindow", "● %n job(s) running", None, 1)
        assert text == "● 1 job running"
    finally:
        QCoreApplication.removeTranslator(en)


def test_explicit_language_wins_over_the_system() -> None:
    assert resolve_language("zh_CN") == "zh_CN"
    assert resolve_language("en") == "en"
    assert resolve_language("system") in ("zh_CN", "en")


def test_the_editing_ui_shows_no_english_in_chinese(qapp: Any) -> None:
    import re

    from PySide6.QtWidgets import QWidget

    from desktop.views.itinerary_panel import ItineraryPanel
    from desktop.widgets.edit_bar import EditBar
    from desktop.widgets.stop_menu import StopTimeDialog, stop_menu
    from desktop.widgets.timeline_rows import Row
    from tests.desktop.conftest import huangshan_itinerary

    zh = QTranslator()
    assert zh.load("lvtu_zh_CN", str(TRANSLATIONS))
    QCoreApplication.installTranslator(zh)
    try:
        bar, panel, parent = EditBar(), ItineraryPanel(), QWidget()
        bar.set_days(2, "zh")
        plan = huangshan_itinerary()
        day = plan.days[0]
        texts = [bar.search.placeholderText(), bar.undo.toolTip(), bar.redo.toolTip(),
                 bar.day.itemText(0), panel.tabs.tabText(2), panel.versions.restore.text()]  # fmt: skip
        for item in day.items:
            if item.kind.value in ("attraction", "meal", "lodging") and item.meal != "breakfast":
                menu = stop_menu(parent, Row(day, 1, item, 1, None), lambda _edit: None)  # type: ignore[arg-type]
                texts += [a.text().replace(item.name, "") for a in menu.actions() if a.text()]
        sight = next(i for i in day.items if i.kind.value == "attraction")
        dialog = StopTimeDialog(sight, parent)
        texts += [dialog.windowTitle().replace(sight.name, ""), dialog.minutes.suffix()]
        english = [t for t in texts if re.search(r"[A-Za-z]{2,}", re.sub(r"Ctrl|Shift", "", t))]
        assert english == [], english
        assert "换一家餐厅" in texts and "换个住处" in texts and "设置时间…" in texts
    finally:
        QCoreApplication.removeTranslator(zh)
