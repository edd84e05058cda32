"""The planner: chat pane (request, form, progress, chips) beside the itinerary panel."""

from __future__ import annotations

import asyncio
import logging
import uuid
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QSplitter, QVBoxLayout, QWidget

from desktop.bridge import JobStream, ProgressLine, ui_lang
from desktop.engine_port import EnginePort, JobSnapshot
from desktop.tasks import TaskSet
from desktop.views.itinerary_panel import ItineraryPanel
from desktop.views.plan_editing import PlanEditing
from desktop.widgets.chat_pane import ChatPane
from desktop.widgets.notice import NoticeBar
from engine import RequestProblem
from engine.events import (
    Done,
    ErrorReported,
    GuideDelta,
    GuideWritten,
    ItineraryReady,
    StateChanged,
    SuggestedQuestions,
    Token,
)

log = logging.getLogger(__name__)


class PlannerView(QWidget):
    """Plans trips and edits them by follow-up chat.

    A message changes the plan shown (the chip above the request box names it) unless the
    person detached it (the chip's ✕), pressed "New trip" (Ctrl+N), or filled in the form:
    then it plans a new trip, and the plan shown stays in the library.

    Signals:
        job_submitted(JobSnapshot): a job was submitted here (the tracker follows it).
        status_message(str): a short message for the status bar.
        resume_requested(str): resume this interrupted job (the notice's button).
        showing_interrupted(str): the job shown is interrupted; the planner offers to resume it.

    Attributes:
        stream: the subscription to the job shown (None when idle); replaced, never the job.
        itinerary_id / conversation_id: the plan shown and its conversation (for follow-ups).
        detached: the next message plans a new trip although a plan is shown.
        interrupted: the notice shown while the job shown is interrupted.
        queued: follow-ups typed while the shown plan was being made; each is sent on this
            conversation when the job before it ends (one turn at a time per conversation).
    """

    job_submitted = Signal(JobSnapshot)
    status_message = Signal(str)
    resume_requested = Signal(str)
    showing_interrupted = Signal(str)

    def __init__(self, port: EnginePort, tasks: TaskSet, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._port = port
        self._tasks = tasks
        self.stream: JobStream | None = None
        self.job_id: str | None = None
        self.itinerary_id: int | None = None
        self.conversation_id: int | None = None
        self.queued: list[str] = []
        self.detached = False
        self.interrupted = NoticeBar(self.tr("Resume"), self.tr("Dismiss"), self)
        self.chat = ChatPane(self)
        self.panel = ItineraryPanel(self)
        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.addWidget(self.chat)
        split.addWidget(self.panel)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 5)
        split.setSizes([380, 900])
        split.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.interrupted)
        layout.addWidget(split, 1)
        self.chat.send_requested.connect(self.send)
        self.chat.stop_requested.connect(self.stop)
        self.chat.question_clicked.connect(self.ask)
        self.chat.new_trip_requested.connect(self.new_plan)
        self.chat.detach_requested.connect(self.detach)
        self.interrupted.accepted.connect(self._resume_clicked)
        self.editing = PlanEditing(self)
        for keys, slot in (("Ctrl+Z", self.editing.undo), ("Ctrl+Shift+Z", self.editing.redo)):
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)

    # -- actions ---------------------------------------------------------------------------------

    def new_plan(self, *, keep_draft: bool = False) -> None:
        """Start over: drop the shown plan and its subscription, and (unless `keep_draft`) the
        request box and the form, whose draft was written for the old plan."""
        if not keep_draft:
            self.chat.request.clear()
            self.chat.form.reset()
        self._detach()
        self.job_id = self.itinerary_id = self.conversation_id = None
        self.queued = []
        self.detached = False
        self.interrupted.hide()
        self.panel.clear()
        self.editing.cleared()
        self.chat.clear_transcript()
        self.chat.set_questions(())
        self.chat.set_running(False)
        self._show_target()
        self.chat.request.setFocus()

    def detach(self) -> None:
        """The next message plans a new trip; the plan stays shown until then."""
        self.detached = True
        self._show_target()
        self.chat.request.setFocus()

    @property
    def follow_up_target(self) -> int | None:
        """The itinerary the next typed message changes (None: it plans a new trip)."""
        return None if self.detached else self.itinerary_id

    def _show_target(self) -> None:
        shown = self.panel.itinerary
        attached = self.itinerary_id is not None and not self.detached
        self.chat.set_target(shown.title if (shown is not None and attached) else "")

    def send(self) -> None:
        text = self.chat.request.toPlainText().strip()
        form = self.chat.form.values()
        if not text and not form:
            self.chat.add_line("error", self.tr("Type where you want to go, or fill in the form."))
            return
        if form and not text:  # nothing written to tell the plan's language: the UI's
            form["lang"] = ui_lang()
        self.chat.request.clear()
        self._submit(text, form)

    def ask(self, question: str) -> None:
        """Send a suggested question as a follow-up (the request box is left alone)."""
        self._submit(question, {})

    def _submit(self, text: str, form: dict[str, Any]) -> None:
        follow_up = None if form else self.follow_up_target  # the itinerary to change
        if follow_up is None and self.itinerary_id is not None:
            self.new_plan(keep_draft=True)  # a new trip: the plan shown stays in the library
        self.chat.set_questions(())  # the shown version's suggestions: stale once it changes
        self.chat.add_user(text or self.tr("(form)"))
        if follow_up is not None and self.running:
            # One turn at a time per conversation: the change goes once this plan is ready.
            self.queued.append(text)
            self.chat.add_line("step", self.tr("This will be sent when the plan is ready."))
            return
        self.chat.send.setEnabled(False)
        self._tasks.spawn(self._do_submit(text, form, follow_up), name="submit")

    async def _do_submit(self, text: str, form: dict[str, Any], itinerary_id: int | None) -> None:
        """Submit a new trip, or (`itinerary_id`) a change on that itinerary's conversation."""
        try:
            conversation_id = None
            if itinerary_id is not None:  # (learnt after its first snapshot; maybe not yet)
                conversation_id = (
                    self.conversation_id
                    if itinerary_id == self.itinerary_id and self.conversation_id is not None
                    else await self._port.conversation_of(itinerary_id)
                )
            job = await self._port.submit_plan(
                text, form, conversation_id=conversation_id, key=uuid.uuid4().hex
            )
        except RequestProblem as problem:
            self.chat.add_line("error", problem.message)
            return
        except Exception:
            log.exception("submit failed")
            self.chat.add_line("error", self.tr("Could not start planning; see the log."))
            return
        finally:
            self.chat.send.setEnabled(True)
        self.job_submitted.emit(job)
        self.attach_job(job.id, clear=False)
        if job.conversation_id is not None:
            self.conversation_id = job.conversation_id

    def stop(self) -> None:
        if self.job_id and self.running:
            self.chat.add_line("step", self.tr("Stopping…"))
            self._tasks.spawn(self._port.cancel(self.job_id), name="cancel")

    # -- following a job -------------------------------------------------------------------------

    def attach_job(self, job_id: str, *, clear: bool = True, title: str = "") -> None:
        """Show job `job_id`: replay its events from the start, then follow it live.

        With `clear`, the planner starts over on it (`title`: what was asked, shown first).
        """
        self._detach()
        self.interrupted.hide()
        if clear:  # another plan: its itinerary and conversation come with its events
            self.itinerary_id = self.conversation_id = None
            self.queued = []
            self.detached = False
            self._show_target()
            self.panel.clear()
            self.chat.clear_transcript()
            self.chat.set_questions(())
            if title:
                self.chat.add_user(title)
        self.job_id = job_id
        stream = JobStream(self._port, self._tasks, job_id, parent=self)
        stream.progress.connect(self._on_progress)
        stream.itinerary.connect(self._on_itinerary)
        stream.guide_delta.connect(self._on_guide_delta)
        stream.guide_reset.connect(self.panel.set_guide)
        stream.guide_written.connect(self._on_guide_written)
        stream.questions.connect(self._on_questions)
        stream.token.connect(self._on_token)
        stream.state_changed.connect(self._on_state)
        stream.failed.connect(self._on_failed)
        stream.finished.connect(self._on_finished)
        self.stream = stream.start()
        self.chat.set_running(True, self.tr("Working…"))

    def job_resumed(self, job_id: str) -> None:
        """A job was resumed (Jobs view): if it is the one shown, follow it again."""
        if job_id == self.job_id and self.stream is not None and not self.running:
            self.interrupted.hide()
            self.stream.start()  # on from where it stopped; the cut-off guide is reset
            self.chat.set_running(True, self.tr("Working…"))

    def open_itinerary(self, itinerary_id: int) -> None:
        """Show a saved itinerary; if its job is still running (or interrupted), follow it."""
        self._tasks.spawn(self._open(itinerary_id), name=f"open-{itinerary_id}")

    async def _open(self, itinerary_id: int) -> None:
        itinerary = await self._port.load_itinerary(itinerary_id)
        job = await self._port.job_for_itinerary(itinerary_id)
        self.new_plan(keep_draft=True)
        self.itinerary_id = itinerary_id
        self.conversation_id = await self._port.conversation_of(itinerary_id)
        self.panel.show_itinerary(itinerary)
        self.editing.opened(itinerary)
        self._show_target()
        self.chat.set_questions(tuple(itinerary.suggested_questions))
        self.chat.add_line("step", self.tr("Opened: %1").replace("%1", itinerary.title))
        if job is not None and (job.live or job.state == "interrupted"):
            # follow it: live now, or (interrupted) its replay says so and a resume goes on here
            self.attach_job(job.id, clear=False)

    def _detach(self) -> None:
        if self.stream is not None:
            self.stream.stop()
            self.stream.deleteLater()
            self.stream = None

    # -- stream handlers -------------------------------------------------------------------------

    def _on_progress(self, line: ProgressLine) -> None:
        self.chat.add_line(line.kind, line.text)
        if line.kind == "step":
            self.chat.set_running(True, line.text)

    def _on_itinerary(self, snapshot: ItineraryReady) -> None:
        if snapshot.itinerary_id != self.itinerary_id:  # a plan made here: changed by default
            self.detached = False
        self.itinerary_id = snapshot.itinerary_id
        if not snapshot.itinerary.guide:
            self.panel.reset_guide()  # the guide is about to be (re)written by this job
        self.panel.show_itinerary(snapshot.itinerary)
        self.editing.shown(snapshot.itinerary, self.job_id)
        self._show_target()
        self._tasks.spawn(self._learn_conversation(snapshot.itinerary_id), name="conversation")

    async def _learn_conversation(self, itinerary_id: int) -> None:
        self.conversation_id = await self._port.conversation_of(itinerary_id)

    def _on_guide_delta(self, delta: GuideDelta) -> None:
        self.panel.append_guide(delta.text)

    def _on_questions(self, suggested: SuggestedQuestions) -> None:
        if not self.queued:  # (a change is waiting to be sent: these are the old version's)
            self.chat.set_questions(suggested.questions)

    def _on_token(self, token: Token) -> None:
        self.chat.add_token(token.text)

    def _on_guide_written(self, written: GuideWritten) -> None:
        itinerary_id = written.itinerary_id or self.itinerary_id
        self._tasks.spawn(self._reload(itinerary_id), name="reload")

    async def _reload(self, itinerary_id: int | None) -> None:
        if itinerary_id is None or itinerary_id != self.itinerary_id:
            return
        itinerary = await self._port.load_itinerary(itinerary_id)
        if itinerary_id != self.itinerary_id:
            return
        self.panel.show_itinerary(itinerary)
        self._show_target()
        # the chips in a turn of their own: made with the guide's last part and the panel's
        # refresh, they were one of the plan's longest GUI-thread turns (5-8 ms)
        await asyncio.sleep(0)
        if itinerary_id == self.itinerary_id:
            self.chat.set_questions(tuple(itinerary.suggested_questions))

    def _on_state(self, changed: StateChanged) -> None:
        if changed.state == "interrupted":
            self.chat.set_running(False)
            self.interrupted.show_notice(
                self.tr("This plan was interrupted before it was finished.")
                + " "
                + self.tr("Resume it to finish it from where it stopped.")
            )
            if self.job_id is not None:
                self.showing_interrupted.emit(self.job_id)
        else:
            self.interrupted.hide()

    def _resume_clicked(self) -> None:
        if self.job_id is not None:
            self.interrupted.action.setEnabled(False)
            self.resume_requested.emit(self.job_id)

    def _on_failed(self, error: ErrorReported) -> None:
        self.status_message.emit(error.message)
        self.editing.failed(error)

    def _on_finished(self, done: Done) -> None:
        self.chat.set_running(False)
        if not self.queued:
            return
        if done.status == "cancelled":  # stopped: what was waiting goes back to the request box
            waiting, self.queued = self.queued, []
            if not self.chat.request.toPlainText():
                self.chat.request.setPlainText("\n".join(waiting))
            self.chat.add_line("error", self.tr("Not sent: the plan was stopped."))
            return
        text = self.queued.pop(0)
        self._tasks.spawn(self._do_submit(text, {}, self.itinerary_id), name="submit")

    @property
    def running(self) -> bool:
        """Whether the job shown is still being followed (not ended, not interrupted)."""
        return self.stream is not None and not self.stream.ended
