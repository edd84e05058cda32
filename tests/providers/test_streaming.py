"""Streaming against the scripted server: text, native and written tool calls, usage, messages."""

from __future__ import annotations

import json

from engine.providers import (
    Finish,
    TextDelta,
    ToolCall,
    Usage,
    assistant_message,
    collect,
    tool_message,
)
from tests.helpers.scripted_server import (
    DONE,
    chunk,
    json_reply,
    sse,
    text,
    text_stream,
    tool_delta,
    usage,
)

from .conftest import SENTINEL_KEY

USER = [{"role": "user", "content": "上海出发去黄山玩两天"}]
TOOLS = [
    {"type": "function", "function": {"name": "search_places", "parameters": {"type": "object"}}},
    {"type": "function", "function": {"name": "plan_trip", "parameters": {"type": "object"}}},
]


async def test_streams_text_deltas_in_order_then_usage_and_finish(server, make_provider):
    server.push(text_stream("黄山", "两日", "游", tokens=(21, 3)))
    provider = make_provider()
    items = [item async for item in provider.stream_chat(USER)]
    assert items == [
        TextDelta("黄山"),
        TextDelta("两日"),
        TextDelta("游"),
        Usage(input_tokens=21, output_tokens=3, estimated=False),
        Finish(reason="stop", attempts=1, skipped_chunks=0),
    ]
    sent = server.requests[0]
    assert sent.path == "/v1/chat/completions"
    assert sent.headers["authorization"] == f"Bearer {SENTINEL_KEY}"
    assert sent.json["stream"] is True
    assert sent.json["stream_options"] == {"include_usage": True}
    assert sent.json["model"] == "test-model"
    assert sent.json["messages"] == USER


async def test_request_options_are_sent(server, make_provider):
    server.push(text_stream("ok"))
    provider = make_provider(extra_body={"top_p": 0.5})
    await collect(provider.stream_chat(USER, tools=TOOLS, max_tokens=32, temperature=0.2))
    body = server.requests[0].json
    assert (body["max_tokens"], body["temperature"], body["top_p"]) == (32, 0.2, 0.5)
    assert body["tools"] == TOOLS


async def test_native_tool_calls_are_assembled_from_split_deltas(server, make_provider):
    server.push(
        sse(
            chunk({"role": "assistant", "content": None}),
            tool_delta(0, id="call_a", name="search_places", arguments=""),
            tool_delta(0, arguments='{"city": "黄'),
            tool_delta(1, id="call_b", name="plan_trip", arguments='{"days"'),
            tool_delta(0, arguments='山", "kind": "scenic"}'),
            tool_delta(1, arguments=": 2}"),
            chunk(finish="tool_calls"),
            usage(40, 12),
            DONE,
        )
    )
    result = await collect(make_provider().stream_chat(USER, tools=TOOLS))
    assert result.text == ""
    assert result.tool_calls == [
        ToolCall("call_a", "search_places", {"city": "黄山", "kind": "scenic"}),
        ToolCall("call_b", "plan_trip", {"days": 2}),
    ]
    assert result.finish is not None and result.finish.reason == "tool_calls"


async def test_tool_call_written_as_bare_json_in_text(server, make_provider):
    server.push(text_stream('{"name": "search_places", ', '"arguments": {"city": "黄山"}}'))
    items = [i async for i in make_provider().stream_chat(USER, tools=TOOLS)]
    assert not [i for i in items if isinstance(i, TextDelta)], "the call is not shown as text"
    calls = [i for i in items if isinstance(i, ToolCall)]
    assert [(c.name, c.arguments, c.source) for c in calls] == [
        ("search_places", {"city": "黄山"}, "text")
    ]
    assert items[-1].reason == "tool_calls"


async def test_tool_call_written_in_a_json_fence_with_tool_args_keys(server, make_provider):
    server.push(text_stream("```json\n", '{"tool": "plan_trip", "args": {"days": 2}}', "\n```"))
    result = await collect(make_provider().stream_chat(USER, tools=TOOLS))
    assert [(c.name, c.arguments) for c in result.tool_calls] == [("plan_trip", {"days": 2})]
    assert result.text == "", "held back: the fence was the call, not prose"


async def test_tool_call_in_hermes_tags_with_string_arguments(server, make_provider):
    call = {"name": "plan_trip", "arguments": json.dumps({"days": 3})}
    server.push(text_stream("<tool_call>", json.dumps(call), "</tool_call>"))
    result = await collect(make_provider().stream_chat(USER, tools=TOOLS))
    assert [(c.name, c.arguments) for c in result.tool_calls] == [("plan_trip", {"days": 3})]


