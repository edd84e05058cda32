"""Lenient JSON reading for model output: code fences, ``<think>`` blocks, safe truncation repair."""

from __future__ import annotations

import json
import re
from typing import Any

_FENCE = re.compile(r"```[ \t]*(?:json|JSON)?[ \t]*\n?(.*?)(?:```|\Z)", re.DOTALL)
_THINK = re.compile(r"<think>.*?(?:</think>|\Z)", re.DOTALL)
_CLOSERS = {"{": "}", "[": "]"}
_NUMBER_END = re.compile(r"[0-9.eE+-]$")


def strip_wrapping(text: str) -> str:
    """Drop a reasoning ``<think>…</think>`` block and a surrounding Markdown code fence."""
    text = _THINK.sub("", text).strip()
    if text.startswith("```"):
        match = _FENCE.match(text)
        if match:
            return match.group(1).strip()
    return text


def close_truncated(text: str) -> str | None:
    """Close JSON that was cut off at a safe point; None when that would guess content.

    Safe means only closing brackets are missing: the cut is after a complete string,
    literal, container, or after a comma. A cut inside a string, after a key, or right after
    a number (``{"days": 2`` might have been ``25``) is not safe.

    Returns:
        The repaired text (it still has to parse), or None.
    """
    stack: list[str] = []
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in _CLOSERS:
            stack.append(char)
        elif char in "}]":
            if not stack or _CLOSERS[stack.pop()] != char:
                return None
    if in_string or not stack:
        return None
    tail = text.rstrip()
    after_comma = tail.endswith(",")
    if after_comma:
        tail = tail[:-1].rstrip()
    if not after_comma and _NUMBER_END.search(tail) and not tail.endswith(("true", "false")):
        return None
    return tail + "".join(_CLOSERS[opener] for opener in reversed(stack))


def loads_lenient(text: str) -> tuple[Any, bool]:
    """Parse model-written JSON.

    Unwraps fences and ``<think>`` blocks, then tries `json.loads`, then `close_truncated`.

    Returns:
        (value, repaired) — `repaired` is True when closing brackets were added.

    Raises:
        ValueError: not JSON, even after the safe repair (the message says why).
    """
    body = strip_wrapping(text)
    try:
        return json.loads(body), False
    except json.JSONDecodeError as exc:
        error = exc
    fixed = close_truncated(body)
    if fixed is not None:
        try:
            return json.loads(fixed), True
        except json.JSONDecodeError:
            pass
    raise ValueError(f"invalid JSON ({error.msg} at line {error.lineno} column {error.colno})")


def find_objects(text: str) -> list[Any]:
    """Every top-level JSON object or array embedded in prose, in order."""
    decoder = json.JSONDecoder()
    found: list[Any] = []
    index = 0
    while index < len(text):
        starts = [i for i in (text.find("{", index), text.find("[", index)) if i >= 0]
        if not starts:
            break
        start = min(starts)
        try:
            value, end = decoder.raw_decode(text, start)
        except json.JSONDecodeError:
            index = start + 1
            continue
        found.append(value)
        index = end
    return found
