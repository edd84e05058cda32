"""Scripted job runners for tests: events from a list; pauses are controlled by asyncio.Event."""

from __future__ import annotations

import asyncio
import os
import sys
from collections import defaultdict
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cancellation import CancellationToken
from engine.domain.feasibility import FeasibilityReport
from engine.events import (
    ErrorReported,
    EventType,
    FeasibilityChecked,
    GuideDelta,
    GuideWritten,
    ItineraryReady,
    Payload,
    SuggestedQuestions,
    ThinkingStep,
    Token,
    ToolCall,
    ToolResult,
    Usage,
)
from engine.jobs import Checkpoint, JobFailed, JobInfo, JobRunner, RunnerItem
from tests.helpers.itineraries import small_itinerary


@dataclass(frozen=True)
class Emit:
    payload: Payload
    checkpoint: Checkpoint | None = None

    @property
    def type(self) -> EventType:
        return self.payload.TYPE


@dataclass(frozen=True)
class Pause:
    """Reached → `runner.reached[name]` is set; then waits for `runner.gate(name)` if any."""

    name: str


@dataclass(frozen=True)
class Burst:
    """`count` events of `type`; `runner.on_burst(i)` is called every `every` events."""

    type: EventType
    count: int
    every: int = 100


@dataclass(frozen=True)
class Fail:
    code: str
    message: str


@dataclass(frozen=True)
class Crash:
    """Raise an unexpected exception."""

    message: str = "boom"


Step = Emit | Pause | Burst | Fail | Crash

ITINERARY = ItineraryReady(41, 1, small_itinerary(itinerary_id=41))
PLAN: tuple[Step, ...] = (
    Emit(ThinkingStep("understand", "解析请求")),
    Pause("started"),
    Emit(ToolCall("c1", "plan_trip", {"days": 2})),
    Emit(ToolResult("c1", "plan_trip", {"ok": True})),
    Emit(ITINERARY, Checkpoint("itinerary", 41)),
    Pause("after_itinerary"),
    Emit(FeasibilityChecked(FeasibilityReport(checks=()))),
    Emit(Token("好")),
    Emit(GuideDelta("# 黄山两日\n")),
    Pause("mid_guide"),
    Burst(EventType.GUIDE_DELTA, 20, every=5),
    Emit(GuideWritten(41), Checkpoint("guide", 41)),
    Pause("after_guide"),
    Emit(SuggestedQuestions(("可以更轻松吗？", "有素食吗？"))),
    Emit(ErrorReported("weather_unavailable", "天气暂不可用")),
    Emit(Usage(120, 80, estimated=True)),
)
SHORT: tuple[Step, ...] = (
    Emit(ThinkingStep("understand", "…")),
    Emit(ITINERARY, Checkpoint("itinerary", 41)),
    Emit(GuideDelta("…")),
    Emit(GuideWritten(41), Checkpoint("guide", 41)),
)


def expected_types(script: Sequence[Step]) -> list[EventType]:
    """Event types a fresh, successful run of `script` logs (manager's events included)."""
    types = [EventType.STATE_CHANGED, EventType.STATE_CHANGED, EventType.JOB_STARTED]
    for step in script:
        if isinstance(step, Emit):
            types.append(step.type)
        elif isinstance(step, Burst):
            types.extend([step.type] * step.count)
    return [*types, EventType.STATE_CHANGED, EventType.DONE]


