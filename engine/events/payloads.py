"""The payload of each event type: one frozen dataclass per type (DESIGN.md, "Events").

A payload says what happened; the `Event` around it says which job, which seq and when. Each
class names its type in `TYPE`. Payloads are immutable values: the same object travels from the
turn that made it through the job log to every subscriber (`engine.events.codec` writes and
reads them; `engine.events.describe` words them for people).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, TypeAlias

from engine.domain.feasibility import FeasibilityReport
from engine.domain.itinerary import Itinerary
from engine.i18n import text_lang


class EventType(StrEnum):
    """Event types, in the order a turn usually emits them."""

    JOB_STARTED = "job_started"
    THINKING_STEP = "thinking_step"
    TOKEN = "token"
    TOOL_CALL = "tool_call"
    TOOL_RESULT = "tool_result"
    ITINERARY = "itinerary"
    FEASIBILITY = "feasibility"
    GUIDE_DELTA = "guide_delta"
    GUIDE_WRITTEN = "guide_written"
    SUGGESTED_QUESTIONS = "suggested_questions"
    USAGE = "usage"
    STATE_CHANGED = "state_changed"
    ERROR = "error"
    DONE = "done"


@dataclass(frozen=True, slots=True)
class JobStarted:
    """A job started running for the first time.

    Attributes:
        kind: the job's kind (``plan``).
        text: what was asked, in one line (the person's words, or a summary of a form).
        lang: the request's language, ``zh`` or ``en``: the job's progress lines speak it.
        conversation_id: the conversation the job appends to.
    """

    TYPE: ClassVar[EventType] = EventType.JOB_STARTED
    kind: str
    text: str
    lang: str
    conversation_id: int | None = None

    @classmethod
    def of_request(
        cls, kind: str, request: Mapping[str, Any], conversation_id: int | None = None
    ) -> JobStarted:
        """From a job's stored request (``{"text": …}`` or ``{"trip_request": {…}}``)."""
        text, lang = request_words(request)
        return cls(kind, text, lang, conversation_id)


@dataclass(frozen=True, slots=True)
class ThinkingStep:
    """A step of the turn began. `step`: ``understand``, ``plan``, ``revise``, ``restore``,
    ``guide``, ``preferences`` or ``model``; `message`: the step in the request's language."""

    TYPE: ClassVar[EventType] = EventType.THINKING_STEP
    step: str
    message: str


@dataclass(frozen=True, slots=True)
class Token:
    """A piece of the assistant's answer text."""

    TYPE: ClassVar[EventType] = EventType.TOKEN
    text: str


@dataclass(frozen=True, slots=True)
class ToolCall:
    """A tool was called. `arguments`: the tool's JSON arguments (its own schema)."""

    TYPE: ClassVar[EventType] = EventType.TOOL_CALL
    id: str
    name: str
    arguments: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ToolResult:
    """A tool call (`id`) returned. `result`: its JSON result (``{"error": …}`` when it failed,
    ``{"cancelled": true, …}`` when the turn was cancelled first)."""

    TYPE: ClassVar[EventType] = EventType.TOOL_RESULT
    id: str
    name: str
    result: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ItineraryReady:
    """A full itinerary snapshot, stored as `itinerary_id` version `version` (a new plan or a
    revision). Its guide may still be empty: ``guide_written`` follows."""

    TYPE: ClassVar[EventType] = EventType.ITINERARY
    itinerary_id: int
    version: int
    itinerary: Itinerary


@dataclass(frozen=True, slots=True)
class FeasibilityChecked:
    """The validator's report on the itinerary just sent."""

    TYPE: ClassVar[EventType] = EventType.FEASIBILITY
    report: FeasibilityReport


@dataclass(frozen=True, slots=True)
class GuideDelta:
    """The next chunk of the guide's Markdown; with `reset`, drop what came before first."""

    TYPE: ClassVar[EventType] = EventType.GUIDE_DELTA
    text: str
    reset: bool = False


@dataclass(frozen=True, slots=True)
class GuideWritten:
    """The guide of itinerary `itinerary_id` is stored (load it to show the whole of it)."""

    TYPE: ClassVar[EventType] = EventType.GUIDE_WRITTEN
    itinerary_id: int


@dataclass(frozen=True, slots=True)
class SuggestedQuestions:
    """3-5 follow-up questions, in the itinerary's language."""

    TYPE: ClassVar[EventType] = EventType.SUGGESTED_QUESTIONS
    questions: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Usage:
    """Model tokens a turn used (0 and 0 offline); `estimated` when the server did not say."""

    TYPE: ClassVar[EventType] = EventType.USAGE
    input_tokens: int = 0
    output_tokens: int = 0
    estimated: bool = False


@dataclass(frozen=True, slots=True)
class Resume:
    """Where a resumed job goes on: its last checkpoint `stage` (``""``: the start) and the seq
    of the event it was committed with; events after that seq (and before the resume) belong to
    the attempt that was cut off."""

    stage: str
    seq: int


@dataclass(frozen=True, slots=True)
class StateChanged:
    """A job moved from `previous` (None for a new job) to `state` (`engine.jobs.JobState`
    values), for `reason` when there is one; `resume` when it was resumed."""

    TYPE: ClassVar[EventType] = EventType.STATE_CHANGED
    state: str
    previous: str | None = None
    reason: str = ""
    resume: Resume | None = None


@dataclass(frozen=True, slots=True)
class ErrorReported:
    """Something went wrong; `message` is for the person, in the request's language.

    `recovered`: the turn went on (a model fault, say, and the plan is made offline); `stage`:
    where (``understand``, ``guide``) when it matters.
    """

    TYPE: ClassVar[EventType] = EventType.ERROR
    code: str
    message: str
    recovered: bool = False
    stage: str = ""


@dataclass(frozen=True, slots=True)
class Done:
    """The last event of a turn or job: `status` (``succeeded``, ``failed``, ``cancelled``,
    ``interrupted``), why (`reason`: a cancellation reason or an error code), the itinerary and
    version produced, and a failed job's ``code: message`` (`error`)."""

    TYPE: ClassVar[EventType] = EventType.DONE
    status: str
    reason: str | None = None
    itinerary_id: int | None = None
    version: int | None = None
    error: str | None = None


Payload: TypeAlias = (
    JobStarted
    | ThinkingStep
    | Token
    | ToolCall
    | ToolResult
    | ItineraryReady
    | FeasibilityChecked
    | GuideDelta
    | GuideWritten
    | SuggestedQuestions
    | Usage
    | StateChanged
    | ErrorReported
    | Done
)
"""Any event payload."""


def request_words(request: Mapping[str, Any]) -> tuple[str, str]:
    """(one line saying what was asked, its language) of a job's stored request:
    ``{"text": …, "options"?: {…}}``, or ``{"trip_request": {…}}`` (a structured one)."""
    trip = request.get("trip_request")
    trip = trip if isinstance(trip, Mapping) else {}
    options = request.get("options")
    options = options if isinstance(options, Mapping) else {}
    text = str(request.get("text") or trip.get("text") or "")
    lang = trip.get("lang") or options.get("lang") or request.get("lang")
    if lang not in ("zh", "en"):
        lang = text_lang(text or str(options.get("destination") or ""))
    if not text and (trip or options):  # a form: its places and days
        places = trip.get("destinations") or options.get("destination") or ()
        places = [places] if isinstance(places, str) else list(places)
        days = trip.get("days") or options.get("days") or "?"
        if lang == "zh":
            text = f"{'、'.join(places)}，{days}天"
        else:
            text = f"{', '.join(places)}, {days} days"
    return text, str(lang)
