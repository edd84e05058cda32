"""The engine port on its in-process fallback (the real offline planner) and the bridge."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from desktop.bridge import JobStream, JobTracker
from desktop.engine_port import EnginePort, RequestProblem
from desktop.tasks import TaskSet
from desktop.waiting import wait_signal, wait_until
from engine.events import EventType
from tests.desktop.conftest import run_loop

TEXT = "上海出发去黄山玩两天"


async def collect(port: EnginePort, job_id: str, after: int = 0) -> list[Any]:
    async with contextlib.aclosing(port.subscribe(job_id, after)) as events:  # type: ignore[type-var]
        return [e async for e in events]


def test_plan_job_streams_gap_free_and_replays(app: Any) -> None:
    async def scenario() -> None:
        port = EnginePort.create()
        tasks = TaskSet()
        try:
            await port.start()
            job = await port.submit_plan(TEXT)
            stream = JobStream(port, tasks, job.id)
            seen: list[int] = []
            stream.received.connect(lambda e: seen.append(e.seq))
            written = asyncio.ensure_future(wait_signal(stream.guide_written, limit=60))
            finished = asyncio.ensure_future(wait_signal(stream.finished, limit=60))
            stream.start()
            (itinerary_id,) = await written
            assert (await finished) == ("succeeded",)
            assert seen == list(range(1, len(seen) + 1))
            replay = await collect(port, job.id)
            assert [e.seq for e in replay] == seen
            types = [e.type for e in replay]
            assert types[0] is EventType.JOB_STARTED and types[-1] is EventType.DONE
            assert types.index(EventType.ITINERARY) < types.index(EventType.GUIDE_WRITTEN)
            tail = await collect(port, job.id, after=5)
            assert [e.seq for e in tail] == seen[5:]
            saved = await port.load_itinerary(itinerary_id)
            assert saved.guide and saved.suggested_questions
            assert (await port.job(job.id)).state == "succeeded"  # type: ignore[union-attr]
            assert [s.id for s in await port.list_itineraries("黄山")] == [itinerary_id]
        finally:
            await port.aclose(keep=False)
            await tasks.aclose()

    run_loop(app, scenario())


def test_follow_up_revises_the_same_itinerary(app: Any) -> None:
    async def scenario() -> None:
        port = EnginePort.create()
        try:
            first = await port.submit_plan(TEXT)
            await collect(port, first.id)
            done = await port.job(first.id)
            assert done is not None and done.itinerary_id is not None
            conversation = await port.conversation_of(done.itinerary_id)
            follow = await port.submit_plan("第2天轻松一点", conversation_id=conversation)
            events = await collect(port, follow.id)
            assert events[-1].data["status"] == "succeeded"
            plan = next(e for e in events if e.type is EventType.ITINERARY).data
            assert plan["itinerary_id"] == done.itinerary_id
            revised = await port.load_itinerary(done.itinerary_id)
            assert revised.version == 2 and revised.request.day_pace == {2: "relaxed"}
        finally:
            await port.aclose(keep=False)

    run_loop(app, scenario())


def test_form_problems_are_reported_before_submitting(app: Any) -> None:
    async def scenario() -> None:
        port = EnginePort.create()
        try:
            try:
                await port.submit_plan("", {"to": "火星"})
            except RequestProblem as problem:
                assert "火星" in problem.message
            else:
                raise AssertionError("a destination we cannot plan was accepted")
            assert await port.job_list() == []
        finally:
            await port.aclose(keep=False)

    run_loop(app, scenario())


def _waiting_work(info: Any, emit: Any, token: Any) -> None:
    """A job that runs until cancelled (deterministic stand-in for a long plan)."""
    emit(EventType.STATE_CHANGED, {"state": "running", "previous": "queued"})
    token.wait(30)
    emit(EventType.DONE, {"status": "cancelled", "reason": token.reason})


def test_cancel_and_keep_on_close(app: Any) -> None:
    from desktop.fallback_jobs import InProcessJobs

    async def scenario() -> None:
        port = EnginePort(InProcessJobs(_waiting_work, concurrency=2))
        tasks = TaskSet()
        tracker = JobTracker(port, tasks)
        try:
            first = await port.submit_plan(TEXT)
            second = await port.submit_plan(TEXT)
            for job in (first, second):
                tracker.track(job)
            await wait_until(lambda: len(tracker.running()) == 2)
            await port.cancel(first.id)
            (finished,) = await wait_signal(tracker.job_finished, limit=10)
            assert (finished.id, finished.state) == (first.id, "cancelled")
            assert [j.id for j in tracker.running()] == [second.id]
            await port.aclose(keep=True)
            snapshot = await port.job(second.id)
            assert snapshot is not None and snapshot.state == "interrupted"
            await wait_until(lambda: tracker.jobs[second.id].state == "interrupted")
            assert tracker.running() == []
        finally:
            tracker.stop()
            await port.aclose(keep=False)
            await tasks.aclose()

    run_loop(app, scenario())
