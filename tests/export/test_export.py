"""Exports without Qt: Markdown, iCalendar (one event per stop, Asia/Shanghai), GPX; the CLI."""

from __future__ import annotations

import datetime as dt
import functools
import subprocess
import sys
from pathlib import Path
from typing import Any

import gpxpy
import pytest
from icalendar import Calendar

from engine.cli.main import main as cli_main
from engine.domain.itinerary import ItemKind
from engine.export import to_gpx, to_ics, to_markdown
from engine.storage import itineraries
from engine.storage.db import open_database

ROOT = Path(__file__).resolve().parents[2]


@functools.cache
def plan() -> Any:
    from engine.domain.request import TripRequest
    from engine.guide import write_guide
    from engine.knowledge.base import default_knowledge
    from engine.planning import plan_trip

    kb = default_knowledge()
    request = TripRequest(departure="shanghai", destinations=("huangshan",), days=2)
    itinerary = plan_trip(request, kb, today=dt.date(2026, 11, 30))
    guide = write_guide(itinerary, kb)
    return itinerary.model_copy(
        update={"guide": guide.markdown, "suggested_questions": guide.questions}
    )


def stops(itinerary: Any, kinds: tuple[ItemKind, ...]) -> list[Any]:
    return [(d, i) for d in itinerary.days for i in d.items if i.kind in kinds]


def test_markdown_is_the_guide_and_the_questions() -> None:
    itinerary = plan()
    text = to_markdown(itinerary)
    assert text.startswith(itinerary.guide.rstrip())
    assert all(q in text for q in itinerary.suggested_questions)


def test_markdown_outline_while_the_guide_is_pending() -> None:
    itinerary = plan().model_copy(update={"guide": "", "suggested_questions": ()})
    text = to_markdown(itinerary)
    assert text.startswith(f"# {itinerary.title}")
    assert all(item.name in text for day in itinerary.days for item in day.items)


def test_ics_has_one_event_per_stop_in_shanghai_time() -> None:
    itinerary = plan()
    calendar = Calendar.from_ical(to_ics(itinerary))
    events = calendar.walk("VEVENT")
    expected = stops(
        itinerary, (ItemKind.ATTRACTION, ItemKind.MEAL, ItemKind.LODGING, ItemKind.INTERCITY)
    )
    assert len(events) == len(expected)
    assert [str(e["SUMMARY"]) for e in events] == [i.name for _, i in expected]
    day, item = expected[0]
    start = events[0].decoded("DTSTART")
    assert start.tzinfo is not None and str(start.tzinfo) == "Asia/Shanghai"
    assert (start.date(), start.time()) == (day.date, item.start)
    assert [c.name for c in calendar.walk("VTIMEZONE")] == ["VTIMEZONE"]
    assert len({str(e["UID"]) for e in events}) == len(events)


def test_gpx_has_waypoints_and_a_track_per_day() -> None:
    itinerary = plan()
    gpx = gpxpy.parse(to_gpx(itinerary))
    assert len(gpx.tracks) == len(itinerary.days)
    names = {w.name for w in gpx.waypoints}
    assert {i.name for _, i in stops(itinerary, (ItemKind.ATTRACTION,))} <= names
    first = gpx.tracks[0].segments[0].points[0]
    item = next(i for i in itinerary.days[0].items if i.lat is not None)
    assert (first.latitude, first.longitude) == (item.lat, item.lon)


def test_export_command_writes_each_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    itinerary_id = itineraries.save_new(open_database(), plan())
    for fmt in ("md", "ics", "gpx"):
        out = tmp_path / f"trip.{fmt}"
        assert cli_main(["export", str(itinerary_id), "--format", fmt, "-o", str(out)]) == 0
        assert out.stat().st_size > 200
    assert "# " in (tmp_path / "trip.md").read_text(encoding="utf-8")
    assert cli_main(["export", "999", "--format", "md"]) == 2
    assert "999" in capsys.readouterr().err


def test_pdf_export_loads_qt_only_for_pdf(tmp_path: Path, lvtu_home: Path) -> None:
    """``lvtu export`` (the entry point, which hands the command line the desktop's PDF
    renderer) loads Qt for a PDF only; the engine's own command line has no PDF."""
    pytest.importorskip("PySide6.QtGui")
    itinerary_id = itineraries.save_new(open_database(), plan())
    out = tmp_path / "trip.pdf"
    code = (
        "import sys\nfrom desktop.launcher import main\n"
        f"rc = main(['export', '{itinerary_id}', '--format', 'md', '-o', r'{tmp_path / 'x.md'}'])\n"
        "assert rc == 0 and not any(m.startswith('PySide6') for m in sys.modules), 'Qt loaded for md'\n"
        f"sys.exit(main(['export', '{itinerary_id}', '--format', 'pdf', '-o', r'{out}']))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={
            **__import__("os").environ,
            "LVTU_HOME": str(lvtu_home),
            "QT_QPA_PLATFORM": "offscreen",
        },
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert out.read_bytes().startswith(b"%PDF")
    assert cli_main(["export", str(itinerary_id), "--format", "pdf", "-o", str(out)]) == 2
