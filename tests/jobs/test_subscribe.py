"""Subscriptions: replay then live with no gap or duplicate; leaving never hurts the job."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from engine.events import Event, EventType, to_dict
from engine.jobs import JobState
from tests.jobs.conftest import assert_gap_free, collect, stored
from tests.jobs.fakes import (
    PLAN,
    SHORT,
    Burst,
    Emit,
    Pause,
    ScriptedRunner,
    expected_types,
)


def with_pauses(script):
    """`script` with a pause after every step: ``after_0``, ``after_1`` …"""
    out = []
    for index, step in enumerate(script):
        out += [step, Pause(f"after_{index}")]
    return out


@pytest.mark.parametrize("leave_at", list(EventType), ids=[t.value for t in EventType])
async def test_a_subscriber_leaving_at_any_event_type_does_not_stop_the_job(
    make_manager, db_path: Path, leave_at: EventType
):
    steps = [s for s in PLAN if not isinstance(s, Pause)]
    script = with_pauses(steps)
    runner = ScriptedRunner(script)
    # The job waits at the pause right after the first event of that type while we leave.
    emitted = [i for i, s in enumerate(steps) if isinstance(s, Emit) and s.type is leave_at]
    pause = f"after_{emitted[0] if emitted else 0}" if leave_at is not EventType.DONE else None
    gate = runner.gate(pause) if pause else asyncio.Event()
    manager = make_manager(runner)
    info = await manager.submit("上海出发去黄山玩两天")

    seen: list[Event] = []
    subscription = manager.subscribe(info.id)
    async for event in subscription:
        seen.append(event)
        if event.type is leave_at:
            break
    del subscription  # the view is gone
    assert seen[-1].type is leave_at
    if pause is not None:
        assert (await manager.get(info.id)).state is JobState.RUNNING  # left mid-job
    gate.set()

    final = await manager.wait(info.id)
    assert final.state is JobState.SUCCEEDED
    log = stored(db_path, info.id)
    assert [kind for _, kind in log] == [t.value for t in expected_types(script)]
    assert [seq for seq, _ in log] == list(range(1, len(log) + 1))


async def test_two_subscribers_one_joining_late_see_the_same_events(make_manager):
    runner = ScriptedRunner(PLAN)
    gate = runner.gate("mid_guide")
    manager = make_manager(runner, window=2)  # the late one must replay from the database
    info = await manager.submit("x")
    early = asyncio.ensure_future(collect(manager.subscribe(info.id)))
    await runner.reached["mid_guide"].wait()
    await manager._writer.flush()
    late = asyncio.ensure_future(collect(manager.subscribe(info.id)))
    await asyncio.sleep(0)
    gate.set()
    first, second = await early, await late
    assert [to_dict(e) for e in first] == [to_dict(e) for e in second]
    assert_gap_free(first)
    assert first[-1].type is EventType.DONE


async def test_subscribers_joining_during_a_burst_miss_nothing(make_manager):
    """Joins while events are being committed and dropped from memory (the replay/live seam)."""
    script = [*SHORT[:2], Burst(EventType.TOKEN, 3000, every=97), *SHORT[2:]]
    runner = ScriptedRunner(script)
    manager = make_manager(runner, window=3, flush_interval=0)
    info = await manager.submit("x")
    joined: list[asyncio.Future[list[Event]]] = []
    runner.on_burst = lambda _i: joined.append(
        asyncio.ensure_future(collect(manager.subscribe(info.id)))
    )
    await manager.wait(info.id)
    results = await asyncio.gather(*joined)
    assert len(results) == 31
    reference = [to_dict(e) for e in await manager.events(info.id)]
    assert len(reference) == len(expected_types(script))
    for events in results:
        assert [to_dict(e) for e in events] == reference


async def test_subscribe_after_a_seq_and_after_the_end(make_manager):
    manager = make_manager(ScriptedRunner(SHORT))
    info = await manager.submit("x")
    everything = await collect(manager.subscribe(info.id))
    tail = await collect(manager.subscribe(info.id, after_seq=5))
    assert [e.seq for e in tail] == list(range(6, len(everything) + 1))
    assert await collect(manager.subscribe(info.id, after_seq=len(everything))) == []
    async with manager.subscribe(info.id) as subscription:
        first = await anext(subscription)
    assert first.seq == 1


async def test_a_job_run_by_another_manager_is_followed_by_polling(make_manager):
    runner = ScriptedRunner(PLAN)
    gate = runner.gate("after_itinerary")
    owner = make_manager(runner)
    viewer = make_manager(ScriptedRunner(PLAN))  # shares only the database file
    info = await owner.submit("x")
    watching = asyncio.ensure_future(collect(viewer.subscribe(info.id)))
    await runner.reached["after_itinerary"].wait()
    gate.set()
    seen = await watching
    assert_gap_free(seen)
    assert [e.type for e in seen] == expected_types(PLAN)
    assert (await viewer.get(info.id)).state is JobState.SUCCEEDED


async def test_subscription_of_an_interrupted_job_ends_without_done(make_manager):
    runner = ScriptedRunner(PLAN)
    runner.gate("started")
    first = make_manager(runner)
    info = await first.submit("x")
    await runner.reached["started"].wait()
    await first.aclose(keep=True)
    second = make_manager(ScriptedRunner(PLAN))
    events = await collect(second.subscribe(info.id))
    assert events[-1].type is EventType.STATE_CHANGED
    assert events[-1].payload.state == "interrupted"
