"""The app end to end on the real JobManager and Agent: jobs across views, live refresh,
drafts, follow-ups, quitting and resuming, settings reaching the next job."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtTest import QTest

from desktop.main_window import JOBS, LIBRARY, PLANNER, SETTINGS
from desktop.waiting import wait_signal, wait_until
from tests.helpers.held_guides import GuideHold

TEXT = "上海出发去黄山玩两天"


async def submit(window: Any, text: str = TEXT, limit: float = 60) -> str:
    """Type `text` and send it (Ctrl+Return); the id of the job it started (within `limit` s)."""
    planner = window.planner
    before = planner.job_id
    planner.chat.request.setPlainText(text)
    QTest.keyClick(planner.chat.request, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    return await wait_until(lambda: planner.job_id != before and planner.job_id, limit=limit)


async def saved(ctx: Any, itinerary_id: int) -> Any:
    return await ctx.port.load_itinerary(itinerary_id)


def guide_lines(markdown: str) -> list[str]:
    """The non-empty lines a reader sees of `markdown` (rendered as the guide view does)."""
    document = QTextDocument()
    document.setMarkdown(markdown, QTextDocument.MarkdownFeature.MarkdownDialectGitHub)
    return [line.strip() for line in document.toPlainText().splitlines() if line.strip()]


async def guide_shown(
    ctx: Any, planner: Any, *, newer_than: tuple[int, int] | None = None, limit: float = 60
) -> Any:
    """Wait until the planner's panel shows its plan as saved once the guide was written (a
    version other than `newer_than`, ``(id, version)``), and check what a person reads: the
    Guide tab's text ends as the saved guide ends. Returns the saved itinerary."""
    panel = planner.panel

    def refreshed() -> Any:
        shown = panel.itinerary
        if shown is None or not shown.guide or (shown.id, shown.version) == newer_than:
            return None
        return shown

    shown = await wait_until(refreshed, limit=limit)
    plan = await saved(ctx, shown.id)
    assert shown.guide == plan.guide and shown.version == plan.version
    visible = guide_lines(panel.guide.markdown)
    assert panel.guide.toPlainText().rstrip().endswith(visible[-1]), visible[-1]
    assert visible == guide_lines(plan.guide)
    return plan


def shown_version(planner: Any) -> tuple[int, int] | None:
    """(id, version) of the itinerary the panel shows, or None."""
    shown = planner.panel.itinerary
    return None if shown is None else (shown.id, shown.version)


def test_plan_keeps_running_across_every_view(run_app: Any, guides: GuideHold) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        guides.hold()
        job_id = await submit(window)
        await wait_until(lambda: guides.waiting == 1, limit=60)
        await wait_until(lambda: window.planner.panel.itinerary is not None)
        assert window.running_label.isVisible()
        assert window.running_label.text().startswith("● 1 job")
        for index in (LIBRARY, JOBS, SETTINGS, LIBRARY, PLANNER, JOBS):
            QTest.keyClick(
                window, Qt.Key(Qt.Key.Key_1 + index), Qt.KeyboardModifier.ControlModifier
            )
            assert window.stack.currentIndex() == index
            await asyncio.sleep(0)
        assert ctx.tracker.jobs[job_id].state == "running"
        assert window.jobs.table.item(0, 2).text() == "Running"
        guides.release()
        (finished,) = await wait_signal(ctx.tracker.job_finished, limit=30)
        assert finished.id == job_id and finished.state == "succeeded"
        window.show_view(PLANNER)
        panel = window.planner.panel
        plan = await guide_shown(ctx, window.planner)
        assert plan.id == finished.itinerary_id
        assert panel.title.text() == plan.title == "上海出发·黄山2日游"
        assert panel.guide.markdown == plan.guide
        await wait_until(lambda: not panel.timeline.rendering)
        assert panel.timeline.row_count == sum(len(d.items) for d in plan.days)
        assert window.planner.chat.chips.questions == plan.suggested_questions
        assert window.jobs.table.item(0, 2).text() == "Done"
        assert not window.running_label.isVisible()

    code, _window, _ctx = run_app(scenario)
    assert code == 0


