"""Events: the one vocabulary that the CLI, the desktop bridge and the job event log share."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class EventType(StrEnum):
    """Event types, in the order a turn usually emits them (DESIGN.md, "Events")."""

    JOB_STARTED = "job_started"
    THINKING_STEP = "thinking_step"  # data: {"step": str, "message": str}
    TOKEN = "token"  # data: {"text": str}
    TOOL_CALL = "tool_call"  # data: {"id": str, "name": str, "arguments": dict}
    TOOL_RESULT = "tool_result"  # data: {"id": str, "name": str, "result": Any}
    ITINERARY = "itinerary"  # data: {"itinerary_id": int, "itinerary": dict (full snapshot)}
    FEASIBILITY = "feasibility"  # data: FeasibilityReport as dict
    GUIDE_DELTA = "guide_delta"  # data: {"text": str, "reset"?: true (drop what came before)}
    GUIDE_WRITTEN = "guide_written"  # data: {"itinerary_id": int}
    SUGGESTED_QUESTIONS = "suggested_questions"  # data: {"questions": [str]}
    USAGE = "usage"  # data: {"input_tokens": int, "output_tokens": int, "estimated": bool}
    STATE_CHANGED = "state_changed"  # data: {"state": str, "previous": str | None}
    ERROR = "error"  # data: {"code": str, "message": str, "recovered"?: true (the turn went on)}
    DONE = "done"  # data: {"status": str, ...}; always the last event


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


@dataclass(frozen=True, slots=True)
class Event:
    """One event.

    Attributes:
        job_id: the job (or turn) that emitted it.
        seq: 1, 2, 3 … gap-free within `job_id`.
        type: what happened.
        at: when (UTC).
        data: JSON-serialisable payload; shape per `EventType`.
    """

    job_id: str
    seq: int
    type: EventType
    data: dict[str, Any] = field(default_factory=dict)
    at: dt.datetime = field(default_factory=utcnow)

    def to_dict(self) -> dict[str, Any]:
        return {
            "job_id": self.job_id,
            "seq": self.seq,
            "type": self.type.value,
            "at": self.at.isoformat(),
            "data": self.data,
        }

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Event:
        return cls(
            job_id=raw["job_id"],
            seq=int(raw["seq"]),
            type=EventType(raw["type"]),
            data=raw.get("data") or {},
            at=dt.datetime.fromisoformat(raw["at"]),
        )
