"""Tool calls that a model wrote as JSON in its text (local models without native tool calls).

Recognised shapes, bare, in a ```json fence, or in Hermes/Qwen ``<tool_call>`` tags, alone or
in a list: ``{"name": …, "arguments": {…}}``, ``{"tool": …, "args": {…}}``,
``{"name": …, "parameters": {…}}`` (Llama 3), ``{"function": {"name": …, "arguments": …}}``
(OpenAI's own shape). Arguments may also be a JSON string. Only names of tools that were
offered count, so ordinary JSON in an answer is never taken for a call.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection
from typing import Any

from engine.providers.jsonrepair import find_objects, loads_lenient

_TAGGED = re.compile(r"<tool_call>\s*(.*?)\s*(?:</tool_call>|\Z)", re.DOTALL)
_FENCED = re.compile(r"```[ \t]*(?:json|JSON|tool_call)?[ \t]*\n(.*?)```", re.DOTALL)
_NAME_KEYS = ("name", "tool", "tool_name", "function")
_ARG_KEYS = ("arguments", "args", "parameters", "input")

ParsedCall = tuple[str, dict[str, Any], bool]


def may_start_call(text: str) -> bool:
    """Whether `text` (the reply so far) could still be the start of a written tool call."""
    head = text.lstrip()
    if not head:
        return True
    if head[0] in "{[`":
        return True
    return head.startswith("<tool_call>") or "<tool_call>".startswith(head)


def _as_call(value: Any, names: Collection[str]) -> tuple[str, dict[str, Any]] | None:
    if not isinstance(value, dict):
        return None
    inner = value.get("function")
    if isinstance(inner, dict):
        value = inner
    name = next((value[k] for k in _NAME_KEYS if isinstance(value.get(k), str)), None)
    if not isinstance(name, str) or name not in names:
        return None
    args: Any = next((value[k] for k in _ARG_KEYS if k in value), {})
    if isinstance(args, str):
        try:
            args = json.loads(args) if args.strip() else {}
        except json.JSONDecodeError:
            return None
    if not isinstance(args, dict):
        return None
    return name, args


def _calls_in(value: Any, names: Collection[str]) -> list[tuple[str, dict[str, Any]]]:
    values = value if isinstance(value, list) else [value]
    calls = [_as_call(item, names) for item in values]
    return [call for call in calls if call is not None]


def parse_text_tool_calls(text: str, names: Collection[str]) -> list[ParsedCall]:
    """Find tool calls written in `text` for the tools `names`.

    Returns:
        ``(name, arguments, repaired)`` for each call, in order; empty when there is none.
    """
    if not names or not text.strip():
        return []
    blocks = _TAGGED.findall(text) or _FENCED.findall(text) or [text]
    found: list[ParsedCall] = []
    for block in blocks:
        try:
            value, repaired = loads_lenient(block)
        except ValueError:
            found.extend((n, a, False) for v in find_objects(block) for n, a in _calls_in(v, names))
            continue
        found.extend((name, args, repaired) for name, args in _calls_in(value, names))
    return found
