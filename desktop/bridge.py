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
from dataclasses import dataclass, replace

from PySide6.QtCore import QLocale, QObject, Signal

from desktop.engine_port import EnginePort, JobSnapshot
from desktop.tasks import TaskSet
from engine.events import (
    Done,
    ErrorReported,
    Event,
    FeasibilityChecked,
    GuideDelta,
    GuideWritten,
    ItineraryReady,
    JobStarted,
    StateChanged,
    SuggestedQuestions,
    ThinkingStep,
    Token,
    describe,
)

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ProgressLine:
    """One line of a job's progress for the chat pane. `kind`: step, error, done."""

    job_id: str
    seq: int
    kind: str
    text: str


@dataclass(frozen=True)
class JobProgress:
    """How far a job is: `percent` 0-100 (by stage) and its latest progress line."""

    job_id: str
    percent: int
    text: str


_ENDED = ("succeeded", "failed", "cancelled")
_STAGE_PERCENT = {"understand": 10, "plan": 30, "revise": 30, "restore": 30, "guide": 70}
#: Events shown as "step" lines besides thinking steps (tool calls are not: the step before
#: them already says what is being done, in words).
_STEPS = (ThinkingStep, ItineraryReady, FeasibilityChecked, GuideWritten)


def progress_line(event: Event, lang: str = "") -> ProgressLine | None:
    """The chat pane's line for `event` in `lang` (the request's: ``zh`` or ``en``; '' → the
    UI's), worded by `engine.events.describe`; None for events not shown as lines."""
    p = event.payload
    lang = lang or ui_lang()
    kind = "step"
    if isinstance(p, StateChanged):
        if p.resume is None and p.state != "interrupted":
            return None
        kind = "error" if p.state == "interrupted" else "step"
    elif isinstance(p, ErrorReported):
        kind = "error"
    elif isinstance(p, Done):
        if p.status == "failed":
            return None  # the error line just before says what failed
        kind = "done"
    elif not isinstance(p, _STEPS):
        return None
    text = describe(event, lang)
    return ProgressLine(event.job_id, event.seq, kind, text) if text else None


def ui_lang() -> str:
    """The interface's language as a plan language: ``zh`` or ``en``."""
    return "zh" if QLocale().language() == QLocale.Language.Chinese else "en"


class JobStream(QObject):
    """Signals for one job's events from `after_seq` on (replay, then live).

    Signals:
        received(Event): every event, first.
        progress(ProgressLine): a human-readable line (steps, errors, the end).
        state_changed(StateChanged): the job's new state.
        itinerary(ItineraryReady): a full itinerary snapshot (first plan or a revision).
        guide_delta(GuideDelta): the next chunk of the guide being written.
        guide_reset(str): the guide as it now stands: what came before is dropped (the model's
            guide was rejected, or a job resumed from its checkpoint writes again what its
            attempt that was cut off wrote after it).
        guide_written(GuideWritten): the guide of that itinerary was saved.
        questions(SuggestedQuestions): suggested follow-up questions.
        token(Token): streamed answer text.
        failed(ErrorReported): an ``error`` event (or the subscription broke).
        finished(Done): the job's end; `ended` is already true when it is emitted.
    """

    received = Signal(Event)
    progress = Signal(ProgressLine)
    state_changed = Signal(StateChanged)
    itinerary = Signal(ItineraryReady)
    guide_delta = Signal(GuideDelta)
    guide_reset = Signal(str)
    guide_written = Signal(GuideWritten)
    questions = Signal(SuggestedQuestions)
    token = Signal(Token)
    failed = Signal(ErrorReported)
    finished = Signal(Done)

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
                    # Events that arrive together (a guide's chunks, a replay) are shown one
                    # per loop turn: seven guide chunks handled in one turn held the GUI
                    # thread 20-28 ms (bench/gui_thread_profile.py).
                    await asyncio.sleep(0)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.exception("subscription to job %s failed", self.job_id)
            self.failed.emit(ErrorReported("subscription", str(exc)))
        finally:
            self.ended = True  # after done, or without it (the job was interrupted)

    def _dispatch(self, event: Event) -> None:
        self.received.emit(event)
        p = event.payload
        if isinstance(p, JobStarted) and not self.lang:
            self.lang = p.lang
        line = progress_line(event, self.lang)
        if line is not None:
            self.progress.emit(line)
        if isinstance(p, StateChanged):
            if p.resume is not None:
                kept = [(seq, text) for seq, text in self._guide if seq <= p.resume.seq]
                if kept != self._guide:
                    self._guide = kept
                    self.guide_reset.emit("".join(text for _seq, text in kept))
            self.state_changed.emit(p)
        elif isinstance(p, ItineraryReady):
            self._guide = []
            self.itinerary.emit(p)
        elif isinstance(p, GuideDelta):
            if p.reset:
                self._guide = []
                self.guide_reset.emit("")
            self._guide.append((event.seq, p.text))
            self.guide_delta.emit(p)
        elif isinstance(p, GuideWritten):
            self.guide_written.emit(p)
        elif isinstance(p, SuggestedQuestions):
            self.questions.emit(p)
        elif isinstance(p, Token):
            self.token.emit(p)
        elif isinstance(p, ErrorReported):
            self.failed.emit(p)
        elif isinstance(p, Done):
            # Ended from here on, not only once the subscription has closed (a loop turn or
            # more later): a change sent in between was put in the planner's waiting list,
            # whose one flush is `finished`, and never sent.
            self.done = self.ended = True
            self.finished.emit(p)