def test_settings_is_made_when_first_shown_not_at_start(
    run_app: Any, guides: GuideHold, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The keyring is read (and the Settings view made) when Settings is first opened, not in
    the turn after the first paint; its signals are wired then, and it is made once."""
    import desktop.views.settings

    reads: list[str] = []
    real = desktop.views.settings.load_api_key
    monkeypatch.setattr(
        desktop.views.settings, "load_api_key", lambda name: reads.append(name) or real(name)
    )

    async def scenario(window: Any, ctx: Any) -> None:
        assert reads == []
        window.sidebar.setCurrentRow(SETTINGS)  # a click on "Settings"
        settings = window.stack.currentWidget()
        assert settings is window.settings and reads == ["offline"]
        assert settings.provider.currentData() == "offline"
        settings.save_model_settings()
        assert window.statusBar().currentMessage() == "Settings saved"
        window.show_view(PLANNER)
        window.show_view(SETTINGS)
        assert window.stack.currentWidget() is settings and window.stack.count() == 4
        assert reads == ["offline"]

    code, _window, _ctx = run_app(scenario)
    assert code == 0


def test_the_http_client_is_made_off_the_gui_thread(
    run_app: Any, guides: GuideHold, monkeypatch: pytest.MonkeyPatch
) -> None:
    """httpx (its client loads the CA bundle) held the GUI thread ~80 ms in the turn after the
    first paint; it loads on a thread (with the views' modules), and the app gets the client
    made there."""
    import threading

    import desktop.bootstrap

    made: list[str] = []
    real = desktop.bootstrap._http_client

    def client() -> Any:
        made.append(threading.current_thread().name)
        return real()

    monkeypatch.setattr(desktop.bootstrap, "_http_client", client)

    async def scenario(window: Any, ctx: Any) -> None:
        assert ctx.http is not None and not ctx.http.is_closed

    code, _window, _ctx = run_app(scenario)
    assert code == 0
    assert len(made) == 1 and made[0] != threading.main_thread().name


def test_the_keyring_backend_is_found_off_the_gui_thread_after_start(
    run_app: Any, guides: GuideHold, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Settings, made when first opened, reads the API key; finding keyring's backend (its
    plugins loaded, ~65 ms) is done by the warm-up on a thread before that."""
    import threading

    import keyring

    found: list[str] = []
    real = keyring.get_keyring

    def get_keyring() -> Any:
        found.append(threading.current_thread().name)
        return real()

    monkeypatch.setattr(keyring, "get_keyring", get_keyring)

    async def scenario(window: Any, ctx: Any) -> None:
        await wait_until(lambda: bool(found), limit=60)
        assert found[0] != threading.main_thread().name

    code, _window, _ctx = run_app(scenario)
    assert code == 0


def test_library_opens_a_plan_mid_guide_and_the_panel_updates_itself(
    run_app: Any, guides: GuideHold
) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        guides.hold()
        await submit(window)
        await wait_until(lambda: guides.waiting == 1, limit=60)
        await wait_until(lambda: window.planner.itinerary_id is not None)
        itinerary_id = window.planner.itinerary_id
        window.new_plan()  # the planner lets go of the job; the job goes on
        assert window.planner.panel.itinerary is None
        window.show_view(LIBRARY)
        await wait_until(lambda: window.library.ids == [itinerary_id])
        table = window.library.table
        assert table.item(0, table.columnCount() - 1).text() == "writing…"  # the Guide column
        window.library.open_selected()
        planner = window.planner
        await wait_until(lambda: planner.panel.itinerary is not None and planner.stream is not None)
        assert window.stack.currentIndex() == PLANNER
        await wait_until(lambda: planner.panel.guide.markdown)  # the first chunk, replayed
        assert not (await saved(ctx, itinerary_id)).guide  # nothing saved yet
        guides.release()  # no user action from here on
        plan = await guide_shown(ctx, planner, limit=30)
        assert plan.id == itinerary_id
        assert planner.panel.guide.markdown == plan.guide
        assert planner.chat.chips.questions == plan.suggested_questions

    run_app(scenario)


def test_refresh_keeps_the_draft_and_scroll_positions(run_app: Any, guides: GuideHold) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        guides.hold(after=3)
        await submit(window)
        planner = window.planner
        await wait_until(lambda: guides.waiting == 1, limit=60)
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
        await wait_until(lambda: timeline.maximum() > 40 and not planner.panel.rendering)
        timeline.setValue(40)
        planner.panel.tabs.setCurrentIndex(1)
        guide = planner.panel.guide.verticalScrollBar()
        await wait_until(lambda: guide.maximum() > 10)
        guide.setValue(10)
        await asyncio.sleep(0)
        assert (timeline.value(), guide.value()) == (40, 10)
        guides.release()
        await guide_shown(ctx, planner, limit=30)  # the snapshot had no guide: now the plan
        assert box.toPlainText() == "day 2: 轻松"
        assert box.textCursor().position() == 3
        assert (timeline.value(), guide.value()) == (40, 10)
        assert planner.panel.tabs.currentIndex() == 1

    run_app(scenario)


@pytest.mark.parametrize("answer", ["keep", "cancel"])
def test_quitting_with_a_running_job_asks(run_app: Any, guides: GuideHold, answer: str) -> None:
    jobs: list[str] = []

    async def scenario(window: Any, ctx: Any) -> None:
        guides.hold()
        jobs.append(await submit(window))
        await wait_until(lambda: guides.waiting == 1, limit=60)
        window.close()
        box = await wait_until(lambda: window.quit_box)
        assert box.isVisible()
        assert not ctx.port.closed  # nothing happens before the answer
        button = window.quit_keep if answer == "keep" else window.quit_cancel
        button.click()

    code, window, ctx = run_app(scenario, quit_after=False)
    assert code == 0 and ctx.port.closed
    assert len(ctx.tasks) == 0
    assert not window.isVisible()

    async def next_start(window: Any, ctx: Any) -> None:
        assert ctx.tracker.jobs[jobs[0]].state == (
            "interrupted" if answer == "keep" else "cancelled"
        )
        assert not window.running_label.isVisible()

    run_app(next_start)


@pytest.mark.parametrize("opened_from", ["jobs", "library"])
def test_a_kept_job_resumes_from_the_jobs_view_at_the_next_start(
    run_app: Any, guides: GuideHold, opened_from: str
) -> None:
    jobs: list[str] = []

    async def first_start(window: Any, ctx: Any) -> None:
        guides.hold(after=2)
        jobs.append(await submit(window))
        await wait_until(lambda: guides.waiting == 1, limit=60)
        # the two chunks written before the hold have come through the job's log
        await wait_until(lambda: "## 你的要求" in window.planner.panel.guide.markdown)
        window.close()
        await wait_until(lambda: window.quit_box)
        window.quit_keep.click()

    run_app(first_start, quit_after=False)
    guides.release()

    async def next_start(window: Any, ctx: Any) -> None:
        view = window.jobs
        assert window.notice.isVisible() and TEXT in window.notice.text.text()
        window.show_view(JOBS)
        assert view.rows == jobs
        assert view.table.item(0, 2).text() == "Interrupted"
        assert "itinerary is kept" in view.table.item(0, 4).text()
        view.table.selectRow(0)
        assert view.resume_button.isEnabled() and view.cancel_button.isEnabled()
        planner = window.planner
        if opened_from == "jobs":
            view.open_button.click()
        else:
            window.show_view(LIBRARY)
            await wait_until(lambda: len(window.library.ids) == 1)
            window.library.open_selected()
        # the planner replays the cut-off attempt (2 guide chunks) and says it was interrupted
        await wait_until(lambda: planner.stream is not None and planner.stream.ended)
        assert planner.panel.guide.markdown and not planner.running
        assert "已中断" in planner.chat.transcript.toPlainText()  # the request's language
        assert planner.interrupted.isVisible()
        window.show_view(JOBS)
        view.table.selectRow(0)
        view.resume_button.click()
        await wait_until(lambda: window.running_label.isVisible())
        assert not window.notice.isVisible()  # resumed elsewhere: nothing left to offer
        (finished,) = await wait_signal(ctx.tracker.job_finished, limit=30)
        assert finished.state == "succeeded"
        assert not planner.interrupted.isVisible()
        assert view.table.item(0, 2).text() == "Done"
        plan = await guide_shown(ctx, planner)
        assert plan.id == finished.itinerary_id
        assert planner.panel.guide.markdown == plan.guide  # once, not twice
        assert not window.running_label.isVisible()

    run_app(next_start)


def test_dismissing_the_quit_question_keeps_the_app(run_app: Any, guides: GuideHold) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        guides.hold()
        await submit(window)
        await wait_until(lambda: ctx.tracker.running())
        window.close()
        box = await wait_until(lambda: window.quit_box)
        box.reject()
        await wait_until(lambda: window.quit_box is None)
        assert window.isVisible() and not ctx.port.closed
        guides.release()
        await wait_signal(ctx.tracker.job_finished, limit=30)

    run_app(scenario)


def test_background_job_finishing_notifies(run_app: Any, guides: GuideHold) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        guides.hold()
        await submit(window)
        await wait_until(lambda: guides.waiting == 1, limit=60)
        window.show_view(SETTINGS)
        guides.release()
        await wait_signal(ctx.tracker.job_finished, limit=30)
        assert window.notifications and TEXT in window.notifications[-1]
        assert TEXT in window.statusBar().currentMessage()

    run_app(scenario)


def test_follow_up_chat_makes_a_new_version(run_app: Any, guides: GuideHold) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        planner = window.planner
        first = await submit(window)
        first_plan = await guide_shown(ctx, planner)
        itinerary_id = planner.itinerary_id
        second = await submit(window, "加一天")
        assert second != first
        assert ctx.tracker.jobs[second].conversation_id == ctx.tracker.jobs[first].conversation_id
        await guide_shown(ctx, planner, newer_than=(first_plan.id, first_plan.version))
        plan = await saved(ctx, itinerary_id)
        assert planner.itinerary_id == itinerary_id and plan.version == 2
        assert len(plan.days) == 3  # 「加一天」: a day at the end
        assert planner.panel.itinerary.version == 2
        assert "第2版" in planner.panel.subtitle.text()  # the plan's language
        assert planner.panel.guide.markdown == plan.guide

    run_app(scenario)


def test_suggested_question_chip_edits_the_plan(run_app: Any, guides: GuideHold) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        planner = window.planner
        await submit(window)
        first = await guide_shown(ctx, planner)
        assert "加一天" in planner.chat.chips.questions
        planner.chat.request.setPlainText("草稿")
        chip = next(
            c
            for c in planner.chat.chips.findChildren(type(planner.chat.send), "chip")
            if c.text() == "加一天"
        )
        chip.click()
        await guide_shown(ctx, planner, newer_than=(first.id, first.version))
        plan = await saved(ctx, planner.itinerary_id)
        assert plan.version == 2 and len(plan.days) == 3
        assert len(planner.panel.itinerary.days) == 3
        assert planner.chat.request.toPlainText() == "草稿"

    run_app(scenario)


def test_a_follow_up_waits_while_the_plan_is_being_made(run_app: Any, guides: GuideHold) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        guides.hold()
        planner = window.planner
        first = await submit(window)
        await wait_until(lambda: guides.waiting == 1, limit=60)
        await wait_until(lambda: planner.conversation_id is not None)
        # The window learns of the plan from the job's events, which may trail the engine.
        await wait_until(lambda: planner.itinerary_id is not None)
        planner.chat.request.setPlainText("加一天")
        planner.send()
        assert planner.queued == ["加一天"]
        assert planner.job_id == first and len(ctx.tracker.jobs) == 1  # not sent yet
        assert "sent when the plan is ready" in planner.chat.transcript.toPlainText()
        guides.release()
        second = await wait_until(lambda: planner.job_id != first and planner.job_id, limit=30)
        assert ctx.tracker.jobs[second].conversation_id == ctx.tracker.jobs[first].conversation_id
        await guide_shown(ctx, planner, newer_than=(planner.itinerary_id, 1))
        assert planner.panel.itinerary.version == 2 and planner.queued == []

    run_app(scenario)


def test_escape_stops_the_running_plan_from_the_planner_only(
    run_app: Any, guides: GuideHold
) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        guides.hold()
        job_id = await submit(window)
        await wait_until(lambda: guides.waiting == 1, limit=60)
        await wait_until(lambda: window.planner.chat.stop.isEnabled())
        window.show_view(LIBRARY)  # Esc in the library's search box clears it, nothing else
        search = window.library.search
        search.setFocus()
        QTest.keyClicks(search, "huang")
        QTest.keyClick(search, Qt.Key.Key_Escape)
        # (a shortcut acts inside keyClick: "Stopping…" would be in the transcript now)
        assert search.text() == ""
        assert "Stopping" not in window.planner.chat.transcript.toPlainText()
        assert ctx.tracker.jobs[job_id].state == "running"
        window.show_view(PLANNER)
        window.planner.chat.request.setFocus()
        QTest.keyClick(window.planner.chat.request, Qt.Key.Key_Escape)
        (job,) = await wait_signal(ctx.tracker.job_finished, limit=10)
        assert job.id == job_id and job.state == "cancelled"
        await wait_until(lambda: not window.planner.chat.stop.isEnabled())

    run_app(scenario)


def test_jobs_view_counts_and_cancels(run_app: Any, guides: GuideHold) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        guides.hold()
        first = await submit(window)
        window.new_plan()  # Ctrl+N: the next request is a new plan, not a change to this one
        second = await submit(window, "杭州两日游")
        await wait_until(lambda: guides.waiting == 2, limit=60)
        assert window.running_label.text().startswith("● 2 job")
        window.show_view(JOBS)
        view = window.jobs
        assert view.rows == [second, first]
        view.table.selectRow(1)
        assert view.cancel_button.isEnabled() and not view.resume_button.isEnabled()
        view.cancel_button.click()
        (job,) = await wait_signal(ctx.tracker.job_finished, limit=10)
        assert job.id == first and job.state == "cancelled"
        assert view.table.item(1, 2).text() == "Cancelled"
        assert window.running_label.text().startswith("● 1 job")
        guides.release()
        (job,) = await wait_signal(ctx.tracker.job_finished, limit=30)
        assert job.id == second and job.state == "succeeded"
        assert not window.running_label.isVisible()

    run_app(scenario)


def test_delete_then_undo_from_the_status_bar(run_app: Any, guides: GuideHold) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        await submit(window)
        await wait_signal(ctx.tracker.job_finished, limit=60)
        window.show_view(LIBRARY)
        await wait_until(lambda: len(window.library.ids) == 1)
        window.library.delete_selected()
        await wait_until(lambda: window.undo_button.isVisible())
        assert window.library.ids == []
        window.undo_button.click()
        await wait_until(lambda: len(window.library.ids) == 1)
        assert not window.undo_button.isVisible()

    run_app(scenario)


def test_provider_settings_reach_the_next_job_and_the_key_stays_secret(
    run_app: Any, guides: GuideHold, lvtu_home: Path, caplog: pytest.LogCaptureFixture
) -> None:
    import httpx
    import keyring
    from keyring.backends import fail

    from desktop.logs import setup_logging

    secret = "sk-lvtu-test-0123456789"
    sent: list[httpx.Request] = []

    def unreachable(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        raise httpx.ConnectError("no network in tests", request=request)

    # the provider's calls fail as an unreachable host does, at once: no DNS lookup, no wait
    guides.llm_client = httpx.AsyncClient(transport=httpx.MockTransport(unreachable))
    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())  # no keyring here: the key lives for this session
    caplog.set_level(logging.DEBUG)
    handler = setup_logging(lvtu_home / "lvtu.log", logging.DEBUG)  # as the app does

    async def scenario(window: Any, ctx: Any) -> None:
        await submit(window)
        await wait_signal(ctx.tracker.job_finished, limit=60)
        settings = window.settings
        settings.provider.setCurrentIndex(settings.provider.findData("deepseek"))
        settings.model.setText("deepseek-chat")
        settings.api_key.setText(secret)
        settings.save_model_settings()
        await submit(window, "杭州两日游")  # no restart
        await wait_signal(ctx.tracker.job_finished, limit=60)
        settings.provider.setCurrentIndex(settings.provider.findData("offline"))
        settings.save_model_settings()
        await submit(window, "苏州一日游")
        await wait_signal(ctx.tracker.job_finished, limit=60)

    try:
        run_app(scenario)
    finally:
        keyring.set_keyring(previous)
        logging.getLogger().removeHandler(handler)
        handler.close()
    assert guides.models == ["offline", "deepseek-chat", "offline"]
    assert sent and {r.url.host for r in sent} == {"api.deepseek.com"}  # the second job only
    assert all(r.headers["authorization"] == f"Bearer {secret}" for r in sent)
    assert secret not in caplog.text
    assert (lvtu_home / "lvtu.log").stat().st_size > 0
    for path in lvtu_home.rglob("*"):
        if path.is_file():
            assert secret.encode() not in path.read_bytes(), path


def test_library_rows_tell_plans_apart_and_a_new_plan_is_selected(
    run_app: Any, guides: GuideHold, tmp_path: Path
) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        planner = window.planner
        await submit(window)
        await guide_shown(ctx, planner)
        first = planner.itinerary_id
        window.show_view(LIBRARY)
        library = window.library
        await wait_until(lambda: library.ids == [first])
        assert library.selected_id() == first
        window.new_plan()
        await submit(window)  # the same trip again: 「上海出发·黄山2日游」 twice
        await guide_shown(ctx, planner, newer_than=(first, 1))
        second = planner.itinerary_id
        window.show_view(LIBRARY)
        await wait_until(lambda: library.ids == [second, first])
        assert library.selected_id() == second  # the new plan, not the one selected before
        table = library.table
        rows = [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(2)]
        assert rows[0] != rows[1]
        plan = await saved(ctx, second)
        days = plan.days
        words = " ".join(rows[0])
        assert f"#{second}" in words and "上海出发·黄山2日游" in words
        assert f"{days[0].date:%Y-%m-%d}" in words and f"{days[-1].date:%m-%d}" in words
        headers = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
        people = rows[0][headers.index("People")]
        assert people == str(plan.request.party.size)
        # exports are named after the trip, in the folder used last
        exported = asyncio.ensure_future(wait_signal(library.status_message, limit=30))
        library.export_selected("md", tmp_path / "first.md")
        assert "first.md" in (await exported)[0]
        library.export_selected("pdf")
        dialog = library._dialog
        await wait_until(lambda: dialog.isVisible())
        (offered,) = dialog.selectedFiles()
        assert Path(offered) == tmp_path / "上海出发·黄山2日游.pdf"
        dialog.reject()

    run_app(scenario)


def test_a_follow_up_that_cannot_be_done_is_answered_not_failed(
    run_app: Any, guides: GuideHold
) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        planner = window.planner
        await submit(window)
        first = await guide_shown(ctx, planner)
        assert any(i.name == "黄山风景区" for i in first.days[1].items)  # a day for the mountain
        job = await submit(window, "第二天轻松一点")
        jobs = ctx.tracker.jobs
        await wait_until(lambda: jobs[job].state in ("succeeded", "failed"), limit=90)
        assert jobs[job].state == "succeeded"  # an answer, not a failed job
        transcript = planner.chat.transcript
        await wait_until(lambda: "第1版" in transcript.toPlainText(), limit=30)
        said = transcript.toPlainText()
        assert "黄山风景区" in said and "可以这样" in said, said
        assert "#c0392b" not in transcript.toHtml().lower()  # no error line in the chat
        assert not planner.panel.edit_bar.refusal.isVisible()
        assert "failed" not in window.statusBar().currentMessage().lower()
        assert shown_version(planner) == (first.id, 1)
        assert (await saved(ctx, first.id)).version == 1  # the plan as it was

    run_app(scenario)


def test_a_refused_follow_up_says_nothing_changed(run_app: Any, guides: GuideHold) -> None:
    async def scenario(window: Any, ctx: Any) -> None:
        planner = window.planner
        await submit(window)
        shown = await guide_shown(ctx, planner)
        ready = ("Plan ready", "行程已完成")
        await wait_until(lambda: any(w in window.statusBar().currentMessage() for w in ready))
        finished: list[Any] = []
        ctx.tracker.job_finished.connect(finished.append)
        job = await submit(window, "第9天轻松一点")  # the plan has no day 9: refused, an answer
        await wait_until(lambda: any(j.id == job for j in finished), limit=60)
        message = window.statusBar().currentMessage()
        assert "行程已完成" not in message and "Plan ready" not in message, message
        assert "没有改动" in message or "No change" in message, message
        plan = await saved(ctx, planner.itinerary_id)
        assert (plan.id, plan.version) == (shown.id, shown.version)  # no new version

    run_app(scenario)
