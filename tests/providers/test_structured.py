"""complete_json: json_schema requests, validation, one re-ask, the json_object fall-back."""

from __future__ import annotations

import json

import pytest

from engine.providers import StructuredOutputError, Usage
from engine.providers.structured import is_strict_compatible, response_format
from tests.helpers.scripted_server import error_reply, text_stream

SCHEMA = {
    "type": "object",
    "properties": {
        "destination": {"type": "string"},
        "days": {"type": "integer", "minimum": 1},
    },
    "required": ["destination", "days"],
    "additionalProperties": False,
}
ASK = [{"role": "user", "content": "上海出发去黄山玩两天"}]


async def test_json_schema_reply_is_parsed_and_validated(server, make_provider):
    server.push(text_stream('{"destination": "黄山", ', '"days": 2}'))
    usages: list[Usage] = []
    data = await make_provider().complete_json(
        ASK, schema=SCHEMA, name="trip_request", on_usage=usages.append
    )
    assert data == {"destination": "黄山", "days": 2}
    body = server.requests[0].json
    assert body["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "trip_request", "schema": SCHEMA, "strict": True},
    }
    assert (
        body["messages"][0]["role"] == "system" and "JSON Schema" in body["messages"][0]["content"]
    )
    assert body["messages"][1:] == ASK
    assert usages == [Usage(11, 7, False)]


async def test_fenced_json_with_a_think_block_is_accepted(server, make_provider):
    server.push(text_stream('<think>hmm</think>\n```json\n{"destination": "黄山", "days": 2}\n```'))
    data = await make_provider().complete_json(ASK, schema=SCHEMA, name="trip_request")
    assert data["days"] == 2


async def test_invalid_reply_is_asked_again_once_with_the_error(server, make_provider):
    server.push(
        text_stream('{"destination": "黄山", "days": 0}'),
        text_stream('{"destination": "黄山", "days": 2}'),
    )
    data = await make_provider().complete_json(ASK, schema=SCHEMA, name="trip_request")
    assert data == {"destination": "黄山", "days": 2}
    second = server.requests[1].json["messages"]
    assert second[-2] == {"role": "assistant", "content": '{"destination": "黄山", "days": 0}'}
    assert second[-1]["role"] == "user" and "$.days: less than 1" in second[-1]["content"]


async def test_not_json_twice_raises_structured_output_error(server, make_provider):
    server.push(text_stream("黄山很好玩"), text_stream("真的很好玩"))
    with pytest.raises(StructuredOutputError) as caught:
        await make_provider().complete_json(ASK, schema=SCHEMA, name="trip_request")
    assert len(server.requests) == 2
    assert "invalid JSON" in caught.value.detail
    assert "格式" in caught.value.message("zh")


async def test_server_refusing_json_schema_gets_json_object(server, make_provider):
    server.push(
        error_reply(400, "response_format type json_schema is unavailable"),
        text_stream(json.dumps({"destination": "黄山", "days": 2})),
    )
    provider = make_provider()
    data = await provider.complete_json(ASK, schema=SCHEMA, name="trip_request")
    assert data["destination"] == "黄山"
    assert server.requests[1].json["response_format"] == {"type": "json_object"}
    assert provider.json_mode == "json_object"


async def test_json_object_mode_from_a_preset(server, make_provider):
    server.push(text_stream('{"destination": "黄山", "days": 2}'))
    await make_provider(json_mode="json_object").complete_json(ASK, schema=SCHEMA, name="t")
    body = server.requests[0].json
    assert body["response_format"] == {"type": "json_object"}
    assert "JSON" in body["messages"][0]["content"], "json_object mode needs JSON in the prompt"


def test_strict_only_for_schemas_that_meet_the_strict_rules():
    assert is_strict_compatible(SCHEMA)
    loose = {"type": "object", "properties": {"a": {"type": "string"}}}
    assert not is_strict_compatible(loose)
    assert "strict" not in response_format("json_schema", loose, "x")["json_schema"]
