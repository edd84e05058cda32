"""Events: the one vocabulary that the CLI, the desktop bridge and the job event log share.

An `Event` (job, seq, time) carries one typed payload (`engine.events.payloads`); `encode` and
`decode` are its only way in and out of the event log; `describe` words it for people.
"""

from engine.events.codec import decode, dumps, encode, from_dict, to_dict
from engine.events.describe import describe, state_name
from engine.events.event import Event, utcnow
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
    request_words,
)

__all__ = [
    "Done",
    "ErrorReported",
    "Event",
    "EventType",
    "FeasibilityChecked",
    "GuideDelta",
    "GuideWritten",
    "ItineraryReady",
    "JobStarted",
    "Payload",
    "Resume",
    "StateChanged",
    "SuggestedQuestions",
    "ThinkingStep",
    "Token",
    "ToolCall",
    "ToolResult",
    "Usage",
    "decode",
    "describe",
    "dumps",
    "encode",
    "from_dict",
    "request_words",
    "state_name",
    "to_dict",
    "utcnow",
]
