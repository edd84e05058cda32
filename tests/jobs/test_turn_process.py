"""Plan jobs' turns in a worker process (engine.jobs.turn_process): the same events, checkpoints,
stored plan and history as on a thread; cancel and resume work; a dead worker is replaced."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.cancellation import CancellationToken
from engine.events import Done, Event, EventType, ItineraryReady
from engine.jobs import JobManager, JobState, turn_process
from engine.jobs.plan_request import PlanRequest
from engine.jobs.plan_runner import default_runners
from engine.storage import conversations, itineraries
from engine.storage.database import Database
from engine.storage.db import open_database
from tests.jobs.conftest import FAST, assert_gap_free


@pytest.fixture
def workers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("LVTU_HOME", str(tmp_path))
    turn_process.start()
    yield
    turn_process.stop()


def no_turns_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make an Agent built in this process fail: a job succeeds only if a worker ran it."""

    def refuse(**_: Any) -> Any:
        raise AssertionError("the turn ran in the host process")

    monkeypatch.setattr("engine.agent.environment.build_from_environment", refuse)


async def test_a_plan_job_runs_in_the_worker_and_stores_plan_guide_and_history_once(
    workers: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_turns_here(monkeypatch)
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
    assert done.conversation_id is not None
    messages = conversations.load_messages(engine, done.conversation_id)  # stored before done
    assert [m["role"] for m in messages] == ["user", "assistant", "tool", "assistant"]


async def test_a_job_left_at_its_itinerary_resumes_in_a_worker(
    workers: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_turns_here(monkeypatch)
    engine = open_database(tmp_path / "lvtu.db")
    manager = JobManager(engine, runners=default_runners(Database(engine)), **FAST)
    await manager.start()
    info = await manager.submit("上海出发去黄山玩两天")
    async with manager.subscribe(info.id) as events:
        async for event in events:
            if event.type is EventType.ITINERARY:
                break
    await manager.aclose(keep=True)  # the worker's turn is cancelled: the job is interrupted
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
    assert done.conversation_id is not None
    messages = conversations.load_messages(engine, done.conversation_id)
    assert [m["role"] for m in messages].count("user") == 1
    assert messages[-1]["role"] == "assistant" and messages[-1].get("itinerary_id")


async def test_a_worker_that_died_before_the_turn_is_dropped_and_the_turn_runs_here(
    workers: None, tmp_path: Path
) -> None:
    assert turn_process.wait_ready(120)  # (the worker has loaded: it answers to a turn)
    worker = turn_process.lease()
    assert worker is not None and worker.ready.is_set()
    worker.process.kill()
    worker.process.wait()

    class Here:
        async def astream(self, request: Any, *, cancellation_token: Any) -> Any:
            yield Event("j", 1, Done("succeeded"))

        async def aclose(self) -> None:
            return None

    async def here() -> Here:
        return Here()

    session = turn_process.ProcessSession(
        worker, job_id="j", conversation_id=None, database=tmp_path / "lvtu.db", fallback=here
    )
    stream = session.astream(
        PlanRequest("上海出发去黄山玩两天"), cancellation_token=CancellationToken()
    )
    events = [event async for event in stream]
    await session.aclose()
    assert [e.payload for e in events] == [Done("succeeded")]
    assert worker not in turn_process._idle and not worker.alive
