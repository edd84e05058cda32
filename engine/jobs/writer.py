"""The batching writer of the event log.

`LogWriter` collects events and row updates on the loop and commits them in batches on the
`engine.storage.Database` writer thread (so writes are serialised and never on the event loop's
thread): every `flush_interval` seconds, or at once when someone awaits `flush()` (checkpoints,
state changes that end a job).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy.exc import IntegrityError

from engine.events import Event
from engine.faults import MachineFault, machine_fault
from engine.jobs.eventlog import Batch, apply_batch
from engine.storage.database import Database

log = logging.getLogger(__name__)


class LogWriter:
    """Batches writes for the database's writer; `on_commit(batch)` runs on the loop after each
    commit."""

    def __init__(
        self,
        db: Database,
        *,
        flush_interval: float,
        on_commit: Callable[[Batch], None],
        on_lost: Callable[[str], None],
    ) -> None:
        self._db = db
        self._interval = flush_interval
        self._on_commit = on_commit
        self._on_lost = on_lost
        self._batch = Batch()
        self._appended = 0  # generation of the last write handed in
        self._committed = 0  # generation of the last write committed
        self._waiters: list[tuple[int, asyncio.Future[None]]] = []
        self._wake = asyncio.Event()
        self._urgent = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._failures = 0
        #: The machine fault (a full disk …) the last commit failed on, None after a success:
        #: subscribers that wait on the database for a job's end stop with it.
        self.fault: MachineFault | None = None

    @property
    def pending(self) -> int:
        """Events waiting to be committed."""
        return len(self._batch.events)

    def start(self) -> None:
        self._task = asyncio.create_task(self._loop(), name="lvtu-jobs-writer")

    def append(self, event: Event, updates: Mapping[str, Any] | None = None) -> None:
        self._batch.events.append(event)
        if updates:
            self._batch.updates.setdefault(event.job_id, {}).update(updates)
        self._touch()

    def update(self, job_id: str, updates: Mapping[str, Any]) -> None:
        self._batch.updates.setdefault(job_id, {}).update(updates)
        self._touch()

    def _touch(self) -> None:
        self._appended += 1
        self._wake.set()

    async def flush(self) -> None:
        """Return once everything handed in so far is committed.

        Raises:
            Exception: the commit failed (the batch is kept and retried).
        """
        target = self._appended
        if self._committed >= target:
            return
        future = asyncio.get_running_loop().create_future()
        self._waiters.append((target, future))
        self._urgent.set()
        self._wake.set()
        await future

    async def _loop(self) -> None:
        while True:
            await self._wake.wait()
            if not self._urgent.is_set() and self._interval > 0:
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(self._interval):
                        await self._urgent.wait()
            self._wake.clear()
            self._urgent.clear()
            batch, self._batch = self._batch, Batch()
            target = self._appended
            try:
                if batch:
                    await self._db.write(apply_batch, batch)
            except (IntegrityError, sqlite3.IntegrityError):
                batch, rest, error = await self._apply_per_job(batch)
                if error is not None:
                    await self._failed(rest, error, target)
                    continue
            except Exception as exc:
                await self._failed(batch, exc, target)
                continue
            self._failures = 0
            self.fault = None
            self._committed = target
            if batch:
                self._on_commit(batch)
            self._resolve(target, None)

    async def _apply_per_job(self, batch: Batch) -> tuple[Batch, Batch, Exception | None]:
        """After a conflict, commit job by job. A job whose seqs are taken (another process
        took it over) loses its pending writes and is reported to `on_lost`.

        Returns:
            (what was committed, what is left to retry, the error that stopped it or None).
        """
        committed, rest, error = Batch(), Batch(), None
        for job_id, part in _split(batch).items():
            if error is not None:
                _merge(rest, part)
                continue
            try:
                await self._db.write(apply_batch, part)
            except (IntegrityError, sqlite3.IntegrityError):
                log.error("job %s: its log was taken over by another process", job_id)
                self._on_lost(job_id)
                continue
            except Exception as exc:
                error = exc
                _merge(rest, part)
                continue
            committed.events.extend(part.events)
        return committed, rest, error

    async def _failed(self, batch: Batch, exc: Exception, target: int) -> None:
        self.fault = machine_fault(exc)
        if self.fault is not None:  # (a full disk is no bug: one line, not a traceback)
            log.warning("job log: commit failed (%s: %s); will retry", self.fault, exc)
        else:
            log.exception("job log: commit failed; will retry", exc_info=exc)
        newer, self._batch = self._batch, batch
        _merge(self._batch, newer)
        self._resolve(target, exc)
        self._failures += 1
        await asyncio.sleep(min(0.05 * 2**self._failures, 5.0))
        self._wake.set()

    def _resolve(self, target: int, exc: Exception | None) -> None:
        keep = []
        for wanted, future in self._waiters:
            if wanted > target:
                keep.append((wanted, future))
            elif not future.done():
                if exc is None:
                    future.set_result(None)
                else:
                    future.set_exception(exc)
        self._waiters = keep

    async def aclose(self) -> None:
        """Commit what is pending, then stop."""
        if self._task is None:
            return
        with contextlib.suppress(Exception):
            await self.flush()
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        self._task = None


def _split(batch: Batch) -> dict[str, Batch]:
    """One batch per job."""
    parts: dict[str, Batch] = {}
    for event in batch.events:
        parts.setdefault(event.job_id, Batch()).events.append(event)
    for job_id, values in batch.updates.items():
        parts.setdefault(job_id, Batch()).updates[job_id] = values
    return parts


def _merge(into: Batch, later: Batch) -> None:
    """Append `later`'s writes after `into`'s (later updates win)."""
    into.events.extend(later.events)
    for job_id, values in later.updates.items():
        into.updates.setdefault(job_id, {}).update(values)
