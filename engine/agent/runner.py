"""A running turn's handle, the bookkeeping that makes every ended turn get saved, and how a
turn's task is stopped and its provider closed.

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

from engine.agent.model_session import CANCEL_GRACE
from engine.cancellation import CancellationToken
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
        job_id: the job the turn runs for (`TurnContext.job_id`).
        request: a structured `TripRequest`, planned without parsing `text`.
        options: form fields or command-line options read with `text`
            (`engine.understanding.RequestOptions`).
        hosted: the turn runs on the host's loop (`arun`, `astream`), where a client the host
            passed in may be used; False for `chat` (a loop of its own).
        task: the turn's task on the host's loop (a strong reference while it runs).
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
    job_id: str | None = None
    request: Any = None  # a structured TripRequest to plan as is (the text only describes it)
    options: Any = None
    edit: Any = None  # an engine.editing.ops.EditOrder to apply (the text only describes it)
    hosted: bool = False
    task: asyncio.Task[Any] | None = None


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


def cancel_after_grace(
    task: asyncio.Task[Any] | None, running: threading.Event
) -> Callable[[str], None]:
    """A token callback (any thread) that cancels `task` if its policy is still `running`
    `CANCEL_GRACE` seconds after the token was cancelled: a provider call that ignores the
    token cannot hold the turn longer (`run_turn` ends it ``cancelled``)."""
    loop = asyncio.get_running_loop()

    def expire() -> None:
        if task is not None and running.is_set():
            task.cancel()

    def cancel(_reason: str) -> None:
        try:
            loop.call_soon_threadsafe(loop.call_later, CANCEL_GRACE, expire)
        except RuntimeError:  # the loop is closed: the turn is over
            pass

    return cancel


async def close_quietly(closing: Any) -> None:
    """Await `closing` (a provider's close) to its end, whatever interrupts the wait."""
    task = asyncio.ensure_future(closing)
    try:
        await asyncio.shield(task)
    except asyncio.CancelledError:  # the loop is stopping: let the close finish on its own
        current = asyncio.current_task()
        if current is not None:
            current.uncancel()
    except Exception:
        log.exception("closing the turn's model provider failed")
