"""`lvtu export ID --format md|ics|gpx|pdf [-o PATH]`: write a saved itinerary to a file.

All formats come from `engine.export.export_bytes`. ``pdf`` needs Qt's text layout, which the engine
does not have: the ``lvtu`` entry point (desktop/launcher.py) hands the command line the
desktop's renderer (``args.pdf``); without it (``python -m engine.cli.main``, or no desktop
app installed) the message says PDF needs the desktop app.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path
from typing import Any

from engine.cli.output import command_lang, missing_lang
from engine.export import FORMATS, PdfUnavailableError, export_bytes
from engine.faults import machine_fault
from engine.i18n import pick
from engine.storage import itineraries
from engine.storage.db import open_database


def register(sub: Any) -> None:
    p = sub.add_parser("export", help="export an itinerary / 导出行程 (md, ics, gpx, pdf)")
    p.add_argument("id", type=int)
    p.add_argument("--format", "-f", choices=FORMATS, default="md", dest="fmt")
    p.add_argument(
        "-o", "--output", type=Path,
        help="file to write, or an existing folder to write lvtu-ID.FORMAT in (default: "
        "lvtu-ID.FORMAT here); its folder must exist / 文件所在的文件夹须已存在",
    )  # fmt: skip
    p.add_argument("--lang", choices=["zh", "en"], help="messages in zh | en (default: system)")
    p.set_defaults(handler=cmd_export)


def cmd_export(args: argparse.Namespace) -> int:
    """Write the file; exit 2 with a clear message when the itinerary is missing, PDF needs the
    desktop app, or the file cannot be written (its folder must already exist: a mistyped path
    is reported rather than a new folder tree created)."""
    lang = command_lang(args)
    engine = open_database()
    try:
        itinerary = itineraries.load(engine, args.id)
    except itineraries.NotFoundError:
        lang = missing_lang(args, engine)
        print(pick(lang, f"没有编号为 {args.id} 的行程。", f"No itinerary #{args.id}."),
              file=sys.stderr)  # fmt: skip
        return 2
    try:
        data = export_bytes(itinerary, args.fmt, pdf=getattr(args, "pdf", None))
    except (ImportError, PdfUnavailableError):
        print(
            "导出 PDF 需要桌面版（PySide6）/ PDF export needs the desktop app (PySide6)",
            file=sys.stderr,
        )
        return 2
    lang = args.lang or itinerary.lang
    name = f"lvtu-{args.id}.{args.fmt}"
    path = args.output or Path(name)
    if path.is_dir():
        path = path / name
    try:
        write_whole(path, data)
    except OSError as exc:
        print(_write_problem(path, exc, lang), file=sys.stderr)
        return 2
    print(pick(lang, f"已导出：{path}", f"Exported: {path}"))
    return 0


def write_whole(path: Path, data: bytes) -> None:
    """Write `data` to `path` whole or not at all: into a hidden file beside it, renamed over it
    once written and synced (a full disk leaves no half-written export behind, and an older
    file of that name as it was).

    Raises:
        OSError: as the writes do; the hidden file is removed first.
    """
    part = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        with part.open("wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(part, path)
    except OSError:
        with contextlib.suppress(OSError):
            part.unlink()
        raise


def _write_problem(path: Path, exc: OSError, lang: str) -> str:
    if (fault := machine_fault(exc)) is not None and fault.kind in ("disk_full", "too_large"):
        return fault.message(lang)
    folder = path.parent
    if isinstance(exc, FileNotFoundError) or not folder.is_dir():
        return pick(
            lang,
            f"无法写入 {path}：文件夹 {folder} 不存在。请先创建它，或换一个路径（-o）。",
            f"Cannot write {path}: the folder {folder} does not exist. Create it first, or "
            "choose another path (-o).",
        )
    if isinstance(exc, PermissionError):
        return pick(
            lang,
            f"无法写入 {path}：没有写权限。请换一个路径（-o）。",
            f"Cannot write {path}: permission denied. Choose another path (-o).",
        )
    reason = exc.strerror or type(exc).__name__
    return pick(lang, f"无法写入 {path}：{reason}。", f"Cannot write {path}: {reason}.")
