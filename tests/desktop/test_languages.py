"""Languages: the itinerary panel speaks the plan's language, the chrome the UI's, and a job's
progress lines its request's (desktop/plan_text.py states the rule)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLocale, QTranslator, QUrl
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QApplication

from desktop.bridge import JobStream, progress_line
from desktop.views.itinerary_panel import ItineraryPanel
from desktop.widgets.icons import GLYPHS, glyph
from engine.events import Done, Event, GuideWritten, ItineraryReady, JobStarted
from tests.desktop.conftest import huangshan_itinerary, huangshan_itinerary_en

TRANSLATIONS = Path(__file__).resolve().parents[2] / "resources" / "translations"
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


@contextmanager
def ui_language(app: QApplication, language: str) -> Iterator[None]:
    """The interface in `language` (``en`` / ``zh_CN``), as `desktop.i18n` installs it."""
    translator = QTranslator()
    assert translator.load(f"lvtu_{language}", str(TRANSLATIONS))
    before = QLocale()
    QLocale.setDefault(QLocale(language))
    app.installTranslator(translator)
    try:
        yield
    finally:
        app.removeTranslator(translator)
        QLocale.setDefault(before)


def _panel(qtbot: Any, itinerary: Any) -> ItineraryPanel:
    panel = ItineraryPanel()
    qtbot.addWidget(panel)
    panel.resize(1000, 700)
    panel.show_itinerary(itinerary)
    qtbot.waitUntil(lambda: not panel.rendering)
    return panel


def _plan_words(panel: ItineraryPanel) -> str:
    """Every text of the itinerary panel that describes the plan."""
    return "\n".join(
        [
            panel.timeline.toPlainText(),
            panel.subtitle.text(),
            panel.feasibility.badge.text(),
            *(label.text() for label in panel.map.labels),
        ]
    )


def _icon(panel: ItineraryPanel, name: str) -> Any:
    document = panel.timeline.document()
    return document.resource(QTextDocument.ResourceType.ImageResource, QUrl(name))


def test_an_english_ui_shows_a_chinese_plan_in_chinese(qtbot: Any, qapp: QApplication) -> None:
    with ui_language(qapp, "en"):
        panel = _panel(qtbot, huangshan_itinerary())
        words = _plan_words(panel)
        assert LATIN_WORD.findall(words) == []
        rows = panel.timeline.toPlainText()
        assert "第1天 · 12月5日 周六" in rows and "打车前往" in rows and "公里" in rows
        assert "高铁" in rows  # the mode of an "A → B" leg, in the plan's words
        # the breakfast at the lodging (day 1's last stop) joins its label
        assert re.search(r"1\.\d+ · 2\.1 汤口镇", words), words
        assert _icon(panel, "lvtu-icon:zh-taxi") is not None  # 车, not T
        assert _icon(panel, "lvtu-icon:en-taxi") is None
        assert panel.tabs.tabText(0) == "Itinerary"  # the chrome stays in the UI's language


def test_a_chinese_ui_shows_an_english_plan_in_english(qtbot: Any, qapp: QApplication) -> None:
    with ui_language(qapp, "zh_CN"):
        panel = _panel(qtbot, huangshan_itinerary_en())
        words = _plan_words(panel)
        assert CJK.findall(words) == []
        rows = panel.timeline.toPlainText()
        assert "Day 1 · Sat 5 Dec" in rows and "Taxi to" in rows and " km" in rows
        assert "2 days" in panel.subtitle.text() and "1 traveller" in panel.subtitle.text()
        assert _icon(panel, "lvtu-icon:en-taxi") is not None
        assert _icon(panel, "lvtu-icon:zh-taxi") is None
        assert panel.tabs.tabText(0) == "行程"


def test_badges_are_chinese_characters_or_latin_marks() -> None:
    for key in GLYPHS:
        assert CJK.fullmatch(glyph(key, "zh")), key
        assert not CJK.search(glyph(key, "en")) and len(glyph(key, "en")) <= 2, key
    assert len({glyph(key, "en") for key in GLYPHS}) == len(GLYPHS)  # tell them apart


def test_progress_lines_follow_the_request_not_the_ui(qapp: QApplication) -> None:
    itinerary = huangshan_itinerary()
    events = [
        Event("j", 1, JobStarted.of_request("plan", {"text": "上海出发去黄山玩两天"})),
        Event("j", 2, ItineraryReady(1, 1, itinerary)),
        Event("j", 3, GuideWritten(1)),
        Event("j", 4, Done("succeeded", itinerary_id=1)),
    ]
    with ui_language(qapp, "en"):
        stream = JobStream(port=None, tasks=None, job_id="j")  # type: ignore[arg-type]
        lines: list[str] = []
        stream.progress.connect(lambda line: lines.append(line.text))
        for event in events:
            stream._dispatch(event)
        assert stream.lang == "zh"
        assert lines == ["行程 #1 已生成：上海出发·黄山2日游（2天）", "攻略已写好", "完成：行程 #1"]
        line = progress_line(events[-1])  # no request language: the UI's
        assert line is not None and line.text == "Done: itinerary #1"
    with ui_language(qapp, "zh_CN"):
        line = progress_line(events[2], "en")
        assert line is not None and line.text == "Guide written"


def test_a_request_language_comes_from_its_text_or_its_form() -> None:
    def lang(request: dict[str, Any]) -> str:
        return JobStarted.of_request("plan", request).lang

    assert lang({"text": "3 days in Hangzhou"}) == "en"
    assert lang({"text": "杭州两日游"}) == "zh"
    assert (
        lang({"trip_request": {"lang": "en", "text": None, "destinations": ["hangzhou"]}}) == "en"
    )
    assert lang({"trip_request": {"destinations": ["黄山"], "days": 2}}) == "zh"


def test_the_language_switches_live_with_qts_own_dialogs(
    run_app: Any, guides: Any, qapp: QApplication
) -> None:
    from PySide6.QtWidgets import QMessageBox

    from desktop.i18n import install_translator
    from desktop.main_window import SETTINGS

    install_translator(qapp, "en")

    async def scenario(window: Any, ctx: Any) -> None:
        planner = window.planner
        assert window.sidebar.item(0).text() == "Planner"
        assert planner.chat.send.text() == "Send"
        window.show_view(SETTINGS)
        combo = window.settings.language
        combo.setCurrentIndex(combo.findData("zh_CN"))  # no restart
        assert window.sidebar.item(0).text() == "规划"
        assert planner.chat.send.text() == "发送"
        assert window.library.search.placeholderText() == "搜索标题或目的地…"
        assert "行程" in planner.panel.tabs.tabText(0)
        box = QMessageBox(QMessageBox.Icon.Question, "", "", QMessageBox.StandardButton.Cancel)
        assert box.button(QMessageBox.StandardButton.Cancel).text() == "取消"  # Qt's own
        box.deleteLater()
        combo.setCurrentIndex(combo.findData("en"))
        assert window.sidebar.item(0).text() == "Planner"
        assert planner.chat.send.text() == "Send"

    try:
        run_app(scenario)
    finally:
        install_translator(qapp, "en")
