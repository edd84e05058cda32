"""Retention: old finished jobs keep their ``done`` event and a summary; nothing else changes."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from collections import Counter
from pathlib import Path

from engine.events import EventType
from engine.jobs import JobState
from engine.jobs.retention import compact
from engine.storage.db import open_database
from tests.jobs.conftest import collect, stored
from tests.jobs.fakes import PLAN, SHORT, ScriptedRunner


def age(db_path: Path, job_id: str, days: float) -> None:
    finished = dt.datetime.now(dt.UTC) - dt.timedelta(days=days)
    with sqlite3.connect(db_path) as conn:
        stamp = finished.isoformat(sep=" ", timespec="microseconds")[:26]  # as SQLAlchemy stores
        conn.execute("UPDATE jobs SET finished_at = ? WHERE id = ?", (stamp, job_id))


async def test_old_finished_jobs_are_compacted_to_done_and_a_summary(make_manager, db_path: Path):
    runner = ScriptedRunner(SHORT)
    manager = make_manager(runner, retention=None)
    old, recent = await manager.submit("old"), await manager.submit("recent")
    await manager.wait(old.id)
    await manager.wait(recent.id)
    live_runner = ScriptedRunner(PLAN)
    live_runner.gate("started")
    other = make_manager(live_runner, retention=None)
    live = await other.submit("live")
    await live_runner.reached["started"].wait()
    age(db_path, old.id, 31)
    age(db_path, recent.id, 29)
    age(db_path, live.id, 400)  # not finished: never compacted whatever its dates
    before = Counter(kind for _, kind in stored(db_path, old.id))
    recent_before = stored(db_path, recent.id)

    assert await manager.compact(dt.timedelta(days=30)) == 1
    log = stored(db_path, old.id)
    assert [kind for _, kind in log] == ["done"] and log[0][0] == sum(before.values())
    assert stored(db_path, recent.id) == recent_before
    with sqlite3.connect(db_path) as conn:
        summaries = dict(conn.execute("SELECT id, summary FROM jobs").fetchall())
    assert summaries[recent.id] is None and summaries[live.id] is None
    assert stored(db_path, live.id)[0] == (1, "state_changed")
    summary = json.loads(summaries[old.id])
    assert summary["by_type"] == dict(before) and summary["events"] == sum(before.values())

    replay = await collect(manager.subscribe(old.id))
    assert [e.type for e in replay] == [EventType.DONE]
    assert replay[0].payload.status == "succeeded"
    assert (await manager.get(old.id)).state is JobState.SUCCEEDED
    assert compact(open_database(db_path), older_than=dt.timedelta(days=30)) == 0  # once only
