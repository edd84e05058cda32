"""PDF export (A4, 15 mm margins): a cover with the map and the plan's verdict, a one-page
overview of every day (times, places, costs), each day with its own small map, then the guide
(without the chat's suggested questions).

Laid out by QTextDocument and printed with QPdfWriter; the maps are QImages painted by
`desktop.map_image`. None of it touches a QWidget or QPixmap, so `pdf_bytes` runs on any
thread (the app calls it on a worker thread: it took the GUI thread 290-410 ms). Also used by
``lvtu export ID --format pdf`` (imported lazily there); it needs a QGuiApplication, which
`pdf_bytes` creates (offscreen when no display) if none exists.
"""

from __future__ import annotations

import asyncio
import html
import os
import re
from typing import Any

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QThreadPool, QUrl
from PySide6.QtGui import (
    QFont,
    QGuiApplication,
    QPageLayout,
    QPageSize,
    QPdfWriter,
    QTextBlockFormat,
    QTextCursor,
    QTextDocument,
)

from desktop.map_image import map_image
from desktop.plan_text import day_date, distance, mode_name, money, plan_text
from desktop.rich_text import SafeDocument, neutralise
from engine import clean, clean_name, safe_markdown, time_span

_app: QGuiApplication | None = None
COVER_MAP = (1400, 1100)  # px: the cover's map (printed 180 mm wide)
DAY_MAP = (1400, 620)
#: Width of the maps in the document (px at 96 dpi). `QTextDocument.print_` lays the text out
#: 2 cm inside the 15 mm page margins: 140 mm, 529 px; the 640 px maps ran 30 mm past it and
#: were cut at the page margin (a label and the route of the cover map with them).
MAP_PX = 520
LEG_KINDS = ("transit", "intercity")


def _ensure_app() -> None:
    global _app
    if QGuiApplication.instance() is None:
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        _app = QGuiApplication([])


def pdf_bytes(itinerary: Any) -> bytes:
    """The itinerary as a PDF document (see the module's docstring). Safe off the GUI thread.

    Nothing is loaded, local or remote, but the maps drawn here; only web links stay links
    (`build_document`). The overview goes on the cover's page when it fits there (a short
    trip's overview left most of its own page blank), else on its own page: a trial print of
    the cover and the overview tells.
    """
    _ensure_app()
    cover = map_image(itinerary, *COVER_MAP)
    trial = _document(itinerary, cover, overview_on_cover=True, days=False)
    together = _page_count(_print(trial, itinerary.title)) == 1
    return _print(_document(itinerary, cover, overview_on_cover=together), itinerary.title)


def _print(document: QTextDocument, title: str) -> bytes:
    """`document` printed on A4 (15 mm margins, 300 dpi) as PDF bytes."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setTitle(clean_name(title))
    writer.setCreator("Lvtu")
    writer.setResolution(300)
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(15, 15, 15, 15),
            QPageLayout.Unit.Millimeter,
        )
    )
    document.print_(writer)
    del writer  # finishes the PDF
    buffer.close()
    return bytes(data.data())


_PAGE = re.compile(rb"/Type\s*/Page\b(?!s)")


def _page_count(pdf: bytes) -> int:
    """Pages of a PDF that Qt wrote (one ``/Type /Page`` object each)."""
    return len(_PAGE.findall(pdf))


async def pdf_bytes_off_thread(itinerary: Any) -> bytes:
    """`pdf_bytes` on a thread of Qt's pool, awaited (a QThread: it has the event dispatcher
    that printing a QTextDocument starts timers on; a plain Python thread has none)."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[bytes] = loop.create_future()

    def settle(result: bytes | None, error: BaseException | None) -> None:
        if future.done():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result or b"")

    def work() -> None:
        try:
            data = pdf_bytes(itinerary)
        except BaseException as exc:  # handed to the awaiting coroutine
            loop.call_soon_threadsafe(settle, None, exc)
        else:
            loop.call_soon_threadsafe(settle, data, None)

    QThreadPool.globalInstance().start(work)
    return await future


def build_document(itinerary: Any, *, overview_on_cover: bool = False) -> SafeDocument:
    """The PDF's content as one document (pages break before the overview unless
    `overview_on_cover`, before each day and the guide). Names and the guide are text from
    outside: names are `clean_name`d and escaped, the guide goes through
    `engine.untrusted.safe_markdown` and the parsed result through
    `desktop.rich_text.neutralise`; the document is a `SafeDocument`, so it loads nothing (the
    default QTextDocument reads local files: ``<img src="file:///…">`` was embedded in the
    PDF) but the maps added to it."""
    cover = map_image(itinerary, *COVER_MAP)
    return _document(itinerary, cover, overview_on_cover=overview_on_cover)


