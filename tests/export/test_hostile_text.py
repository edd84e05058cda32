"""The hostile-text corpus (`tests.helpers.hostile`) through import → plan → guide → Markdown,
iCalendar and GPX exports and the terminal: nothing injected, loaded or run; still readable.

The window and the PDF are checked in ``tests/desktop/test_hostile_text.py``.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import gpxpy
import pytest
from icalendar import Calendar
from markdown_it import MarkdownIt

from engine.cli.main import main
from engine.export import to_gpx, to_ics, to_markdown
from engine.storage import itineraries
from engine.storage.db import open_database
from engine.untrusted import clean, for_terminal, markdown_text, safe_markdown, web_link
from tests.helpers.hostile import (
    MODEL_READABLE,
    forbidden_in,
    hostile_plan,
    visible,
)


def rendered(markdown: str) -> tuple[str, str]:
    """(HTML, visible text) of `markdown` as a CommonMark renderer with raw HTML enabled and
    every link allowed renders it — what another Markdown viewer would make of the export."""
    parser = MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])
    parser.validateLink = lambda url: True  # type: ignore[method-assign]
    page = parser.render(markdown)
    text = html.unescape(re.sub(r"<[^>]+>", "", page))
    return page, text


def injected(page: str) -> list[str]:
    """HTML elements or links in a rendered page that no export may produce."""
    found = re.findall(r"<(?:img|script|iframe|a href=\"(?!https?://)[^\"]*\")[^>]*>", page)
    found += [f"href={h}" for h in re.findall(r'href="([^"]*)"', page) if not web_link(h)]
    return found


@pytest.mark.parametrize("model", [False, True], ids=["offline-guide", "model-guide"])
def test_markdown_export_has_no_html_image_or_foreign_link_and_reads_right(model: bool) -> None:
    plan = hostile_plan()
    itinerary = plan.model_itinerary if model else plan.itinerary
    text = to_markdown(itinerary)
    page, words = rendered(text)
    assert injected(page) == []
    assert forbidden_in(text) == [] and "\r" not in text
    if model:
        assert all(part in words for part in MODEL_READABLE)
        assert 'href="https://www.hangzhou.gov.cn/"' in page  # a web link stays a link
        for question in itinerary.suggested_questions:
            assert clean(question) in words
    else:
        assert plan.names and all(visible(n, markdown=True) in words for n in plan.names)
    assert str(plan.secret_png) not in re.findall(r'src="([^"]*)"', page)


def test_markdown_outline_escapes_names_while_the_guide_is_pending() -> None:
    itinerary = hostile_plan().itinerary.model_copy(update={"guide": "", "suggested_questions": ()})
    page, words = rendered(to_markdown(itinerary))
    assert injected(page) == []
    assert all(visible(n) in words for n in hostile_plan().names)


#: Legs to a place are named after it but are no event or waypoint of their own (the hostile
#: places lie by 西湖: a leg there may be a ferry).
LEGS = ("步行", "地铁", "轮渡", "打车", "公交")


def test_ics_names_stay_in_their_property_and_read_right() -> None:
    plan = hostile_plan()
    raw = to_ics(plan.itinerary)
    assert forbidden_in(raw.decode().replace("\r\n", "\n")) == []
    assert b"\r" not in raw.replace(b"\r\n", b"")  # every CR ends a line, as RFC 5545 says
    calendar = Calendar.from_ical(raw)
    events = calendar.walk("VEVENT")
    assert not any("ATTACH" in event for event in events)  # the CR/LF name injected nothing
    summaries = {str(e["SUMMARY"]) for e in events}
    for name in (n for n in plan.names if not n.startswith(LEGS)):
        assert any(s.startswith(visible(name)) for s in summaries), name


def test_gpx_is_valid_xml_with_the_names_as_text() -> None:
    plan = hostile_plan()
    xml = to_gpx(plan.itinerary)
    assert forbidden_in(xml.replace("\n", "")) == []
    gpx = gpxpy.parse(xml)
    names = {w.name for w in gpx.waypoints}
    for name in (n for n in plan.names if not n.startswith(LEGS)):
        assert any(s.startswith(visible(name)) for s in names), name
    assert all(not w.link for w in gpx.waypoints)


def test_terminal_output_of_show_and_list_carries_no_escape_sequence(
    lvtu_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plan = hostile_plan()
    hostile_title = "标题\x1b]0;pwned\x07\x1b[2J\r覆盖\u202e反向"
    itinerary = plan.model_itinerary.model_copy(update={"title": hostile_title})
    itinerary_id = itineraries.save_new(open_database(), itinerary)
    outputs = []
    for argv in (["show", str(itinerary_id)], ["list"]):
        assert main(argv) == 0
        out, err = capsys.readouterr()
        outputs.append(out + err)
    for text in outputs:
        assert forbidden_in(text) == [] and "\x1b" not in text and "\r" not in text
    assert all(part in outputs[0] for part in MODEL_READABLE)
    assert "  • 第二天 ## 注入能轻松点吗？" in outputs[0]  # a question stays on its line
    (row,) = outputs[1].splitlines()  # the title's CR made no second row
    assert row.startswith(f"#{itinerary_id}    标题 覆盖反向  2026-04-20")


def test_json_output_escapes_control_characters(
    lvtu_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    itinerary_id = itineraries.save_new(open_database(), hostile_plan().model_itinerary)
    assert main(["show", str(itinerary_id), "--json"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\\u001b" in out  # kept as data, never as a raw ESC


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a\x1b]0;title\x07b", "ab"),  # OSC title change, ended by BEL
        ("a\x1b]8;;file:///etc/passwd\x1b\\b\x1b]8;;\x1b\\c", "abc"),  # OSC 8 hyperlink
        ("a\x1b[31mb\x1b[0m\x1b[2J", "ab"),  # colours, clear screen
        ("a\x9b31mb", "ab"),  # an 8-bit CSI
        ("a\rb\r\nc", "a\nb\nc"),  # no carriage return left to overwrite a line
        ("a\u202eb\u2066c\u200bd\ufeff", "abcd"),  # bidi override, isolate, zero width, BOM
        ("a\x00\x07\x08\x7fb\tc", "ab\tc"),
        ("bad \udcff byte", "bad \ufffd byte"),  # a byte that was not UTF-8
    ],
)
def test_for_terminal_strips_what_a_terminal_would_act_on(text: str, expected: str) -> None:
    assert for_terminal(text) == expected


def test_one_line_values_are_escaped_for_markdown_and_cut_when_very_long() -> None:
    assert markdown_text("a\r\n# b <img src=x> [c](javascript:d)") == (
        r"a \# b \<img src=x\> \[c\](javascript:d)"
    )
    assert len(markdown_text("名" * 500)) == 200 and markdown_text("名" * 500).endswith("…")


def test_safe_markdown_keeps_formatting_and_web_links() -> None:
    source = "# 标题\n\n- **粗体** [官网](https://example.com/a_(b)) `<code>`\n"
    assert safe_markdown(source) == source
    assert safe_markdown("a <b>c</b>") == r"a \<b>c\</b>"


def test_a_stored_plan_named_by_a_data_pack_is_cleaned_on_load() -> None:
    from engine.knowledge.schema import Attraction

    record: dict[str, Any] = {
        "id": "x-1", "name_zh": "名\x1b]0;t\x07字\r\n注入", "name_en": "N\u202eame",
        "aliases": ("别\u200b名",), "lat": 30.0, "lon": 120.0, "hours": "24/7",
        "visit_minutes": 30, "ticket_cny": 0, "tags": ("culture",), "popularity": 3,
        "description_zh": "描述\r\n<b>", "description_en": "description\x00 here",
        "as_of": "2026-01-01", "source": "test", "confidence": "estimated",
    }  # fmt: skip
    place = Attraction.model_validate(record)
    assert (place.name_zh, place.name_en, place.aliases) == ("名字 注入", "Name", ("别名",))
    assert (place.description_zh, place.description_en) == ("描述 <b>", "description here")
