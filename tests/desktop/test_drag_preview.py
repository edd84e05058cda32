"""While a stop is dragged, the label under the pointer says where it would land and, once the
pointer rests, the times the engine would give it there — or why it cannot go there (real
mouse events on the real window; nothing is stored until the drop)."""

from __future__ import annotations

import asyncio
from typing import Any

from PySide6.QtCore import QPoint
from PySide6.QtTest import QTest

from desktop.waiting import wait_until
from tests.desktop.test_timeline_editing import (
    CITY,
    LEFT,
    NONE,
    drop_point,
    outcome,
    ready,
    sights,
    stops,
)  # fmt: skip
from tests.helpers.held_guides import GuideHold


async def hover(timeline: Any, start: QPoint, target: QPoint) -> None:
    """Move the pressed pointer from `start` to `target` in steps."""
    for step in range(1, 6):
        QTest.mouseMove(timeline.viewport(), start + (target - start) * step / 5)
        await asyncio.sleep(0)


async def refused_and_accepted(plan: Any) -> tuple[str, tuple[int, int], tuple[int, int]]:
    """A stop of `plan` with a place on another day the engine refuses and a place (its own day
    first) it accepts: (stop, refused (day, position), accepted (day, position))."""
    for home, poi in sights(plan):
        own = (home, stops(plan, home).index(poi) + 1)
        places = [(d.index, p) for d in sorted(plan.days, key=lambda d: d.index != home)
                  for p in range(1, len(stops(plan, d.index)) + 2)]  # fmt: skip
        refused = accepted = None
        for day, position in places:
            if (day, position) == own or (refused and accepted):
                continue
            ok = await asyncio.to_thread(outcome, plan, poi, day, position) is not None
            if ok and accepted is None:
                accepted = (day, position)
            elif not ok and refused is None and day != home:
                refused = (day, position)
        if refused and accepted:
            return poi, refused, accepted
    raise AssertionError(f"no stop with a refused and an accepted place: {sights(plan)}")


def test_the_drag_label_previews_times_and_refusals(run_app: Any, guides: GuideHold) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        planner = window.planner
        timeline = planner.panel.timeline
        plan = await ready(window, ctx, CITY)
        poi, (day_to, at), (day, position) = await refused_and_accepted(plan)
        expected = await asyncio.to_thread(outcome, plan, poi, day, position)
        item = next(i for i in expected.days[day - 1].items
                    if i.poi_id == poi and i.kind.value == "attraction")  # fmt: skip
        home = next(x for x, q in sights(plan) if q == poi)
        start = timeline.stop_rect(home, poi).center()
        viewport = timeline.viewport()
        QTest.mousePress(viewport, LEFT, NONE, start)
        await hover(timeline, start, drop_point(timeline, day, position, poi))
        assert timeline.dragging is not None
        assert f"第{day}天第{position}站" in timeline.preview  # where it lands, at once
        when = f"{item.start:%H:%M}–{item.end:%H:%M}"
        await wait_until(lambda: when in timeline.preview, limit=30)  # the engine's times
        # resting where it cannot go: the reason, in the label
        here = drop_point(timeline, day_to, at, poi)
        await hover(timeline, drop_point(timeline, day, position, poi), here)
        await wait_until(lambda: "✕" in timeline.preview, limit=30)
        assert f"第{day_to}天第{at}站" in timeline.preview and len(timeline.preview) > 20
        QTest.mouseRelease(viewport, LEFT, NONE, start)  # back where it was: nothing asked
        assert timeline.dragging is None and timeline.preview == ""
        assert (await ctx.port.load_itinerary(plan.id)).version == plan.version
        assert [p for _d, p in sights(planner.panel.itinerary)] == [p for _d, p in sights(plan)]

    run_app(scenario)
