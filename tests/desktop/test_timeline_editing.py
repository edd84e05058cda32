"""The editable timeline on the real window, JobManager and Agent: a stop dragged with real mouse
events (within a day, and to another day), an invalid drop explained with the plan unchanged,
the context menu, the place box, undo / redo (Ctrl+Z / Ctrl+Shift+Z) and the Versions tab's diff.
Each edit is a job; the tests check the saved plan's content."""

from __future__ import annotations

import asyncio
from typing import Any

from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QContextMenuEvent, QKeyEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from desktop.waiting import wait_until
from desktop.widgets.timeline_rows import is_stop
from tests.desktop.test_app_flow import guide_shown, saved, submit
from tests.helpers.held_guides import GuideHold

TEXT = "上海出发去黄山玩三天"
CITY = "上海出发去杭州玩两天"  # full days: a sight moves within its day, not to the other
LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


def stops(itinerary: Any, day: int) -> list[str]:
    """The POI ids of day `day`'s stops, in order."""
    return [i.poi_id for i in itinerary.days[day - 1].items if is_stop(i)]


def sights(itinerary: Any) -> list[tuple[int, str]]:
    return [(d.index, i.poi_id) for d in itinerary.days for i in d.items
            if i.kind.value == "attraction" and i.poi_id]  # fmt: skip


def outcome(itinerary: Any, poi: str, day: int, position: int) -> Any:
    """The engine's verdict on moving `poi` there: the new itinerary, or None (refused)."""
    from engine.editing import EditRefused, MoveStop, apply_edit
    from engine.knowledge.base import default_knowledge

    try:
        move = MoveStop(stop=poi, day=day, position=position)
        return apply_edit(itinerary, move, default_knowledge()).itinerary
    except EditRefused:
        return None


async def find_move(itinerary: Any, *, same_day: bool, feasible: bool) -> tuple[str, int, int]:
    """A drag the engine accepts (`feasible`) or refuses: (stop, day, position)."""
    for day, poi in sights(itinerary):
        here = stops(itinerary, day)
        for target in itinerary.days:
            if (target.index == day) != same_day:
                continue
            count = len(stops(itinerary, target.index)) - (1 if same_day else 0)
            for position in range(1, count + 2):
                if same_day and position == here.index(poi) + 1:
                    continue
                new = await asyncio.to_thread(outcome, itinerary, poi, target.index, position)
                if (new is not None) == feasible:
                    return poi, target.index, position
    raise AssertionError(
        f"no such move in this plan: {[stops(itinerary, d.index) for d in itinerary.days]}"
    )


def drop_point(timeline: Any, day: int, position: int, poi: str) -> QPoint:
    """Where to release `poi` so it lands as stop `position` of day `day`: on the upper part
    of the row of the stop now at that place (the rest of the day, without the dragged one)."""
    others = [p for p in stops(timeline._itinerary, day) if p != poi]
    if position <= len(others):
        rect = timeline.stop_rect(day, others[position - 1])
        return QPoint(rect.center().x(), rect.top() + 3)
    rect = timeline.stop_rect(day, others[-1])
    return QPoint(rect.center().x(), rect.bottom() - 2)


async def drag(timeline: Any, poi: str, day_from: int, target: QPoint) -> None:
    """Press on the stop's row, move in steps (the drag starts), release at `target`."""
    rect = timeline.stop_rect(day_from, poi)
    assert rect is not None and timeline.viewport().rect().contains(rect.center()), poi
    start = rect.center()
    viewport = timeline.viewport()
    QTest.mousePress(viewport, LEFT, NONE, start)
    for step in range(1, 6):
        QTest.mouseMove(viewport, start + (target - start) * step / 5)
        await asyncio.sleep(0)
    assert timeline.dragging is not None and timeline.dragging.item.poi_id == poi
    QTest.mouseRelease(viewport, LEFT, NONE, target)
    assert timeline.dragging is None


async def next_version(ctx: Any, planner: Any, before: Any) -> Any:
    """The plan once the change after `before` (id, version) is shown with its guide."""
    return await guide_shown(ctx, planner, newer_than=(before.id, before.version))


async def ready(window: Any, ctx: Any, text: str = TEXT) -> Any:
    window.resize(1400, 1000)
    planner = window.planner
    await submit(window, text)
    plan = await guide_shown(ctx, planner)
    await wait_until(lambda: not planner.panel.rendering)
    return plan


