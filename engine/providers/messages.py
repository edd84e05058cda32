"""Chat messages in the chat-completions shape: builders and the normalisation before sending."""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from typing import Any

from engine.providers.base import ToolCall


def assistant_message(text: str | None, tool_calls: Sequence[ToolCall] = ()) -> dict[str, Any]:
    """The assistant message to append to the history after a reply.

    With tool calls and no text, ``content`` is ``None`` (JSON ``null``), as the
    chat-completions API expects.
    """
    message: dict[str, Any] = {"role": "assistant", "content": text or None}
    if tool_calls:
        message["tool_calls"] = [
            {
                "id": call.id,
                "type": "function",
                "function": {
                    "name": call.name,
                    "arguments": json.dumps(call.arguments, ensure_ascii=False),
                },
            }
            for call in tool_calls
        ]
    elif message["content"] is None:
        message["content"] = ""
    return message


def tool_message(call_id: str, content: str | dict[str, Any] | list[Any]) -> dict[str, Any]:
    """A ``tool`` message answering the call `call_id`; non-strings are sent as JSON."""
    if not isinstance(content, str):
        content = json.dumps(content, ensure_ascii=False)
    return {"role": "tool", "tool_call_id": call_id, "content": content}


def normalize_messages(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Copy `messages`, fixing what servers reject in assistant tool-call messages.

    ``content`` is kept (``None`` stays JSON ``null``) and added as ``None`` when missing;
    ``function.arguments`` given as a dict is sent as a JSON string; ``type`` defaults to
    ``function``. The input is not modified.
    """
    result = copy.deepcopy(messages)
    for message in result:
        if message.get("role") != "assistant" or not message.get("tool_calls"):
            continue
        message.setdefault("content", None)
        for call in message["tool_calls"]:
            call.setdefault("type", "function")
            function = call.get("function", {})
            if not isinstance(function.get("arguments", ""), str):
                function["arguments"] = json.dumps(function["arguments"], ensure_ascii=False)
    return result
