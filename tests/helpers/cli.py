"""`lvtu` in this process: ``engine.cli.main`` with its output captured, for tests of what a
command does rather than of the process itself (a subprocess costs an interpreter start and a
knowledge-base load, seconds on a loaded machine; `tests.cli.test_plan_cmd.lvtu` runs one)."""

from __future__ import annotations

import contextlib
import io
import logging
import os
import subprocess
from pathlib import Path

from engine.cli.main import main


def lvtu_here(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``lvtu ARGS`` with `home` as its data folder and the offline provider, as
    `tests.cli.test_plan_cmd.lvtu` runs it, but in this process: the same exit status, stdout
    and stderr (text). The environment and the root logger are as before afterwards (the log
    file `engine.cli.main` opened is closed)."""
    out, err = io.StringIO(), io.StringIO()
    root = logging.getLogger()
    handlers, level, raises = list(root.handlers), root.level, logging.raiseExceptions
    saved = {name: os.environ.get(name) for name in ("LVTU_HOME", "LVTU_PROVIDER")}
    os.environ.update({"LVTU_HOME": str(home), "LVTU_PROVIDER": "offline"})
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(list(args))
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        for handler in [h for h in root.handlers if h not in handlers]:
            root.removeHandler(handler)
            handler.close()
        root.setLevel(level)
        logging.raiseExceptions = raises
    return subprocess.CompletedProcess(["lvtu", *args], code, out.getvalue(), err.getvalue())
