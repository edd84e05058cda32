"""The chat-provider interface the agent calls: stream items, results and message builders."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

from engine.cancellation import CancellationToken


@dataclass(frozen=True, slots=True)
class ToolCall:
    """One complete tool call (a stream item, yielded once its arguments are whole).

    Attributes:
        id: the call id to answer with a ``tool`` message (`tool_message`).
        name: the tool's name, one of the `tools` passed in.
        arguments: the parsed arguments object.
        source: ``native`` (the API's ``tool_calls``) or ``text`` (JSON the model wrote in its
            text, recognised because `tools` were given and no native call came).
        repaired: the arguments JSON was truncated and closed by the safe repair.
    """

    id: str
    name: str
    arguments: dict[str, Any]
    source: Literal["native", "text"] = "native"
    repaired: bool = False


@dataclass(frozen=True, slots=True)
class Usage:
    """Token usage of one call (a stream item, yielded once, just before `Finish`).

    Attributes:
        input_tokens: prompt tokens.
        output_tokens: completion tokens.
        estimated: True when the server did not report usage and `estimate_usage` counted.
    """

    input_tokens: int
    output_tokens: int
    estimated: bool


@dataclass(frozen=True, slots=True)
class TextDelta:
    """A piece of the assistant's text, in order."""

    text: str


@dataclass(frozen=True, slots=True)
class Finish:
    """The last stream item.

    Attributes:
        reason: ``stop``, ``length``, ``tool_calls``, ``content_filter`` or what the server said.
        attempts: HTTP attempts made (1 = no retry).
        skipped_chunks: malformed or empty SSE chunks that were skipped.
    """

    reason: str
    attempts: int = 1
    skipped_chunks: int = 0


StreamItem = TextDelta | ToolCall | Usage | Finish


@dataclass(slots=True)
class ChatResult:
    """A whole reply, gathered by `collect`."""

    text: str = ""
    tool_calls: list[ToolCall] = field(default_factory=list)
    usage: Usage | None = None
    finish: Finish | None = None


@runtime_checkable
class ChatProvider(Protocol):
    """What the agent needs from a model provider.

    Attributes:
        name: the provider or preset name (``deepseek``, ``llama.cpp`` …).
        model: the model name sent with each request (may be changed between calls).
    """

    name: str
    model: str

    def stream_chat(
        self,
        messages: list[dict[str, Any]],
        *,
        tools: list[dict[str, Any]] | None = None,
        response_format: dict[str, Any] | None = None,
        max_tokens: int | None = None,
        temperature: float | None = None,
        cancel: CancellationToken | None = None,
    ) -> AsyncIterator[StreamItem]:
        """Stream one assistant reply: `TextDelta`* `ToolCall`* `Usage` `Finish`.

        `messages` and `tools` are in OpenAI chat-completions shape. Close the iterator
        (``contextlib.aclosing``) if you stop early; that frees the connection.

        Raises:
            ProviderError: a subclass from `engine.providers.errors`.
            engine.cancellation.CancelledError: `cancel` was cancelled.
        """
        ...

    async def complete_json(
        self,
        messages: list[dict[str, Any]],
        *,
        schema: dict[str, Any],
        name: str,
        cancel: CancellationToken | None = None,
        on_usage: Callable[[Usage], None] | None = None,
        max_tokens: int | None = None,
    ) -> dict[str, Any]:
        """Ask for a JSON object matching `schema` (structured output).

        Re-asks once, quoting the validation error, when the reply is not valid.
        `on_usage` is called with each call's `Usage` (one or two calls).

        Raises:
            StructuredOutputError: still invalid after the re-ask.
            ProviderError: any other provider failure.
        """
        ...

    async def aclose(self) -> None:
        """Release what the provider created (not an HTTP client passed in)."""
        ...


async def collect(stream: AsyncIterator[StreamItem]) -> ChatResult:
    """Drain `stream` into a `ChatResult` (closing it, also on error)."""
    result = ChatResult()
    parts: list[str] = []
    try:
        async for item in stream:
            if isinstance(item, TextDelta):
                parts.append(item.text)
            elif isinstance(item, ToolCall):
                result.tool_calls.append(item)
            elif isinstance(item, Usage):
                result.usage = item
            else:
                result.finish = item
    finally:
        aclose = getattr(stream, "aclose", None)
        if aclose is not None:
            await aclose()
    result.text = "".join(parts)
    return result