class JobTracker(QObject):
    """Follows every job of this app: snapshots, progress, the running count, the ends.

    Signals:
        job_changed(JobSnapshot): a job appeared or changed state.
        job_progress(JobProgress): a live job moved on.
        job_finished(JobSnapshot): a job ended (succeeded, failed or cancelled).
        running_changed(int): number of queued or running jobs.
    """

    job_changed = Signal(JobSnapshot)
    job_progress = Signal(JobProgress)
    job_finished = Signal(JobSnapshot)
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
        job_id, p = event.job_id, event.payload
        old = self.jobs.get(job_id) or JobSnapshot(job_id, "queued")
        line = progress_line(event, old.lang)
        before = self.progress.get(job_id, JobProgress(job_id, 0, ""))
        percent = before.percent
        if isinstance(p, ThinkingStep):
            percent = max(percent, _STAGE_PERCENT.get(p.step, percent))
        elif isinstance(p, ItineraryReady):
            percent = max(percent, 60)
        elif isinstance(p, GuideDelta):
            percent = min(95, max(percent, 70) + 2)
        elif isinstance(p, Done):
            percent = 100
        text = before.text
        if line is not None and line.kind != "done":  # the end is what the State column says
            text = line.text
        self.progress[job_id] = JobProgress(job_id, percent, text)
        self.job_progress.emit(self.progress[job_id])
        snapshot = replace(old, last_seq=event.seq)
        if isinstance(p, StateChanged):
            snapshot = replace(snapshot, state=p.state)
        elif isinstance(p, ItineraryReady):  # saved: the job's checkpoint, as the engine's
            stage = snapshot.checkpoint or "itinerary"
            snapshot = replace(snapshot, itinerary_id=p.itinerary_id, checkpoint=stage)
        elif isinstance(p, ErrorReported):
            snapshot = replace(snapshot, error=p.message)
        elif isinstance(p, Done):
            snapshot = replace(snapshot, state=p.status)
        if isinstance(p, StateChanged | ItineraryReady | Done):
            self._set(snapshot)
        else:
            self.jobs[job_id] = snapshot
        if isinstance(p, Done):
            self._streams.pop(job_id, None)
            self.job_finished.emit(snapshot)
        elif isinstance(p, StateChanged) and p.state == "interrupted":
            self._streams.pop(job_id, None)

    def stop(self) -> None:
        for stream in self._streams.values():
            stream.stop()
        self._streams.clear()
