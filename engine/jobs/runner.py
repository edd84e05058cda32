"""The job runner protocol: one kind of job, as a stream of events with checkpoints."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeAlias

from engine.cancellation import CancellationToken
from engine.events import Payload
from engine.jobs.states import JobInfo


@dataclass(frozen=True)
class Checkpoint:
    """A point a job can resume from; committed atomically with its event.

    Attributes:
        stage: ``itinerary`` (the itinerary is saved, with the turn's messages so far: the
            Agent stores its own history) or ``guide`` (guide written); any other label is
            allowed for other kinds of job.
        itinerary_id: the saved itinerary.
        state: runner-private JSON needed to resume.
        seq: seq of the event the checkpoint was committed with (set by the manager; 0 for a
            bare checkpoint before any event).
    """

    stage: str
    itinerary_id: int | None = None
    state: dict[str, Any] = field(default_factory=dict)
    seq: int = 0

    def to_json(self) -> dict[str, Any]:
        """The stored form."""
        return {
            "stage": self.stage,
            "itinerary_id": self.itinerary_id,
            "state": self.state,
            "seq": self.seq,
        }

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Checkpoint:
        return cls(
            stage=str(raw.get("stage") or ""),
            itinerary_id=raw.get("itinerary_id"),
            state=dict(raw.get("state") or {}),
            seq=int(raw.get("seq") or 0),
        )


RunnerItem: TypeAlias = Payload | tuple[Payload, Checkpoint] | Checkpoint
"""What a runner yields: an event's payload; ``(payload, checkpoint)`` — the event and the
checkpoint are committed together before the runner is resumed; or a bare `Checkpoint`."""


class JobFailed(Exception):
    """Raised by a runner to end its job as ``failed`` with a user-facing message.

    Attributes:
        code: stable error code, e.g. ``no_destination``.
        message: what went wrong, in the request's language.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class JobRunner(Protocol):
    """One kind of job. The manager assigns seq/at/job_id, persists, and owns the states.

    The manager writes ``state_changed``, ``job_started`` (once per job) and ``done``; a runner
    yielding those types has them dropped. The job ends ``succeeded`` when the iterator is
    exhausted, ``failed`` on `JobFailed` or any other exception, ``cancelled`` when `token` is
    cancelled (raise `engine.cancellation.CancelledError` via ``token.check()`` or just
    return).
    """

    def run(
        self, job: JobInfo, *, resume_from: Checkpoint | None, token: CancellationToken
    ) -> AsyncIterator[RunnerItem]:
        """Run (or, with `resume_from`, continue after that checkpoint) the job."""
        ...
