"""Help → About: version, bundled components with licences, data packs."""

from __future__ import annotations

import types
from typing import Any

import pytest

import engine
from desktop.about import AboutDialog
from desktop.main_window import MainWindow
from engine import __version__


def test_about_lists_version_components_and_packs(
    qapp: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    pack = types.SimpleNamespace(
        name="chinatravel", licence="CC BY-NC-SA 4.0", attribution="ChinaTravel (NJU)"
    )
    monkeypatch.setattr(engine, "installed_packs", lambda: [pack])  # what About reads
    dialog = AboutDialog()
    try:
        text = dialog.browser.toPlainText()
        assert "PySide6" in text and "LGPL-3.0" in text
        assert "Python" in text and "PSF-2.0" in text
        assert "chinatravel" in text and "CC BY-NC-SA 4.0" in text and "ChinaTravel (NJU)" in text
        header = dialog.findChild(type(dialog.layout().itemAt(0).widget()), "aboutHeader")
        assert header is not None and __version__ in header.text()
    finally:
        dialog.deleteLater()


def test_help_menu_opens_about(qapp: Any) -> None:
    window = MainWindow()
    try:
        titles = [a.text() for a in window.menuBar().actions()]
        assert any("Help" in t for t in titles)
        window.show_about()
        assert window.about_dialog is not None and window.about_dialog.isVisible()
        window.show_about()  # a second time: the same dialog
        assert len(window.findChildren(AboutDialog)) == 1
        window.about_dialog.reject()
    finally:
        window.deleteLater()
