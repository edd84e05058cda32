"""Assemble one streamed chat-completions reply from its chunks into stream items."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from engine.providers.base import StreamItem, TextDelta, ToolCall, Usage
from engine.providers.errors import EmptyResponse, MalformedStream, ProtocolError, ServerError
from engine.providers.jsonrepair import loads_lenient
from engine.providers.textcalls import may_start_call, parse_text_tool_calls


@dataclass
class _PendingCall:
    id: str | None = None
    name: str = ""
    arguments: list[str] = field(default_factory=list)


def _usage(raw: Any) -> Usage | None:
    if not isinstance(raw, dict):
        return None
    prompt, completion = raw.get("prompt_tokens"), raw.get("completion_tokens")
    if isinstance(prompt, int) and isinstance(completion, int):
        return Usage(input_tokens=prompt, output_tokens=completion, estimated=False)
    return None


class ReplyAssembler:
    """Turns chunk payloads (SSE ``data``) into `TextDelta`s and, at the end, `ToolCall`s.

    Native ``tool_calls`` deltas are gathered per ``index`` and parsed when the reply ends
    (truncated arguments get the safe repair of `jsonrepair.close_truncated`). When tools were
    offered, text that may be a written tool call (it starts with ``{``, ``[``, a fence or
    ``<tool_call>``) is held back; at the end it becomes `ToolCall`s (``source="text"``) or,
    if it is not a call, one `TextDelta`.

    Attributes:
        text: all text so far.
        usage: usage reported by the server, if any.
        finish_reason: the server's finish reason, if any.
        skipped: chunks skipped as malformed or empty.
        malformed: of those, chunks that were not JSON objects.
        tool_calls: calls produced by `finish`.
    """

    def __init__(
        self,
        tool_names: Collection[str] = (),
        *,
        provider: str = "",
        redact: Callable[[str], str] = str,
    ) -> None:
        self._tool_names = frozenset(tool_names)
        self._provider = provider
        self._redact = redact
        self._calls: dict[int, _PendingCall] = {}
        self._held: list[str] | None = [] if self._tool_names else None
        self._parts: list[str] = []
        self.usage: Usage | None = None
        self.finish_reason: str | None = None
        self.skipped = 0
        self.malformed = 0
        self.tool_calls: list[ToolCall] = []

    @property
    def text(self) -> str:
        return "".join(self._parts)

    def feed_data(self, data: str) -> list[StreamItem]:
        """Feed one SSE ``data`` payload (JSON text); malformed payloads are skipped."""
        try:
            chunks = [json.loads(data)]
        except json.JSONDecodeError:
            # Some servers omit the blank line between events, so several payloads arrive
            # joined by newlines in one event: read them one by one.
            chunks = []
            for line in data.splitlines():
                try:
                    chunks.append(json.loads(line.removeprefix("data:").strip()))
                except json.JSONDecodeError:
                    self.skipped += 1
                    self.malformed += 1
        items: list[StreamItem] = []
        for chunk in chunks:
            items.extend(self.feed(chunk))
        return items

    def feed(self, chunk: Any) -> list[StreamItem]:
        """Feed one parsed chunk (or a whole non-streamed completion)."""
        if not isinstance(chunk, dict):
            self.skipped += 1
            self.malformed += 1
            return []
        if chunk.get("error"):
            error = chunk["error"]
            detail = error.get("message") if isinstance(error, dict) else error
            detail = self._redact(str(detail))[:300]
            raise ServerError(f"error in stream: {detail}", provider=self._provider)
        self.usage = _usage(chunk.get("usage")) or self.usage
        choices = chunk.get("choices")
        if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
            if chunk.get("usage") is None:
                self.skipped += 1
            return []
        choice = choices[0]
        delta = choice.get("delta") or choice.get("message") or {}
        if choice.get("finish_reason"):
            self.finish_reason = str(choice["finish_reason"])
        if not isinstance(delta, dict):
            self.skipped += 1
            return []
        for position, call in enumerate(delta.get("tool_calls") or ()):
            self._add_call_delta(position, call)
        content = delta.get("content")
        if isinstance(content, str) and content:
            return self._add_text(content)
        return []

    def _add_call_delta(self, position: int, call: Any) -> None:
        if not isinstance(call, dict):
            return
        index = call.get("index", position)
        pending = self._calls.setdefault(
            index if isinstance(index, int) else position, _PendingCall()
        )
        if call.get("id"):
            pending.id = str(call["id"])
        function = call.get("function") or {}
        if isinstance(function.get("name"), str) and not pending.name:
            pending.name = function["name"]
        arguments = function.get("arguments")
        if isinstance(arguments, dict):
            arguments = json.dumps(arguments, ensure_ascii=False)
        if isinstance(arguments, str):
            pending.arguments.append(arguments)

    def _add_text(self, text: str) -> list[StreamItem]:
        self._parts.append(text)
        if self._held is None:
            return [TextDelta(text)]
        self._held.append(text)
        held = "".join(self._held)
        if may_start_call(held):
            return []
        self._held = None
        return [TextDelta(held)]

    def finish(self) -> list[StreamItem]:
        """End of the reply: the held text, then the tool calls.

        Raises:
            ProtocolError: tool-call arguments that are not JSON even after the safe repair,
                or nothing but malformed chunks.
            EmptyResponse: no text and no tool call.
        """
        items: list[StreamItem] = []
        held = "".join(self._held) if self._held else ""
        if self._calls:
            self.tool_calls = [self._finish_call(i, p) for i, p in sorted(self._calls.items())]
        elif self._tool_names and self.text:
            for name, args, repaired in parse_text_tool_calls(self.text, self._tool_names):
                call_id = f"call_{secrets.token_hex(6)}"
                self.tool_calls.append(ToolCall(call_id, name, args, "text", repaired))
            if self.tool_calls:
                held = ""
                self.finish_reason = "tool_calls"
        if held:
            items.append(TextDelta(held))
        items.extend(self.tool_calls)
        if not self.tool_calls and not self.text.strip():
            if self.malformed:
                raise MalformedStream(
                    f"{self.malformed} malformed chunk(s) and no content",
                    provider=self._provider,
                    count=self.malformed,
                )
            raise EmptyResponse(
                f"finish_reason={self.finish_reason}, skipped chunks={self.skipped}",
                provider=self._provider,
            )
        return items

    def _finish_call(self, index: int, pending: _PendingCall) -> ToolCall:
        if not pending.name:
            raise ProtocolError(f"tool call #{index} has no name", provider=self._provider)
        raw = "".join(pending.arguments)
        try:
            arguments, repaired = loads_lenient(raw) if raw.strip() else ({}, False)
        except ValueError as exc:
            raise ProtocolError(
                f"arguments of tool call {pending.name!r} are not JSON: {exc}",
                provider=self._provider,
            ) from None
        if not isinstance(arguments, dict):
            raise ProtocolError(
                f"arguments of tool call {pending.name!r} are not an object",
                provider=self._provider,
            )
        call_id = pending.id or f"call_{secrets.token_hex(6)}"
        return ToolCall(call_id, pending.name, arguments, "native", repaired)