def test_dragging_a_stop_within_its_day_and_an_invalid_drop(
    run_app: Any, guides: GuideHold
) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        planner = window.planner
        timeline = planner.panel.timeline
        plan = await ready(window, ctx, CITY)
        poi, day, position = await find_move(plan, same_day=True, feasible=True)
        expected = await asyncio.to_thread(outcome, plan, poi, day, position)
        await drag(timeline, poi, day, drop_point(timeline, day, position, poi))
        moved = await next_version(ctx, planner, plan)
        assert moved.version == plan.version + 1
        assert stops(moved, day).index(poi) + 1 == position  # where it was dropped
        assert stops(moved, day) == stops(expected, day)
        # times recomputed: the stops' times are the engine's re-timing, not the old ones
        times = [(i.poi_id, i.start) for i in moved.days[day - 1].items if is_stop(i)]
        assert times == [(i.poi_id, i.start) for i in expected.days[day - 1].items if is_stop(i)]
        await wait_until(lambda: not planner.panel.rendering)
        # an invalid drop: said with its reason, and the plan stays as it was
        poi, day_to, position = await find_move(moved, same_day=False, feasible=False)
        day_from = next(d for d, p in sights(moved) if p == poi)
        await drag(timeline, poi, day_from, drop_point(timeline, day_to, position, poi))
        refusal = planner.panel.edit_bar.refusal
        await wait_until(lambda: refusal.isVisible() and refusal.text(), limit=60)
        assert "最晚" in refusal.text() or "节奏" in refusal.text(), refusal.text()
        assert (await saved(ctx, moved.id)).version == moved.version  # nothing stored
        assert planner.panel.itinerary.version == moved.version
        assert refusal.text().removeprefix("⚠ ") in planner.chat.transcript.toPlainText()

    run_app(scenario)


async def remove_by_menu(window: Any, ctx: Any) -> tuple[Any, Any, int, str, str]:
    """Plan, then remove the last day's last sight through the context menu (a real
    right-click event and a click on the menu's action): (plan, new version, day, id, name)."""
    planner = window.planner
    timeline = planner.panel.timeline
    plan = await ready(window, ctx)
    last = plan.days[-1].index
    poi = [p for d, p in sights(plan) if d == last][-1]
    name = next(i.name for i in plan.days[-1].items if i.poi_id == poi and is_stop(i))
    point = timeline.stop_rect(last, poi).center()
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, point, timeline.mapToGlobal(point))
    QApplication.sendEvent(timeline.viewport(), event)
    menu = await wait_until(lambda: timeline.menu is not None and timeline.menu.isVisible()
                            and timeline.menu)  # fmt: skip
    action = next(a for a in menu.actions() if a.text() == f"Remove {name}")
    QTest.mouseClick(menu, LEFT, NONE, menu.actionGeometry(action).center())
    removed = await next_version(ctx, planner, plan)
    assert poi not in [p for _d, p in sights(removed)]
    assert removed.days[last - 1].date == plan.days[last - 1].date  # the rest kept
    return plan, removed, last, poi, name


def test_menu_removes_the_place_box_adds_and_undo_redo_walk_the_versions(
    run_app: Any, guides: GuideHold
) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        planner = window.planner
        panel = planner.panel
        timeline = panel.timeline
        plan, removed, last, poi, name = await remove_by_menu(window, ctx)
        # the place box adds it back, to that day
        bar = panel.edit_bar
        await wait_until(lambda: bar.search.completer().model().rowCount() > 0)
        bar.day.setCurrentIndex(last)
        bar.search.setFocus()
        # typed (QTest.keyClicks takes ASCII only: a key event carrying the Chinese text)
        typed = QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_unknown, NONE, name)
        QApplication.sendEvent(bar.search, typed)
        assert bar.search.text() == name
        QTest.keyClick(bar.search, Qt.Key.Key_Return)
        added = await next_version(ctx, planner, removed)
        assert poi in stops(added, last)
        # undo twice (Ctrl+Z): back to the plan without it, then to the first plan
        window.activateWindow()  # (the completer's popup had it)
        await wait_until(window.isActiveWindow, limit=5)
        timeline.setFocus()
        QTest.keyClick(timeline, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        undone = await next_version(ctx, planner, added)
        assert stops(undone, last) == stops(removed, last)
        QTest.keyClick(timeline, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        first = await next_version(ctx, planner, undone)
        assert [stops(first, d.index) for d in first.days] == [
            stops(plan, d.index) for d in plan.days
        ]
        # redo (Ctrl+Shift+Z): the removal again
        shift = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
        QTest.keyClick(timeline, Qt.Key.Key_Z, shift)
        redone = await next_version(ctx, planner, first)
        assert stops(redone, last) == stops(removed, last)
        assert redone.version == 6

    run_app(scenario)


def test_a_stop_dragged_to_another_day_and_the_versions_diff(
    run_app: Any, guides: GuideHold
) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        planner = window.planner
        panel = planner.panel
        timeline = panel.timeline
        _plan, removed, last, _poi, name = await remove_by_menu(window, ctx)
        # with room made on that day, a sight of another day dragged there lands there
        await wait_until(lambda: not panel.rendering)
        other, day_to, position = await find_move(removed, same_day=False, feasible=True)
        day_from = next(d for d, p in sights(removed) if p == other)
        await drag(timeline, other, day_from, drop_point(timeline, day_to, position, other))
        moved = await next_version(ctx, planner, removed)
        assert stops(moved, day_to).index(other) + 1 == position
        assert other not in stops(moved, day_from)
        # the Versions tab: every version; the removal's diff names the place and its day
        panel.tabs.setCurrentWidget(panel.versions)
        versions = panel.versions
        await wait_until(lambda: versions.list.count() == moved.version == 3)
        for row in range(versions.list.count()):
            if versions.list.item(row).data(Qt.ItemDataRole.UserRole) == removed.version:
                versions.list.setCurrentRow(row)
        await wait_until(lambda: name in versions.diff.toPlainText())
        assert f"- 第{last}天" in versions.diff.toPlainText()

    run_app(scenario)
