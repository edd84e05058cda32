"""The command-line half of `lvtu`: plan trips, read saved plans, manage jobs and data."""

from __future__ import annotations

import argparse
import logging
import os
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine import __version__
from engine.cli import (
    data_cmd,
    edit_cmd,
    export_cmd,
    habits_cmd,
    jobs_cmd,
    library_cmd,
    plan_cmd,
)
from engine.cli.output import command_lang, report_error, terminal_streams, unfiltered
from engine.export import PdfRenderer
from engine.faults import MachineFault, argv_fault, machine_fault
from engine.i18n import pick
from engine.paths import DataHomeError, writable_data_home
from engine.redaction import RedactingFilter

log = logging.getLogger("lvtu")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="lvtu", description="Lvtu 旅途 — offline-first trip planner / 离线优先的旅行规划"
    )
    parser.add_argument("--version", action="version", version=f"lvtu {__version__}")
    sub = parser.add_subparsers(dest="command")
    plan_cmd.register(sub)
    library_cmd.register(sub)
    edit_cmd.register(sub)
    export_cmd.register(sub)
    jobs_cmd.add_jobs_parser(sub)
    data_cmd.register(sub)
    habits_cmd.register(sub)
    return parser


def load_dotenv(directory: Path | None = None) -> None:
    """``LVTU_*`` settings from ``<directory>/.env`` (default: the current folder) for the
    variables the environment leaves unset: the environment wins, as everywhere."""
    from dotenv import dotenv_values

    path = (directory or Path.cwd()) / ".env"
    if not path.is_file():
        return
    for key, value in dotenv_values(path).items():
        if key.startswith("LVTU_") and value and not os.environ.get(key):
            os.environ[key] = value


class _Brief(logging.Formatter):
    """One line per record, the exception as its last line only (stderr never shows a traceback)."""

    def formatException(self, ei: Any) -> str:
        return "".join(traceback.format_exception_only(ei[0], ei[1])).strip()


def _setup_logging(home: Path) -> Path | None:
    """Log to ``home/lvtu.log``; when that file cannot be opened, warnings and errors go to
    stderr instead (one line each). Either way through `engine.redaction.RedactingFilter`.
    Returns the log file, or None when there is none."""
    root = logging.getLogger()
    level = os.environ.get("LVTU_LOG_LEVEL", "").upper()  # DEBUG shows httpx/httpcore too
    root.setLevel(level if level in ("DEBUG", "INFO", "WARNING", "ERROR") else logging.INFO)
    path = home / "lvtu.log"
    logging.raiseExceptions = False  # a log write that fails (disk full) prints no traceback
    try:
        handler: logging.Handler = logging.FileHandler(path, encoding="utf-8")
    except OSError as exc:
        handler = logging.StreamHandler(sys.stderr)
        handler.setLevel(logging.WARNING)
        brief = _Brief("lvtu: %(levelname)s: %(message)s")
        handler.setFormatter(brief)
        handler.addFilter(RedactingFilter(brief))
        root.addHandler(handler)
        log.warning("cannot open the log file %s (%s); logging to stderr", path, exc)
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(RedactingFilter())  # no key, no URL user-info, no Authorization header
    root.addHandler(handler)
    return path


def main(argv: Sequence[str] | None = None, *, pdf: PdfRenderer | None = None) -> int:
    """Entry point of the `lvtu` command. Returns the exit status: 0 ok, 2 a request that cannot
    be understood or planned, a data folder that cannot be used, or a fault of the machine — a
    full disk, a read-only file, text that is not UTF-8 (`engine.faults`; message on stderr), 1
    an internal error (the log's path on stderr). Never shows a traceback; everything printed
    goes through `engine.untrusted.for_terminal` (`output.TerminalStream`)."""
    with terminal_streams():
        return _main(argv, pdf)


def _main(argv: Sequence[str] | None, pdf: PdfRenderer | None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(args_list)
    args.pdf = pdf  # the host's PDF renderer, if it has one (`lvtu export --format pdf`)
    if args.command is None:
        parser.print_help()
        return 0
    as_json = bool(getattr(args, "json", False))
    if fault := argv_fault(args_list):  # bytes that are not UTF-8: refused before anything
        report_error(fault.message(command_lang(args)), fault.code, as_json=as_json)
        return 2
    try:
        load_dotenv()
    except (OSError, UnicodeError) as exc:
        fault = machine_fault(exc) or MachineFault("encoding", str(Path.cwd() / ".env"))
        if fault.where == "text":
            fault = MachineFault(fault.kind, str(Path.cwd() / ".env"))
        report_error(fault.message(command_lang(args)), fault.code, as_json=as_json)
        return 2
    try:
        home = writable_data_home()
    except DataHomeError as exc:
        report_error(exc.message(command_lang(args)), "data_home", as_json=as_json)
        return 2
    log_file = _setup_logging(home)
    try:
        return int(args.handler(args))
    except BrokenPipeError:  # e.g. `lvtu plan … | head`: the reader left, nothing to report
        unfiltered(sys.stderr).close()
        return 0
    except KeyboardInterrupt:
        print("\n已中断 / interrupted", file=sys.stderr)
        return 130
    except DataHomeError as exc:  # the folder went away or became read-only while running
        log.warning("data folder unusable in `lvtu %s`: %s", " ".join(args_list), exc)
        report_error(exc.message(command_lang(args)), "data_home", as_json=as_json)
        return 2
    except Exception as exc:
        if (fault := machine_fault(exc)) is not None:  # a full disk, a read-only file …
            cause = f"{type(exc).__name__}: {exc}"
            log.warning("`lvtu %s` stopped: %s (%s)", args_list[0], fault, cause)  # (one line)
            report_error(fault.message(command_lang(args)), fault.code, as_json=as_json)
            return 2
        log.exception("internal error in `lvtu %s`", " ".join(args_list))
        where = str(log_file) if log_file else f"{type(exc).__name__}: {exc}"  # no file: say it
        message = pick(
            command_lang(args),
            f"内部错误，详情见日志：{where}",
            f"Internal error, see the log: {where}",
        )
        report_error(message, "internal", as_json=as_json, log=str(log_file or ""))
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
