"""Many jobs at once: the concurrency limit holds and every job finishes with a whole log."""

from __future__ import annotations

import asyncio

from engine.jobs import JobState
from tests.jobs.conftest import assert_gap_free
from tests.jobs.fakes import SHORT, ScriptedRunner, expected_types


async def test_100_jobs_with_a_limit_of_4_all_finish_never_more_than_4_at_once(make_manager):
    runner = ScriptedRunner(SHORT)
    manager = make_manager(runner, max_concurrent=4)
    infos = await asyncio.gather(*(manager.submit(f"trip {i}") for i in range(100)))
    assert len({info.id for info in infos}) == 100

    finals = await asyncio.gather(*(manager.wait(info.id) for info in infos))
    assert all(final.state is JobState.SUCCEEDED for final in finals)
    assert runner.max_running == 4  # the limit was reached and never passed
    assert len(runner.runs) == 100
    for info in infos:
        events = await manager.events(info.id)
        assert_gap_free(events)
        assert [e.type for e in events] == expected_types(SHORT)
    assert await manager.list(state={JobState.QUEUED, JobState.RUNNING}) == []
