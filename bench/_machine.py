"""What the machine did to a timing bench: compiled bytecode as an installed app has it, and the
load average before and after, with a plain warning when other processes dominate the figures.

Two things made this machine's figures look worse than a user's would be:

- ``PYTHONDONTWRITEBYTECODE`` (set in some sandboxes and CI images) makes every process compile
  every module from source, each start: 8-11 ms of the app's 110-120 ms CPU to its first paint
  here, and the whole engine again in the plan worker process while a plan runs. An installed
  app (pip, the .deb, PyInstaller) always has its bytecode. `use_bytecode` turns it back on,
  with the cache kept outside the source tree.
- Other processes: timer lateness and wall time are mostly time spent waiting for a CPU when
  the load average is above the number of CPUs. `load_note` says so.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

PYCACHE = Path(tempfile.gettempdir()) / "lvtu-bench-pycache"


def use_bytecode(env: dict[str, str] | None = None) -> dict[str, str]:
    """Compile and cache bytecode in this process and (through the returned copy of `env`, or
    of os.environ, also set in os.environ) its children, under `PYCACHE`; a cache set by
    ``PYTHONPYCACHEPREFIX`` is kept."""
    prefix = os.environ.get("PYTHONPYCACHEPREFIX") or str(PYCACHE)
    sys.dont_write_bytecode = False
    sys.pycache_prefix = prefix
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = prefix
    child = dict(os.environ if env is None else env)
    child.pop("PYTHONDONTWRITEBYTECODE", None)
    child["PYTHONPYCACHEPREFIX"] = prefix
    return child


def load() -> float:
    """The 1-minute load average (0 where the platform has none)."""
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):
        return 0.0


def load_note(before: float) -> str:
    """Lines on the machine's load from `before` (`load()` when the bench began) to now, and a
    warning when it was above the CPU count: the wall-time figures then measure the machine."""
    cpus = os.cpu_count() or 1
    after = load()
    line = f"machine load average: {before:.1f} at start, {after:.1f} at end, on {cpus} CPUs"
    if max(before, after) > cpus:
        line += (
            f"\nWARNING: the machine was loaded (load > {cpus} CPUs): other processes held the "
            "CPUs, so wall times and timer lateness above are mostly waiting for a CPU; the CPU "
            "figures are the app's own work"
        )
    return line
