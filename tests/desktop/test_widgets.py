"""Widgets on their own: Chinese rendering, the offline map, the guide's no-remote rule, badges."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QFontDatabase, QImage, QTextCursor

from desktop.map_view import MapView, day_points, haversine_km, project
from desktop.views.itinerary_panel import ItineraryPanel
from desktop.widgets.badges import FeasibilityBar
from desktop.widgets.guide_browser import GuideBrowser
from desktop.widgets.request_form import RequestForm
from engine.domain.feasibility import Check, FeasibilityReport
from tests.desktop.conftest import huangshan_itinerary


def _has_cjk_font() -> bool:
    return any(
        QFontDatabase.WritingSystem.SimplifiedChinese in QFontDatabase.writingSystems(family)
        for family in QFontDatabase.families()
    )


def _ink(image: QImage, rect: QRect, background: QColor) -> int:
    """Pixels in `rect` that differ clearly from `background`."""
    count = 0
    for y in range(rect.top(), rect.bottom()):
        for x in range(rect.left(), rect.right()):
            c = image.pixelColor(x, y)
            if (
                abs(c.red() - background.red())
                + abs(c.green() - background.green())
                + abs(c.blue() - background.blue())
                > 120
            ):
                count += 1
    return count


def test_screenshot_renders_chinese_text(qtbot: Any) -> None:
    if not _has_cjk_font():
        pytest.skip("no CJK font installed (Debian/Ubuntu: apt-get install fonts-wqy-microhei)")
    panel = ItineraryPanel()
    qtbot.addWidget(panel)
    panel.resize(1000, 700)
    panel.show_itinerary(huangshan_itinerary())
    panel.show()
    qtbot.waitExposed(panel)
    qtbot.waitUntil(lambda: not panel.rendering)
    title = panel.title
    image = panel.grab().toImage()
    area = QRect(title.pos(), title.size())
    background = panel.palette().window().color()
    assert _ink(image, area, background) > 200  # the title «上海出发·黄山2日游» has ink
    # Distinct Han characters give distinct pixels; missing glyphs (tofu boxes) would not.
    title.setText("黄山")
    first = title.grab().toImage()
    title.setText("山黄")
    second = title.grab().toImage()
    assert first != second


def test_map_draws_every_stop_of_every_day(qtbot: Any) -> None:
    itinerary = huangshan_itinerary()
    view = MapView()
    qtbot.addWidget(view)
    with qtbot.waitSignal(view.rendered):
        view.set_itinerary(itinerary)
    stops = sum(
        1
        for d in itinerary.days
        for i in d.items
        if i.kind.value in ("attraction", "meal", "lodging")
    )
    assert view.stop_count == stops
    per_day = day_points(itinerary)
    assert set(per_day) == {d.index for d in itinerary.days}
    # The return train ends in Shanghai, far from Huangshan: left off the map.
    assert all(
        haversine_km((lat, lon), (29.9, 118.3)) < 150
        for pts in per_day.values()
        for _, lat, lon in pts
    )


def test_equirectangular_projection_keeps_distances_east_and_north() -> None:
    lat0 = 30.0
    a, b, c = project(30.0, 118.0, lat0), project(30.0, 118.1, lat0), project(30.1, 118.0, lat0)
    east_km = haversine_km((30.0, 118.0), (30.0, 118.1))
    north_km = haversine_km((30.0, 118.0), (30.1, 118.0))
    ratio = (b.x() - a.x()) / (a.y() - c.y())
    assert ratio == pytest.approx(east_km / north_km, rel=1e-3)
    assert c.y() < a.y()  # north is up


def test_guide_never_loads_remote_resources(qtbot: Any) -> None:
    browser = GuideBrowser()
    qtbot.addWidget(browser)
    browser.set_guide(
        "# 攻略\n\n![map](https://example.com/tracker.png)\n\n[link](https://example.com)\n"
    )
    browser.resize(400, 300)
    browser.show()
    qtbot.waitExposed(browser)
    assert browser.blocked == []  # the image never became one: it reads as its Markdown text
    assert "攻略" in browser.toPlainText()
    assert "![map](https://example.com/tracker.png)" in browser.toPlainText()
    browser.setHtml('<p>x<img src="https://example.com/tracker.png"></p>')  # (bypassing that)
    browser.repaint()
    assert set(browser.blocked) == {"https://example.com/tracker.png"}  # asked, and refused


def test_badges_explain_failures_and_what_to_relax(qtbot: Any) -> None:
    bar = FeasibilityBar()
    qtbot.addWidget(bar)
    report = FeasibilityReport(
        checks=(
            Check(code="known_places", passed=True, message="ok"),
            Check(
                code="budget",
                passed=False,
                message="预算超出约300元",
                relax="把预算提高到2100元",
                day=None,
            ),
            Check(code="opening_hours", passed=False, message="周一闭馆", relax="换一天去", day=2),
        )
    )
    bar.set_report(report)
    assert bar.badge.property("state") == "fail"
    assert "2" in bar.badge.text()
    text = bar.details.text()
    assert "预算超出约300元" in text and "把预算提高到2100元" in text and "周一闭馆" in text


def test_form_returns_only_what_was_set(qtbot: Any) -> None:
    form = RequestForm()
    qtbot.addWidget(form)
    assert form.values() == {}
    form.destination.setText("黄山")
    form.days.setValue(3)
    form.pace.setCurrentIndex(form.pace.findData("relaxed"))
    form.interests["mountain"].setChecked(True)
    assert form.values() == {"to": "黄山", "days": 3, "pace": "relaxed", "interests": ["mountain"]}


def _blocks(browser: GuideBrowser) -> list[tuple[str, int, bool, bool]]:
    """Each block of a browser's document: text, heading level, in a list, in a table."""
    out = []
    block = browser.document().begin()
    while block.isValid():
        in_table = QTextCursor(block).currentTable() is not None
        out.append((block.text(), block.blockFormat().headingLevel(), bool(block.textList()),
                    in_table))  # fmt: skip
        block = block.next()
    return out


