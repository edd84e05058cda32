"""The command-line half of `lvtu`: plan trips, read saved plans, manage jobs and data."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from engine import __version__
from engine.cli import data_cmd, export_cmd, jobs_cmd, library_cmd, plan_cmd
from engine.paths import log_path

log = logging.getLogger("lvtu")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="lvtu", description="Lvtu 旅途 — offline-first trip planner / 离线优先的旅行规划"
    )
    parser.add_argument("--version", action="version", version=f"lvtu {__version__}")
    sub = parser.add_subparsers(dest="command")
    plan_cmd.register(sub)
    library_cmd.register(sub)
    export_cmd.register(sub)
    jobs_cmd.add_jobs_parser(sub)
    data_cmd.register(sub)
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


def _setup_logging() -> None:
    handler = logging.FileHandler(log_path(), encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.INFO)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `lvtu` command. Returns the exit status: 0 ok, 2 a request that cannot
    be understood or planned (message on stderr), 1 an internal error (the log's path on stderr)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(args_list)
    if args.command is None:
        parser.print_help()
        return 0
    load_dotenv()
    _setup_logging()
    try:
        return int(args.handler(args))
    except BrokenPipeError:  # e.g. `lvtu plan … | head`: the reader left, nothing to report
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        print("\n已中断 / interrupted", file=sys.stderr)
        return 130
    except Exception:
        log.exception("internal error in `lvtu %s`", " ".join(args_list))
        print(f"内部错误，详情见日志 / internal error, see the log: {log_path()}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
