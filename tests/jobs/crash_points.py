"""Kill points in a worker process running the real ``plan`` job (the offline Agent, the real
planner and guide): ``--runners tests.jobs.crash_points:worker_runners`` with
``LVTU_KILL_AT=<point>``.

At the point the worker prints ``PAUSED <point>`` and blocks the thread it is on — always the
database's writer thread (`engine.storage.database.Database`), so nothing more is committed in
that process until the test kills it. Points:

- ``<event type>:after`` — the job log has just committed the first batch holding an event of
  that type (``itinerary:after``: the itinerary event with its checkpoint);
- ``<event type>:before`` — that batch is about to be committed (it never is);
- ``save_new:after`` — the itinerary row is stored, nothing else of it yet;
- ``history_checkpoint:after`` — the turn's messages so far are stored with it;
- ``update_current:after`` — the guide is stored in the itinerary, its checkpoint not yet;
- ``persist:after`` — the turn's history (its answer too) is stored.

`child` runs such a worker in a process forked from a fork server that has imported the engine
and loaded the knowledge base once (`tests.jobs.crash_warm`): a worker starts in milliseconds
instead of seconds.
"""

from __future__ import annotations

import asyncio
import functools
import os
import sys
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from engine.jobs import JobRunner
from engine.storage.database import Database

VARIABLE = "LVTU_KILL_AT"
RUNNERS = "tests.jobs.crash_points:worker_runners"


def _say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


_report: Callable[[str], None] = _say  # (`child` sends it on its pipe)


def _pause(point: str) -> None:
    _report(f"PAUSED {point}")
    threading.Event().wait()  # until killed


def warm() -> None:
    """Import the worker's code, load the knowledge base and plan once without threads (for
    the fork server: what is loaded on first use is loaded for every worker forked from it)."""
    import tempfile

    import engine.agent.agent
    import engine.agent.environment
    import engine.jobs.worker  # noqa: F401
    from engine.agent.tools import default_knowledge, default_pipeline
    from engine.storage.db import close_all, open_database

    pipeline = default_pipeline()
    kb = default_knowledge()
    request = pipeline.parse("杭州玩一天", kb).request
    itinerary = pipeline.plan(request, kb, stop=lambda: False, today=None)
    "".join(pipeline.iter_guide(itinerary, kb))
    pipeline.questions(itinerary, kb)
    with tempfile.TemporaryDirectory() as folder:  # (the migrations' code)
        open_database(Path(folder) / "warm.db")
        close_all()


def child(job_id: str, db_path: str, point: str, home: str, pipe: Any) -> None:
    """A worker process for `job_id` that pauses at `point` and says so on `pipe`."""
    global _report
    from engine.jobs.worker import run_job

    os.environ |= {VARIABLE: point, "LVTU_HOME": home}
    _report = pipe.send
    asyncio.run(run_job(job_id, Path(db_path), RUNNERS))


def _after(point: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        result = fn(*args, **kwargs)
        _pause(point)
        return result

    return wrapper


def _at_batch(point: str, kind: str, when: str, apply: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(apply)
    def wrapper(engine: Any, batch: Any) -> Any:
        hit = any(e.type.value == kind for e in batch.events)
        if hit and when == "before":
            _pause(point)
        result = apply(engine, batch)
        if hit and when == "after":
            _pause(point)
        return result

    return wrapper


def install(point: str) -> None:
    """Patch this process so that it pauses at `point` (see the module docstring)."""
    from engine.agent.state import SessionState
    from engine.jobs import writer
    from engine.storage import itineraries

    name, _, when = point.partition(":")
    if name == "save_new":
        itineraries.save_new = _after(point, itineraries.save_new)  # type: ignore[assignment]
    elif name == "update_current":
        itineraries.update_current = _after(point, itineraries.update_current)  # type: ignore[assignment]
    elif name == "history_checkpoint":
        SessionState.checkpoint = _after(point, SessionState.checkpoint)  # type: ignore[method-assign]
    elif name == "persist":
        SessionState.persist = _after(point, SessionState.persist)  # type: ignore[method-assign]
    else:
        writer.apply_batch = _at_batch(point, name, when, writer.apply_batch)


def worker_runners(database: Database) -> Mapping[str, JobRunner]:
    """The real runners, with the kill point of ``LVTU_KILL_AT`` installed."""
    from engine.jobs.plan_runner import default_runners

    if point := os.environ.get(VARIABLE):
        install(point)
    return default_runners(database)
