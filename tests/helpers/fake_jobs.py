"""A fake `JobManager` for desktop tests: scripted plan jobs whose pace the test controls.

Each job emits the events of a real plan job (job_started … itinerary … guide_delta …
guide_written, suggested_questions, done) for a fixed itinerary, saving it to the test's
database like the real one. Named gates (``"itinerary"``, ``"guide"``) hold jobs before those
stages until the test opens them.
"""

from __future__ import annotations

import asyncio
import dataclasses
import uuid
from collections.abc import AsyncIterator
from typing import Any

from engine.domain.itinerary import Itinerary
from engine.events import Event, EventType, utcnow
from engine.storage import conversations, itineraries
from engine.storage.db import open_database

GUIDE_CHUNKS = (
    "# 黄山两日游\n\n",
    "## 第1天\n\n- 徽州古城\n",
    "## 第2天\n\n" + "".join(f"- 黄山风景区 第{n}段\n" for n in range(1, 41)),
)
QUESTIONS = ("第二天轻松一点", "加一天")


@dataclasses.dataclass(frozen=True)
class FakeJobInfo:
    id: str
    kind: str = "plan"
    state: str = "queued"
    request: dict[str, Any] = dataclasses.field(default_factory=dict)
    conversation_id: int | None = None
    itinerary_id: int | None = None
    last_seq: int = 0
    error: str | None = None

    @property
    def text(self) -> str:
        return str(self.request.get("text", ""))


class FakeJobManager:
    """JobManager-shaped; records `submitted`, `cancelled`, `aclose_calls` (the `keep` flags)."""

    def __init__(self, itinerary: Itinerary) -> None:
        self.itinerary = itinerary
        self.gates: dict[str, asyncio.Event] = {}
        self.infos: dict[str, FakeJobInfo] = {}
        self.events: dict[str, list[Event]] = {}
        self.changed: dict[str, asyncio.Event] = {}
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.submitted: list[Any] = []
        self.cancelled: list[str] = []
        self.aclose_calls: list[bool] = []
        self.closed = False

    # -- test controls -----------------------------------------------------------------------------

    def hold(self, gate: str) -> None:
        self.gates[gate] = asyncio.Event()

    def release(self, gate: str) -> None:
        self.gates.setdefault(gate, asyncio.Event()).set()

    async def _gate(self, name: str) -> None:
        gate = self.gates.get(name)
        if gate is not None:
            await gate.wait()

    # -- JobManager interface ----------------------------------------------------------------------

    async def start(self) -> list[FakeJobInfo]:
        return []

    async def submit(
        self,
        request: Any,
        *,
        conversation_id: int | None = None,
        idempotency_key: str | None = None,
    ) -> FakeJobInfo:
        self.submitted.append(request)
        info = FakeJobInfo(
            id=uuid.uuid4().hex[:12],
            request={"text": request if isinstance(request, str) else "form"},
            conversation_id=conversation_id,
        )
        self.infos[info.id] = info
        self.events[info.id] = []
        self.changed[info.id] = asyncio.Event()
        self._emit(info.id, EventType.JOB_STARTED, {"kind": "plan"})
        self.tasks[info.id] = asyncio.get_running_loop().create_task(self._run(info.id))
        return self.infos[info.id]

    async def _run(self, job_id: str) -> None:
        emit = self._emit
        try:
            emit(job_id, EventType.STATE_CHANGED, {"state": "running", "previous": "queued"})
            emit(job_id, EventType.THINKING_STEP, {"step": "plan", "message": "规划路线…"})
            await self._gate("itinerary")
            db = open_database()
            conversation = self.infos[job_id].conversation_id or conversations.create_conversation(
                db
            )
            plan = self.itinerary.model_copy(update={"guide": "", "suggested_questions": ()})
            plan = plan.model_copy(
                update={"id": itineraries.save_new(db, plan, conversation_id=conversation)}
            )
            emit(
                job_id,
                EventType.ITINERARY,
                {"itinerary_id": plan.id, "itinerary": plan.model_dump(mode="json")},
            )
            emit(job_id, EventType.THINKING_STEP, {"step": "guide", "message": "撰写攻略…"})
            for chunk in GUIDE_CHUNKS:
                await asyncio.sleep(0)
                emit(job_id, EventType.GUIDE_DELTA, {"text": chunk})
            await self._gate("guide")
            written = plan.model_copy(
                update={"guide": "".join(GUIDE_CHUNKS), "suggested_questions": QUESTIONS}
            )
            itineraries.update_current(db, written)
            emit(job_id, EventType.GUIDE_WRITTEN, {"itinerary_id": plan.id})
            emit(job_id, EventType.SUGGESTED_QUESTIONS, {"questions": list(QUESTIONS)})
            emit(job_id, EventType.DONE, {"status": "succeeded", "itinerary_id": plan.id})
        except asyncio.CancelledError:
            if self.infos[job_id].state != "interrupted":
                emit(job_id, EventType.DONE, {"status": "cancelled"})

    def _emit(self, job_id: str, kind: EventType, data: dict[str, Any]) -> None:
        events = self.events[job_id]
        events.append(Event(job_id, len(events) + 1, kind, data, utcnow()))
        info = self.infos[job_id]
        changes: dict[str, Any] = {"last_seq": len(events)}
        if kind is EventType.STATE_CHANGED:
            changes["state"] = data["state"]
        if kind is EventType.ITINERARY:
            changes["itinerary_id"] = data["itinerary_id"]
        if kind is EventType.DONE:
            changes["state"] = data["status"]
        self.infos[job_id] = dataclasses.replace(info, **changes)
        self.changed[job_id].set()
        self.changed[job_id] = asyncio.Event()

    async def get(self, job_id: str) -> FakeJobInfo | None:
        return self.infos.get(job_id)

    async def by_itinerary(self, itinerary_id: int) -> FakeJobInfo | None:
        hits = [i for i in self.infos.values() if i.itinerary_id == itinerary_id]
        return hits[-1] if hits else None

    async def list(self) -> list[FakeJobInfo]:
        return list(reversed(self.infos.values()))

    async def subscribe(self, job_id: str, after_seq: int = 0) -> AsyncIterator[Event]:
        cursor = after_seq
        while True:
            events = self.events[job_id]
            while cursor < len(events):
                cursor += 1
                yield events[cursor - 1]
                if events[cursor - 1].type is EventType.DONE:
                    return
            if self.closed:
                return
            await self.changed[job_id].wait()

    async def cancel(self, job_id: str) -> None:
        self.cancelled.append(job_id)
        task = self.tasks.get(job_id)
        if task is not None and not task.done():
            task.cancel()

    async def resume(self, job_id: str) -> None:
        raise AssertionError("not used")

    async def aclose(self, *, keep: bool = False) -> None:
        self.aclose_calls.append(keep)
        for job_id, task in self.tasks.items():
            if task.done():
                continue
            if keep:
                self._emit(
                    job_id, EventType.STATE_CHANGED, {"state": "interrupted", "previous": "running"}
                )
            task.cancel()
        await asyncio.gather(*self.tasks.values(), return_exceptions=True)
        self.closed = True
        for event in self.changed.values():
            event.set()
