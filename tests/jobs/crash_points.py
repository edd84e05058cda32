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
"""

from __future__ import annotations

import functools
import os
import sys
import threading
from collections.abc import Callable, Mapping
from typing import Any

from engine.jobs import JobRunner
from engine.storage.database import Database

VARIABLE = "LVTU_KILL_AT"


def _pause(point: str) -> None:
    sys.stdout.write(f"PAUSED {point}\n")
    sys.stdout.flush()
    threading.Event().wait()  # until killed


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
