"""Translations: Qt Linguist files in resources/translations (lvtu_zh_CN, lvtu_en)."""

from __future__ import annotations

from PySide6.QtCore import QLocale, QTranslator
from PySide6.QtWidgets import QApplication

from engine import resources_dir

LANGUAGES = ("zh_CN", "en")


def resolve_language(choice: str) -> str:
    """`choice` ``system`` → ``zh_CN`` for any Chinese system locale, else ``en``."""
    if choice in LANGUAGES:
        return choice
    return "zh_CN" if QLocale.system().language() == QLocale.Language.Chinese else "en"


def install_translator(app: QApplication, choice: str) -> str:
    """Load ``lvtu_<lang>.qm`` (English too: its file holds the plural forms).

    Returns:
        The language in use.
    """
    language = resolve_language(choice)
    QLocale.setDefault(QLocale(language))
    translator = QTranslator(app)
    if translator.load(f"lvtu_{language}", str(resources_dir() / "translations")):
        app.installTranslator(translator)
    return language