async def test_prose_streams_at_once_and_a_fenced_call_after_it_is_found(server, make_provider):
    server.push(
        text_stream(
            "I will search. ", '```json\n{"name": "search_places", "arguments": {"q": "温泉"}}\n```'
        )
    )
    items = [i async for i in make_provider().stream_chat(USER, tools=TOOLS)]
    assert items[0] == TextDelta("I will search. ")
    assert [(c.name, c.arguments) for c in items if isinstance(c, ToolCall)] == [
        ("search_places", {"q": "温泉"})
    ]


async def test_json_for_an_unknown_tool_stays_text(server, make_provider):
    reply = '{"name": "rm_rf", "arguments": {}}'
    server.push(text_stream(reply))
    result = await collect(make_provider().stream_chat(USER, tools=TOOLS))
    assert result.tool_calls == []
    assert result.text == reply


async def test_json_text_without_tools_is_plain_text(server, make_provider):
    server.push(text_stream('{"name": "search_places", "arguments": {}}'))
    items = [i async for i in make_provider().stream_chat(USER)]
    assert items[0] == TextDelta('{"name": "search_places", "arguments": {}}')
    assert not [i for i in items if isinstance(i, ToolCall)]


async def test_usage_is_estimated_when_the_server_reports_none(server, make_provider):
    server.push(text_stream("abcdefgh", "黄山", tokens=None))
    result = await collect(make_provider().stream_chat([{"role": "user", "content": "去黄山"}]))
    # input: 3 (primer) + 3 (message) + 3 CJK; output: 8 latin / 4 + 2 CJK
    assert result.usage == Usage(input_tokens=9, output_tokens=4, estimated=True)


async def test_a_server_that_ignores_stream_true_is_understood(server, make_provider):
    server.push(
        json_reply(
            {
                "choices": [
                    {
                        "index": 0,
                        "finish_reason": "tool_calls",
                        "message": {
                            "role": "assistant",
                            "content": None,
                            "tool_calls": [
                                {
                                    "id": "c1",
                                    "type": "function",
                                    "function": {"name": "plan_trip", "arguments": '{"days": 2}'},
                                }
                            ],
                        },
                    }
                ],
                "usage": {"prompt_tokens": 5, "completion_tokens": 6},
            }
        )
    )
    result = await collect(make_provider().stream_chat(USER, tools=TOOLS))
    assert result.tool_calls == [ToolCall("c1", "plan_trip", {"days": 2})]
    assert result.usage == Usage(5, 6, False)


async def test_assistant_null_content_with_tool_calls_round_trips(server, make_provider):
    call = ToolCall("call_1", "search_places", {"city": "黄山"})
    history = [
        *USER,
        assistant_message(None, [call]),
        tool_message("call_1", {"places": ["迎客松"]}),
        # An agent may also hand over arguments as a dict and omit content.
        {
            "role": "assistant",
            "tool_calls": [
                {"id": "call_2", "function": {"name": "plan_trip", "arguments": {"days": 2}}}
            ],
        },
        tool_message("call_2", "ok"),
    ]
    server.push(text_stream("好的"))
    result = await collect(make_provider().stream_chat(history, tools=TOOLS))
    assert result.text == "好的"
    sent = server.requests[0].json["messages"]
    assert sent[1] == {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "call_1",
                "type": "function",
                "function": {"name": "search_places", "arguments": '{"city": "黄山"}'},
            }
        ],
    }
    assert sent[2] == {
        "role": "tool",
        "tool_call_id": "call_1",
        "content": '{"places": ["迎客松"]}',
    }
    assert sent[3]["content"] is None
    assert sent[3]["tool_calls"][0]["function"]["arguments"] == '{"days": 2}'
    assert sent[3]["tool_calls"][0]["type"] == "function"
    assert history[3]["tool_calls"][0]["function"]["arguments"] == {"days": 2}, "input untouched"


async def test_text_mixed_with_a_role_only_first_chunk_and_reasoning_is_not_shown(
    server, make_provider
):
    server.push(
        sse(
            chunk({"role": "assistant"}),
            chunk({"reasoning_content": "let me think"}),
            text("答案"),
            chunk(finish="stop"),
            DONE,
        )
    )
    result = await collect(make_provider().stream_chat(USER))
    assert result.text == "答案"