@pytest.mark.parametrize("piece", [0, 7])  # whole sections (the offline guide), model tokens
def test_a_streamed_guide_shows_what_the_whole_guide_shows(qtbot: Any, piece: int) -> None:
    from engine.guide import iter_guide
    from engine.knowledge.base import default_knowledge

    chunks = list(iter_guide(huangshan_itinerary(), default_knowledge()))
    text = "".join(chunks)
    if piece:  # as a model streams it: a few characters at a time, cut anywhere
        chunks = [text[n : n + piece] for n in range(0, len(text), piece)]
    whole, streamed = GuideBrowser(), GuideBrowser()
    for browser in (whole, streamed):
        qtbot.addWidget(browser)
    whole.set_guide(text)
    streamed.append_guide("# 标题\n\n- 第一")
    assert streamed.toPlainText() == "标题"  # the unfinished list item waits for its block end
    streamed.set_guide("")
    for chunk in chunks:
        streamed.append_guide(chunk)
    streamed.set_guide(text)  # the saved guide: the same text, only finished
    assert streamed.markdown == whole.markdown
    assert _blocks(streamed) == _blocks(whole)  # headings, paragraphs, lists, tables apart
    assert sum(1 for b in _blocks(whole) if b[1]) >= 8  # (a guide with its headings)


