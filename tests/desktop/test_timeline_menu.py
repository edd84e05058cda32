"""The timeline's context menu on the real window, JobManager and Agent, through real events
(a right-click, a click on the action, the time dialog's fields and OK button): lock a stop,
set its time, eat somewhere else, regenerate a day. Each is a job; the tests check the saved
plan's content."""

from __future__ import annotations

import asyncio
from typing import Any

from PySide6.QtGui import QContextMenuEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from desktop.waiting import wait_until
from desktop.widgets.timeline_rows import is_stop
from engine.editing import EditRefused, SetStopTime, apply_edit
from tests.desktop.test_timeline_editing import LEFT, NONE, next_version, ready, stops
from tests.helpers.held_guides import GuideHold


async def choose(window: Any, day: int, poi: str, starts: str) -> None:
    """Right-click stop `poi` of day `day` and click the menu action whose text starts so."""
    timeline = window.planner.panel.timeline
    await wait_until(lambda: not window.planner.panel.rendering)
    rect = timeline.stop_rect(day, poi)
    assert rect is not None, poi
    point = rect.center()
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, point, timeline.mapToGlobal(point))
    QApplication.sendEvent(timeline.viewport(), event)
    menu = await wait_until(lambda: timeline.menu is not None and timeline.menu.isVisible()
                            and timeline.menu)  # fmt: skip
    action = next(a for a in menu.actions() if a.text().startswith(starts))
    QTest.mouseClick(menu, LEFT, NONE, menu.actionGeometry(action).center())


def item_of(plan: Any, day: int, poi: str) -> Any:
    return next(i for i in plan.days[day - 1].items if i.poi_id == poi and is_stop(i))


def minutes(item: Any) -> int:
    return (item.end.hour * 60 + item.end.minute) - (item.start.hour * 60 + item.start.minute)


def feasible_length(plan: Any, poi: str, now: int) -> int:
    """A stay at `poi` other than `now` minutes that the engine accepts."""
    from engine.knowledge.base import default_knowledge

    for length in (now - 30, now + 30, now - 15, now + 15):
        try:
            apply_edit(plan, SetStopTime(stop=poi, minutes=length), default_knowledge())
        except EditRefused:
            continue
        return length
    raise AssertionError(f"no other stay at {poi} fits")


def test_lock_and_set_time_from_the_menu(run_app: Any, guides: GuideHold) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        planner = window.planner
        timeline = planner.panel.timeline
        plan = await ready(window, ctx)
        day, sight = next((d.index, i) for d in plan.days for i in d.items
                          if i.kind.value == "attraction" and i.meal is None)  # fmt: skip
        # lock: the stop is locked where it is
        await choose(window, day, sight.poi_id, "Lock here")
        locked = await next_version(ctx, planner, plan)
        held = item_of(locked, day, sight.poi_id)
        assert held.locked and held.start == sight.start
        assert " 🔒" in timeline.toPlainText() or "🔒" in timeline.toHtml()
        # set time: the dialog's stay changed and OK clicked → that stay, the stop locked
        now = minutes(held)
        length = await asyncio.to_thread(feasible_length, locked, sight.poi_id, now)
        await choose(window, day, sight.poi_id, "Set time")
        dialog = await wait_until(lambda: timeline.time_dialog is not None
                                  and timeline.time_dialog.isVisible() and timeline.time_dialog)  # fmt: skip
        assert dialog.minutes.value() == now
        dialog.minutes.setValue(length)
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        QTest.mouseClick(ok, LEFT)
        timed = await next_version(ctx, planner, locked)
        assert minutes(item_of(timed, day, sight.poi_id)) == length

    run_app(scenario)


def test_another_restaurant_from_the_menu(run_app: Any, guides: GuideHold) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        planner = window.planner
        timed = await ready(window, ctx)
        # another restaurant for a meal: another place at that meal, the sights kept
        meal_day, meal = await asyncio.to_thread(swappable_meal, timed)
        await choose(window, meal_day, meal.poi_id, "Eat somewhere else")
        fed = await next_version(ctx, planner, timed)
        now_at = [i for i in fed.days[meal_day - 1].items
                  if i.kind.value == "meal" and i.meal == meal.meal]  # fmt: skip
        assert len(now_at) == 1 and now_at[0].poi_id != meal.poi_id, now_at
        assert meal.poi_id not in stops(fed, meal_day)
        sights_before = [p for p in stops(timed, meal_day) if p != meal.poi_id]
        assert [p for p in stops(fed, meal_day) if p != now_at[0].poi_id] == sights_before

    run_app(scenario)


