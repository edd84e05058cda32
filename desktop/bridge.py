"""The bridge: engine event streams → typed Qt signals. Views only connect to these signals.

One `JobStream` per subscription to a job's events (replay from a seq, then live); one
`JobTracker` follows every job this app knows for the Jobs view, the status bar and
notifications. Each owns its subscription task (held in the app's `TaskSet`); dropping a stream
never touches the job itself (DESIGN.md: "leaving a view only drops its subscription").
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QLocale, QObject, Signal

from desktop.engine_port import EnginePort, JobSnapshot
from desktop.plan_text import plan_text, request_lang
from desktop.tasks import TaskSet
from engine.domain.feasibility import FeasibilityReport
from engine.events import Event, EventType

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ProgressLine:
    """One line of a job's progress for the chat pane. `kind`: step, error, done."""

    job_id: str
    seq: int
    kind: str
    text: str


@dataclass(frozen=True)
class PlanSnapshot:
    """The full itinerary carried by an ``itinerary`` event (`itinerary` is the domain model)."""

    job_id: str
    itinerary_id: int
    itinerary: Any


@dataclass(frozen=True)
class ErrorInfo:
    job_id: str
    code: str
    message: str


@dataclass(frozen=True)
class JobProgress:
    """How far a job is: `percent` 0-100 (by stage) and its latest progress line."""

    job_id: str
    percent: int
    text: str


_ENDED = ("succeeded", "failed", "cancelled")
_STAGE_PERCENT = {"understand": 10, "plan": 30, "revise": 30, "restore": 30, "guide": 70}


def resume_point(event: Event) -> tuple[str, int] | None:
    """(stage, seq) of a ``state_changed`` event that resumes a job, else None. Events after
    that seq (and before this event) belonged to the attempt that was cut off."""
    if event.type is not EventType.STATE_CHANGED:
        return None
    resume = event.data.get("resume")
    if not isinstance(resume, dict):
        return None
    return str(resume.get("stage") or ""), int(resume.get("seq") or 0)


def describe(event: Event, lang: str = "") -> ProgressLine | None:
    """The progress line for `event` in `lang` (the request's: ``zh`` or ``en``; '' → the UI's),
    or None for events that are not shown as lines (tool calls are not: the step before them
    already says what is being done, in words). Thinking steps come worded by the engine, in
    the request's language too."""
    d, kind = event.data, event.type
    lang = lang or ui_lang()
    text: str | None = None
    line_kind = "step"
    if kind is EventType.THINKING_STEP:
        text = str(d.get("message") or d.get("step") or "")
    elif kind is EventType.STATE_CHANGED and d.get("state") == "interrupted":
        text, line_kind = plan_text(lang, "interrupted"), "error"
    elif (resumed := resume_point(event)) is not None:
        text = plan_text(lang, "resuming_kept" if resumed[0] else "resuming_start")
    elif kind is EventType.ITINERARY:
        title = (d.get("itinerary") or {}).get("title", "")
        text = plan_text(lang, "itinerary_ready", x=str(title))
    elif kind is EventType.FEASIBILITY:
        text = FeasibilityReport.model_validate(d).verdict(lang)
    elif kind is EventType.GUIDE_WRITTEN:
        text = plan_text(lang, "guide_written")
    elif kind is EventType.ERROR:
        text, line_kind = str(d.get("message") or d.get("code")), "error"
    elif kind is EventType.DONE:
        status = str(d.get("status", ""))
        if status == "failed":
            return None  # the error line just before says what failed
        known = status in ("succeeded", "cancelled")
        text, line_kind = (plan_text(lang, status) if known else status), "done"
    if not text:
        return None
    return ProgressLine(event.job_id, event.seq, line_kind, text)


def ui_lang() -> str:
    """The interface's language as a plan language: ``zh`` or ``en``."""
    return "zh" if QLocale().language() == QLocale.Language.Chinese else "en"


