"""Fixtures for the job tests: a fresh database file, managers closed after each test, and
where plan jobs' turns run (here or in a turn worker process)."""

from __future__ import annotations

import sqlite3
import subprocess
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.events import Event
from engine.jobs import JobManager, JobRunner, turn_process, worker
from engine.storage.db import close_all

FAST: dict[str, Any] = {
    "flush_interval": 0.002,
    "poll_interval": 0.01,
    "heartbeat_interval": 0.05,
    "cancel_grace": 5.0,
}


@pytest.fixture
def db_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("LVTU_HOME", str(tmp_path))
    yield tmp_path / "lvtu.db"
    close_all()


@pytest.fixture
async def make_manager(db_path: Path) -> AsyncIterator[Callable[..., JobManager]]:
    managers: list[JobManager] = []

    def make(runner: JobRunner, **options: Any) -> JobManager:
        manager = JobManager(db_path, runners={"plan": runner}, **{**FAST, **options})
        managers.append(manager)
        return manager

    yield make
    for manager in managers:
        await manager.aclose()


async def collect(events: Any) -> list[Event]:
    return [event async for event in events]


def assert_gap_free(events: list[Event]) -> None:
    assert [e.seq for e in events] == list(range(1, len(events) + 1))


def stored(db_path: Path, job_id: str) -> list[tuple[int, str]]:
    """(seq, type) of a job's committed events, read with a plain sqlite3 connection."""
    with sqlite3.connect(db_path) as conn:
        rows = conn.execute(
            "SELECT seq, type FROM job_events WHERE job_id = ? ORDER BY seq", (job_id,)
        ).fetchall()
    return [(seq, kind) for seq, kind in rows]


@pytest.fixture
def children(monkeypatch: pytest.MonkeyPatch):
    """Every worker spawned by the code under test; all are waited for at the end."""
    spawned: list[subprocess.Popen[bytes]] = []
    real = worker.spawn_worker

    def spawn(job_id: str, db_path: Path, runners: str | None) -> subprocess.Popen[bytes]:
        child = real(job_id, db_path, runners)
        spawned.append(child)
        return child

    monkeypatch.setattr(worker, "spawn_worker", spawn)
    yield spawned
    for child in spawned:
        child.wait(timeout=60)


@pytest.fixture(params=["here", "worker"])
def turns(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Where the plan runner's default sessions run a turn: on the engine's threads ("here"),
    or in a turn worker process (`engine.jobs.turn_process`, "worker": an Agent built in this
    process then fails the test, so a job succeeds only if a worker ran it)."""
    if request.param == "worker":
        turn_process.start()

        def refuse(**_: Any) -> Any:
            raise AssertionError("the turn ran in the host process")

        monkeypatch.setattr("engine.agent.environment.build_from_environment", refuse)
    yield request.param
    turn_process.stop()
