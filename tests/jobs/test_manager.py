"""JobManager: a job's life, its log, states, failures, cancellation, queries, idempotency."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from engine.domain.request import TripRequest
from engine.events import Done, EventType, JobStarted, StateChanged, Token, to_dict
from engine.jobs import JobState, JobStateError, ManagerClosedError, UnknownJobKindError
from engine.jobs.states import JobNotFoundError
from engine.storage import conversations
from engine.storage.db import open_database
from tests.jobs.conftest import assert_gap_free, collect, stored
from tests.jobs.fakes import PLAN, Crash, Emit, Fail, ScriptedRunner, expected_types


def states_of(events) -> list[str]:
    return [e.payload.state for e in events if isinstance(e.payload, StateChanged)]


async def test_a_job_logs_every_event_in_order_and_ends_with_done(make_manager, db_path: Path):
    manager = make_manager(ScriptedRunner(PLAN))
    info = await manager.submit("上海出发去黄山玩两天")
    assert info.state is JobState.QUEUED
    events = await collect(manager.subscribe(info.id))

    assert [e.type for e in events] == expected_types(PLAN)
    assert_gap_free(events)
    assert states_of(events) == ["queued", "running", "succeeded"]
    assert events[-1].payload == Done("succeeded", itinerary_id=41)
    assert all(e.job_id == info.id for e in events)
    # What subscribers saw live is exactly what was committed.
    assert [to_dict(e) for e in await manager.events(info.id)] == [to_dict(e) for e in events]

    final = await manager.get(info.id)
    assert final is not None
    assert (final.state, final.itinerary_id, final.checkpoint) == (JobState.SUCCEEDED, 41, "guide")
    assert (final.input_tokens, final.output_tokens, final.last_seq) == (120, 80, len(events))
    assert final.finished_at is not None and final.started_at is not None


async def test_a_job_runs_to_its_end_with_no_subscriber(make_manager, db_path: Path):
    manager = make_manager(ScriptedRunner(PLAN))
    info = await manager.submit("上海出发去黄山玩两天")
    final = await manager.wait(info.id)
    assert final.state is JobState.SUCCEEDED and final.conversation_id is not None
    engine = open_database(db_path)
    assert conversations.load_messages(engine, final.conversation_id) == []  # the Agent's to add
    assert final.checkpoint == "guide"


async def test_a_trip_request_and_an_existing_conversation(make_manager, db_path: Path):
    engine = open_database(db_path)
    conversation = conversations.create_conversation(engine, title="黄山")
    manager = make_manager(ScriptedRunner(PLAN))
    request = TripRequest(destinations=("huangshan",), days=2, text="黄山两天")
    info = await manager.submit(request, conversation_id=conversation)
    assert info.conversation_id == conversation
    assert info.request["trip_request"]["destinations"] == ["huangshan"]
    assert (await manager.wait(info.id)).state is JobState.SUCCEEDED


@pytest.mark.parametrize(
    ("step", "code"),
    [(Fail("no_destination", "没有目的地"), "no_destination"), (Crash(), "internal")],
)
async def test_a_failing_runner_ends_failed_with_an_error_event(make_manager, step, code):
    manager = make_manager(ScriptedRunner([PLAN[0], step, PLAN[2]]))
    info = await manager.submit("x")
    events = await collect(manager.subscribe(info.id))
    assert_gap_free(events)
    assert [e.type for e in events[-3:]] == [
        EventType.ERROR,
        EventType.STATE_CHANGED,
        EventType.DONE,
    ]
    assert events[-3].payload.code == code
    assert states_of(events) == ["queued", "running", "failed"]
    done = events[-1].payload
    assert isinstance(done, Done) and done.status == "failed" and done.error.startswith(code)
    assert EventType.TOOL_CALL not in {e.type for e in events}
    assert (await manager.get(info.id)).error.startswith(code)


async def test_events_a_runner_must_not_write_are_dropped(make_manager):
    script = [
        Emit(JobStarted("fake", "x", "en")),
        Emit(StateChanged("succeeded")),
        Emit(Done("succeeded")),
        Emit(Token("ok")),
    ]
    manager = make_manager(ScriptedRunner(script))
    events = await collect(manager.subscribe((await manager.submit("x")).id))
    assert [e.type for e in events].count(EventType.JOB_STARTED) == 1
    assert [e.type for e in events].count(EventType.DONE) == 1
    assert states_of(events) == ["queued", "running", "succeeded"]
    assert events[-3].type is EventType.TOKEN


async def test_cancel_a_running_job(make_manager):
    runner = ScriptedRunner(PLAN)
    runner.gate("after_itinerary")
    manager = make_manager(runner)
    info = await manager.submit("x")
    await runner.reached["after_itinerary"].wait()
    await manager.cancel(info.id, "user")
    events = await collect(manager.subscribe(info.id))
    assert_gap_free(events)
    assert states_of(events) == ["queued", "running", "cancelled"]
    assert events[-2].payload.reason == "user"
    assert events[-1].payload == Done("cancelled", itinerary_id=41)
    assert EventType.FEASIBILITY not in {e.type for e in events}


async def test_a_runner_that_ignores_the_token_is_stopped_after_the_grace(make_manager):
    runner = ScriptedRunner(PLAN, cooperative=False)
    runner.gate("started")
    manager = make_manager(runner, cancel_grace=0.01)
    info = await manager.submit("x")
    await runner.reached["started"].wait()
    await manager.cancel(info.id)
    final = await manager.wait(info.id)
    assert final.state is JobState.CANCELLED
    assert runner.running == 0


async def test_cancel_a_queued_job_it_never_runs(make_manager):
    runner = ScriptedRunner(PLAN)
    gate = runner.gate("started")
    manager = make_manager(runner, max_concurrent=1)
    first = await manager.submit("a")
    second = await manager.submit("b")
    await runner.reached["started"].wait()
    assert (await manager.get(second.id)).state is JobState.QUEUED
    await manager.cancel(second.id)
    events = await collect(manager.subscribe(second.id))
    assert states_of(events) == ["queued", "cancelled"]
    assert EventType.JOB_STARTED not in {e.type for e in events}
    gate.set()
    assert (await manager.wait(first.id)).state is JobState.SUCCEEDED
    assert [job for job, _ in runner.runs] == [first.id]


async def test_get_list_and_by_itinerary(make_manager):
    runner = ScriptedRunner(PLAN)
    gate = runner.gate("after_itinerary")
    manager = make_manager(runner, max_concurrent=1)
    done = await manager.submit("done")
    gate.set()
    await manager.wait(done.id)
    gate.clear()
    runner.reached["after_itinerary"].clear()
    running = await manager.submit("running")
    queued = await manager.submit("queued")
    await runner.reached["after_itinerary"].wait()

    assert (await manager.get(running.id)).state is JobState.RUNNING
    assert await manager.get("nope") is None
    live = await manager.list(state={JobState.QUEUED, JobState.RUNNING})
    assert [j.id for j in live] == [queued.id, running.id]
    assert [j.id for j in await manager.list()] == [queued.id, running.id, done.id]
    assert [j.id for j in await manager.list(state=JobState.SUCCEEDED)] == [done.id]
    assert (await manager.by_itinerary(41)).id == running.id  # the newest, live one
    assert await manager.by_itinerary(999) is None
    gate.set()
    await manager.wait(queued.id)


async def test_same_idempotency_key_while_live_is_one_job(make_manager, db_path: Path):
    runner = ScriptedRunner(PLAN)
    gate = runner.gate("started")
    manager = make_manager(runner)
    a, b = await asyncio.gather(
        manager.submit("x", idempotency_key="k"), manager.submit("x", idempotency_key="k")
    )
    assert a.id == b.id
    await runner.reached["started"].wait()
    again = await manager.submit("x", idempotency_key="k")
    assert again.id == a.id
    other = make_manager(ScriptedRunner(PLAN))  # another manager (as another process would)
    assert (await other.submit("x", idempotency_key="k")).id == a.id
    gate.set()
    await manager.wait(a.id)
    after = await manager.submit("x", idempotency_key="k")  # ended: a new job
    assert after.id != a.id
    await manager.wait(after.id)
    assert len(runner.runs) == 2


async def test_keep_on_close_leaves_jobs_interrupted_and_another_manager_resumes(
    make_manager, db_path: Path
):
    runner = ScriptedRunner(PLAN)
    runner.gate("mid_guide")
    first = make_manager(runner, max_concurrent=1)
    running = await first.submit("a")
    queued = await first.submit("b")
    await runner.reached["mid_guide"].wait()
    await first.aclose(keep=True)
    with pytest.raises(ManagerClosedError):
        await first.submit("c")

    resumer = ScriptedRunner(PLAN)
    second = make_manager(resumer)
    assert await second.start() == []  # already interrupted: nothing to recover
    assert (await second.get(running.id)).state is JobState.INTERRUPTED
    assert (await second.get(queued.id)).state is JobState.INTERRUPTED
    await second.resume(running.id)
    await second.resume(queued.id)
    for job in (running, queued):
        final = await second.wait(job.id)
        assert final.state is JobState.SUCCEEDED
        events = await second.events(job.id)
        assert_gap_free(events)
        types = [e.type for e in events]
        for once in (EventType.JOB_STARTED, EventType.ITINERARY, EventType.GUIDE_WRITTEN):
            assert types.count(once) == 1
        assert types[-1] is EventType.DONE and types.count(EventType.DONE) == 1
    assert states_of(await second.events(running.id)) == [
        "queued",
        "running",
        "interrupted",
        "queued",
        "running",
        "succeeded",
    ]
    assert states_of(await second.events(queued.id)) == [
        "queued",
        "interrupted",
        "queued",
        "running",
        "succeeded",
    ]
    resumed = [
        e.payload
        for e in await second.events(running.id)
        if isinstance(e.payload, StateChanged) and e.payload.resume
    ]
    assert resumed[0].resume.stage == "itinerary"
    assert sorted(resumer.runs) == sorted([(running.id, "itinerary"), (queued.id, "")])


async def test_close_without_keep_cancels(make_manager):
    runner = ScriptedRunner(PLAN)
    runner.gate("started")
    manager = make_manager(runner)
    info = await manager.submit("x")
    await runner.reached["started"].wait()
    await manager.aclose()
    assert stored(manager.path, info.id)[-1][1] == "done"
    other = make_manager(ScriptedRunner(PLAN))
    assert (await other.get(info.id)).state is JobState.CANCELLED


async def test_errors(make_manager):
    manager = make_manager(ScriptedRunner(PLAN))
    with pytest.raises(UnknownJobKindError):
        await manager.submit("x", kind="nope")
    with pytest.raises(JobNotFoundError):
        await collect(manager.subscribe("nope"))
    with pytest.raises(JobNotFoundError):
        await manager.resume("nope")
    info = await manager.submit("x")
    await manager.wait(info.id)
    with pytest.raises(JobStateError):
        await manager.resume(info.id)
    assert (await manager.cancel(info.id)).state is JobState.SUCCEEDED  # finished: no-op
