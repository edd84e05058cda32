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
