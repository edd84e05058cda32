"""Job states, their allowed transitions, the `JobInfo` shape handed out, and job errors."""

from __future__ import annotations

import datetime as dt
import uuid
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.events.payloads import request_words


class JobState(StrEnum):
    """Where a job is in its life (DESIGN.md, "Jobs").

    ``queued → running → succeeded | failed | cancelled``; ``queued | running → interrupted``
    when its process stops (shutdown with keep, or a crash found at the next start-up);
    ``interrupted → queued`` on resume; ``queued | interrupted → cancelled``.
    """

    QUEUED = "queued"
    RUNNING = "running"
    SUCCEEDED = "succeeded"
    FAILED = "failed"
    CANCELLED = "cancelled"
    INTERRUPTED = "interrupted"

    @property
    def is_terminal(self) -> bool:
        return self in TERMINAL

    @property
    def is_live(self) -> bool:
        return self in LIVE


TERMINAL = frozenset({JobState.SUCCEEDED, JobState.FAILED, JobState.CANCELLED})
LIVE = frozenset({JobState.QUEUED, JobState.RUNNING})

TRANSITIONS: dict[JobState, frozenset[JobState]] = {
    JobState.QUEUED: frozenset({JobState.RUNNING, JobState.CANCELLED, JobState.INTERRUPTED}),
    JobState.RUNNING: frozenset(
        {JobState.SUCCEEDED, JobState.FAILED, JobState.CANCELLED, JobState.INTERRUPTED}
    ),
    JobState.INTERRUPTED: frozenset({JobState.QUEUED, JobState.CANCELLED}),
    JobState.SUCCEEDED: frozenset(),
    JobState.FAILED: frozenset(),
    JobState.CANCELLED: frozenset(),
}


class JobError(Exception):
    """Base of the job errors.

    JobError
    ├── JobNotFoundError    no job with that id (also a LookupError)
    ├── JobStateError       the job's state does not allow that (e.g. resume a finished job)
    ├── UnknownJobKindError no runner registered for the job's kind
    └── ManagerClosedError  the manager was closed
    """


class JobNotFoundError(JobError, LookupError):
    """No job with that id (or an ambiguous id prefix)."""


class JobStateError(JobError):
    """The job's state does not allow the operation."""


class UnknownJobKindError(JobError):
    """No runner is registered for this kind of job."""


class ManagerClosedError(JobError):
    """The `JobManager` is closed."""


def check_transition(old: JobState | None, new: JobState) -> None:
    """Raise `JobStateError` unless ``old → new`` is allowed (``None → queued`` creates a job)."""
    if old is None:
        if new is not JobState.QUEUED:
            raise JobStateError(f"a new job starts queued, not {new}")
        return
    if new not in TRANSITIONS[old]:
        raise JobStateError(f"job cannot go from {old} to {new}")


def new_job_id() -> str:
    """A fresh job id: 12 lowercase hex digits (the CLI accepts any unique prefix)."""
    return uuid.uuid4().hex[:12]


@dataclass(frozen=True, slots=True)
class JobInfo:
    """A job as hosts see it (a snapshot; ask the manager again for news).

    Attributes:
        id: job id.
        kind: runner kind, e.g. ``plan``.
        state: current state.
        request: what was asked, JSON: ``{"text": …}`` or ``{"trip_request": {…}}``.
        conversation_id: the conversation whose messages the job appends.
        itinerary_id: the itinerary it produced, once the first ``itinerary`` event is out.
        idempotency_key: the submit key, if any.
        checkpoint: last checkpoint stage: ``""``, ``itinerary`` or ``guide``.
        last_seq: seq of the job's last event.
        error: ``"code: message"`` when failed.
        input_tokens: model tokens read (summed over ``usage`` events).
        output_tokens: model tokens written.
        created_at: when submitted (UTC).
        started_at: when it first ran (UTC).
        finished_at: when it reached a terminal state (UTC).
    """

    id: str
    kind: str
    state: JobState
    request: dict[str, Any] = field(default_factory=dict)
    conversation_id: int | None = None
    itinerary_id: int | None = None
    idempotency_key: str | None = None
    checkpoint: str = ""
    last_seq: int = 0
    error: str | None = None
    input_tokens: int = 0
    output_tokens: int = 0
    created_at: dt.datetime | None = None
    started_at: dt.datetime | None = None
    finished_at: dt.datetime | None = None

    @property
    def resumable(self) -> bool:
        return self.state is JobState.INTERRUPTED

    @property
    def text(self) -> str:
        """A one-line description of the request (for lists)."""
        return request_words(self.request)[0]

    @property
    def lang(self) -> str:
        """The request's language, ``zh`` or ``en`` (its progress lines speak it)."""
        return request_words(self.request)[1]
