"""Run ``lvtu`` as a subprocess (asynchronously, so a server on the test's loop keeps serving)."""

from __future__ import annotations

import asyncio
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Generous: the real-server tier runs a small model on one thread of a shared 2-core machine.
LIMIT = 600.0


@dataclass
class Finished:
    code: int
    stdout: str
    stderr: str
    seconds: float

    @property
    def progress(self) -> list[str]:
        """The progress lines (``… text`` on stderr)."""
        return [line[2:] for line in self.stderr.splitlines() if line.startswith("… ")]


async def lvtu(*argv: str, env: dict[str, str]) -> Finished:
    """``python -m engine.cli.main ARGV`` from the repository root with `env` added."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("LVTU_")}
    clean.update(env, PYTHONPATH=str(ROOT))
    start = time.monotonic()
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "engine.cli.main", *argv, cwd=ROOT, env=clean,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        out, err = await asyncio.wait_for(child.communicate(), LIMIT)
    except TimeoutError:
        child.kill()
        await child.wait()
        raise
    return Finished(child.returncode or 0, out.decode(), err.decode(), time.monotonic() - start)