class JobStream(QObject):
    """Signals for one job's events from `after_seq` on (replay, then live).

    Signals:
        received(Event): every event, first.
        progress(ProgressLine): a human-readable line (steps, errors, the end).
        state_changed(str): the job's new state.
        itinerary(PlanSnapshot): a full itinerary snapshot (first plan or a revision).
        guide_delta(str): the next chunk of the guide being written.
        guide_reset(str): the guide as it stood at a resumed job's checkpoint: chunks received
            after it belonged to the attempt that was cut off and are dropped (the resumed job
            writes them again).
        guide_written(int): the guide of itinerary id was saved.
        questions(tuple): suggested follow-up questions.
        token(str): streamed model text.
        failed(ErrorInfo): an ``error`` event (or the subscription broke).
        finished(str): ``done`` with its status; the stream ends after it.
    """

    received = Signal(object)
    progress = Signal(object)
    state_changed = Signal(str)
    itinerary = Signal(object)
    guide_delta = Signal(str)
    guide_reset = Signal(str)
    guide_written = Signal(int)
    questions = Signal(object)
    token = Signal(str)
    failed = Signal(object)
    finished = Signal(str)

    def __init__(
        self,
        port: EnginePort,
        tasks: TaskSet,
        job_id: str,
        after_seq: int = 0,
        parent: QObject | None = None,
        lang: str = "",
    ) -> None:
        super().__init__(parent)
        self.job_id = job_id
        self.lang = lang  # the request's; learnt from ``job_started`` when not given
        self.cursor = after_seq
        self.done = False
        self.ended = False
        self._guide: list[tuple[int, str]] = []  # (seq, chunk) since the last itinerary
        self._port = port
        self._tasks = tasks
        self._task: asyncio.Task[None] | None = None

    def start(self) -> JobStream:
        """Follow the job from the cursor on. Starting again after the stream ended without
        ``done`` (the job was interrupted, then resumed) goes on where it stopped."""
        if self._task is not None and not self._task.done():
            return self
        self.ended = False
        self._task = self._tasks.spawn(self._pump(), name=f"stream-{self.job_id}")
        return self

    def stop(self) -> None:
        """Drop the subscription (the job goes on)."""
        if self._task is not None and not self._task.done():
            self._task.cancel()

    async def _pump(self) -> None:
        try:
            async with contextlib.aclosing(
                self._port.subscribe(self.job_id, self.cursor)
            ) as events:  # type: ignore[type-var]
                async for event in events:
                    self.cursor = event.seq
                    self._dispatch(event)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.exception("subscription to job %s failed", self.job_id)
            self.failed.emit(ErrorInfo(self.job_id, "subscription", str(exc)))
        finally:
            self.ended = True  # after done, or without it (the job was interrupted)

    def _dispatch(self, event: Event) -> None:
        self.received.emit(event)
        if event.type is EventType.JOB_STARTED and not self.lang:
            self.lang = request_lang(event.data.get("request"))
        line = describe(event, self.lang)
        if line is not None:
            self.progress.emit(line)
        d, kind = event.data, event.type
        if kind is EventType.STATE_CHANGED:
            resumed = resume_point(event)
            if resumed is not None:
                kept = [(seq, text) for seq, text in self._guide if seq <= resumed[1]]
                if kept != self._guide:
                    self._guide = kept
                    self.guide_reset.emit("".join(text for _seq, text in kept))
            self.state_changed.emit(str(d.get("state", "")))
        elif kind is EventType.ITINERARY:
            from engine.domain.itinerary import Itinerary

            self._guide = []
            plan = Itinerary.model_validate(d["itinerary"])
            self.itinerary.emit(PlanSnapshot(self.job_id, int(d["itinerary_id"]), plan))
        elif kind is EventType.GUIDE_DELTA:
            text = str(d.get("text", ""))
            self._guide.append((event.seq, text))
            self.guide_delta.emit(text)
        elif kind is EventType.GUIDE_WRITTEN:
            self.guide_written.emit(int(d.get("itinerary_id") or 0))
        elif kind is EventType.SUGGESTED_QUESTIONS:
            self.questions.emit(tuple(d.get("questions", ())))
        elif kind is EventType.TOKEN:
            self.token.emit(str(d.get("text", "")))
        elif kind is EventType.ERROR:
            self.failed.emit(ErrorInfo(self.job_id, str(d.get("code")), str(d.get("message"))))
        elif kind is EventType.DONE:
            self.done = True
            self.finished.emit(str(d.get("status", "")))


