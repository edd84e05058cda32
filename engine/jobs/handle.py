"""A job live in this process: its task, token, state and the in-memory tail of its log."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Iterable

from engine.cancellation import CancellationToken
from engine.events import Event
from engine.jobs.runner import Checkpoint
from engine.jobs.states import JobInfo, JobState


class LiveJob:
    """Mutable state of one live job; `info()` gives the `JobInfo` snapshot.

    The window holds the newest events (all seq > `base`, contiguous), so live subscribers are
    served from memory without waiting for the batch commit; events leave the window only once
    committed, so anything older than the window is in the database.
    """

    def __init__(
        self, info: JobInfo, *, window: Iterable[Event], checkpoint: Checkpoint | None
    ) -> None:
        self.id = info.id
        self._static = info
        self.state = info.state
        self.itinerary_id = info.itinerary_id
        self.error = info.error
        self.started_at = info.started_at
        self.finished_at = info.finished_at
        self.input_tokens = info.input_tokens
        self.output_tokens = info.output_tokens
        self.checkpoint = checkpoint
        self.token = CancellationToken()
        self.task: asyncio.Task[None] | None = None
        self.slot: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.stop_state: JobState | None = None
        self.stop_reason = ""
        self.executing = False  # the runner has been started
        self.finishing = False  # the end is being recorded
        self.cancel_sent = False
        self.lost = False  # another process took the job over: write nothing more
        self.timer: asyncio.TimerHandle | None = None
        self._window = list(window)
        self.next_seq = info.last_seq + 1
        self._base = self._window[0].seq - 1 if self._window else info.last_seq
        self._waiters: list[asyncio.Future[None]] = []
        self.closed = False

    @property
    def kind(self) -> str:
        return self._static.kind

    @property
    def conversation_id(self) -> int | None:
        return self._static.conversation_id

    @property
    def idempotency_key(self) -> str | None:
        return self._static.idempotency_key

    @property
    def created_at(self) -> dt.datetime | None:
        return self._static.created_at

    def info(self) -> JobInfo:
        s = self._static
        return JobInfo(
            id=s.id,
            kind=s.kind,
            state=self.state,
            request=s.request,
            conversation_id=s.conversation_id,
            itinerary_id=self.itinerary_id,
            idempotency_key=s.idempotency_key,
            checkpoint=self.checkpoint.stage if self.checkpoint else "",
            last_seq=self.next_seq - 1,
            error=self.error,
            input_tokens=self.input_tokens,
            output_tokens=self.output_tokens,
            created_at=s.created_at,
            started_at=self.started_at,
            finished_at=self.finished_at,
        )

    def push(self, event: Event) -> None:
        self._window.append(event)
        self.next_seq = event.seq + 1
        self._wake()

    def events_after(self, seq: int) -> list[Event] | None:
        """Events with seq > `seq` from memory; None when older ones left the window."""
        if seq < self._base:
            return None
        return self._window[seq - self._base :]

    def trim(self, committed_seq: int, keep: int) -> None:
        """Drop committed events from the window, keeping at least `keep` newest."""
        drop = min(committed_seq - self._base, len(self._window) - keep)
        if drop > 0:
            del self._window[:drop]
            self._base += drop

    async def changed(self) -> None:
        """Return after the next event (or when the job leaves this process)."""
        if self.closed:
            return
        future = asyncio.get_running_loop().create_future()
        self._waiters.append(future)
        await future

    def close(self) -> None:
        self.closed = True
        self._wake()

    def _wake(self) -> None:
        if self._waiters:
            waiters, self._waiters = self._waiters, []
            for future in waiters:
                if not future.done():
                    future.set_result(None)
