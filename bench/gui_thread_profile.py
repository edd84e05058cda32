"""What the GUI thread spends its CPU on during bench/ui_responsiveness.py's scenario: each
top-level Qt event (a timer that runs asyncio callbacks, a paint, a queued call) timed with
`time.thread_time` — CPU time, which a loaded machine changes far less than timer lateness —
grouped by (receiver class, event type) per phase, plus the longest events with the Python
functions that ran under them (``--detail``: cProfile per event, slower).

    QT_QPA_PLATFORM=offscreen python bench/gui_thread_profile.py [--detail] [--over MS]

The event filter is `QApplication.notify` overridden in Python: it adds about 10 µs to every
event, so totals are a little high; compare runs made the same way.
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import io
import os
import pstats
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication

PHASES = ("start", "idle", "plan", "tokens", "pdf")
WATCHED = ("start", "plan", "tokens")


class ProfilingApp(QApplication):
    """Times every top-level event's CPU on the GUI thread (nested events count in theirs)."""

    def __init__(self, argv: list[str], detail: bool, over_ms: float) -> None:
        super().__init__(argv)
        self.phase = "start"
        self.detail = detail
        self.over_ms = over_ms
        self.by_kind: dict[tuple[str, str, str], list[float]] = collections.defaultdict(list)
        self.longest: list[tuple[float, str, str, str, str]] = []
        self._depth = 0

    def notify(self, receiver: Any, event: Any) -> bool:
        if self._depth or self.phase not in WATCHED:
            return super().notify(receiver, event)
        self._depth += 1
        phase = self.phase
        profile = cProfile.Profile(timer=time.thread_time) if self.detail else None
        started = time.thread_time()
        if profile is not None:
            profile.enable()
        try:
            return super().notify(receiver, event)
        finally:
            if profile is not None:
                profile.disable()
            self._depth -= 1
            ms = (time.thread_time() - started) * 1000
            if phase == self.phase:  # (not the scenario's own step between two phases)
                self._record(ms, (phase, type(receiver).__name__, event.type().name), profile)

    def _record(
        self, ms: float, kind: tuple[str, str, str], profile: cProfile.Profile | None
    ) -> None:
        self.by_kind[kind].append(ms)
        if ms >= self.over_ms:
            self.longest.append((ms, *kind, _top(profile)))


def _top(profile: cProfile.Profile | None, n: int = 5) -> str:
    if profile is None:
        return ""
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(n)
    return "\n".join(line for line in out.getvalue().splitlines() if "{" in line or ".py:" in line)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--detail", action="store_true", help="Python functions per long event")
    parser.add_argument("--over", type=float, default=5.0, help="list events over MS ms")
    args = parser.parse_args()
    app = ProfilingApp(sys.argv[:1], args.detail, args.over)
    import ui_responsiveness as bench  # (the scenario; it uses the app made here)

    class PhaseProbe(bench.Probe):
        started = 0

        def start(self) -> None:
            app.phase = PHASES[min(PhaseProbe.started, len(PHASES) - 1)]
            PhaseProbe.started += 1
            super().start()

    bench.Probe = PhaseProbe  # type: ignore[misc]
    code = bench.run()
    print("\nGUI-thread CPU per top-level event (phase, receiver, event): count, max, total ms")
    ranked = sorted(app.by_kind.items(), key=lambda kv: -max(kv[1]))
    for (phase, receiver, kind), times in ranked[:16]:
        print(
            f"  {phase:6} {receiver:>20} {kind:<14} n={len(times):5d}  "
            f"max {max(times):6.1f}  total {sum(times):7.1f}"
        )
    print(f"\nevents over {args.over} ms, longest first")
    for ms, phase, receiver, kind, top in sorted(app.longest, reverse=True)[:20]:
        print(f"  {ms:6.1f} ms  {phase} {receiver} {kind}")
        if top:
            print("\n".join("        " + line.strip() for line in top.splitlines()))
    return code


if __name__ == "__main__":
    raise SystemExit(main())
