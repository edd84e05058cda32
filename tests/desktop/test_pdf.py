"""The PDF worth sharing: a cover with the map, an overview of all days, each day with its
own map, then the guide without the chat's suggested questions — made off the GUI thread."""

from __future__ import annotations

import functools
import threading
from typing import Any

import numpy as np
from PySide6.QtCore import QUrl
from PySide6.QtGui import QColor, QImage, QTextDocument

from tests.desktop.conftest import huangshan_itinerary


def _with_guide() -> Any:
    from engine.guide import write_guide
    from engine.knowledge.base import default_knowledge

    plan = huangshan_itinerary()
    guide = write_guide(plan, default_knowledge())
    return plan.model_copy(update={"guide": guide.markdown, "suggested_questions": guide.questions})


def test_cover_overview_days_with_maps_then_the_guide(qapp: Any) -> None:
    from desktop.export_pdf import build_document

    plan = _with_guide()
    assert plan.suggested_questions
    document = build_document(plan)
    text = document.toPlainText()
    assert text.index(plan.title) < text.index("行程总览") < text.index("第1天")
    assert plan.feasibility is not None and plan.feasibility.verdict("zh") in text
    for day in plan.days:  # the overview names each day's places with their times
        for item in day.items:
            if item.kind.value in ("attraction", "meal", "lodging"):
                assert f"{item.start:%H:%M} {item.name}" in text
    images = [f"lvtu-map:{name}" for name in ("cover", "day1", "day2")]
    for url in images:
        image = document.resource(QTextDocument.ResourceType.ImageResource, QUrl(url))
        assert image is not None and not image.isNull() and image.width() >= 1000
    assert plan.guide.splitlines()[0].lstrip("# ") in text  # the guide follows
    assert "你还可以问" not in text
    assert not any(question in text for question in plan.suggested_questions)


def test_the_pdf_is_made_on_a_worker_thread(app: Any, monkeypatch: Any) -> None:
    import desktop.export_pdf as export_pdf
    from desktop.bootstrap import run_qasync

    threads: list[threading.Thread] = []
    original = export_pdf.pdf_bytes

    def recording(itinerary: Any) -> bytes:
        threads.append(threading.current_thread())
        return original(itinerary)

    monkeypatch.setattr(export_pdf, "pdf_bytes", recording)  # what the off-thread call runs
    data = run_qasync(app, export_pdf.pdf_bytes_off_thread(_with_guide()))
    assert data.startswith(b"%PDF") and len(data) > 50_000
    assert threads and threads[0] is not threading.main_thread()  # not the GUI thread


def _block_with(document: QTextDocument, text: str) -> Any:
    block = document.begin()
    while block.isValid():
        if text in block.text():
            return block
        block = block.next()
    raise AssertionError(f"{text!r} not in the document")


def test_the_overview_keeps_each_date_and_cost_on_one_line(qapp: Any) -> None:
    """「周五」 wrapped as 「周」 / 「五」 and the total as 「约」 / 「¥1,864」 in columns sized
    too small for them; laid out at the printed text width (140 mm, 529 px)."""
    from desktop.export_pdf import build_document
    from desktop.plan_text import day_date

    plan = huangshan_itinerary()
    document = build_document(plan)
    document.setTextWidth(529)
    document.documentLayout().documentSize()  # (lays it out)
    for day in plan.days:
        date = _block_with(document, day_date(day.date, "zh"))
        assert date.layout().lineCount() == 1, date.text()
    total = _block_with(document, "约¥")
    assert total.layout().lineCount() == 1


def test_a_short_trips_overview_shares_the_cover_page_and_the_maps_fit_the_page(
    qapp: Any,
) -> None:
    """A 2-day overview alone on its page left it mostly blank: it goes under the cover's map
    when it fits (a cover, then a page per day); the maps are no wider than the text."""
    from desktop.export_pdf import MAP_PX, _page_count, pdf_bytes

    plan = huangshan_itinerary()
    assert not plan.guide.strip()
    assert _page_count(pdf_bytes(plan)) == 1 + len(plan.days)
    assert MAP_PX <= 529