def test_a_guide_that_can_hold_no_link_or_html_is_not_parsed_again(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Checking each streamed chunk with markdown-it took 5-20 ms of the GUI thread (and its
    first import ~100 ms); a chunk with no "[" and no "<" can hold no link, image or HTML."""
    import engine.untrusted
    from engine.guide import iter_guide
    from engine.knowledge.base import default_knowledge

    chunks = list(iter_guide(huangshan_itinerary(), default_knowledge()))
    assert not any("[" in c or "<" in c for c in chunks)  # (the offline guide's own text)

    def parser() -> Any:
        raise AssertionError("parsed")

    monkeypatch.setattr(engine.untrusted, "_parser", parser)
    browser = GuideBrowser()
    qtbot.addWidget(browser)
    for chunk in chunks:
        browser.append_guide(chunk)
    browser.flush()
    assert "黄山" in browser.toPlainText()
    with pytest.raises(AssertionError, match="parsed"):  # a link is still judged by the parser
        browser.append_guide("见[这里](javascript:alert(1))\n\n")


def test_timeline_lays_out_one_day_per_turn(qtbot: Any) -> None:
    from desktop.widgets.timeline import TimelineView

    itinerary = huangshan_itinerary()
    view = TimelineView()
    qtbot.addWidget(view)
    with qtbot.waitSignal(view.rendered):
        view.set_itinerary(itinerary)
        assert view.rendering and view.row_count == 0  # nothing laid out before the loop turns
    assert view.row_count == sum(len(d.items) for d in itinerary.days)
    assert "黄山" in view.toPlainText()
    view.set_itinerary(itinerary)  # the same days: nothing to do
    assert not view.rendering


def test_streamed_tokens_are_gathered_and_keep_only_the_models_line_breaks(qtbot: Any) -> None:
    from desktop.widgets.chat_pane import ChatPane

    pane = ChatPane()
    qtbot.addWidget(pane)
    tokens = [f"词{n} " for n in range(1, 1001)] + ["完。\n", "下一段"]
    for token in tokens:
        pane.add_token(token)
    assert pane.transcript.toPlainText() == ""  # shown together, not one layout per token
    qtbot.waitUntil(lambda: pane.transcript.toPlainText().endswith("下一段"))
    # no line break the model did not write (one every 240 characters before)
    assert pane.transcript.toPlainText().strip("\n") == "".join(tokens)


def _shown_lines(pane: Any) -> list[str]:
    """The transcript's lines as laid out on screen (each block's wrapped lines)."""
    document = pane.transcript.document()
    lines, block = [], document.begin()
    while block.isValid():
        document.documentLayout().blockBoundingRect(block)
        layout = block.layout()
        for n in range(layout.lineCount()):
            line = layout.lineAt(n)
            lines.append(block.text()[line.textStart() : line.textStart() + line.textLength()])
        block = block.next()
    return lines


def test_a_long_streamed_paragraph_is_laid_out_again_only_from_its_last_lines(
    qtbot: Any,
) -> None:
    """Each flush laid out the whole open paragraph again (4-5 ms at 5 000 characters, and as
    long to paint): now only its last few lines are, and it shows the same all along."""
    from desktop.widgets.chat_pane import OPEN_LINES, ChatPane

    pane = ChatPane()
    qtbot.addWidget(pane)
    pane.resize(420, 700)
    pane.show()
    qtbot.waitExposed(pane)
    pane.add_line("step", "规划中")
    text = "".join(f"词{n} " for n in range(1, 1001))
    for start in range(0, len(text), 70):
        pane.add_token(text[start : start + 70])
        pane._flush_tokens(limit=None)  # (one flush per chunk, as a slow model streams)
        last = pane.transcript.document().lastBlock()
        assert last.layout().lineCount() <= OPEN_LINES + 1
    streamed = _shown_lines(pane)
    assert pane.transcript.document().blockCount() > 3  # the paragraph is in pieces now
    qtbot.waitUntil(lambda: pane.transcript.document().blockCount() == 2)  # joined when quiet
    assert _shown_lines(pane) == streamed  # the same lines, wrapped where they were
    assert pane.transcript.toPlainText() == "• 规划中\n" + text


@pytest.mark.parametrize("height", [520, 900])
def test_the_open_form_scrolls_rather_than_squeeze_the_chat(qtbot: Any, height: int) -> None:
    from desktop.widgets.chat_pane import TRANSCRIPT_MIN_PX, ChatPane

    pane = ChatPane()
    qtbot.addWidget(pane)
    pane.resize(380, height)
    pane.set_questions(("第1天轻松一点", "把徽州古城（歙县）换成宏村", "加一天", "预算降到1400元"))
    pane.set_target("上海出发·黄山2日游")
    pane.show()
    qtbot.waitExposed(pane)
    pane.form.toggle.click()
    fields = pane.form.fields
    qtbot.waitUntil(lambda: fields.isVisible() and fields.height() > 0)
    qtbot.waitUntil(lambda: pane.request.geometry().bottom() < pane.send.geometry().top())
    assert pane.transcript.height() >= TRANSCRIPT_MIN_PX
    assert pane.request.height() == 72 and pane.target.isVisible()
    scrolls = fields.verticalScrollBar().maximum() > 0
    assert scrolls == (height == 520)  # short: the fields scroll; tall: all of them show


def test_map_labels_one_per_place_without_overlaps(qtbot: Any) -> None:
    from desktop.map_labels import DOT_RADIUS

    view = MapView()
    qtbot.addWidget(view)
    view.resize(480, 520)
    view.show()
    qtbot.waitExposed(view)
    with qtbot.waitSignal(view.rendered):
        view.set_itinerary(huangshan_itinerary())
    texts = [label.text() for label in view.labels]
    # the lodging (day 1's last stop), and the next morning's breakfast there
    assert any(t.startswith("1.") and t.endswith(" · 2.1 汤口镇") for t in texts), texts
    assert not any("早餐" in t for t in texts)  # no label of its own
    assert len(texts) == len(set(texts))
    assert all(label.text().endswith(label.place.name) for label in view.labels)  # whole names
    shown = [label for label in view.labels if label.isVisible()]
    clustered = [p for _marker, places in view.clusters for p in places]
    assert len(shown) == view.labels_shown
    assert len(shown) + len(clustered) >= len(view.labels) - 1  # labelled, or in a cluster
    rects = [view.mapFromScene(label.sceneBoundingRect()).boundingRect() for label in shown]
    for n, rect in enumerate(rects):
        assert all(not rect.intersects(other) for other in rects[n + 1 :])
        for place in (label.place for label in view.labels):
            for stop in place.stops:
                dot = view.mapFromScene(stop.point)
                inset = int(DOT_RADIUS) - 2
                assert not rect.adjusted(inset, inset, -inset, -inset).contains(dot)


def test_greedy_placement_moves_labels_of_one_spot_apart() -> None:
    from PySide6.QtCore import QPointF, QRectF, QSizeF

    from desktop.map_labels import place_rects

    anchors = [QPointF(100, 100)] * 3
    sizes = [QSizeF(60, 14)] * 3
    spots = place_rects(anchors, sizes, QRectF(0, 0, 300, 200), dots=anchors[:1])
    assert all(spot is not None for spot in spots)
    placed = [s for s in spots if s is not None]
    assert not any(a.intersects(b) for i, a in enumerate(placed) for b in placed[i + 1 :])
    crowded = place_rects([QPointF(5, 5)], [QSizeF(400, 14)], QRectF(0, 0, 300, 200))
    assert crowded == [None]  # no room anywhere: hidden, not drawn off the map


def test_overlapping_dots_are_spread_apart_keeping_their_directions() -> None:
    """Dots at one spot, or a few pixels apart, are drawn a dot's width apart around their
    mean; a stop lying north-east of the others stays north-east."""
    import math

    from PySide6.QtCore import QPointF

    from desktop.map_labels import SPREAD_GAP, spread

    def apart(points: list[QPointF]) -> float:
        return min(
            math.hypot(a.x() - b.x(), a.y() - b.y())
            for i, a in enumerate(points)
            for b in points[i + 1 :]
        )

    for count in (2, 3, 5, 8):
        same = spread([QPointF(50, 50)] * count)
        assert apart(same) >= SPREAD_GAP - 0.01
        mean = QPointF(sum(p.x() for p in same) / count, sum(p.y() for p in same) / count)
        assert abs(mean.x() - 50) < 0.01 and abs(mean.y() - 50) < 0.01
    west, north_east = spread([QPointF(100, 100), QPointF(103, 97)])
    assert north_east.x() > west.x() and north_east.y() < west.y()
    assert spread([QPointF(7, 7)]) == [QPointF(7, 7)]


def test_the_map_is_fitted_centred_on_the_plan(qtbot: Any) -> None:
    view = MapView()
    qtbot.addWidget(view)
    view.resize(400, 500)
    view.show()
    qtbot.waitExposed(view)
    with qtbot.waitSignal(view.rendered):
        view.set_itinerary(huangshan_itinerary())
    centre = view.mapFromScene(view._bounds.center())
    middle = view.viewport().rect().center()
    assert abs(centre.x() - middle.x()) <= 2 and abs(centre.y() - middle.y()) <= 2
    assert all(view.viewport().rect().contains(view.mapFromScene(s.point)) for s in view._stops)


def test_a_live_theme_switch_repaints_the_timeline_and_the_map(
    qtbot: Any, theme_restored: Any
) -> None:
    from desktop.theme import apply_theme, dark_palette

    apply_theme(theme_restored, "light")
    panel = ItineraryPanel()
    qtbot.addWidget(panel)
    panel.resize(1000, 700)
    panel.show()
    with qtbot.waitSignal(panel.map.rendered, timeout=10_000):
        panel.show_itinerary(huangshan_itinerary())
    qtbot.waitUntil(lambda: not panel.rendering)
    dark = dark_palette()
    grey = dark.placeholderText().color().name()
    assert grey not in panel.timeline.toHtml()
    apply_theme(theme_restored, "dark")
    qtbot.waitUntil(lambda: not panel.rendering and grey in panel.timeline.toHtml())
    assert panel.timeline.row_count == sum(len(d.items) for d in huangshan_itinerary().days)
    ink = dark.text().color()
    places = [label for label in panel.map.labels if label.place.kind != "hub"]
    assert places and all(label.brush().color() == ink for label in places)
    image = panel.map.grab().toImage()
    corner = image.pixelColor(3, image.height() // 2)
    assert corner.lightness() < 100  # the map's ground is dark too


def test_a_live_theme_switch_keeps_the_chats_request_readable(
    qtbot: Any, theme_restored: Any
) -> None:
    """The request's bubble took the old theme's tint at a switch (its pane's palette changed
    before its transcript's): white text on a light bubble in dark, dark on dark back in light."""
    import re

    from desktop.theme import apply_theme
    from desktop.widgets.chat_pane import ChatPane

    apply_theme(theme_restored, "light")
    pane = ChatPane()
    qtbot.addWidget(pane)
    pane.show()
    pane.add_user("上海出发去黄山玩两天")

    def contrast() -> int:
        (bubble,) = re.findall(r"bgcolor=\"(#[0-9a-f]{6})\"", pane.transcript.toHtml())
        text = pane.transcript.palette().text().color()
        return abs(QColor(bubble).lightness() - text.lightness())

    assert contrast() > 120
    for theme in ("dark", "light"):
        apply_theme(theme_restored, theme)
        qtbot.waitUntil(lambda: contrast() > 120)
        assert "上海出发去黄山玩两天" in pane.transcript.toPlainText()


def test_one_feasibility_verdict_everywhere(qtbot: Any) -> None:
    """The badge, the progress line (app and CLI), the guide and the Markdown/PDF export all
    word a plan with one warning alike (the app said 「可行，1项提醒」 while the guide, the
    PDF and `lvtu show` said every check passed)."""
    from desktop.bridge import progress_line
    from engine.events import Event, FeasibilityChecked, describe
    from engine.export import to_markdown
    from engine.guide import iter_guide
    from engine.knowledge.base import default_knowledge

    plan = huangshan_itinerary()
    assert plan.feasibility is not None
    warning = Check(code="guide_grounding", passed=False, message="攻略提到了行程外的地点：X",
                    severity="warning")  # fmt: skip
    report = plan.feasibility.model_copy(update={"checks": (*plan.feasibility.checks, warning)})
    plan = plan.model_copy(update={"feasibility": report})
    verdict = report.verdict("zh")
    assert verdict == "可行，1项提醒"
    bar = FeasibilityBar()
    qtbot.addWidget(bar)
    bar.set_report(report, "zh")
    assert bar.badge.text().endswith(verdict) and bar.badge.property("state") == "warn"
    event = Event("job", 3, FeasibilityChecked(report))
    line = progress_line(event, "zh")  # the app's progress line
    assert line is not None and line.text == verdict
    assert describe(event, "zh") == verdict  # the CLI's and `jobs watch`'s
    guide = "".join(iter_guide(plan, default_knowledge()))
    assert verdict in guide and "全部通过" not in guide and "均通过" not in guide
    assert verdict in to_markdown(plan.model_copy(update={"guide": guide}))


def test_the_tabs_stay_put_when_a_reminder_appears(qtbot: Any) -> None:
    panel = ItineraryPanel()
    qtbot.addWidget(panel)
    panel.resize(1000, 700)
    panel.show()
    plan = huangshan_itinerary()
    assert plan.feasibility is not None and not plan.feasibility.failures

    def tabs_top() -> int:
        panel.layout().activate()
        return panel.tabs.geometry().top()

    empty = tabs_top()
    panel.show_itinerary(plan)
    assert tabs_top() == empty  # the first plan
    reminder = Check(code="meals_planned", passed=False, message="第2天没有安排晚餐",
                     relax="在景区附近吃晚饭", severity="warning", day=2)  # fmt: skip
    report = plan.feasibility.model_copy(update={"checks": (*plan.feasibility.checks, reminder)})
    panel.show_itinerary(plan.model_copy(update={"feasibility": report}))
    assert tabs_top() == empty  # a reminder line appears: the tabs do not move
    bar = panel.feasibility
    assert "第2天没有安排晚餐" in bar.summary.text() + bar.summary.toolTip()
    bar.toggle.click()  # the person asks for the details: now they take room
    assert bar.details.isVisible() and "在景区附近吃晚饭" in bar.details.text()


def test_the_first_paint_uses_the_remembered_os_scheme_then_follows_the_os(
    theme_restored: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import desktop.theme
    from desktop.app import SYSTEM_DARK_KEY, theme_after_paint, theme_before_paint
    from desktop.preferences import Preferences
    from desktop.theme import dark_palette

    prefs = Preferences(tmp_path)
    prefs.set(SYSTEM_DARK_KEY, "1")  # dark when last seen

    def not_before_the_paint() -> bool:
        raise AssertionError("the OS scheme was read before the first paint")

    monkeypatch.setattr(desktop.theme, "system_is_dark", not_before_the_paint)
    assert theme_before_paint(theme_restored, prefs) is True
    window = dark_palette().window().color()
    assert theme_restored.palette().window().color() == window
    monkeypatch.setattr(desktop.theme, "system_is_dark", lambda: False)  # the OS went light
    theme_after_paint(theme_restored, prefs, True)
    assert theme_restored.palette().window().color() != window
    assert prefs.get(SYSTEM_DARK_KEY) == "0"


def test_an_edit_is_said_in_the_chat_with_its_places_names() -> None:
    from desktop.views.plan_editing import edit_words
    from engine.editing import MoveStop, RegenerateDay, SwapMeal

    plan = huangshan_itinerary()
    sight = next(i for d in plan.days for i in d.items if i.kind.value == "attraction")
    move = MoveStop(stop=sight.poi_id, day=1, position=2)
    assert edit_words(move, "zh", itinerary=plan) == f"把{sight.name}移到第1天第2站"
    assert edit_words(RegenerateDay(day=2), "zh") == "重新安排第2天"
    assert edit_words(SwapMeal(day=1, meal="dinner"), "zh") == "第1天晚饭换一家"
    assert "=" not in edit_words(move, "en", itinerary=plan)


def test_stations_beyond_the_edge_keep_clear_of_the_north_arrow_and_zoom_buttons(
    qapp: Any,
) -> None:
    """北京's airport, north-east of the city, had its edge arrow drawn over the map's "N";
    黄山北站's, south-east, had its name under the fit button."""
    import numpy as np
    from PySide6.QtCore import QPointF, QRectF
    from PySide6.QtGui import QColor, QImage, QPainter, QPalette

    from desktop.map_controls import draw_hub_markers
    from desktop.map_furniture import draw_north_arrow

    image = QImage(400, 300, QImage.Format.Format_RGB888)
    image.fill(QColor("white"))
    painter = QPainter(image)
    north = QPointF(380, 12)
    draw_north_arrow(painter, north, QColor("black"))
    buttons = QRectF(356, 160, 34, 100)
    hubs = [("北京首都国际机场", QPointF(1110, -400)), ("黄山北站", QPointF(1110, 550))]
    draw_hub_markers(painter, QRectF(0, 0, 400, 300), hubs, {"北京首都国际机场": 24.5,
                     "黄山北站": 40.8}, QPalette(), "zh",
                     keep_clear=[QRectF(north.x() - 8, north.y(), 16, 31), buttons])  # fmt: skip
    painter.end()
    rows = np.frombuffer(image.constBits(), dtype=np.uint8).reshape(300, image.bytesPerLine())
    pixels = rows[:, : 400 * 3].reshape(300, 400, 3).astype(int)
    marker = np.abs(pixels - np.array([0x7F, 0x8C, 0x8D])).sum(axis=2) < 20  # its grey
    assert marker.any()  # the arrow is drawn …
    assert not marker[0:46, 368:394].any()  # … but not on the north arrow and its "N"
    assert not marker[160:260, 356:390].any()  # nor on the zoom buttons


def test_a_station_beyond_the_top_or_bottom_stays_in_a_band_along_that_edge(qapp: Any) -> None:
    """At scale 2 the map of a 1024×640 window is ~530×175 px: 杭州东站's arrow sat 40 px
    below its top edge with its name 50-66 px down, over the labels of the stops there."""
    import numpy as np
    from PySide6.QtCore import QPointF, QRectF
    from PySide6.QtGui import QColor, QImage, QPainter, QPalette

    from desktop.map_controls import draw_hub_markers

    width, height = 530, 175
    image = QImage(width, height, QImage.Format.Format_RGB888)
    image.fill(QColor("white"))
    painter = QPainter(image)
    hubs = [("杭州东站", QPointF(700, -300)), ("杭州萧山国际机场", QPointF(150, 900))]
    draw_hub_markers(painter, QRectF(0, 0, width, height), hubs,
                     {"杭州东站": 9.2, "杭州萧山国际机场": 27.0}, QPalette(), "zh")  # fmt: skip
    painter.end()
    rows = np.frombuffer(image.constBits(), dtype=np.uint8).reshape(height, image.bytesPerLine())
    pixels = rows[:, : width * 3].reshape(height, width, 3).astype(int)
    drawn = np.abs(pixels - np.array([255, 255, 255])).sum(axis=2) > 30
    assert drawn[:30].any() and drawn[-30:].any()  # both marked, each on its edge …
    assert not drawn[30:-30].any()  # … and nothing of them farther in
