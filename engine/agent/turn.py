"""One turn: the context a policy runs in, and how a turn ends (status, history, outcome).

A turn is a coroutine on the host's event loop (`Policy.run` is awaited); the policy sends its
CPU work to the engine's pool (`engine.agent.pool.in_pool`) and its database work to the
database's threads (`engine.storage.Database`), and awaits provider calls directly.

A turn always ends with a consistent history: the user message; every tool call followed by its
result (a cancelled or failed call gets a result saying so); and one assistant message with what
was said — partial text plus `INTERRUPTED_MARK` when cancelled.
"""

from __future__ import annotations

import asyncio
import json
import logging
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.agent import texts
from engine.agent.tools import error_code, error_message
from engine.cancellation import CancellationToken, CancelledError
from engine.domain.itinerary import Itinerary
from engine.events import (
    ErrorReported,
    Event,
    Payload,
    ThinkingStep,
    Token,
    ToolCall,
    ToolResult,
    Usage,
)
from engine.understanding.habits import Preference

log = logging.getLogger(__name__)

SUCCEEDED, FAILED, CANCELLED, INTERRUPTED = "succeeded", "failed", "cancelled", "interrupted"
#: Pieces of assistant text streamed as ``token`` events (characters); cancellation is checked
#: between pieces.
TOKEN_CHARS = 12


class IterationLimitError(Exception):
    """The turn used `max_iterations` steps."""


@dataclass(frozen=True)
class TurnOutcome:
    """How a turn ended (`Agent.last_turn`).

    Attributes:
        turn_id: the turn (also the events' `job_id`).
        status: ``succeeded``, ``failed``, ``cancelled`` or ``interrupted`` (KeyboardInterrupt).
        reason: why it did not succeed (cancellation reason or error code), else None.
        text: the assistant's answer as stored (cancelled: partial text + ``[Interrupted]``).
        itinerary_id, version: the itinerary the turn produced or changed, if any.
        error: the user-facing error message of a failed turn.
        tool_count: tool calls made.
    """

    turn_id: str
    status: str
    reason: str | None = None
    text: str = ""
    itinerary_id: int | None = None
    version: int | None = None
    error: str | None = None
    tool_count: int = 0

    @property
    def is_answer(self) -> bool:
        """True when the turn succeeded, i.e. `text` is a real answer."""
        return self.status == SUCCEEDED


class Policy(Protocol):
    """Decides what a turn does with the user's message (offline rules, or a model)."""

    async def run(self, ctx: TurnContext, text: str) -> None: ...

    async def finish_guide(self, ctx: TurnContext, itinerary_id: int) -> None:
        """Write the guide of stored itinerary `itinerary_id` and say so (no user message)."""
        ...


async def _no_checkpoint(_ctx: TurnContext) -> None:
    return None


def new_turn_id() -> str:
    return "turn-" + uuid.uuid4().hex[:12]


def job_turn_id(job_id: str, *, guide: bool = False) -> str:
    """The id of the turn a job runs (`engine.jobs`), or of its guide-only turn (a job resumed
    after its itinerary checkpoint): the same on every run of that job, so a run after a crash
    replaces what the cut-off run had stored of it."""
    return f"job-{job_id}" + ("-guide" if guide else "")


