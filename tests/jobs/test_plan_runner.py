"""The plan runner: Agent events → job events with checkpoints; resume at each checkpoint. The
real Agent's jobs run both here and in a turn worker process (the `turns` fixture)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from engine.cancellation import CancellationToken
from engine.domain.itinerary import Itinerary
from engine.domain.request import TripRequest
from engine.events import (
    Done,
    ErrorReported,
    Event,
    EventType,
    GuideDelta,
    GuideWritten,
    ItineraryReady,
    JobStarted,
    Payload,
    SuggestedQuestions,
    ThinkingStep,
)
from engine.jobs import Checkpoint, JobInfo, JobManager, JobState
from engine.jobs.plan_request import PlanRequest
from engine.jobs.plan_runner import PlanRunner, default_runners, describe, job_request
from engine.storage import conversations, itineraries
from engine.storage.database import Database
from engine.storage.db import open_database
from engine.understanding import RequestOptions
from tests.jobs.conftest import FAST, assert_gap_free, collect

REQUEST = TripRequest(destinations=("huangshan",), days=2, text="黄山两天")


def ev(payload: Payload) -> Event:
    return Event(job_id="turn", seq=0, payload=payload)


class FakeSession:
    """A `PlanSession` whose turn saves a real itinerary, like the Agent will."""

    def __init__(self, engine: Any, *, status: str = "succeeded") -> None:
        self.engine = engine
        self.status = status
        self.calls: list[str] = []
        self.closed = False

    async def astream(
        self, request: Any, *, cancellation_token: CancellationToken
    ) -> AsyncIterator[Event]:
        self.calls.append(f"astream:{type(request).__name__}")
        yield ev(JobStarted("plan", "t1", "zh"))
        yield ev(ThinkingStep("plan", "排行程"))
        plan = Itinerary(title="黄山两日", request=REQUEST, days=())
        saved = itineraries.save_new(self.engine, plan)
        yield ev(ItineraryReady(saved, 1, plan))
        async for event in self.astream_guide(saved, cancellation_token=cancellation_token):
            yield event

    async def astream_guide(
        self, itinerary_id: int, *, cancellation_token: CancellationToken
    ) -> AsyncIterator[Event]:
        self.calls.append(f"guide:{itinerary_id}")
        yield ev(GuideDelta("# 黄山"))
        saved = itineraries.load(self.engine, itinerary_id)
        itineraries.update_current(
            self.engine,
            saved.model_copy(update={"guide": "# 黄山", "suggested_questions": ("Q?",)}),
        )
        yield ev(GuideWritten(itinerary_id))
        yield ev(SuggestedQuestions(("Q?",)))
        if self.status == "failed":
            yield ev(ErrorReported("solver_failed", "排不出来"))
        yield ev(Done(self.status, reason="solver_failed" if self.status == "failed" else None))

    async def aclose(self) -> None:
        self.closed = True


@pytest.fixture
def engine(db_path: Path):
    return open_database(db_path)


def make_runner(engine: Any, **options: Any) -> tuple[PlanRunner, list[FakeSession]]:
    sessions: list[FakeSession] = []

    async def factory(job: JobInfo) -> FakeSession:
        session = FakeSession(engine, **options)
        sessions.append(session)
        return session

    return PlanRunner(factory, Database(engine)), sessions


async def test_a_plan_job_commits_its_checkpoints(engine, db_path: Path):
    runner, sessions = make_runner(engine)
    async with JobManager(db_path, runners={"plan": runner}, **FAST) as manager:
        info = await manager.submit(REQUEST)
        events = await collect(manager.subscribe(info.id))
        final = await manager.get(info.id)
    assert final is not None and final.conversation_id is not None
    assert_gap_free(events)
    types = [e.type for e in events]
    assert types.count(EventType.JOB_STARTED) == 1 and types.count(EventType.DONE) == 1
    assert final.state is JobState.SUCCEEDED and final.checkpoint == "guide"
    itinerary_id = next(
        e.payload.itinerary_id for e in events if isinstance(e.payload, ItineraryReady)
    )
    assert final.itinerary_id == itinerary_id
    assert sessions[0].calls == ["astream:TripRequest", f"guide:{itinerary_id}"]
    assert sessions[0].closed
    assert itineraries.load(engine, itinerary_id).guide == "# 黄山"


@pytest.mark.parametrize(("status", "state"), [("failed", "failed"), ("cancelled", "cancelled")])
async def test_the_agents_final_status_decides_the_jobs(engine, db_path: Path, status, state):
    runner, _ = make_runner(engine, status=status)
    async with JobManager(db_path, runners={"plan": runner}, **FAST) as manager:
        info = await manager.submit("黄山两天")
        events = await collect(manager.subscribe(info.id))
    assert isinstance(events[-1].payload, Done) and events[-1].payload.status == state
    if state == "failed":
        assert events[-1].payload.error == "solver_failed: 排不出来"


async def test_resume_after_the_itinerary_writes_only_the_guide(engine):
    runner, sessions = make_runner(engine)
    saved = itineraries.save_new(engine, Itinerary(title="t", request=REQUEST, days=()))
    job = JobInfo(id="j", kind="plan", state=JobState.RUNNING, request={"text": "x"})
    items = [
        i
        async for i in runner.run(
            job, resume_from=Checkpoint("itinerary", saved), token=CancellationToken()
        )
    ]
    assert sessions[0].calls == [f"guide:{saved}"]
    kinds = [i.TYPE for i in items if not isinstance(i, tuple | Checkpoint)]
    assert kinds == [EventType.GUIDE_DELTA, EventType.SUGGESTED_QUESTIONS]
    written = next(i for i in items if isinstance(i, tuple))
    assert written == (GuideWritten(saved), Checkpoint("guide", saved))


async def test_resume_after_the_guide_only_resends_the_questions(engine):
    runner, sessions = make_runner(engine)
    saved = itineraries.save_new(
        engine, Itinerary(title="t", request=REQUEST, days=(), suggested_questions=("Q1", "Q2"))
    )
    job = JobInfo(id="j", kind="plan", state=JobState.RUNNING)
    items = [
        i
        async for i in runner.run(
            job, resume_from=Checkpoint("guide", saved), token=CancellationToken()
        )
    ]
    assert items == [SuggestedQuestions(("Q1", "Q2"))]
    assert sessions == []  # no Agent needed


def test_job_request_and_the_agent_adapter():
    old = JobInfo(id="j", kind="plan", state=JobState.QUEUED, request={"text": "黄山"})
    assert job_request(old) == PlanRequest("黄山")  # a row of an older release
    options = RequestOptions(destination="黄山", days=2, interests=("hiking",))
    form = JobInfo(
        id="j", kind="plan", state=JobState.QUEUED, request=PlanRequest("", options).payload()
    )
    assert job_request(form) == PlanRequest("", options)
    trip = JobInfo(
        id="j",
        kind="plan",
        state=JobState.QUEUED,
        request={"trip_request": REQUEST.model_dump(mode="json")},
    )
    assert job_request(trip) == REQUEST
    assert describe(REQUEST.model_copy(update={"text": None})) == "去huangshan玩2天"


async def test_real_agent_plan_job_stores_plan_guide_and_history_once(
    turns: str, tmp_path: Path
) -> None:
    engine = open_database(tmp_path / "lvtu.db")
    async with JobManager(engine, runners=default_runners(Database(engine)), **FAST) as manager:
        info = await manager.submit("上海出发去黄山玩两天")
        done = await manager.wait(info.id)
        events = await manager.events(info.id)
    assert done.state is JobState.SUCCEEDED, done
    assert_gap_free(events)
    types = [e.type for e in events]
    assert types.count(EventType.ITINERARY) == 1 and types.count(EventType.GUIDE_WRITTEN) == 1
    assert types[-1] is EventType.DONE
    ready = next(e.payload for e in events if isinstance(e.payload, ItineraryReady))
    saved = itineraries.load(engine, ready.itinerary_id)
    assert ready.itinerary is not None and ready.itinerary.days == saved.days
    assert saved.guide.startswith("# ") and saved.suggested_questions
    assert saved.feasibility is not None and saved.feasibility.passed
    assert done.conversation_id is not None
    messages = conversations.load_messages(engine, done.conversation_id)  # stored before done
    assert [m["role"] for m in messages] == ["user", "assistant", "tool", "assistant"]
    assert messages[0]["content"] == "上海出发去黄山玩两天"


async def test_a_request_that_cannot_be_planned_fails_once_with_its_reason(tmp_path: Path) -> None:
    engine = open_database(tmp_path / "lvtu.db")
    async with JobManager(engine, runners=default_runners(Database(engine)), **FAST) as manager:
        info = await manager.submit("深圳去成都玩1天，不坐飞机")  # ~16 h by train each way
        done = await manager.wait(info.id)
        events = await manager.events(info.id)
    assert done.state is JobState.FAILED
    errors = [e.payload for e in events if isinstance(e.payload, ErrorReported)]
    assert len(errors) == 1 and errors[0].code == "trip_too_short"  # not "agent_failed"
    assert "1天排不下" in errors[0].message


async def test_real_agent_job_resumed_after_its_itinerary_checkpoint(
    turns: str, tmp_path: Path
) -> None:
    engine = open_database(tmp_path / "lvtu.db")
    manager = JobManager(engine, runners=default_runners(Database(engine)), **FAST)
    await manager.start()
    info = await manager.submit(REQUEST)
    async with manager.subscribe(info.id) as events:
        async for event in events:
            if event.type is EventType.ITINERARY:
                break
    await manager.aclose(keep=True)  # the process "goes away" after the itinerary checkpoint
    async with JobManager(engine, runners=default_runners(Database(engine)), **FAST) as again:
        left = await again.get(info.id)
        assert left is not None and left.state is JobState.INTERRUPTED
        await again.resume(info.id)
        done = await again.wait(info.id)
        events_after = await again.events(info.id)
    assert done.state is JobState.SUCCEEDED, done
    assert_gap_free(events_after)
    types = [e.type for e in events_after]
    assert types.count(EventType.ITINERARY) == 1 and types.count(EventType.GUIDE_WRITTEN) == 1
    assert done.itinerary_id is not None and done.conversation_id is not None
    saved = itineraries.load(engine, done.itinerary_id)
    assert saved.guide and saved.suggested_questions
    messages = conversations.load_messages(engine, done.conversation_id)
    users = [m for m in messages if m["role"] == "user"]
    assert len(users) == 1  # the request is stored once, before the crash point
    assert messages[1].get("tool_calls") and messages[2]["role"] == "tool"
    assert messages[-1]["role"] == "assistant" and messages[-1].get("itinerary_id") == saved.id
