"""The planner's new-trip / follow-up distinction and the notices of interrupted plans, on the
real window, JobManager and Agent."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from desktop.main_window import LIBRARY
from desktop.waiting import wait_signal, wait_until
from tests.desktop.test_app_flow import TEXT, guide_shown, saved, shown_version, submit
from tests.helpers.held_guides import GuideHold

LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def test_the_chip_names_the_plan_a_message_changes_and_x_starts_a_new_trip(
    run_app: Any, guides: GuideHold
) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        planner = window.planner
        chip = planner.chat.target
        assert not chip.isVisible()  # nothing to change yet
        await submit(window)
        await guide_shown(ctx, planner)
        first = planner.itinerary_id
        assert chip.isVisible() and chip.title == "上海出发·黄山2日游"
        assert "上海出发·黄山2日游" in chip.label.text()
        # progress lines speak the request's language (the UI here is English)
        assert LATIN_WORD.findall(planner.chat.transcript.toPlainText()) == []
        chip.detach_button.click()
        assert not chip.isVisible() and planner.follow_up_target is None
        assert planner.panel.itinerary is not None  # still shown until the next message
        before = shown_version(planner)
        second = await submit(window, "杭州两日游")
        await guide_shown(ctx, planner, newer_than=before)
        assert planner.itinerary_id != first
        new = await saved(ctx, planner.itinerary_id)
        assert "杭州" in new.title and new.version == 1
        assert (await saved(ctx, first)).version == 1  # not revised
        assert chip.isVisible() and chip.title == new.title
        assert TEXT not in planner.chat.transcript.toPlainText()  # a fresh conversation
        jobs = ctx.tracker.jobs
        await wait_until(lambda: jobs[second].conversation_id is not None)
        conversation = await ctx.port.conversation_of(first)
        assert jobs[second].conversation_id != conversation

    run_app(scenario)


def test_new_trip_button_and_ctrl_n_start_over(run_app: Any, guides: GuideHold) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        planner = window.planner
        await submit(window)
        await guide_shown(ctx, planner)
        assert planner.chat.new_trip.isVisible()
        planner.chat.new_trip.click()
        assert planner.panel.itinerary is None and planner.itinerary_id is None
        assert not planner.chat.target.isVisible()
        await submit(window, "杭州两日游")
        await wait_until(lambda: planner.chat.target.isVisible(), limit=60)
        planner.chat.request.setPlainText("第二天轻松一点")  # a draft for the old plan
        planner.chat.form.destination.setText("西安")
        window.show_view(LIBRARY)
        QTest.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
        assert window.stack.currentIndex() == 0  # back in the planner, empty
        assert planner.panel.itinerary is None and not planner.chat.target.isVisible()
        assert planner.chat.request.toPlainText() == ""  # the old draft is gone
        assert planner.chat.form.values() == {}

    run_app(scenario)


def test_the_old_versions_suggestions_go_while_a_change_runs(
    run_app: Any, guides: GuideHold
) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        planner = window.planner
        await submit(window)
        first = await guide_shown(ctx, planner)
        await wait_until(lambda: not planner.running, limit=60)
        chips = planner.chat.chips
        assert chips.questions and chips.isVisible()
        guides.hold()
        await submit(window, "加一天")
        assert chips.questions == () and not chips.isVisible()
        assert not planner.chat.chips_label.isVisible()
        await wait_until(lambda: guides.waiting == 1, limit=60)
        assert chips.questions == ()  # (the replay of the new job brings none either)
        guides.release()
        await guide_shown(ctx, planner, newer_than=(first.id, first.version))
        assert chips.questions and chips.isVisible()  # the new version's

    run_app(scenario)


def _quit_mid_guide(run_app: Any, guides: GuideHold) -> str:
    """Start the app, plan, and quit keeping the job while its guide is held; returns its id."""
    jobs: list[str] = []

    async def first_start(window: Any, ctx: Any) -> None:
        guides.hold()
        jobs.append(await submit(window))
        await wait_until(lambda: guides.waiting == 1, limit=60)
        window.close()
        await wait_until(lambda: window.quit_box)
        window.quit_keep.click()

    run_app(first_start, quit_after=False)
    guides.release()
    return jobs[0]


def test_start_up_notice_resumes_the_interrupted_plan(run_app: Any, guides: GuideHold) -> None:
    job_id = _quit_mid_guide(run_app, guides)

    async def next_start(window: Any, ctx: Any) -> None:
        notice, planner = window.notice, window.planner
        assert notice.isVisible() and TEXT in notice.text.text()
        assert [j.id for j in notice.jobs] == [job_id]
        notice.action.click()
        assert not notice.isVisible()
        await wait_until(lambda: planner.job_id == job_id, limit=10)  # shown in the planner
        (finished,) = await wait_signal(ctx.tracker.job_finished, limit=30)
        assert finished.id == job_id and finished.state == "succeeded"
        plan = await guide_shown(ctx, planner, limit=30)
        assert plan.id == finished.itinerary_id

    run_app(next_start)

    async def third_start(window: Any, ctx: Any) -> None:
        assert not window.notice.isVisible()

    run_app(third_start)


def test_a_dismissed_notice_stays_dismissed(run_app: Any, guides: GuideHold) -> None:
    job_id = _quit_mid_guide(run_app, guides)

    async def next_start(window: Any, ctx: Any) -> None:
        assert window.notice.isVisible()
        window.notice.dismiss.click()
        assert not window.notice.isVisible()
        assert ctx.tracker.jobs[job_id].state == "interrupted"  # nothing done to the job

    run_app(next_start)

    async def third_start(window: Any, ctx: Any) -> None:
        assert ctx.tracker.jobs[job_id].state == "interrupted"
        assert not window.notice.isVisible()

    run_app(third_start)


def test_the_planner_offers_to_resume_the_plan_it_shows(run_app: Any, guides: GuideHold) -> None:
    _quit_mid_guide(run_app, guides)

    async def next_start(window: Any, ctx: Any) -> None:
        planner = window.planner
        window.show_view(LIBRARY)
        await wait_until(lambda: len(window.library.ids) == 1)
        window.library.open_selected()
        assert window.notice.isVisible()
        await wait_until(lambda: planner.interrupted.isVisible(), limit=10)
        assert not window.notice.isVisible()  # one offer at a time: the planner's
        assert "已中断" in planner.chat.transcript.toPlainText()
        planner.interrupted.action.click()
        (finished,) = await wait_signal(ctx.tracker.job_finished, limit=30)
        assert finished.state == "succeeded"
        assert not planner.interrupted.isVisible()
        plan = await guide_shown(ctx, planner, limit=30)
        assert plan.id == finished.itinerary_id

    run_app(next_start)


def test_empty_library_and_jobs_say_what_to_do(run_app: Any, guides: GuideHold) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        library, jobs = window.library, window.jobs
        assert jobs.shown.currentWidget() is jobs.shown.hint
        window.show_view(LIBRARY)
        await wait_until(lambda: library.shown.currentWidget() is library.shown.hint)
        assert "Planner" in library.shown.hint.text()
        assert not library.open_button.isEnabled() and not library.export_button.isEnabled()
        await submit(window)
        await wait_signal(ctx.tracker.job_finished, limit=60)
        assert jobs.shown.currentWidget() is jobs.table
        window.show_view(LIBRARY)
        await wait_until(lambda: library.shown.currentWidget() is library.table)
        assert library.open_button.isEnabled()
        library.search.setText("不存在的地方")
        await wait_until(lambda: library.shown.currentWidget() is library.shown.hint)
        assert "不存在的地方" in library.shown.hint.text()

    run_app(scenario)


def test_a_change_sent_before_the_conversation_is_known_still_changes_the_plan(
    run_app: Any, guides: GuideHold
) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        planner = window.planner
        first = await submit(window)
        await guide_shown(ctx, planner)
        itinerary_id = planner.itinerary_id
        planner.conversation_id = None  # as just after the first snapshot, before it is learnt
        second = await submit(window, "加一天")
        jobs = ctx.tracker.jobs
        await wait_until(lambda: jobs[second].conversation_id is not None, limit=30)
        assert jobs[second].conversation_id == jobs[first].conversation_id
        await guide_shown(ctx, planner, newer_than=(itinerary_id, 1))
        assert planner.itinerary_id == itinerary_id
        assert (await saved(ctx, itinerary_id)).version == 2

    run_app(scenario)


def test_a_change_sent_as_the_plan_ends_is_sent_not_lost(run_app: Any, guides: GuideHold) -> None:
    """A change typed after the plan's ``done`` was shown, but before its subscription had
    closed (a loop turn or more on a loaded machine), went to the waiting list, whose only
    flush (the ``done``) had passed: it was never sent (a CI run waited 60 s for the job)."""
    import asyncio
    import contextlib

    async def scenario(window: Any, ctx: Any) -> None:
        planner = window.planner
        closing = asyncio.Event()  # the subscriptions close only when the test says
        subscribe = ctx.port.subscribe

        async def closing_late(job_id: str, after_seq: int = 0) -> Any:
            async with contextlib.aclosing(subscribe(job_id, after_seq)) as events:
                async for event in events:
                    yield event
            await closing.wait()

        ctx.port.subscribe = closing_late
        first = await submit(window)
        await wait_until(lambda: planner.stream is not None and planner.stream.done, limit=60)
        assert planner.job_id == first
        second = await submit(window, "加一天", limit=20)
        assert second != first
        assert "This will be sent when the plan is ready." not in (
            planner.chat.transcript.toPlainText()
        )
        closing.set()
        await guide_shown(ctx, planner, newer_than=(planner.itinerary_id, 1))

    run_app(scenario)
