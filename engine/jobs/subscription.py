"""`Subscription`: one job's events from a seq on — the stored log, then live, then the end."""

from __future__ import annotations

import asyncio
from collections import deque
from types import TracebackType
from typing import TYPE_CHECKING

from engine.events import Event, EventType
from engine.jobs.eventlog import read_events
from engine.jobs.states import JobNotFoundError

if TYPE_CHECKING:
    from engine.jobs.manager import JobManager

CHUNK = 2000


class Subscription:
    """Async iterator of `Event`: seq `after_seq + 1`, `+ 2`, … with no gap and no duplicate.

    Replays what is stored, then follows live: from the manager's memory when the job runs in
    this process (no wait for the batch commit), by polling the database when another process
    runs it. Ends after ``done``; also ends, without ``done``, when the job is interrupted or the
    manager closes (subscribe again after a resume). Leaving early (``break``, dropping it) is
    fine: a subscription holds no resources and the job never depends on it.

    Raises (from iteration):
        JobNotFoundError: no such job.
        engine.faults.MachineFault: the job's end is not in the database and cannot be
            written there (a full disk, a read-only database).
    """

    def __init__(self, manager: JobManager, job_id: str, after_seq: int = 0) -> None:
        self.job_id = job_id
        self.cursor = after_seq
        self._manager = manager
        self._buffer: deque[Event] = deque()
        self._finished = False

    def __aiter__(self) -> Subscription:
        return self

    async def __anext__(self) -> Event:
        while not self._buffer:
            if self._finished:
                raise StopAsyncIteration
            await self._fill()
        event = self._buffer.popleft()
        self.cursor = event.seq
        if event.type is EventType.DONE:
            self._finished = True
            self._buffer.clear()
        return event

    async def aclose(self) -> None:
        self._finished = True
        self._buffer.clear()

    async def __aenter__(self) -> Subscription:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()

    async def _fill(self) -> None:
        manager = self._manager
        if manager.closed:
            self._finished = True
            return
        live = manager._live.get(self.job_id)
        if live is not None:
            events = live.events_after(self.cursor)
            if events is None:  # older than the in-memory window: committed, read them
                events = await manager.database.read(read_events, self.job_id, self.cursor, CHUNK)
                self._buffer.extend(events)
            elif events:
                self._buffer.extend(events)
            elif not live.closed:
                await live.changed()
            return
        await manager.start()
        events = await manager.database.read(read_events, self.job_id, self.cursor, CHUNK)
        if events:
            self._buffer.extend(events)
            return
        if manager._writer.fault is not None:  # its end cannot be written (a full disk …)
            raise manager._writer.fault
        status = await manager._status(self.job_id)
        if status is None:
            raise JobNotFoundError(self.job_id)
        if self.job_id in manager._live:
            return  # resumed here meanwhile
        state, elsewhere = status
        if state.is_live and elsewhere:
            await asyncio.sleep(manager.poll_interval)  # another process runs it: poll the log
            return
        # Ended, interrupted or orphaned: read once more (it may have ended since), then stop.
        events = await manager.database.read(read_events, self.job_id, self.cursor, CHUNK)
        self._buffer.extend(events)
        if not events:
            self._finished = True
