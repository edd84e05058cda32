"""Demo mode: `lvtu --demo TEXT [--screenshot PATH]` — plan TEXT, visit the other views while it
runs, come back, wait for the guide, save a PNG of the window, quit with 0 (1 on failure)."""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from desktop.main_window import JOBS, LIBRARY, PLANNER, SETTINGS, MainWindow
from desktop.waiting import wait_until

log = logging.getLogger(__name__)
PAUSE = 0.4  # seconds on each view, so a person watching can follow


def demo_script(
    window: MainWindow, text: str, screenshot: Path | None
) -> Callable[[Any], Awaitable[None]]:
    async def script(ctx: Any) -> None:
        ctx.exit_code = 1
        try:
            await _run(window, text, screenshot)
            ctx.exit_code = 0
        except Exception as exc:
            log.exception("demo failed")
            print(f"demo failed: {exc}", file=sys.stderr)

    return script


async def _run(window: MainWindow, text: str, screenshot: Path | None) -> None:
    window.show_view(PLANNER)
    planner = window.planner
    planner.chat.request.setPlainText(text)
    planner.send()
    await wait_until(lambda: planner.job_id is not None, limit=30)
    print(f"submitted job {planner.job_id}", file=sys.stderr)
    for view in (LIBRARY, JOBS, SETTINGS):
        window.show_view(view)
        await asyncio.sleep(PAUSE)
    window.show_view(PLANNER)
    await wait_until(lambda: planner.guide_refreshes >= 1, limit=120)
    print(f"guide written for itinerary #{planner.itinerary_id}", file=sys.stderr)
    await asyncio.sleep(PAUSE)  # let the layout settle after the last refresh
    if screenshot is not None:
        screenshot.parent.mkdir(parents=True, exist_ok=True)
        if not window.grab().save(str(screenshot)):
            raise OSError(f"could not write {screenshot}")
        planner.panel.tabs.setCurrentIndex(1)
        await asyncio.sleep(PAUSE)
        guide_shot = screenshot.with_name(screenshot.stem + "-guide" + screenshot.suffix)
        window.grab().save(str(guide_shot))
        planner.panel.tabs.setCurrentIndex(0)
        print(f"screenshots: {screenshot} {guide_shot}", file=sys.stderr)
