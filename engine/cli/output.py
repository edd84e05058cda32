"""CLI output helpers: progress lines on stderr, plans as text or JSON on stdout."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import logging
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from engine.domain.itinerary import Itinerary
from engine.guide.wishes_section import has_wishes_section, wishes_markdown
from engine.i18n import system_lang, text_lang
from engine.untrusted import clean_name, for_terminal


class TerminalStream(io.TextIOBase):
    """A text stream that writes through `engine.untrusted.for_terminal`: what the CLI prints —
    place names, a model's guide, a request echoed back — can carry no escape sequence (an OSC
    title change, colours, cursor moves), control character, carriage return or bidi override
    to the terminal. `unfiltered` is the stream underneath (our own ``\r`` progress line)."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.unfiltered = stream

    def write(self, text: str) -> int:
        self.unfiltered.write(for_terminal(text))
        return len(text)

    def flush(self) -> None:
        self.unfiltered.flush()

    def isatty(self) -> bool:
        return self.unfiltered.isatty()

    def fileno(self) -> int:
        return self.unfiltered.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.unfiltered, "encoding", "utf-8")


@contextlib.contextmanager
def terminal_streams() -> Iterator[None]:
    """`sys.stdout` and `sys.stderr` as `TerminalStream`s for the duration (restored after)."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = TerminalStream(out), TerminalStream(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err


def unfiltered(stream: Any) -> Any:
    """The stream under a `TerminalStream` (else `stream` itself)."""
    return getattr(stream, "unfiltered", stream)


def progress(message: str) -> None:
    """One progress line on stderr (stdout stays clean for --json)."""
    print(f"… {message}", file=sys.stderr, flush=True)


def command_lang(args: argparse.Namespace) -> str:
    """The language to answer a command in: ``--lang``, else the language of its text (a plan
    request, a revision; `engine.i18n.text_lang`), else the system's (`engine.i18n.system_lang`:
    ``LVTU_LANG``, then the locale)."""
    lang = getattr(args, "lang", None)
    if lang:
        return str(lang)
    text = getattr(args, "text", None)
    if isinstance(text, str) and text.strip():
        return text_lang(text)
    return system_lang()


def missing_lang(args: argparse.Namespace, engine: Any) -> str:
    """The language to say an itinerary id is unknown in (`lvtu show 999`): ``--lang``, else the
    language of the plan changed last in the library (the one the person has been using: a
    Chinese session had been answered in English by the system's locale), else
    `command_lang`."""
    if getattr(args, "lang", None) or getattr(args, "text", None):
        return command_lang(args)
    from engine.storage import itineraries

    latest = itineraries.list_summaries(engine, limit=1)
    return latest[0].lang if latest and latest[0].lang in ("zh", "en") else command_lang(args)


def log_file() -> Path | None:
    """The log file this process writes (set up by `engine.cli.main`), or None when the log
    goes to stderr only (the file could not be opened)."""
    for handler in logging.getLogger().handlers:
        if isinstance(handler, logging.FileHandler):
            return Path(handler.baseFilename)
    return None


def report_error(message: str, code: str, *, as_json: bool = False, **extra: Any) -> None:
    """`message` on stderr; with `as_json` also ``{"error": {"code", "message", …extra}}`` on
    stdout, so a program reading stdout always gets one JSON object."""
    print(message, file=sys.stderr, flush=True)
    if as_json:
        print_json({"error": {"code": code, "message": message, **extra}})


def itinerary_json(itinerary: Itinerary) -> dict[str, Any]:
    """The plan as one JSON object: ``itinerary``, ``guide``, ``suggested_questions``,
    ``feasibility`` (``passed``, ``checks[]``)."""
    data = itinerary.model_dump(
        mode="json", exclude={"guide", "suggested_questions", "feasibility"}
    )
    report = itinerary.feasibility
    return {
        "itinerary": data,
        "guide": itinerary.guide,
        "suggested_questions": list(itinerary.suggested_questions),
        "feasibility": report.model_dump(mode="json")
        if report
        else {"passed": False, "checks": []},
    }


def print_json(obj: Any) -> None:
    json.dump(obj, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def print_plan(itinerary: Itinerary, *, footer: str | None = None) -> None:
    """Human-readable: the guide (it contains the wishes section and the day-by-day plan; the
    section is added when a model wrote the guide), the questions, and a last
    line: `footer`, else ``已保存，编号 N`` / ``Saved as #N`` (what `lvtu plan` says)."""
    zh = itinerary.lang == "zh"
    print(itinerary.guide.rstrip())
    if not has_wishes_section(itinerary.guide):  # a model's guide, or none yet
        section = wishes_markdown(itinerary)
        if section:
            print(section.rstrip())
    if itinerary.suggested_questions:
        print("\n" + ("你还可以问：" if zh else "You could ask next:"))
        for q in itinerary.suggested_questions:
            print(f"  • {clean_name(q)}")
    if footer is None:
        footer = f"已保存，编号 {itinerary.id}" if zh else f"Saved as #{itinerary.id}"
    print("\n" + footer)


def version_line(itinerary: Itinerary) -> str:
    """``行程 #2 · 第3版`` / ``Itinerary #2 · version 3`` (what `lvtu show` ends with)."""
    if itinerary.lang == "zh":
        return f"行程 #{itinerary.id} · 第{itinerary.version}版"
    return f"Itinerary #{itinerary.id} · version {itinerary.version}"
