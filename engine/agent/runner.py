"""A running turn's handle, and the bookkeeping that makes every ended turn get saved.

`Saves` tracks two kinds of futures: a turn is *unsettled* from its start until its save has
been scheduled, and a *save* is pending until it ran. `wait` (async) returns once both are
empty, so a host (or a test) can tell "every ended turn is stored" without polling.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from engine.agent.cancellation import CancellationToken
from engine.events import Event
from engine.storage.database import Database

log = logging.getLogger(__name__)


def _running_future() -> Future[Any]:
    future: Future[Any] = Future()
    # RUNNING: an asyncio wrapper being cancelled can no longer cancel it (set_result would fail)
    future.set_running_or_notify_cancel()
    return future


@dataclass
class RunningTurn:
    """One turn from start to save.

    Attributes:
        id: the turn id (events' `job_id`).
        text: the user message.
        token: cancels the turn.
        max_iterations: step budget.
        listener: an extra event receiver (astream's queue), besides the agent's subscribers.
        finished: resolved with the `TurnOutcome` once the turn's history is committed.
        settled: resolved once the turn's save is scheduled.
        interrupted: set by `chat` on KeyboardInterrupt (status ``interrupted``).
        guide_for: when set, the turn only writes the guide of this stored itinerary (a job
            resumed after its itinerary checkpoint); `text` is then empty.
        request: a `TripRequest` from a form, planned without parsing `text`.
        host_loop: the loop of the async host that started the turn (None for `chat`): model
            calls on a client the host passed in run there.
    """

    id: str
    text: str
    token: CancellationToken
    max_iterations: int
    listener: Callable[[Event], None] | None = None
    finished: Future[Any] = field(default_factory=_running_future)
    settled: Future[Any] = field(default_factory=_running_future)
    interrupted: bool = False
    guide_for: int | None = None
    request: Any = None  # a structured TripRequest to plan as is (the text only describes it)
    host_loop: Any = None  # the event loop of an async host that started the turn (arun, astream)


class Saves:
    """Unsettled turns and pending saves of one agent (strong references until done)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pending: set[Future[Any]] = set()

    def track(self, future: Future[Any]) -> None:
        with self._lock:
            self._pending.add(future)
        future.add_done_callback(self._discard)

    def _discard(self, future: Future[Any]) -> None:
        with self._lock:
            self._pending.discard(future)

    def pending(self) -> list[Future[Any]]:
        with self._lock:
            return list(self._pending)

    async def wait(self, timeout: float) -> bool:  # noqa: ASYNC109 (returns False on timeout)
        """Wait until nothing is pending (new entries included); False after `timeout` s."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while pending := self.pending():
            remaining = deadline - loop.time()
            if remaining <= 0:
                return False
            done, _ = await asyncio.wait(
                [asyncio.wrap_future(f) for f in pending], timeout=remaining
            )
            for future in done:
                future.exception()  # retrieved: a failed save is logged where it failed
        return True


def schedule_save(
    turn: RunningTurn, saves: Saves, db: Database, persist: Callable[[], None]
) -> Future[None]:
    """Run `persist` on the database's writer thread once `turn` has stopped, and settle the
    turn.

    The returned future is tracked in `saves` (a strong reference) until the save ran.
    """
    save = flush(saves, db, persist, after=turn.finished)
    if not turn.settled.done():
        turn.settled.set_result(None)
    return save


def flush(
    saves: Saves, db: Database, persist: Callable[[], None], *, after: Future[Any] | None = None
) -> Future[None]:
    """Run `persist` on the database's writer thread (after `after` is done, if given);
    tracked in `saves`."""
    save: Future[None] = Future()
    saves.track(save)

    def run(_engine: Any) -> None:
        try:
            persist()
            save.set_result(None)
        except Exception as exc:
            log.exception("saving history or memory failed")
            save.set_exception(exc)

    def start(_done: Future[Any] | None = None) -> None:
        try:
            db.submit_write(run)
        except RuntimeError as exc:  # the executor is gone (interpreter shutdown)
            save.set_exception(exc)

    if after is None:
        start()
    else:
        after.add_done_callback(start)
    return save
