"""The engine port and the bridge on the real JobManager and Agent (offline provider)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from desktop.bridge import JobStream, JobTracker
from desktop.engine_port import EnginePort
from desktop.tasks import TaskSet
from desktop.waiting import wait_signal, wait_until
from engine import RequestProblem
from engine.events import EventType, ItineraryReady
from tests.desktop.conftest import run_loop
from tests.helpers.held_guides import GuideHold

TEXT = "上海出发去黄山玩两天"


async def collect(port: EnginePort, job_id: str, after: int = 0) -> list[Any]:
    async with contextlib.aclosing(port.subscribe(job_id, after)) as events:  # type: ignore[type-var]
        return [e async for e in events]


def test_events_that_arrive_together_are_shown_one_per_loop_turn(app: Any) -> None:
    """A burst (a guide's chunks sent at once) is not handled in one turn of the loop: the
    loop's other work (Qt's timers, paints) runs between two events."""
    from engine.events import Event, GuideDelta

    class Burst:
        async def subscribe(self, job_id: str, after_seq: int = 0) -> Any:
            for seq in range(1, 4):
                yield Event(job_id, seq, GuideDelta(f"第{seq}段\n\n"))

    async def scenario() -> None:
        tasks = TaskSet()
        order: list[str] = []
        stream = JobStream(Burst(), tasks, "burst")  # type: ignore[arg-type]

        def received(event: Any) -> None:
            order.append(f"event {event.seq}")
            if event.seq == 1:
                asyncio.get_running_loop().call_soon(order.append, "other work")

        stream.received.connect(received)
        stream.start()
        await wait_until(lambda: stream.ended)
        await tasks.aclose()
        assert order == ["event 1", "other work", "event 2", "event 3"]

    run_loop(app, scenario())


def test_plan_job_streams_gap_free_and_replays(app: Any, guides: GuideHold) -> None:
    async def scenario() -> None:
        port = EnginePort.create(runners=guides.runners)
        tasks = TaskSet()
        try:
            await port.start()
            job = await port.submit_plan(TEXT)
            assert job.conversation_id is not None and job.title == TEXT
            stream = JobStream(port, tasks, job.id)
            seen: list[int] = []
            stream.received.connect(lambda e: seen.append(e.seq))
            written = asyncio.ensure_future(wait_signal(stream.guide_written, limit=60))
            finished = asyncio.ensure_future(wait_signal(stream.finished, limit=60))
            stream.start()
            ((written_event,), (done,)) = await written, await finished
            itinerary_id = written_event.itinerary_id
            assert done.status == "succeeded"
            assert seen == list(range(1, len(seen) + 1))
            replay = await collect(port, job.id)
            assert [e.seq for e in replay] == seen
            types = [e.type for e in replay]
            assert EventType.JOB_STARTED in types and types[-1] is EventType.DONE
            assert types.index(EventType.ITINERARY) < types.index(EventType.GUIDE_WRITTEN)
            tail = await collect(port, job.id, after=5)
            assert [e.seq for e in tail] == seen[5:]
            saved = await port.load_itinerary(itinerary_id)
            assert saved.guide and saved.suggested_questions
            assert (await port.job(job.id)).state == "succeeded"  # type: ignore[union-attr]
            assert [s.id for s in await port.list_itineraries("黄山")] == [itinerary_id]
            assert await port.conversation_of(itinerary_id) == job.conversation_id
        finally:
            await port.aclose(keep=False)
            await tasks.aclose()

    run_loop(app, scenario())


def test_follow_up_revises_the_same_itinerary(app: Any, guides: GuideHold) -> None:
    async def scenario() -> None:
        port = EnginePort.create(runners=guides.runners)
        try:
            first = await port.submit_plan(TEXT)
            await collect(port, first.id)
            done = await port.job(first.id)
            assert done is not None and done.itinerary_id is not None
            conversation = await port.conversation_of(done.itinerary_id)
            follow = await port.submit_plan("加一天", conversation_id=conversation)
            events = await collect(port, follow.id)
            assert events[-1].payload.status == "succeeded"
            plan = next(e.payload for e in events if isinstance(e.payload, ItineraryReady))
            assert plan.itinerary_id == done.itinerary_id and plan.version == 2
            revised = await port.load_itinerary(done.itinerary_id)
            assert revised.version == 2 and len(revised.days) == 3  # 「加一天」
            assert revised.guide  # the new version has its own guide
        finally:
            await port.aclose(keep=False)

    run_loop(app, scenario())


def test_form_problems_are_reported_before_submitting(app: Any, guides: GuideHold) -> None:
    async def scenario() -> None:
        port = EnginePort.create(runners=guides.runners)
        try:
            try:
                await port.submit_plan("", {"to": "火星"})
            except RequestProblem as problem:
                assert "火星" in problem.message
            else:
                raise AssertionError("a destination we cannot plan was accepted")
            assert await port.job_list() == []
            form = await port.submit_plan("", {"from": "上海", "to": "黄山", "days": 3})
            assert form.title  # a structured request still has a one-line title
            events = await collect(port, form.id)
            assert events[-1].payload.status == "succeeded"
            plan = next(e.payload for e in events if isinstance(e.payload, ItineraryReady))
            assert len(plan.itinerary.days) == 3
        finally:
            await port.aclose(keep=False)

    run_loop(app, scenario())


def test_cancel_and_keep_on_close(app: Any, guides: GuideHold) -> None:
    async def scenario() -> None:
        guides.hold()
        port = EnginePort.create(runners=guides.runners)
        tasks = TaskSet()
        tracker = JobTracker(port, tasks)
        counts: list[int] = []
        tracker.running_changed.connect(counts.append)
        try:
            first = await port.submit_plan(TEXT)
            second = await port.submit_plan(TEXT)
            for job in (first, second):
                tracker.track(job)
            await wait_until(lambda: guides.waiting == 2, limit=60)
            assert len(tracker.running()) == 2 and counts[-1] == 2
            await port.cancel(first.id)
            (finished,) = await wait_signal(tracker.job_finished, limit=10)
            assert (finished.id, finished.state) == (first.id, "cancelled")
            assert [j.id for j in tracker.running()] == [second.id] and counts[-1] == 1
            await port.aclose(keep=True)  # subscriptions end with the manager
        finally:
            tracker.stop()
            await port.aclose(keep=False)
            await tasks.aclose()
        again = EnginePort.create(runners=guides.runners)
        try:
            await again.start()
            snapshot = await again.job(second.id)
            assert snapshot is not None and snapshot.state == "interrupted"
            assert snapshot.checkpoint == "itinerary"
            cancelled = await again.cancel(second.id)  # an interrupted job is cancelled at once
            assert cancelled.state == "cancelled"
        finally:
            await again.aclose(keep=False)

    run_loop(app, scenario())


def test_a_resumed_job_shows_its_guide_once(app: Any, guides: GuideHold) -> None:
    """The cut-off attempt streamed the guide's first chunk; the resumed job writes the whole
    guide again: the stream resets the guide to the checkpoint, so nothing is shown twice."""

    async def scenario() -> None:
        guides.hold(after=2)
        port = EnginePort.create(runners=guides.runners)
        try:
            job = await port.submit_plan(TEXT)
            chunks = 0
            async with contextlib.aclosing(port.subscribe(job.id)) as events:  # type: ignore[type-var]
                async for event in events:  # the two chunks before the hold are in the log
                    chunks += event.type is EventType.GUIDE_DELTA
                    if chunks == 2:
                        break
            await wait_until(lambda: guides.waiting == 1)
            await port.aclose(keep=True)
        finally:
            await port.aclose(keep=False)
        guides.release()
        port = EnginePort.create(runners=guides.runners)
        tasks = TaskSet()
        try:
            await port.start()
            guide: list[str] = []
            resets: list[str] = []
            stream = JobStream(port, tasks, job.id)

            def reset(text: str) -> None:
                resets.append(text)
                guide[:] = [text] if text else []

            stream.guide_delta.connect(lambda delta: guide.append(delta.text))
            stream.guide_reset.connect(reset)
            stream.start()
            await wait_until(lambda: stream.ended)  # replayed up to the interruption, no done
            assert not stream.done and len(guide) == 2
            resumed = await port.resume(job.id)
            assert resumed.state == "queued"
            finished = asyncio.ensure_future(wait_signal(stream.finished, limit=60))
            stream.start()
            ((done,),) = (await finished,)
            assert done.status == "succeeded"
            saved = await port.load_itinerary(resumed.itinerary_id or 0)
            assert resets == [""] and "".join(guide) == saved.guide
        finally:
            await port.aclose(keep=False)
            await tasks.aclose()

    run_loop(app, scenario())


def test_a_port_on_runners_the_host_supplies_warms_up_no_worker_process(
    app: Any, guides: GuideHold
) -> None:
    """Runners a host supplies run turns where they say (here on threads, holding a guide), so
    warming up starts no turn worker process for them (every desktop test paid for one: a
    spawned interpreter loading the knowledge base per app start)."""
    from engine.jobs import turn_process

    turn_process.stop()

    async def scenario() -> None:
        port = EnginePort.create(runners=guides.runners)
        try:
            await port.start()
            await port.warm_up()
            assert not turn_process.running()
        finally:
            await port.aclose(keep=False)
            turn_process.stop()

    run_loop(app, scenario())
