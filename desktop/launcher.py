"""The `lvtu` entry point: no arguments (or app flags) open the window; anything else is the CLI.

The one place that chooses a host: the window (`desktop.app`) or the command line
(`engine.cli.main`, handed the desktop's PDF renderer, which it loads only for a PDF). Kept free
of Qt imports so that command-line use never loads Qt. ``--version`` answers before anything
heavy is imported; ``--jobs-worker JOB_ID …`` (hidden) runs a detached job's worker, which is
how a frozen app (where ``sys.executable`` is the app itself) starts one; ``--turn-worker``
(hidden) is the plan jobs' worker process (engine.jobs.turn_process) in a frozen app.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

APP_FLAGS = ("--demo", "--selftest", "--screenshot")
WORKER_FLAG = "--jobs-worker"
TURN_FLAG = "--turn-worker"  # engine.jobs.turn_process.WORKER_FLAG


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("--version", "-V"):
        from engine import __version__

        print(f"lvtu {__version__}")
        return 0
    if args and args[0] == WORKER_FLAG:
        from engine.jobs.worker import main as worker_main

        return worker_main(args[1:])
    if args and args[0] == TURN_FLAG:
        from engine.jobs.turn_child import main as turn_main

        return turn_main()
    if not args or args[0].split("=")[0] in APP_FLAGS:
        try:
            from desktop.app import run
        except ImportError:
            from engine.cli.main import main as cli_main

            return cli_main(["plan", "上海出发去黄山玩两天"] if not args else args)
        return int(run(args))
    from engine.cli.main import main as cli_main

    return cli_main(args, pdf=pdf_bytes)


def pdf_bytes(itinerary: Any) -> bytes:
    """The desktop's PDF of `itinerary` (Qt is imported now, for a PDF only).

    Raises:
        ImportError: the desktop app (PySide6) is not installed.
    """
    from desktop.export_pdf import pdf_bytes as lay_out

    return lay_out(itinerary)


if __name__ == "__main__":
    raise SystemExit(main())
