"""Running one job: drive its runner, record its events, checkpoints and states."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import AsyncIterator, Mapping
from typing import Any

from engine.cancellation import CancelledError as TokenCancelled
from engine.events import (
    Done,
    ErrorReported,
    Event,
    EventType,
    ItineraryReady,
    JobStarted,
    Payload,
    StateChanged,
    Usage,
    utcnow,
)
from engine.jobs.handle import LiveJob
from engine.jobs.runner import Checkpoint, JobFailed, JobRunner, RunnerItem
from engine.jobs.states import JobState, check_transition
from engine.jobs.writer import LogWriter

log = logging.getLogger(__name__)

MANAGER_OWNED = frozenset({EventType.JOB_STARTED, EventType.STATE_CHANGED, EventType.DONE})
YIELD_EVERY = 32  # events a runner may emit without awaiting before the loop gets a turn


class Recorder:
    """Appends a live job's events and row changes to the batching `LogWriter`."""

    def __init__(self, writer: LogWriter, *, max_pending: int) -> None:
        self.writer = writer
        self.max_pending = max_pending
        self._streak = 0

    def emit(
        self,
        handle: LiveJob,
        payload: Payload,
        updates: Mapping[str, Any] | None = None,
        *,
        push: bool = True,
    ) -> Event:
        """Append one event (memory and subscribers now, the database with the next batch).

        With ``push=False`` subscribers get it only when the caller calls ``handle.push``.
        """
        event = Event(job_id=handle.id, seq=handle.next_seq, payload=payload)
        handle.next_seq += 1
        if push:
            handle.push(event)
        if handle.lost:
            return event
        row = {"last_seq": event.seq}
        if updates:
            row.update(updates)
        self.writer.append(event, row)
        return event

    def transition(
        self,
        handle: LiveJob,
        new: JobState,
        updates: Mapping[str, Any] | None = None,
        reason: str = "",
    ) -> Event:
        """One ``state_changed`` event, committed together with the row's new state.

        Raises:
            JobStateError: the transition is not allowed.
        """
        old = handle.state
        check_transition(old, new)
        handle.state = new
        row = {"state": new.value, **(updates or {})}
        return self.emit(handle, StateChanged(new.value, old.value, reason), row)

    async def finish(
        self, handle: LiveJob, state: JobState, error: tuple[str, str] | None = None
    ) -> None:
        """Record the end — ``error``?, ``state_changed``, ``done`` (terminal only) — and
        wait for the commit. Subscribers get ``done`` only once it is committed, so whoever
        sees it can read the whole log (and the job's final row) from the database."""
        handle.finishing = True
        updates: dict[str, Any] = {"cancel_requested": None}
        if error is not None:
            handle.error = f"{error[0]}: {error[1]}"
            updates["error"] = handle.error
            self.emit(handle, ErrorReported(*error))
        reason = handle.stop_reason if state is handle.stop_state else ""
        if state.is_terminal:
            handle.finished_at = updates["finished_at"] = utcnow()
        else:
            updates["owner"] = None
        self.transition(handle, state, updates, reason)
        done = None
        if state.is_terminal:
            payload = Done(state.value, itinerary_id=handle.itinerary_id, error=handle.error)
            done = self.emit(handle, payload, push=False)
        try:
            await self.writer.flush()
        finally:
            if done is not None:
                handle.push(done)

    async def checkpoint(
        self, handle: LiveJob, checkpoint: Checkpoint, event: Event | None
    ) -> None:
        """Commit `checkpoint` together with `event` and all before it."""
        stored = dataclasses.replace(checkpoint, seq=event.seq if event else handle.next_seq - 1)
        handle.checkpoint = stored
        updates: dict[str, Any] = {"checkpoint": stored.stage, "checkpoint_data": stored.to_json()}
        if stored.itinerary_id is not None and handle.itinerary_id is None:
            handle.itinerary_id = updates["itinerary_id"] = stored.itinerary_id
        if handle.lost:
            return
        self.writer.update(handle.id, updates)
        await self.writer.flush()

    async def accept(self, handle: LiveJob, item: RunnerItem) -> None:
        """Record one item a runner yielded."""
        checkpoint: Checkpoint | None
        event = None
        if isinstance(item, Checkpoint):
            checkpoint = item
        else:
            payload, checkpoint = item if isinstance(item, tuple) else (item, None)
            if payload.TYPE in MANAGER_OWNED:
                log.debug(
                    "job %s: runner's %s event dropped (the manager writes it)",
                    handle.id,
                    payload.TYPE,
                )
            else:
                event = self.emit(handle, payload, self._row_updates(handle, payload))
        if checkpoint is not None:
            await self.checkpoint(handle, checkpoint, event)
        elif self.writer.pending >= self.max_pending:
            await self.writer.flush()
        else:
            # A runner that never awaits would starve subscribers and the writer: take turns.
            self._streak += 1
            if self._streak >= YIELD_EVERY:
                self._streak = 0
                await asyncio.sleep(0)

    @staticmethod
    def _row_updates(handle: LiveJob, payload: Payload) -> dict[str, Any]:
        if isinstance(payload, ItineraryReady):
            if payload.itinerary_id != handle.itinerary_id:
                handle.itinerary_id = payload.itinerary_id
                return {"itinerary_id": payload.itinerary_id}
        elif isinstance(payload, Usage):
            handle.input_tokens += payload.input_tokens
            handle.output_tokens += payload.output_tokens
            return {"input_tokens": handle.input_tokens, "output_tokens": handle.output_tokens}
        return {}


async def execute(recorder: Recorder, handle: LiveJob, runner: JobRunner) -> None:
    """Run a job that got a slot: ``running``, ``job_started`` (first run), the runner's items,
    then the end state."""
    if handle.token.is_cancelled:
        await recorder.finish(handle, handle.stop_state or JobState.CANCELLED)
        return
    first_run = handle.started_at is None
    updates = {}
    if first_run:
        handle.started_at = updates["started_at"] = utcnow()
    recorder.transition(handle, JobState.RUNNING, updates)
    if first_run:
        info = handle.info()
        recorder.emit(handle, JobStarted.of_request(info.kind, info.request, info.conversation_id))
    handle.executing = True
    state, error = await _drive(recorder, handle, runner)
    if handle.stop_state is not None and state is not JobState.SUCCEEDED:
        state, error = handle.stop_state, None
    await recorder.finish(handle, state, error)


async def _drive(
    recorder: Recorder, handle: LiveJob, runner: JobRunner
) -> tuple[JobState, tuple[str, str] | None]:
    stream = runner.run(handle.info(), resume_from=handle.checkpoint, token=handle.token)
    try:
        async for item in stream:
            await recorder.accept(handle, item)
    except asyncio.CancelledError:
        task = asyncio.current_task()
        if task is not None:
            task.uncancel()
        return JobState.CANCELLED, None
    except TokenCancelled:
        return JobState.CANCELLED, None
    except JobFailed as exc:
        return JobState.FAILED, (exc.code, exc.message)
    except Exception as exc:
        log.exception("job %s: runner failed", handle.id)
        return JobState.FAILED, ("internal", f"{type(exc).__name__}: {exc}")
    finally:
        await _close(handle, stream)
    if handle.token.is_cancelled:
        return JobState.CANCELLED, None
    return JobState.SUCCEEDED, None


async def _close(handle: LiveJob, stream: AsyncIterator[RunnerItem]) -> None:
    aclose = getattr(stream, "aclose", None)
    if aclose is None:
        return
    try:
        await aclose()
    except Exception:
        log.exception("job %s: closing the runner failed", handle.id)
