"""`Event`: one thing that happened in a job or turn — which job, which seq, when, and what."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from engine.events.payloads import EventType, Payload


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


@dataclass(frozen=True, slots=True)
class Event:
    """One event.

    Attributes:
        job_id: the job (or turn) that emitted it.
        seq: 1, 2, 3 … gap-free within `job_id`.
        payload: what happened (`engine.events.payloads`); its class tells the type.
        at: when (UTC).
    """

    job_id: str
    seq: int
    payload: Payload
    at: dt.datetime = field(default_factory=utcnow)

    @property
    def type(self) -> EventType:
        """The event's type (its payload's `TYPE`)."""
        return self.payload.TYPE