@dataclass
class TurnContext:
    """What a policy uses: events, cancellation, tool-call bookkeeping, the answer text.

    Events are emitted through `sink` on the turn's loop, with `seq` from 1. `checkpoint` is
    awaited once the turn has stored an itinerary (its messages so far are stored with it).
    """

    turn_id: str
    token: CancellationToken
    sink: Callable[[Event], None]
    max_iterations: int = 100
    lang: str = "zh"
    messages: list[dict[str, Any]] = field(default_factory=list)
    itinerary: Itinerary | None = None
    preferences: list[Preference] = field(default_factory=list)
    lifted: set[tuple[str, str]] = field(default_factory=set)  # preferences taken back
    error: str | None = None
    error_code: str | None = None
    tool_count: int = 0
    request: Any = None  # a structured TripRequest given with the message (library callers)
    options: Any = None  # RequestOptions read with the message (forms, command-line options)
    edit: Any = None  # an engine.editing.ops.EditOrder asked directly (lvtu edit, the timeline)
    job_id: str | None = None  # the job the turn runs for: a new itinerary is linked to it
    committed: int = 0  # messages already handed to the history (mid-turn checkpoints)
    input_tokens: int = 0  # model tokens of the turn, reported in its ``usage`` event
    output_tokens: int = 0
    usage_estimated: bool = False
    checkpoint: Callable[[TurnContext], Awaitable[None]] = field(default=_no_checkpoint, repr=False)
    _seq: int = 0
    _iterations: int = 0
    _open_calls: dict[str, str] = field(default_factory=dict)
    _text: list[str] = field(default_factory=list)

    def emit(self, payload: Payload) -> Event:
        self._seq += 1
        event = Event(job_id=self.turn_id, seq=self._seq, payload=payload)
        self.sink(event)
        return event

    def check(self) -> None:
        """Raise `CancelledError` if the turn was cancelled."""
        self.token.check()

    def stop(self) -> bool:
        """The stop callback handed to long steps (the solver polls it)."""
        return self.token.is_cancelled

    @property
    def iterations(self) -> int:
        """Steps started so far (at most `max_iterations`)."""
        return self._iterations

    def step(self, name: str) -> None:
        """Start a step: check cancellation and the iteration budget, report progress."""
        self.check()
        self._iterations += 1
        if self._iterations > self.max_iterations:
            raise IterationLimitError(name)
        self.emit(ThinkingStep(name, texts.step(name, self.lang)))

    def call_tool(self, name: str, arguments: dict[str, Any]) -> str:
        """Record and announce a tool call; returns its id. Pair it with `tool_result`."""
        self.check()
        call_id = f"call-{uuid.uuid4().hex[:10]}"
        self.tool_count += 1
        self.messages.append(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": call_id,
                        "type": "function",
                        "function": {
                            "name": name,
                            "arguments": json.dumps(arguments, ensure_ascii=False),
                        },
                    }
                ],
            }
        )
        self._open_calls[call_id] = name
        self.emit(ToolCall(call_id, name, arguments))
        return call_id

    def tool_result(self, call_id: str, result: dict[str, Any]) -> None:
        name = self._open_calls.pop(call_id)
        self.messages.append(
            {
                "role": "tool",
                "tool_call_id": call_id,
                "name": name,
                "content": json.dumps(result, ensure_ascii=False),
            }
        )
        self.emit(ToolResult(call_id, name, result))

    def say(self, text: str) -> None:
        """Stream `text` as ``token`` events, checking cancellation between pieces."""
        for start in range(0, len(text), TOKEN_CHARS):
            self.check()
            piece = text[start : start + TOKEN_CHARS]
            self._text.append(piece)
            self.emit(Token(piece))

    def fail(self, code: str, message: str) -> None:
        """Report a failure the person should read (an ``error`` event; the answer says it too)."""
        self.error, self.error_code = message, code
        self.emit(ErrorReported(code, message))

    @property
    def text(self) -> str:
        return "".join(self._text)

    def close_open_calls(self, result: dict[str, Any]) -> None:
        for call_id in list(self._open_calls):
            self.tool_result(call_id, result)


async def run_turn(
    ctx: TurnContext, policy: Policy, text: str, *, guide_for: int | None = None
) -> TurnOutcome:
    """Run `policy` on `text`; never raises. ``done`` is left to the caller (it comes last).

    With `guide_for`, the turn has no user message: it only writes the guide of that stored
    itinerary (`Policy.finish_guide`), e.g. for a job resumed after its itinerary checkpoint.
    The task running it being cancelled (a provider call that ignored the cancelled token past
    its grace, a loop shutting down) ends the turn ``cancelled`` like the token does.
    """
    if guide_for is None:
        ctx.lang = texts.detect_lang(text)
        ctx.messages.append({"role": "user", "content": text})
    status, reason = SUCCEEDED, None
    try:
        if guide_for is None:
            await policy.run(ctx, text)
        else:
            await policy.finish_guide(ctx, guide_for)
        if ctx.error is not None:  # the policy reported a failure (e.g. a request not understood)
            status, reason = FAILED, ctx.error_code
    except CancelledError as exc:
        status, reason = CANCELLED, exc.reason
    except asyncio.CancelledError:
        task = asyncio.current_task()
        if task is not None:
            task.uncancel()  # the turn ends here, recording how
        status, reason = CANCELLED, ctx.token.reason or "cancelled"
    except IterationLimitError:
        status, reason = FAILED, "max_iterations"
        ctx.fail(reason, texts.max_iterations(ctx.lang))
    except Exception as exc:
        message = error_message(exc, ctx.lang)
        if message is None:
            log.exception("turn %s failed", ctx.turn_id)
        status, reason = FAILED, error_code(exc, "planning" if message else "internal")
        ctx.fail(reason, message or texts.failed(ctx.lang))
    if status == CANCELLED:
        ctx.close_open_calls({"cancelled": True, "reason": reason})
        answer = (ctx.text + "\n" if ctx.text else "") + texts.INTERRUPTED_MARK
    elif status == FAILED:
        ctx.close_open_calls({"error": reason})
        answer = ctx.error or texts.failed(ctx.lang)
    else:
        answer = ctx.text
    final: dict[str, Any] = {"role": "assistant", "content": answer}
    if ctx.itinerary is not None:
        final.update(itinerary_id=ctx.itinerary.id, version=ctx.itinerary.version)
    ctx.messages.append(final)
    ctx.emit(Usage(ctx.input_tokens, ctx.output_tokens, ctx.usage_estimated))
    return TurnOutcome(
        turn_id=ctx.turn_id,
        status=status,
        reason=reason,
        text=answer,
        itinerary_id=ctx.itinerary.id if ctx.itinerary else None,
        version=ctx.itinerary.version if ctx.itinerary else None,
        error=ctx.error,
        tool_count=ctx.tool_count,
    )
