"""The `lvtu` entry point: no arguments (or app flags) open the window; anything else is the CLI.

Kept free of Qt imports so that command-line use never loads Qt.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

APP_FLAGS = ("--demo", "--selftest", "--screenshot")


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0].split("=")[0] in APP_FLAGS:
        try:
            from desktop.app import run
        except ImportError:
            from engine.cli.main import main as cli_main

            return cli_main(["plan", "上海出发去黄山玩两天"] if not args else args)
        return int(run(args))
    from engine.cli.main import main as cli_main

    return cli_main(args)


if __name__ == "__main__":
    raise SystemExit(main())