class ScriptedRunner:
    """`JobRunner` that plays a script; counts concurrent runs; honours the token.

    Attributes:
        reached: pause name → Event set when any run reaches it.
        runs: (job id, resume stage) of every run started.
        max_running: the most runs that were inside `run` at once.
    """

    def __init__(
        self,
        script: Sequence[Step] = PLAN,
        *,
        cooperative: bool = True,
        on_pause: Callable[[str, CancellationToken], Any] | None = None,
    ) -> None:
        self.script = tuple(script)
        self.cooperative = cooperative
        self.on_pause = on_pause
        self.on_burst: Callable[[int], None] | None = None
        self.reached: defaultdict[str, asyncio.Event] = defaultdict(asyncio.Event)
        self._gates: dict[str, asyncio.Event] = {}
        self.runs: list[tuple[str, str]] = []
        self.running = 0
        self.max_running = 0

    def gate(self, name: str) -> asyncio.Event:
        """A gate: runs reaching pause `name` wait until it is set."""
        return self._gates.setdefault(name, asyncio.Event())

    def _start_index(self, resume_from: Checkpoint | None) -> int:
        if resume_from is None:
            return 0
        for index, step in enumerate(self.script):
            if (
                isinstance(step, Emit)
                and step.checkpoint
                and step.checkpoint.stage == resume_from.stage
            ):
                return index + 1
        return 0

    async def run(
        self, job: JobInfo, *, resume_from: Checkpoint | None, token: CancellationToken
    ) -> AsyncIterator[RunnerItem]:
        self.runs.append((job.id, resume_from.stage if resume_from else ""))
        self.running += 1
        self.max_running = max(self.max_running, self.running)
        try:
            for step in self.script[self._start_index(resume_from) :]:
                if self.cooperative:
                    token.check()
                if isinstance(step, Emit):
                    if step.checkpoint is not None:
                        yield step.payload, step.checkpoint
                    else:
                        yield step.payload
                elif isinstance(step, Burst):
                    for i in range(step.count):
                        yield burst_payload(step.type, f"{i};")
                        if self.on_burst is not None and i % step.every == 0:
                            self.on_burst(i)
                        await asyncio.sleep(0)
                elif isinstance(step, Pause):
                    self.reached[step.name].set()
                    if self.on_pause is not None:
                        await self.on_pause(step.name, token)
                    gate = self._gates.get(step.name)
                    if gate is not None:
                        await wait_or_cancel(gate, token if self.cooperative else None)
                elif isinstance(step, Fail):
                    raise JobFailed(step.code, step.message)
                else:
                    raise RuntimeError(step.message)
        finally:
            self.running -= 1


def burst_payload(kind: EventType, text: str) -> Payload:
    """A streamed piece of text of type `kind` (``guide_delta`` or ``token``)."""
    return GuideDelta(text) if kind is EventType.GUIDE_DELTA else Token(text)


async def wait_or_cancel(gate: asyncio.Event, token: CancellationToken | None) -> None:
    """Wait for `gate`; with a token, stop early (raising) when it is cancelled."""
    if token is None:
        await gate.wait()
        return
    loop = asyncio.get_running_loop()
    cancelled = asyncio.Event()

    def on_cancel(_reason: str) -> None:
        loop.call_soon_threadsafe(cancelled.set)

    remove = token.on_cancel(on_cancel)
    waits = [asyncio.ensure_future(gate.wait()), asyncio.ensure_future(cancelled.wait())]
    try:
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    finally:
        remove()
        for task in waits:
            task.cancel()
        await asyncio.gather(*waits, return_exceptions=True)
    token.check()


# -- for worker subprocesses (`--runners tests.jobs.fakes:worker_runners`) ----------------------


async def _pause_from_env(name: str, token: CancellationToken) -> None:
    """In a worker: at the pause named by ``LVTU_FAKE_PAUSE``, print ``PAUSED name`` and wait
    (until cancelled, or killed). ``burst`` marks the burst and keeps writing until killed."""
    if os.environ.get("LVTU_FAKE_PAUSE") != name:
        return
    print(f"PAUSED {name}", flush=True)
    await wait_or_cancel(asyncio.Event(), token)


def worker_runners(_engine: Any) -> Mapping[str, JobRunner]:
    runner = ScriptedRunner(PLAN, on_pause=_pause_from_env)
    if os.environ.get("LVTU_FAKE_PAUSE") == "burst":
        endless = list(PLAN)
        endless[endless.index(Burst(EventType.GUIDE_DELTA, 20, every=5))] = Burst(
            EventType.GUIDE_DELTA, 10**9, every=500
        )
        runner = ScriptedRunner(endless)

        def mark(i: int) -> None:
            if i == 20_000:  # well into the burst: commits are streaming
                sys.stdout.write("PAUSED burst\n")
                sys.stdout.flush()

        runner.on_burst = mark
    return {"plan": runner}