def _document(
    itinerary: Any, cover: Any, *, overview_on_cover: bool, days: bool = True
) -> SafeDocument:
    document = SafeDocument()
    font = QFont()
    font.setPointSize(10)
    document.setDefaultFont(font)
    document.setDefaultStyleSheet(
        "h1 { font-size: 20pt; } h2 { font-size: 14pt; } td { padding: 2px 4px; }"
        " .grey { color: #666666; } .num { color: #888888; }"
    )
    lang = itinerary.lang
    cursor = QTextCursor(document)
    _image(document, "lvtu-map:cover", cover)
    cursor.insertHtml(_cover(itinerary))
    if not overview_on_cover:
        _page_break(cursor)
    cursor.insertHtml(_overview(itinerary))
    if not days:
        return document
    for day in itinerary.days:
        _page_break(cursor)
        url = f"lvtu-map:day{day.index}"
        _image(document, url, map_image(itinerary, *DAY_MAP, day=day.index))
        cursor.insertHtml(_day(itinerary, day, url, lang))
    if itinerary.guide.strip():
        _page_break(cursor)
        start = cursor.position()
        guide = safe_markdown(itinerary.guide)
        cursor.insertMarkdown(guide, QTextDocument.MarkdownFeature.MarkdownDialectGitHub)
        neutralise(document, start)
    return document


def _text(name: str) -> str:
    """A name from outside for the HTML laid out here: cleaned, on one line, escaped."""
    return html.escape(clean_name(name))


def _image(document: QTextDocument, url: str, image: Any) -> None:
    document.addResource(QTextDocument.ResourceType.ImageResource, QUrl(url), image)


def _page_break(cursor: QTextCursor) -> None:
    cursor.movePosition(QTextCursor.MoveOperation.End)
    block = QTextBlockFormat()
    block.setPageBreakPolicy(QTextBlockFormat.PageBreakFlag.PageBreak_AlwaysBefore)
    cursor.insertBlock(block)


def _cover(it: Any) -> str:
    lang = it.lang
    days = it.days
    span = f"{days[0].date:%Y-%m-%d} – {days[-1].date:%Y-%m-%d}" if days else ""
    facts = "  ·  ".join(
        [
            span,
            plan_text(lang, "days", len(days)),
            plan_text(lang, "people", it.request.party.size),
            plan_text(lang, "about", x=money(it.total_cost_cny)),
        ]
    )
    verdict = it.feasibility.verdict(lang) if it.feasibility is not None else ""
    return (
        f"<h1>{_text(it.title)}</h1>"
        f"<p>{html.escape(facts)}</p>"
        f"<p><b>{html.escape(clean(verdict))}</b></p>"
        f"<p><img src='lvtu-map:cover' width='{MAP_PX}'/></p>"
    )


def _overview(it: Any) -> str:
    """Every day on one page: its date, stops with their times, and its cost."""
    lang = it.lang
    title = "行程总览" if lang == "zh" else "Overview"
    rows = []
    for day in it.days:
        stops = [i for i in day.items if i.kind.value not in LEG_KINDS]
        places = " → ".join(f"{i.start:%H:%M} {_text(i.name)}" for i in stops)
        # the day and its date never break inside (「周五」 wrapped as 「周」 / 「五」 in a
        # column sized for it): the column takes the width they need
        head = (
            f"{_nowrap(plan_text(lang, 'day', day.index))}<br/>{_nowrap(day_date(day.date, lang))}"
        )
        rows.append(
            f"<tr><td valign='top'><b>{head}</b></td>"
            f"<td valign='top'>{places}</td>"
            f"<td align='right' valign='top'>{_nowrap(money(day.cost_cny))}</td></tr>"
        )
    total = plan_text(lang, "about", x=money(it.total_cost_cny))
    return (
        f"<h2>{title}</h2><table width='100%' border='0' cellspacing='0'>"
        + "".join(rows)
        + f"<tr><td></td><td></td><td align='right'><b>{_nowrap(total)}</b></td></tr>"
        "</table>"
    )


def _nowrap(text: str) -> str:
    """`text` (ours: no markup) escaped, on one line."""
    return f"<span style='white-space:nowrap'>{html.escape(text)}</span>"


def _day(it: Any, day: Any, url: str, lang: str) -> str:
    """A day: its heading, its map, each step with time, place or leg, and cost."""
    title = plan_text(lang, "day", day.index) + " · " + day_date(day.date, lang)
    rows = []
    number = 0
    next_day = it.day_after(day)
    for item in day.items:
        then = it.day_after(next_day) if next_day is not None else None
        span = time_span(item, lang, next_day, then)
        cost = money(item.cost_cny) if item.cost_cny else ""
        if item.kind.value in LEG_KINDS:
            mode = mode_name(item.mode.value, lang) if item.mode else ""
            what = " · ".join(
                x for x in (clean_name(item.name), mode, distance(item.distance_m, lang)) if x
            )
            rows.append(
                f"<tr class='grey'><td width='22%'>{span}</td>"
                f"<td class='grey'>{html.escape(what)}</td><td align='right'>{cost}</td></tr>"
            )
            continue
        label = ""
        if item.lat is not None and item.lon is not None:
            number += 1
            label = f"<span class='num'>{day.index}.{number}</span> "
        rows.append(
            f"<tr><td width='22%'>{span}</td><td>{label}<b>{_text(item.name)}</b></td>"
            f"<td align='right'>{cost}</td></tr>"
        )
    return (
        f"<h2>{html.escape(title)} <span class='grey'>{money(day.cost_cny)}</span></h2>"
        f"<p><img src='{url}' width='{MAP_PX}'/></p>"
        "<table width='100%' border='0' cellspacing='0'>" + "".join(rows) + "</table>"
    )
