"""The planner in a worker process, for hosts with a GUI thread.

`plan_trip` holds the GIL for most of its second or two: the planner's Python, and PyVRP's
calls that do not release it. On a worker thread that stalls the host's GUI thread: with a 7-day
杭州 plan solving on a thread, a 1 ms timer on the main thread was up to 135 ms late (p99 19 ms;
bench/ui_responsiveness.py measured 208 ms in the app on a loaded 2-core machine). In another
process the solver takes no GIL of ours.

A host calls `start()` once (the desktop does, through ``engine.warm_up(solver_process=True)``):
one worker process starts and loads the knowledge base, and from then on `plan_trip_isolated`
— the default pipeline's ``plan`` — sends each plan of the default knowledge base there. Without
`start()` (the CLI, tests, another knowledge base) it is `plan_trip` here, as it was. The
contract is `plan_trip`'s: the same itinerary, `PlanningError` with its messages, and ``stop``
polled (every 50 ms) while the worker solves, forwarded to it as a cancel. A worker that fails
or dies is replaced on the next call, and the plan it was making is made here instead. The
caller's thread only waits (on a queue, GIL released). Up to `MAX_WORKERS` plans run at once in
workers; more run here. A worker reloads its knowledge base when ours was reloaded
(`engine.knowledge.base.knowledge_generation`: packs imported or removed).

Workers are started with ``subprocess`` (``python -m engine.planning.solver_child``), not
``multiprocessing``, whose spawn re-imports the host's ``__main__`` (Qt and all) in the child.
"""

from __future__ import annotations

import atexit
import contextlib
import datetime as dt
import itertools
import logging
import os
import queue
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.domain.itinerary import Itinerary
from engine.domain.request import TripRequest
from engine.knowledge.base import KnowledgeBase, default_knowledge, knowledge_generation
from engine.planning.errors import PlanningError
from engine.planning.planner import plan_trip
from engine.planning.solver_child import read_frame, write_frame

__all__ = ["MAX_WORKERS", "WORKER_FLAG", "plan_trip_isolated", "start", "stop"]

MAX_WORKERS = 2
WORKER_FLAG = "--solver-worker"
POLL_S = 0.05
log = logging.getLogger(__name__)
_lock = threading.Lock()
_started = False
_idle: list[_Worker] = []
_busy: set[_Worker] = set()
_tasks = itertools.count(1)


def worker_command() -> list[str]:
    """The worker's command line; a frozen app runs its hidden ``--solver-worker`` entry."""
    if getattr(sys, "frozen", False):
        return [sys.executable, WORKER_FLAG]
    return [sys.executable, "-m", "engine.planning.solver_child"]


class _Worker:
    """One worker process and the thread that reads its replies."""

    def __init__(self) -> None:
        root = str(Path(__file__).resolve().parents[2])  # the folder holding `engine`
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
        kwargs: dict[str, Any] = {}
        if sys.platform == "win32":  # pragma: no cover
            kwargs["creationflags"] = subprocess.CREATE_NO_WINDOW
        self.generation = knowledge_generation()
        self.process = subprocess.Popen(
            worker_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, **kwargs
        )
        self.replies: queue.Queue[tuple[Any, ...] | None] = queue.Queue()
        threading.Thread(target=self._read, name="lvtu-solver-replies", daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        try:
            while (message := read_frame(self.process.stdout)) is not None:
                self.replies.put(message)
        except Exception:  # a broken frame: the worker is of no more use
            log.exception("solver worker sent a broken reply")
        self.replies.put(None)

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def send(self, message: tuple[Any, ...]) -> bool:
        assert self.process.stdin is not None
        try:
            write_frame(self.process.stdin, message)
        except OSError:  # the worker has gone
            return False
        return True

    def plan(
        self,
        request: TripRequest,
        generation: int,
        stop: Callable[[], bool] | None,
        today: dt.date | None,
    ) -> Itinerary | None:
        """The worker's plan; None when the worker failed (it is then closed)."""
        task = next(_tasks)
        env = {k: v for k, v in os.environ.items() if k.startswith("LVTU_")}
        reload = generation != self.generation
        if not self.send(("plan", task, env, reload, request, today)):
            self.close()
            return None
        self.generation = generation
        cancelled = False
        while True:
            try:
                reply = self.replies.get(timeout=POLL_S)
            except queue.Empty:
                if not cancelled and stop is not None and stop():
                    cancelled = self.send(("cancel", task))
                continue
            if reply is None:
                self.close()
                return None
            if reply[0] == "ready" or reply[1] != task:
                continue
            if reply[0] == "done":
                itinerary: Itinerary = reply[2]
                return itinerary
            if reply[0] == "planning_error":
                raise PlanningError(*reply[2:])
            log.error("solver worker failed; planning here instead:\n%s", reply[2])
            self.close()
            return None

    def close(self, timeout: float = 2.0) -> None:
        with contextlib.suppress(OSError):
            assert self.process.stdin is not None
            self.process.stdin.close()
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()


def start() -> None:
    """Plan in worker processes from now on, and start the first one (it loads the knowledge
    base on its own, in a second or two; a plan asked for before then waits for it)."""
    global _started
    with _lock:
        if not _started:
            atexit.register(stop)
        _started = True
        if not _idle and not _busy:
            _idle.append(_Worker())


def stop() -> None:
    """Close the idle workers (a busy one closes when its plan is done) and plan here again."""
    global _started
    with _lock:
        _started = False
        workers = list(_idle)
        _idle.clear()
    for worker in workers:
        worker.close()


def _lease(kb: KnowledgeBase) -> _Worker | None:
    if default_knowledge.cache_info().currsize == 0 or kb is not default_knowledge():
        return None  # another knowledge base than the one a worker loads
    with _lock:
        if not _started:
            return None
        while _idle and not _idle[-1].alive:
            _idle.pop().close()
        if _idle:
            worker = _idle.pop()
        elif len(_busy) < MAX_WORKERS:
            worker = _Worker()
        else:
            return None
        _busy.add(worker)
        return worker


def _release(worker: _Worker) -> None:
    with _lock:
        _busy.discard(worker)
        if _started and worker.alive:
            _idle.append(worker)
            return
    worker.close()


def plan_trip_isolated(
    request: TripRequest,
    kb: KnowledgeBase,
    *,
    stop: Callable[[], bool] | None = None,
    today: dt.date | None = None,
) -> Itinerary:
    """`engine.planning.plan_trip` — in a worker process once `start()` was called and `kb` is
    the default knowledge base, else here. Same arguments, result and errors."""
    worker = _lease(kb)
    if worker is not None:
        try:
            itinerary = worker.plan(request, knowledge_generation(), stop, today)
        finally:
            _release(worker)
        if itinerary is not None:
            return itinerary
    return plan_trip(request, kb, stop=stop, today=today)
