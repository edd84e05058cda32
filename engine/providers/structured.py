"""Structured output: ask for JSON matching a schema, validate it, re-ask once."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.cancellation import CancellationToken
from engine.providers.base import ChatResult, Usage, collect
from engine.providers.errors import BadRequestError, StructuredOutputError
from engine.providers.jsonrepair import loads_lenient
from engine.providers.schemacheck import validate

if TYPE_CHECKING:
    from engine.providers.openai_compat import OpenAICompatProvider

logger = logging.getLogger(__name__)

INSTRUCTION = (
    "Reply with one JSON object and nothing else (no prose, no code fence). "
    "It must match this JSON Schema:\n{schema}"
)
REASK = (
    "Your reply was not valid: {error}\n"
    "Reply again with only the corrected JSON object, matching the schema."
)


def is_strict_compatible(schema: Any) -> bool:
    """Whether `schema` meets OpenAI's ``strict`` rules: every object closed, all required."""
    if isinstance(schema, list):
        return all(is_strict_compatible(s) for s in schema)
    if not isinstance(schema, dict):
        return True
    if schema.get("type") == "object" or "properties" in schema:
        props = schema.get("properties", {})
        if schema.get("additionalProperties") is not False:
            return False
        if set(schema.get("required", ())) != set(props):
            return False
    return all(is_strict_compatible(v) for k, v in schema.items() if k != "enum")


def response_format(mode: str, schema: dict[str, Any], name: str) -> dict[str, Any]:
    """The ``response_format`` body field for `mode` (``json_schema`` or ``json_object``)."""
    if mode == "json_object":
        return {"type": "json_object"}
    spec: dict[str, Any] = {"name": name, "schema": schema}
    if is_strict_compatible(schema):
        spec["strict"] = True
    return {"type": "json_schema", "json_schema": spec}


def parse_reply(text: str, schema: dict[str, Any]) -> tuple[dict[str, Any] | None, str]:
    """Parse and validate a reply.

    Returns:
        (object, "") when valid, else (None, what is wrong).
    """
    try:
        value, _ = loads_lenient(text)
    except ValueError as exc:
        return None, str(exc)
    if not isinstance(value, dict):
        return None, f"expected a JSON object, got {type(value).__name__}"
    problems = validate(value, schema)
    if problems:
        return None, "; ".join(problems[:8])
    return value, ""


async def complete_json(
    provider: OpenAICompatProvider,
    messages: list[dict[str, Any]],
    *,
    schema: dict[str, Any],
    name: str,
    cancel: CancellationToken | None = None,
    on_usage: Callable[[Usage], None] | None = None,
    max_tokens: int | None = None,
) -> dict[str, Any]:
    """Ask `provider` for a JSON object matching `schema`; re-ask once if invalid.

    The schema also goes into a system message (models that ignore ``response_format`` still
    see it; ``json_object`` mode needs the word JSON in the prompt). A server that rejects
    ``json_schema`` (HTTP 400 naming it) is asked again in ``json_object`` mode, and the
    provider keeps that mode.

    Raises:
        StructuredOutputError: the reply is still invalid after the re-ask.
        ProviderError: any other provider failure.
    """
    instruction = INSTRUCTION.format(schema=json.dumps(schema, ensure_ascii=False))
    history = [{"role": "system", "content": instruction}, *messages]
    error = ""
    for ask in (1, 2):
        result = await _ask(provider, history, schema, name, cancel, max_tokens)
        if on_usage is not None and result.usage is not None:
            on_usage(result.usage)
        value, error = parse_reply(result.text, schema)
        if value is not None:
            return value
        logger.info("%s: structured reply %d invalid: %s", provider.name, ask, error[:200])
        history = [
            *history,
            {"role": "assistant", "content": result.text},
            {"role": "user", "content": REASK.format(error=error)},
        ]
    raise StructuredOutputError(error[:300], provider=provider.name)


async def _ask(
    provider: OpenAICompatProvider,
    history: list[dict[str, Any]],
    schema: dict[str, Any],
    name: str,
    cancel: CancellationToken | None,
    max_tokens: int | None,
) -> ChatResult:
    options: dict[str, Any] = {"cancel": cancel, "max_tokens": max_tokens}
    try:
        rf = response_format(provider.json_mode, schema, name)
        return await collect(provider.stream_chat(history, response_format=rf, **options))
    except BadRequestError as exc:
        mentioned = "response_format" in exc.detail or "json_schema" in exc.detail
        if provider.json_mode != "json_schema" or not mentioned:
            raise
    logger.info("%s: json_schema refused; using json_object", provider.name)
    provider.json_mode = "json_object"
    rf = response_format("json_object", schema, name)
    return await collect(provider.stream_chat(history, response_format=rf, **options))
