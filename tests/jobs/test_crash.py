"""kill -9 of a worker process mid-job, then a new process: intact database, resumable job."""

from __future__ import annotations

import select
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from engine.events import EventType, StateChanged
from engine.jobs import JobManager, JobState
from engine.jobs.worker import Spawn, submit_detached, worker_command, worker_env
from engine.storage.db import open_database
from tests.jobs.conftest import FAST, assert_gap_free
from tests.jobs.fakes import PLAN, ScriptedRunner

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL semantics are POSIX")
RUNNERS = "tests.jobs.fakes:worker_runners"


def spawn_paused(pause: str) -> tuple[list[subprocess.Popen[bytes]], Spawn]:
    """A `spawn` for `submit_detached` whose worker pauses at `pause` and tells us on a pipe."""
    children: list[subprocess.Popen[bytes]] = []

    def spawn(job_id: str, db_path: Path, runners: str | None) -> subprocess.Popen[bytes]:
        env = {**worker_env(), "LVTU_FAKE_PAUSE": pause}
        child = subprocess.Popen(
            worker_command(job_id, db_path, runners), env=env, stdout=subprocess.PIPE
        )
        children.append(child)
        return child

    return children, spawn


def wait_for_line(child: subprocess.Popen[bytes], expected: bytes, timeout: float = 60) -> None:
    """Read the child's stdout until `expected` (a condition, not a sleep)."""
    assert child.stdout is not None
    while True:
        ready, _, _ = select.select([child.stdout], [], [], timeout)
        assert ready, f"worker never printed {expected!r}"
        line = child.stdout.readline()
        assert line, f"worker exited ({child.wait()}) before {expected!r}"
        if line.strip() == expected:
            return


def kill_mid_job(db_path: Path, pause: str) -> str:
    open_database(db_path)
    children, spawn = spawn_paused(pause)
    info, created = submit_detached(db_path, "上海出发去黄山玩两天", runners=RUNNERS, spawn=spawn)
    assert created
    child = children[0]
    try:
        wait_for_line(child, f"PAUSED {pause}".encode())
    finally:
        child.kill()  # SIGKILL: no cleanup of any kind
        child.wait()
        assert child.stdout is not None
        child.stdout.close()
    return info.id


def check_log(db_path: Path, job_id: str) -> list:
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        rows = conn.execute(
            "SELECT seq, type, data FROM job_events WHERE job_id = ? ORDER BY seq", (job_id,)
        ).fetchall()
    assert [r[0] for r in rows] == list(range(1, len(rows) + 1))
    types = [r[1] for r in rows]
    for once in ("job_started", "itinerary", "guide_written", "suggested_questions", "done"):
        assert types.count(once) == 1, (once, types)
    assert types[-1] == "done"
    return types


@pytest.mark.parametrize(
    "pause", ["started", "after_itinerary", "mid_guide", "burst", "after_guide"]
)
async def test_kill_9_mid_job_then_a_new_process_resumes_it(db_path: Path, pause: str):
    job_id = kill_mid_job(db_path, pause)

    runner = ScriptedRunner(PLAN)
    manager = JobManager(db_path, runners={"plan": runner}, **FAST)
    try:
        found = await manager.start()
        assert [j.id for j in found] == [job_id]
        assert found[0].state is JobState.INTERRUPTED
        with sqlite3.connect(db_path) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        await manager.resume(job_id)
        final = await manager.wait(job_id)
        assert final.state is JobState.SUCCEEDED
        assert_gap_free(await manager.events(job_id))
    finally:
        await manager.aclose()

    types = check_log(db_path, job_id)
    expected_stage = {"started": "", "after_itinerary": "itinerary", "mid_guide": "itinerary"}
    expected_stage |= {"burst": "itinerary", "after_guide": "guide"}
    assert runner.runs == [(job_id, expected_stage[pause])]
    assert types.count("state_changed") >= 5  # queued, running, interrupted, queued, running…


def test_a_worker_process_resumes_after_a_kill(db_path: Path):
    job_id = kill_mid_job(db_path, "after_itinerary")
    resumed = subprocess.run(
        worker_command(job_id, db_path, RUNNERS), env=worker_env(), capture_output=True, timeout=120
    )
    assert resumed.returncode == 0, resumed.stderr.decode()
    types = check_log(db_path, job_id)
    assert types.count("itinerary") == 1
    with sqlite3.connect(db_path) as conn:
        (state,) = conn.execute("SELECT state FROM jobs WHERE id = ?", (job_id,)).fetchone()
    assert state == "succeeded"


async def test_a_cancel_requested_before_the_crash_is_honoured_at_recovery(db_path: Path):
    job_id = kill_mid_job(db_path, "after_itinerary")
    with sqlite3.connect(db_path) as conn:  # the request the dead worker never saw
        conn.execute("UPDATE jobs SET cancel_requested = 'user' WHERE id = ?", (job_id,))
    manager = JobManager(db_path, runners={"plan": ScriptedRunner(PLAN)}, **FAST)
    try:
        found = await manager.start()
        assert [(j.id, j.state) for j in found] == [(job_id, JobState.CANCELLED)]
        events = await manager.events(job_id)
        assert_gap_free(events)
        assert events[-1].type is EventType.DONE and events[-1].payload.status == "cancelled"
        assert events[-2].payload == StateChanged("cancelled", "running", "user")
    finally:
        await manager.aclose()