def test_regenerate_a_day_from_the_menu(run_app: Any, guides: GuideHold) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        planner = window.planner
        plan = await ready(window, ctx)
        last = plan.days[-1].index
        poi = next(i.poi_id for i in plan.days[-1].items if is_stop(i))
        await choose(window, last, poi, f"Regenerate day {last}")
        refusal = planner.panel.edit_bar.refusal

        def outcome() -> Any:
            shown = planner.panel.itinerary
            if shown is not None and shown.version > plan.version and shown.guide:
                return shown
            return refusal.isVisible() and refusal.text()

        result = await wait_until(outcome, limit=120)
        if isinstance(result, str):  # the solver found nothing better: said, with the reason
            assert f"第{last}天" in result and "一样" in result, result
            assert planner.panel.itinerary.version == plan.version
            return
        new = await next_version(ctx, planner, plan)
        assert stops(new, last) != stops(plan, last)  # the day planned again
        assert new.days[:-1] == plan.days[:-1]  # the other days kept, item for item

    run_app(scenario)


def swappable_meal(plan: Any) -> tuple[int, Any]:
    """(day, item) of the first lunch or dinner at a restaurant the engine can move elsewhere."""
    from engine.editing import SwapMeal
    from engine.knowledge.base import default_knowledge

    for day in plan.days:
        for item in day.items:
            if item.kind.value == "meal" and item.meal in ("lunch", "dinner") and item.poi_id:
                try:
                    apply_edit(plan, SwapMeal(day=day.index, meal=item.meal), default_knowledge())
                except EditRefused:
                    continue
                return day.index, item
    raise AssertionError("no meal can be eaten elsewhere")


def accepted_lodging(plan: Any, day: int, choices: list[tuple[str, str]]) -> tuple[str, str]:
    """The first lodging of `choices` the engine accepts for day `day`'s night."""
    from engine.editing import SwapLodging
    from engine.knowledge.base import default_knowledge

    current = plan.days[day - 1].lodging_id
    for poi, label in choices:
        if poi == current:
            continue
        try:
            apply_edit(plan, SwapLodging(day=day, lodging=poi), default_knowledge())
        except EditRefused:
            continue
        return poi, label
    raise AssertionError("no other lodging fits")


def test_another_lodging_from_the_areas_list(run_app: Any, guides: GuideHold) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        planner = window.planner
        timeline = planner.panel.timeline
        plan = await ready(window, ctx)
        day = plan.days[0]
        night = next(i for i in day.items if i.kind.value == "lodging")
        choices = await wait_until(lambda: timeline.lodgings.get(day.destination), limit=30)
        poi, label = await asyncio.to_thread(accepted_lodging, plan, day.index, choices)
        await wait_until(lambda: not planner.panel.rendering)
        point = timeline.stop_rect(day.index, night.poi_id).center()
        event = QContextMenuEvent(
            QContextMenuEvent.Reason.Mouse, point, timeline.mapToGlobal(point)
        )
        QApplication.sendEvent(timeline.viewport(), event)
        menu = await wait_until(lambda: timeline.menu is not None and timeline.menu.isVisible()
                                and timeline.menu)  # fmt: skip
        stays = next(a for a in menu.actions() if a.text() == "Stay somewhere else").menu()
        labels = [a.text() for a in stays.actions()]
        assert label in labels and len(labels) == len(choices) - 1  # the others, by area
        assert all("¥" in text for text in labels)  # with their nightly prices
        QTest.mouseClick(menu, LEFT, NONE, menu.actionGeometry(stays.menuAction()).center())
        await wait_until(stays.isVisible)
        pick = next(a for a in stays.actions() if a.text() == label)
        QTest.mouseClick(stays, LEFT, NONE, stays.actionGeometry(pick).center())
        moved = await next_version(ctx, planner, plan)
        assert moved.days[0].lodging_id == poi
        assert any(i.kind.value == "lodging" and i.poi_id == poi for i in moved.days[0].items)

    run_app(scenario)
