"""The hostile-text corpus (`tests.helpers.hostile`) in the window (offscreen) and the PDF:
nothing injected, loaded or opened; the text still reads right.

Today's faults this guards: a place named ``<img src="http://…">`` blanked the rest of the guide;
``<img src="file:///…/secret.png">`` embedded that file in the exported PDF; ``[x](javascript:…)``
and ``file:///etc/passwd`` became clickable links in the PDF.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from PySide6 import QtGui
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QGraphicsItem, QMessageBox

from desktop import rich_text
from desktop.export_pdf import build_document, pdf_bytes
from desktop.views.itinerary_panel import ItineraryPanel
from desktop.widgets.chat_pane import ChatPane
from desktop.widgets.guide_browser import GuideBrowser
from engine.untrusted import clean, web_link
from tests.helpers.hostile import (
    MODEL_READABLE,
    SECRET_SIZE,
    forbidden_in,
    hostile_plan,
    visible,
)

MAPS = "lvtu-map:"  # (the PDF's maps, drawn by desktop.map_image)


def links_and_images(document: QTextDocument) -> tuple[list[str], list[str]]:
    """(every link's href, every image's name) in `document`."""
    hrefs, images = [], []
    block = document.begin()
    while block.isValid():
        iterator = block.begin()
        while not iterator.atEnd():
            fmt = iterator.fragment().charFormat()
            if fmt.isImageFormat():
                images.append(fmt.toImageFormat().name())
            elif fmt.isAnchor() and fmt.anchorHref():
                hrefs.append(fmt.anchorHref())
            iterator += 1
        block = block.next()
    return hrefs, images


def check_document(
    document: QTextDocument, blocked: list[str], *, model: bool, ours: str = "(none)"
) -> str:
    """Assert `document` holds no image (but ours, named `ours`…) and no link but web links,
    asked for no resource, and reads right; returns its text."""
    hrefs, images = links_and_images(document)
    assert [i for i in images if not i.startswith(ours)] == [] and blocked == []
    assert all(web_link(h) for h in hrefs), hrefs
    text = document.toPlainText()
    assert forbidden_in(text.replace("\u2028", "\n")) == []
    plan = hostile_plan()
    if model:
        assert all(part in text for part in MODEL_READABLE)
        assert hrefs == ["https://www.hangzhou.gov.cn/"]
    else:
        assert all(visible(name, markdown=True) in text for name in plan.names)
        assert "当天花费约" in text and plan.itinerary.guide.split()[-1] in text  # the end too
    return text


@pytest.mark.parametrize("model", [False, True], ids=["offline-guide", "model-guide"])
def test_the_guide_view_shows_hostile_text_as_text_whole_and_streamed(
    qtbot: Any, model: bool
) -> None:
    plan = hostile_plan()
    guide = (plan.model_itinerary if model else plan.itinerary).guide
    whole, streamed = GuideBrowser(), GuideBrowser()
    for browser in (whole, streamed):
        qtbot.addWidget(browser)
        browser.resize(500, 400)
        browser.show()
    whole.set_guide(guide)
    for part in re.split(r"(?<=\n\n)", guide):
        streamed.append_guide(part)
    streamed.flush()
    qtbot.waitExposed(whole)
    whole_text = check_document(whole.document(), whole.blocked, model=model)
    streamed_text = check_document(streamed.document(), streamed.blocked, model=model)
    # (the same words; line breaks may differ: a streamed heading joins the next block — a
    # streaming-layout matter of its own, seen on main too)
    assert whole_text.replace("\n", "") == streamed_text.replace("\n", "")


@pytest.mark.parametrize("model", [False, True], ids=["offline-guide", "model-guide"])
def test_the_pdf_embeds_no_file_and_links_only_the_web(model: bool) -> None:
    plan = hostile_plan()
    itinerary = plan.model_itinerary if model else plan.itinerary
    document = build_document(itinerary)
    check_document(document, document.blocked, model=model, ours=MAPS)
    data = pdf_bytes(itinerary)
    sizes = re.findall(rb"/Subtype /Image\n/Width (\d+)\n/Height (\d+)", data)
    assert data.startswith(b"%PDF")  # (emoji may be drawn as images: told apart by size)
    assert (b"%d" % SECRET_SIZE[0], b"%d" % SECRET_SIZE[1]) not in sizes
    uris = re.findall(rb"/URI \(([^)]*)\)", data)
    assert all(web_link(u.decode()) for u in uris), uris
    assert set(uris) == ({b"https://www.hangzhou.gov.cn/"} if model else set())


def test_the_itinerary_panel_escapes_names_in_the_timeline_map_and_title(qtbot: Any) -> None:
    plan = hostile_plan()
    itinerary = plan.itinerary.model_copy(update={"title": '<img src="http://127.0.0.1:9/t">标题'})
    panel = ItineraryPanel()
    qtbot.addWidget(panel)
    panel.resize(900, 700)
    panel.show_itinerary(itinerary)
    qtbot.waitUntil(lambda: not panel.rendering)
    assert panel.title.textFormat() == Qt.TextFormat.PlainText
    assert panel.title.text() == '<img src="http://127.0.0.1:9/t">标题'
    timeline = panel.timeline.toPlainText()
    assert all(visible(name) in timeline for name in plan.names)
    _, images = links_and_images(panel.timeline.document())
    assert images and all(name.startswith("lvtu-icon:") for name in images)  # our icons only
    tips = [i.toolTip() for i in panel.map.scene().items() if isinstance(i, QGraphicsItem)]
    tips = [t for t in tips if t]
    assert tips and all(t.startswith("<qt>") and "<img" not in t for t in tips)
    shown = " ".join(rich_text_of(t) for t in tips)
    assert any(visible(name) in shown for name in plan.names)


def rich_text_of(html: str) -> str:
    document = QTextDocument()
    document.setHtml(html)
    return document.toPlainText()


@pytest.mark.parametrize(
    "text",
    [
        '<img src="file:///etc/passwd">',
        "&lt;b&gt; & <b>bold</b>",
        "a\r\nb\x1b]0;t\x07\u202ec",
        "plain",
    ],
)
def test_tooltips_show_text_as_written(text: str) -> None:
    tip = rich_text.tooltip(text)
    assert QtGui.Qt.mightBeRichText(tip)  # always rich (escaped), never guessed
    assert rich_text_of(tip) == clean(text, lines=True)


def test_the_chat_shows_a_hostile_request_and_answer_as_text(qtbot: Any) -> None:
    pane = ChatPane()
    qtbot.addWidget(pane)
    request = '<img src="file:///etc/passwd"> 去\x1b]0;x\x07杭州 [a](javascript:b)'
    pane.add_user(request)
    pane.add_token("<b>答</b>\x1b[31m 案 ![i](file:///etc/passwd)")
    pane._close_tokens()
    text = pane.transcript.toPlainText()
    assert clean(request) in text and "<b>答</b> 案 ![i](file:///etc/passwd)" in text
    hrefs, images = links_and_images(pane.transcript.document())
    assert hrefs == [] and images == [] and pane.transcript.blocked == []


def test_a_link_opens_only_when_it_is_a_web_link_and_the_person_says_so(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str] = []
    monkeypatch.setattr(
        rich_text.QDesktopServices, "openUrl", lambda url: opened.append(url.toString())
    )
    browser = GuideBrowser()
    qtbot.addWidget(browser)
    for url in ("javascript:alert(1)", "file:///etc/passwd", "http://user:pw@example.com/"):
        assert rich_text.confirm_open(browser, QUrl(url)) is None
    box = rich_text.confirm_open(browser, QUrl("https://example.com/a"))
    assert box is not None and "https://example.com/a" in box.text()
    box.button(QMessageBox.StandardButton.Cancel).click()
    assert opened == []
    box = rich_text.confirm_open(browser, QUrl("https://example.com/a"))
    assert box is not None
    box.button(QMessageBox.StandardButton.Open).click()
    assert opened == ["https://example.com/a"]
