"""The one codec between event payloads and their stored JSON (``job_events.data``).

`encode` gives the JSON object of a payload; `decode` makes the payload back from a type name
and that object. Rows written before payloads were typed (a free dict per type) decode too:
every field they lack takes its default, fields no longer used are ignored, and a
``job_started`` row's stored request is summarised into its text and language.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Mapping
from typing import Any

from engine.domain.feasibility import FeasibilityReport
from engine.domain.itinerary import Itinerary
from engine.events.event import Event
from engine.events.payloads import (
    Done,
    ErrorReported,
    EventType,
    FeasibilityChecked,
    GuideDelta,
    GuideWritten,
    ItineraryReady,
    JobStarted,
    Payload,
    Resume,
    StateChanged,
    SuggestedQuestions,
    ThinkingStep,
    Token,
    ToolCall,
    ToolResult,
    Usage,
)

Json = dict[str, Any]


def _some(json: Json, **optional: Any) -> Json:
    """`json` plus the `optional` entries that are set (so rows stay as short as before)."""
    json.update((k, v) for k, v in optional.items() if v)
    return json


def _state_changed(p: StateChanged) -> Json:
    resume = {"stage": p.resume.stage, "seq": p.resume.seq} if p.resume else None
    return _some({"state": p.state, "previous": p.previous}, reason=p.reason, resume=resume)


_ENCODERS: dict[type, Callable[[Any], Json]] = {
    JobStarted: lambda p: {
        "kind": p.kind, "text": p.text, "lang": p.lang, "conversation_id": p.conversation_id
    },
    ThinkingStep: lambda p: {"step": p.step, "message": p.message},
    Token: lambda p: {"text": p.text},
    ToolCall: lambda p: {"id": p.id, "name": p.name, "arguments": dict(p.arguments)},
    ToolResult: lambda p: {"id": p.id, "name": p.name, "result": dict(p.result)},
    ItineraryReady: lambda p: {
        "itinerary_id": p.itinerary_id, "version": p.version,
        "itinerary": p.itinerary.model_dump(mode="json"),
    },
    FeasibilityChecked: lambda p: p.report.model_dump(mode="json"),
    GuideDelta: lambda p: {"text": p.text, "reset": True} if p.reset else {"text": p.text},
    GuideWritten: lambda p: {"itinerary_id": p.itinerary_id},
    SuggestedQuestions: lambda p: {"questions": list(p.questions)},
    Usage: lambda p: {
        "input_tokens": p.input_tokens, "output_tokens": p.output_tokens, "estimated": p.estimated
    },
    StateChanged: _state_changed,
    ErrorReported: lambda p: _some(
        {"code": p.code, "message": p.message}, recovered=p.recovered, stage=p.stage
    ),
    Done: lambda p: {
        "status": p.status, "reason": p.reason, "itinerary_id": p.itinerary_id,
        "version": p.version, "error": p.error,
    },
}  # fmt: skip


def encode(payload: Payload) -> Json:
    """The JSON object stored for `payload` (only JSON types inside)."""
    return _ENCODERS[type(payload)](payload)


def dumps(payload: Payload) -> str:
    """`encode`'s object as JSON text (what ``job_events.data`` holds). Streamed text — most of
    a log — is written straight to text, with no object in between (bench/job_log.py)."""
    kind = type(payload)
    if kind is Token or (kind is GuideDelta and not payload.reset):  # type: ignore[union-attr]
        return '{"text": ' + json.dumps(payload.text, ensure_ascii=False) + "}"  # type: ignore[union-attr]
    return json.dumps(encode(payload), ensure_ascii=False)


def _int(value: Any) -> int | None:
    return None if value is None else int(value)


def _job_started(d: Json) -> JobStarted:
    if "request" in d and "text" not in d:  # a row from before typed payloads
        return JobStarted.of_request(
            str(d.get("kind", "plan")), d.get("request") or {}, _int(d.get("conversation_id"))
        )
    return JobStarted(
        str(d.get("kind", "plan")), str(d.get("text", "")), str(d.get("lang", "zh")),
        _int(d.get("conversation_id")),
    )  # fmt: skip


def _itinerary(d: Json) -> ItineraryReady:
    itinerary = Itinerary.model_validate(d["itinerary"])
    version = d.get("version") or itinerary.version
    return ItineraryReady(int(d["itinerary_id"]), int(version), itinerary)


def _state(d: Json) -> StateChanged:
    raw = d.get("resume")
    resume = None
    if isinstance(raw, Mapping):
        resume = Resume(str(raw.get("stage") or ""), int(raw.get("seq") or 0))
    return StateChanged(
        str(d.get("state", "")), d.get("previous"), str(d.get("reason") or ""), resume
    )


def _usage(d: Json) -> Usage:
    return Usage(
        int(d.get("input_tokens") or 0),
        int(d.get("output_tokens") or 0),
        bool(d.get("estimated", False)),
    )


def _error(d: Json) -> ErrorReported:
    return ErrorReported(
        str(d.get("code") or "error"),
        str(d.get("message") or d.get("code") or ""),
        bool(d.get("recovered", False)),
        str(d.get("stage") or ""),
    )


def _done(d: Json) -> Done:
    return Done(
        str(d.get("status", "succeeded")),
        d.get("reason"),
        _int(d.get("itinerary_id")),
        _int(d.get("version")),
        d.get("error"),
    )


_DECODERS: dict[str, Callable[[Json], Payload]] = {
    EventType.JOB_STARTED: _job_started,
    EventType.THINKING_STEP: lambda d: ThinkingStep(
        str(d.get("step", "")), str(d.get("message") or d.get("step") or "")
    ),
    EventType.TOKEN: lambda d: Token(str(d.get("text", ""))),
    EventType.TOOL_CALL: lambda d: ToolCall(
        str(d.get("id", "")), str(d.get("name", "")), d.get("arguments") or {}
    ),
    EventType.TOOL_RESULT: lambda d: ToolResult(
        str(d.get("id", "")), str(d.get("name", "")), d.get("result") or {}
    ),
    EventType.ITINERARY: _itinerary,
    EventType.FEASIBILITY: lambda d: FeasibilityChecked(FeasibilityReport.model_validate(d)),
    EventType.GUIDE_DELTA: lambda d: GuideDelta(d["text"], bool(d.get("reset", False))),
    EventType.GUIDE_WRITTEN: lambda d: GuideWritten(int(d.get("itinerary_id") or 0)),
    EventType.SUGGESTED_QUESTIONS: lambda d: SuggestedQuestions(
        tuple(str(q) for q in d.get("questions") or ())
    ),
    EventType.USAGE: _usage,
    EventType.STATE_CHANGED: _state,
    EventType.ERROR: _error,
    EventType.DONE: _done,
}


def decode(kind: EventType | str, data: Json) -> Payload:
    """The payload of an event of type `kind` stored as `data`.

    Raises:
        ValueError: an unknown type. KeyError, pydantic.ValidationError: `data` lacks what
            the type cannot do without (a guide chunk's text, an itinerary snapshot).
    """
    decoder = _DECODERS.get(kind)  # a StrEnum member is its str value as a key
    if decoder is None:
        raise ValueError(f"unknown event type {kind!r}")
    return decoder(data)


def to_dict(event: Event) -> Json:
    """An `Event` as one JSON object: ``job_id``, ``seq``, ``type``, ``at``, ``data``."""
    return {
        "job_id": event.job_id,
        "seq": event.seq,
        "type": event.type.value,
        "at": event.at.isoformat(),
        "data": encode(event.payload),
    }


def from_dict(raw: Mapping[str, Any]) -> Event:
    """The `Event` of a `to_dict` object."""
    return Event(
        job_id=str(raw["job_id"]),
        seq=int(raw["seq"]),
        payload=decode(raw["type"], raw.get("data") or {}),
        at=dt.datetime.fromisoformat(raw["at"]),
    )
