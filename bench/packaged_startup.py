"""Launch to first paint of packaged builds vs the source tree, plus each bundle's size.

Each sample is a fresh process timed from spawn to the ``first_paint`` line the app prints when
LVTU_BENCH_FIRST_PAINT is set (desktop/app.py); samples rotate between the commands so machine
noise hits all alike. Uses DISPLAY when set (e.g. under ``xvfb-run``), else offscreen.

    python bench/packaged_startup.py build/dist/lvtu [build/dist-untrimmed/lvtu …] [--runs 7]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from startup import sample  # bench/startup.py: one timed launch


def folder_size(folder: Path) -> int:
    """Bytes of the regular files under `folder` (symlinks not followed)."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("bundles", nargs="+", type=Path, help="one-folder builds (holding lvtu)")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument(
        "--no-source", action="store_true", help="skip `python -m desktop.launcher`"
    )
    args = parser.parse_args()
    env = dict(os.environ)
    if not env.get("DISPLAY"):
        env["QT_QPA_PLATFORM"] = "offscreen"
    commands: dict[str, list[str]] = {}
    if not args.no_source:
        commands["source tree"] = [sys.executable, "-m", "desktop.launcher"]
    for bundle in args.bundles:
        exe = bundle / ("lvtu.exe" if sys.platform == "win32" else "lvtu")
        commands[str(bundle)] = [str(exe.resolve())]
    times: dict[str, list[float]] = {name: [] for name in commands}
    with tempfile.TemporaryDirectory() as home:
        app_env = {**env, "LVTU_HOME": home, "LVTU_BENCH_FIRST_PAINT": "1"}
        for command in commands.values():
            sample(command, app_env)  # warm the file cache
        for _ in range(args.runs):
            for name, command in commands.items():
                times[name].append(sample(command, app_env))
    print(f"platform: {env.get('QT_QPA_PLATFORM') or 'default (DISPLAY)'}; runs: {args.runs}")
    for name, values in times.items():
        size = ""
        if name != "source tree":
            size = f"; size {folder_size(Path(name)) / 2**20:.0f} MiB"
        print(
            f"{name:<34} first paint median {statistics.median(values) * 1000:.0f} ms "
            f"(min {min(values) * 1000:.0f}){size}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
