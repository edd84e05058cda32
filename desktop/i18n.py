"""Translations: Qt Linguist files in resources/translations (lvtu_zh_CN, lvtu_en), Qt's own
(qtbase_zh_CN: the buttons of message boxes and file dialogs), and switching language live.

A switch installs the new translators and re-words every window in place: each string the
app's translator gave out is remembered with its source (`RecordingTranslator`), so a text a
widget shows is found again, whatever made it, and translated anew — labels, buttons, tooltips,
placeholders, tabs, menus, table headers, combo boxes, lists. Texts made on the fly (status
messages, the chat transcript) stay as they were written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QTranslator
from PySide6.QtWidgets import QApplication, QWidget

from engine import resources_dir

LANGUAGES = ("zh_CN", "en")


def resolve_language(choice: str) -> str:
    """`choice` ``system`` → ``zh_CN`` for any Chinese system locale, else ``en``."""
    if choice in LANGUAGES:
        return choice
    return "zh_CN" if QLocale.system().language() == QLocale.Language.Chinese else "en"


class RecordingTranslator(QTranslator):
    """The app's translator; remembers which (context, source, disambiguation) gave each
    text it returned (the source itself where it has no translation), for `retranslate`."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.given: dict[str, tuple[str, str, str | None]] = {}

    def translate(
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str | None:
        text = super().translate(context, source, disambiguation, n)
        if n < 0 and source:
            self.given.setdefault(text or source, (context, source, disambiguation))
        return text or None  # (None: a null string, "not mine"; '' would be a translation)


_installed: list[QTranslator] = []


def install_translator(app: QApplication, choice: str) -> str:
    """Load ``lvtu_<lang>.qm`` (English too: its file holds the plural forms) and Qt's own
    ``qtbase_<lang>.qm`` (from Qt's translations folder, bundled with the app), replacing
    those installed before.

    Returns:
        The language in use.
    """
    language = resolve_language(choice)
    for old in _installed:
        app.removeTranslator(old)
    _installed.clear()
    QLocale.setDefault(QLocale(language))
    translator = RecordingTranslator(app)
    if translator.load(f"lvtu_{language}", str(resources_dir() / "translations")):
        app.installTranslator(translator)
        _installed.append(translator)
    qt = QTranslator(app)
    if qt.load(QLocale(language), "qtbase", "_", qt_translations()):
        app.installTranslator(qt)
        _installed.append(qt)
    return language


def qt_translations() -> str:
    """Qt's translations folder (``PySide6/Qt/translations`` in the wheel and the bundle)."""
    return QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)


def switch_language(app: QApplication, choice: str) -> str:
    """Change the language now: new translators, then every top-level window re-worded.

    Returns:
        The language in use.
    """
    before = [t for t in _installed if isinstance(t, RecordingTranslator)]
    given = dict(before[0].given) if before else {}
    language = install_translator(app, choice)
    for window in app.topLevelWidgets():
        retranslate(window, given)
    return language


def retranslate(root: QWidget, given: dict[str, tuple[str, str, str | None]]) -> int:
    """Translate again every text under `root` that `given` (text → its source) knows.

    Returns:
        How many texts changed.
    """
    from PySide6.QtWidgets import (  # (here: each class costs start-up time when imported)
        QAbstractButton,
        QAbstractSpinBox,
        QComboBox,
        QGroupBox,
        QLabel,
        QLineEdit,
        QListWidget,
        QMenu,
        QPlainTextEdit,
        QTableWidget,
        QTabWidget,
        QTextEdit,
    )

    changed = 0

    def again(text: str) -> str | None:
        source = given.get(text)
        if source is None:
            return None
        context, original, disambiguation = source
        return QCoreApplication.translate(context, original, disambiguation)

    def swap(get: Callable[[], str], put: Callable[[str], Any]) -> None:
        nonlocal changed
        new = again(get())
        if new is not None and new != get():
            put(new)
            changed += 1

    for widget in _widgets(root):
        swap(widget.windowTitle, widget.setWindowTitle)
        swap(widget.toolTip, widget.setToolTip)
        if isinstance(widget, (QLabel, QAbstractButton)):
            swap(widget.text, widget.setText)
        if isinstance(widget, (QLineEdit, QPlainTextEdit, QTextEdit)):
            swap(widget.placeholderText, widget.setPlaceholderText)
        if isinstance(widget, QGroupBox):
            swap(widget.title, widget.setTitle)
        if isinstance(widget, QAbstractSpinBox):
            swap(widget.specialValueText, widget.setSpecialValueText)
        if isinstance(widget, QTabWidget):
            for i in range(widget.count()):
                swap(partial(widget.tabText, i), partial(widget.setTabText, i))
        if isinstance(widget, QComboBox):
            for i in range(widget.count()):
                swap(partial(widget.itemText, i), partial(widget.setItemText, i))
        if isinstance(widget, QListWidget):
            for i in range(widget.count()):
                item = widget.item(i)
                swap(item.text, item.setText)
        if isinstance(widget, QTableWidget):
            for i in range(widget.columnCount()):
                header = widget.horizontalHeaderItem(i)
                if header is not None:
                    swap(header.text, header.setText)
        if isinstance(widget, QMenu):
            swap(widget.title, widget.setTitle)
        for action in widget.actions():
            swap(action.text, action.setText)
            swap(action.toolTip, action.setToolTip)
    return changed


def _widgets(root: QWidget) -> Iterator[QWidget]:
    yield root
    yield from root.findChildren(QWidget)