class JobTracker(QObject):
    """Follows every job of this app: snapshots, progress, the running count, the ends.

    Signals:
        job_changed(JobSnapshot): a job appeared or changed state.
        job_progress(JobProgress): a live job moved on.
        job_finished(JobSnapshot): a job ended (succeeded, failed or cancelled).
        running_changed(int): number of queued or running jobs.
    """

    job_changed = Signal(object)
    job_progress = Signal(object)
    job_finished = Signal(object)
    running_changed = Signal(int)

    def __init__(self, port: EnginePort, tasks: TaskSet, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._port = port
        self._tasks = tasks
        self.jobs: dict[str, JobSnapshot] = {}
        self.progress: dict[str, JobProgress] = {}
        self._streams: dict[str, JobStream] = {}

    async def load(self) -> None:
        """Read the job list and follow the live ones."""
        for snapshot in reversed(await self._port.job_list()):
            self.track(snapshot)

    def running(self) -> list[JobSnapshot]:
        return [j for j in self.jobs.values() if j.live]

    def track(self, snapshot: JobSnapshot) -> None:
        """Show `snapshot` and, while it is live, follow its events. A live snapshot of a job
        already seen ending is stale (taken before its end was delivered) and is ignored."""
        old = self.jobs.get(snapshot.id)
        if old is not None and snapshot.live and old.state in _ENDED:
            return
        self._set(snapshot)
        if snapshot.live and snapshot.id not in self._streams:
            # A job seen before (e.g. interrupted, now resumed) is followed from where it was.
            after = old.last_seq if old is not None else 0
            stream = JobStream(
                self._port, self._tasks, snapshot.id, after, parent=self, lang=snapshot.lang
            )
            stream.received.connect(self._on_event)
            self._streams[snapshot.id] = stream.start()

    def _set(self, snapshot: JobSnapshot) -> None:
        old = self.jobs.get(snapshot.id)
        self.jobs[snapshot.id] = snapshot
        self.job_changed.emit(snapshot)
        if old is None or old.live != snapshot.live:
            self.running_changed.emit(len(self.running()))

    def _on_event(self, event: Event) -> None:
        job_id, d = event.job_id, event.data
        old = self.jobs.get(job_id) or JobSnapshot(job_id, "queued")
        line = describe(event, old.lang)
        percent = self.progress.get(job_id, JobProgress(job_id, 0, "")).percent
        if event.type is EventType.THINKING_STEP:
            percent = max(percent, _STAGE_PERCENT.get(str(d.get("step")), percent))
        elif event.type is EventType.ITINERARY:
            percent = max(percent, 60)
        elif event.type is EventType.GUIDE_DELTA:
            percent = min(95, max(percent, 70) + 2)
        elif event.type is EventType.DONE:
            percent = 100
        text = self.progress.get(job_id, JobProgress(job_id, 0, "")).text
        if line is not None and line.kind != "done":  # the end is what the State column says
            text = line.text
        self.progress[job_id] = JobProgress(job_id, percent, text)
        self.job_progress.emit(self.progress[job_id])
        changes: dict[str, Any] = {"last_seq": event.seq}
        if event.type is EventType.STATE_CHANGED:
            changes["state"] = str(d.get("state"))
        elif event.type is EventType.ITINERARY:
            changes["itinerary_id"] = int(d["itinerary_id"])
            if d.get("conversation_id") is not None:
                changes["conversation_id"] = int(d["conversation_id"])
        elif event.type is EventType.ERROR:
            changes["error"] = str(d.get("message"))
        elif event.type is EventType.DONE:
            changes["state"] = str(d.get("status", "succeeded"))
        from dataclasses import replace

        snapshot = replace(old, **changes)
        if event.type in (EventType.STATE_CHANGED, EventType.ITINERARY, EventType.DONE):
            self._set(snapshot)
        else:
            self.jobs[job_id] = snapshot
        if event.type is EventType.DONE:
            self._streams.pop(job_id, None)
            self.job_finished.emit(snapshot)
        elif event.type is EventType.STATE_CHANGED and d.get("state") == "interrupted":
            self._streams.pop(job_id, None)

    def stop(self) -> None:
        for stream in self._streams.values():
            stream.stop()
        self._streams.clear()
