"""The app end to end on a fake job manager: jobs across views, live refresh, drafts, quitting."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from desktop.main_window import JOBS, LIBRARY, PLANNER, SETTINGS
from desktop.waiting import wait_signal, wait_until
from tests.helpers.fake_jobs import GUIDE_CHUNKS, QUESTIONS, FakeJobManager

TEXT = "上海出发去黄山玩两天"


async def submit(window: Any, text: str = TEXT) -> str:
    planner = window.planner
    planner.chat.request.setPlainText(text)
    QTest.keyClick(planner.chat.request, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    return await wait_until(lambda: planner.job_id, limit=10)


def test_plan_keeps_running_across_every_view(run_app: Any, fake_jobs: FakeJobManager) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        fake_jobs.hold("guide")
        job_id = await submit(window)
        assert fake_jobs.submitted == [TEXT]
        await wait_until(lambda: window.planner.panel.itinerary is not None)
        assert window.running_label.isVisible()
        for index in (LIBRARY, JOBS, SETTINGS, LIBRARY, PLANNER, JOBS):
            QTest.keyClick(
                window, Qt.Key(Qt.Key.Key_1 + index), Qt.KeyboardModifier.ControlModifier
            )
            assert window.stack.currentIndex() == index
            await asyncio.sleep(0)
        assert ctx.tracker.jobs[job_id].state == "running"
        assert window.jobs.table.item(0, 1).text() == "Running"
        fake_jobs.release("guide")
        (finished,) = await wait_signal(ctx.tracker.job_finished, limit=10)
        assert finished.id == job_id and finished.state == "succeeded"
        window.show_view(PLANNER)
        panel = window.planner.panel
        await wait_until(lambda: window.planner.guide_refreshes >= 1)
        assert panel.title.text() == fake_jobs.itinerary.title
        assert panel.guide.markdown == "".join(GUIDE_CHUNKS)
        assert panel.timeline.row_count == sum(len(d.items) for d in fake_jobs.itinerary.days)
        assert window.planner.chat.chips.questions == QUESTIONS
        assert window.jobs.table.item(0, 1).text() == "Done"
        assert not window.running_label.isVisible()

    code, _window, _ctx = run_app(scenario, fake_jobs)
    assert code == 0


def test_library_opens_a_plan_mid_guide_and_the_panel_updates_itself(
    run_app: Any, fake_jobs: FakeJobManager
) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        fake_jobs.hold("guide")
        await submit(window)
        await wait_until(lambda: window.planner.itinerary_id is not None)
        itinerary_id = window.planner.itinerary_id
        window.new_plan()  # the planner lets go of the job; the job goes on
        assert window.planner.panel.itinerary is None
        window.show_view(LIBRARY)
        await wait_until(lambda: window.library.ids == [itinerary_id])
        assert window.library.table.item(0, 4).text() == "writing…"
        window.library.open_selected()
        planner = window.planner
        await wait_until(lambda: planner.panel.itinerary is not None and planner.stream is not None)
        assert window.stack.currentIndex() == PLANNER
        refreshes = planner.guide_refreshes
        fake_jobs.release("guide")  # no user action from here on
        await wait_until(lambda: planner.guide_refreshes > refreshes)
        assert planner.panel.guide.markdown == "".join(GUIDE_CHUNKS)
        assert planner.chat.chips.questions == QUESTIONS

    run_app(scenario, fake_jobs)


def test_refresh_keeps_the_draft_and_scroll_positions(
    run_app: Any, fake_jobs: FakeJobManager
) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        fake_jobs.hold("guide")
        await submit(window)
        planner = window.planner
        await wait_until(lambda: planner.panel.itinerary is not None)
        box = planner.chat.request
        box.setFocus()
        QTest.keyClicks(box, "day 2: ")
        box.insertPlainText("轻松")  # Chinese arrives by input method (keyClicks is ASCII-only)
        cursor = box.textCursor()
        cursor.setPosition(3)
        box.setTextCursor(cursor)
        window.resize(1000, 420)  # small enough for the timeline and the guide to scroll
        timeline = planner.panel.timeline.verticalScrollBar()
        await wait_until(lambda: timeline.maximum() > 40)
        timeline.setValue(40)
        planner.panel.tabs.setCurrentIndex(1)
        guide = planner.panel.guide.verticalScrollBar()
        await wait_until(lambda: guide.maximum() > 10)
        guide.setValue(10)
        await asyncio.sleep(0)
        assert (timeline.value(), guide.value()) == (40, 10)
        refreshes = planner.guide_refreshes
        fake_jobs.release("guide")
        await wait_until(lambda: planner.guide_refreshes > refreshes)
        assert box.toPlainText() == "day 2: 轻松"
        assert box.textCursor().position() == 3
        assert (timeline.value(), guide.value()) == (40, 10)
        assert planner.panel.tabs.currentIndex() == 1

    run_app(scenario, fake_jobs)


@pytest.mark.parametrize("answer", ["keep", "cancel"])
def test_quitting_with_a_running_job_asks(
    run_app: Any, fake_jobs: FakeJobManager, answer: str
) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        fake_jobs.hold("guide")
        await submit(window)
        await wait_until(lambda: ctx.tracker.running())
        window.close()
        box = await wait_until(lambda: window.quit_box)
        assert box.isVisible()
        assert fake_jobs.aclose_calls == []  # nothing happens before the answer
        button = window.quit_keep if answer == "keep" else window.quit_cancel
        button.click()

    code, window, ctx = run_app(scenario, fake_jobs, quit_after=False)
    assert code == 0
    assert fake_jobs.aclose_calls == [answer == "keep"]
    job = next(iter(fake_jobs.infos.values()))
    assert job.state == ("interrupted" if answer == "keep" else "cancelled")
    assert len(ctx.tasks) == 0
    assert not window.isVisible()


def test_dismissing_the_quit_question_keeps_the_app(
    run_app: Any, fake_jobs: FakeJobManager
) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        fake_jobs.hold("guide")
        await submit(window)
        await wait_until(lambda: ctx.tracker.running())
        window.close()
        box = await wait_until(lambda: window.quit_box)
        box.reject()
        await wait_until(lambda: window.quit_box is None)
        assert window.isVisible() and fake_jobs.aclose_calls == []
        fake_jobs.release("guide")

    run_app(scenario, fake_jobs)
    assert fake_jobs.aclose_calls == [False]


def test_background_job_finishing_notifies(run_app: Any, fake_jobs: FakeJobManager) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        fake_jobs.hold("guide")
        await submit(window)
        window.show_view(SETTINGS)
        fake_jobs.release("guide")
        await wait_signal(ctx.tracker.job_finished, limit=10)
        assert window.notifications and TEXT in window.notifications[-1]
        assert TEXT in window.statusBar().currentMessage()

    run_app(scenario, fake_jobs)


def test_follow_up_question_chip_sends_on_the_same_conversation(
    run_app: Any, fake_jobs: FakeJobManager
) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        await submit(window)
        planner = window.planner
        await wait_until(lambda: planner.chat.chips.questions == QUESTIONS)
        await wait_until(lambda: planner.conversation_id is not None)
        planner.chat.request.setPlainText("草稿")
        chip = planner.chat.chips.findChildren(type(planner.chat.send), "chip")[0]
        chip.click()
        await wait_until(lambda: len(fake_jobs.submitted) == 2)
        assert fake_jobs.submitted[1] == QUESTIONS[0]
        follow_up = list(fake_jobs.infos.values())[1]
        assert follow_up.conversation_id == planner.conversation_id
        assert planner.chat.request.toPlainText() == "草稿"

    run_app(scenario, fake_jobs)


def test_escape_stops_the_running_plan(run_app: Any, fake_jobs: FakeJobManager) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        fake_jobs.hold("guide")
        job_id = await submit(window)
        await wait_until(lambda: window.planner.chat.stop.isEnabled())
        QTest.keyClick(window, Qt.Key.Key_Escape)
        (job,) = await wait_signal(ctx.tracker.job_finished, limit=10)
        assert fake_jobs.cancelled == [job_id] and job.state == "cancelled"
        assert not window.planner.chat.stop.isEnabled()

    run_app(scenario, fake_jobs)


def test_delete_then_undo_from_the_status_bar(run_app: Any, fake_jobs: FakeJobManager) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        await submit(window)
        await wait_signal(ctx.tracker.job_finished, limit=10)
        window.show_view(LIBRARY)
        await wait_until(lambda: len(window.library.ids) == 1)
        window.library.delete_selected()
        await wait_until(lambda: window.undo_button.isVisible())
        assert window.library.ids == []
        window.undo_button.click()
        await wait_until(lambda: len(window.library.ids) == 1)
        assert not window.undo_button.isVisible()

    run_app(scenario, fake_jobs)
