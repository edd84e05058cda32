"""Demo mode: `lvtu --demo TEXT [--screenshot PATH] [--follow-up TEXT]` — plan TEXT, visit the
other views while it runs, come back, wait for the guide, save PNGs of the window (PATH; the
guide tab PATH-guide; the Jobs, Itineraries and Settings views PATH-jobs, PATH-library,
PATH-settings), optionally send a follow-up and save the new version (PATH-followup), quit
with 0 (1 on failure)."""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from desktop.main_window import JOBS, LIBRARY, PLANNER, SETTINGS, MainWindow
from desktop.views.planner import PlannerView
from desktop.waiting import wait_until

log = logging.getLogger(__name__)
PAUSE = 0.4  # seconds on each view, so a person watching can follow


def demo_script(
    window: MainWindow, text: str, screenshot: Path | None, follow_up: str | None = None
) -> Callable[[Any], Awaitable[None]]:
    async def script(ctx: Any) -> None:
        ctx.exit_code = 1
        try:
            await _run(window, text, screenshot)
            if follow_up:
                await _follow_up(window, follow_up, screenshot)
            ctx.exit_code = 0
        except Exception as exc:
            log.exception("demo failed")
            print(f"demo failed: {exc}", file=sys.stderr)

    return script


def _shot(window: MainWindow, screenshot: Path, suffix: str) -> Path:
    path = screenshot.with_name(screenshot.stem + suffix + screenshot.suffix)
    path.parent.mkdir(parents=True, exist_ok=True)
    if not window.grab().save(str(path)):
        raise OSError(f"could not write {path}")
    return path


async def _settle(window: MainWindow) -> None:
    """Let the panel finish laying out, then give a watching person a moment."""
    await wait_until(lambda: not window.planner.panel.rendering, limit=30)
    await asyncio.sleep(PAUSE)


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
    await wait_until(lambda: _guide_shown(planner) or not planner.running, limit=120)
    if not _guide_shown(planner):  # a request that cannot be planned: the chat says why
        print("no itinerary: the request was answered in the chat", file=sys.stderr)
        await asyncio.sleep(PAUSE)
        if screenshot is not None:
            print(f"screenshots: {_shot(window, screenshot, '')}", file=sys.stderr)
        return
    print(f"guide written for itinerary #{planner.itinerary_id}", file=sys.stderr)
    await _settle(window)
    if screenshot is not None:
        shots = [_shot(window, screenshot, "")]
        planner.panel.tabs.setCurrentIndex(1)
        await asyncio.sleep(PAUSE)
        shots.append(_shot(window, screenshot, "-guide"))
        planner.panel.tabs.setCurrentIndex(0)
        window.show_view(JOBS)
        window.jobs.table.selectRow(0)
        await asyncio.sleep(PAUSE)
        shots.append(_shot(window, screenshot, "-jobs"))
        window.show_view(LIBRARY)
        await wait_until(lambda: window.library.ids, limit=10)
        await asyncio.sleep(PAUSE)
        shots.append(_shot(window, screenshot, "-library"))
        window.show_view(SETTINGS)
        await asyncio.sleep(PAUSE)
        shots.append(_shot(window, screenshot, "-settings"))
        window.show_view(PLANNER)
        print("screenshots: " + " ".join(map(str, shots)), file=sys.stderr)


def _guide_shown(planner: PlannerView) -> bool:
    """The panel shows a saved plan with its guide (after ``guide_written``)."""
    shown = planner.panel.itinerary
    return shown is not None and bool(shown.guide)


def follow_up_outcome(had: int, shown: Any, itinerary_id: int | None) -> str:
    """What a follow-up did, for the demo's log: the version it made, or that the plan stayed
    at version `had` (refused, or answered in words) — never "made version 1" for a refusal.
    `shown`: the itinerary the panel shows after it (None: none)."""
    version = shown.version if shown is not None else 0
    if version > had:
        return f"follow-up made version {version} of itinerary #{itinerary_id}"
    return f"follow-up made no new version: itinerary #{itinerary_id} stays at version {had}"


async def _follow_up(window: MainWindow, text: str, screenshot: Path | None) -> None:
    """Send `text` on the plan's conversation and wait for its job to end (a change that
    leaves the plan as it was makes no new version, and no new guide)."""
    planner = window.planner
    before = planner.job_id
    await wait_until(lambda: not planner.running, limit=30)
    had = planner.panel.itinerary.version if planner.panel.itinerary else 0
    planner.chat.request.setPlainText(text)
    planner.send()
    await wait_until(lambda: planner.job_id != before, limit=30)
    await wait_until(lambda: not planner.running, limit=120)
    print(follow_up_outcome(had, planner.panel.itinerary, planner.itinerary_id), file=sys.stderr)
    await _settle(window)
    if screenshot is not None:
        print(f"screenshot: {_shot(window, screenshot, '-followup')}", file=sys.stderr)