@functools.cache
def _hangzhou() -> Any:
    from engine.domain.request import TripRequest
    from engine.knowledge.base import default_knowledge
    from engine.planning import plan_trip
    from tests.helpers.held_guides import TODAY

    request = TripRequest(
        departure="shanghai", destinations=("hangzhou",), days=2, text="上海出发去杭州玩两天"
    )
    return plan_trip(request, default_knowledge(), today=TODAY)


def _near_colour(image: Any, colours: list[QColor], tolerance: int = 30) -> np.ndarray:
    """A mask of the pixels of `image` within `tolerance` (sum of |ΔR|+|ΔG|+|ΔB|) of any of
    `colours`."""
    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    width, height = rgb.width(), rgb.height()
    rows = np.frombuffer(rgb.constBits(), dtype=np.uint8).reshape(height, rgb.bytesPerLine())
    pixels = rows[:, : width * 3].reshape(height, width, 3).astype(int)
    mask = np.zeros((height, width), dtype=bool)
    for colour in colours:
        target = np.array([colour.red(), colour.green(), colour.blue()])
        mask |= np.abs(pixels - target).sum(axis=2) < tolerance
    return mask


def test_every_map_keeps_room_around_its_stops_and_its_routes_inside_its_frame(
    qapp: Any,
) -> None:
    """杭州's day-1 map had its first stop 60 px (of 620) from the top edge, and the routes to
    杭州东站 and 黄山北站 ran off the cover's and the days' edges towards nothing shown: every
    map keeps 80 px (of 1400) around its stops, and no route comes within 20 px of its edge
    (a station beyond is an arrow at the frame)."""
    from desktop.export_pdf import COVER_MAP, DAY_MAP
    from desktop.map_image import fit_picture, map_image
    from desktop.widgets.icons import day_colour

    for plan in (_hangzhou(), huangshan_itinerary()):
        routes = [day_colour(day.index) for day in plan.days]
        for size, day in [(COVER_MAP, 0), *[(DAY_MAP, d.index) for d in plan.days]]:
            width, height = size
            fitted = fit_picture(plan, width, height, day)
            assert fitted is not None
            view, stops, _lat0 = fitted
            assert stops
            for stop in stops:
                at = view.map(stop.point)
                room = min(at.x(), width - at.x(), at.y(), height - at.y())
                assert room >= 80, (plan.title, day, stop.item.name, room)
            mask = _near_colour(map_image(plan, width, height, day), routes)
            edge = np.concatenate(
                [mask[:20].ravel(), mask[-20:].ravel(), mask[:, :20].ravel(), mask[:, -20:].ravel()]
            )
            assert not edge.any(), (plan.title, day, int(edge.sum()))


def test_no_stop_is_drawn_on_a_maps_scale_bar(qapp: Any) -> None:
    """The scale bar sat in every map's bottom-left corner: 黄山's cover drew 宏村农家菜馆's dot
    on it. It goes to the bottom-right corner when a stop is there."""
    from desktop.export_pdf import COVER_MAP, DAY_MAP
    from desktop.map_furniture import KM, km_step
    from desktop.map_image import fit_picture, scale_bar_box

    moved = 0
    for plan in (_hangzhou(), huangshan_itinerary()):
        for size, day in [(COVER_MAP, 0), *[(DAY_MAP, d.index) for d in plan.days]]:
            width, height = size
            fitted = fit_picture(plan, width, height, day)
            assert fitted is not None
            view, stops, _lat0 = fitted
            ui = width / 640
            bar = km_step(view.m11() / ui) * KM * view.m11()
            dots = [view.map(stop.point) for stop in stops]
            box = scale_bar_box(width, height, bar, ui, dots)
            radius = 9 * ui  # a dot's radius and its white ring
            under = [s.item.name for s, at in zip(stops, dots, strict=True)
                     if box.adjusted(-radius, -radius, radius, radius).contains(at)]  # fmt: skip
            assert not under, (plan.title, day, under)
            moved += box.left() > width / 2
    assert moved  # (a map whose bar had to move: the 黄山 cover)
