"""Pure parts: JSON repair, written tool calls, schema checks, token estimates, back-off."""

from __future__ import annotations

import datetime as dt
import random

import pytest

from engine.providers.jsonrepair import close_truncated, find_objects, loads_lenient
from engine.providers.retry import RetryPolicy, parse_retry_after
from engine.providers.schemacheck import validate
from engine.providers.textcalls import may_start_call, parse_text_tool_calls
from engine.providers.usage import estimate_tokens

NAMES = {"search", "plan"}


@pytest.mark.parametrize(
    ("cut", "repaired"),
    [
        ('{"a": {"b": [1, 2]', '{"a": {"b": [1, 2]}}'),
        ('{"a": "x",', '{"a": "x"}'),
        ('{"a": 12,', '{"a": 12}'),
        ('{"a": true', '{"a": true}'),
        ('{"a": null', '{"a": null}'),
        ('{"a": [', '{"a": []}'),
    ],
)
def test_truncation_at_a_safe_point_is_closed(cut, repaired):
    assert close_truncated(cut) == repaired


@pytest.mark.parametrize("cut", ['{"a": "trunc', '{"a": 12', '{"a":', '{"a"', '{"a": tr'])
def test_truncation_that_would_need_a_guess_is_refused(cut):
    with pytest.raises(ValueError):
        loads_lenient(cut)


@pytest.mark.parametrize("text", ['{"a": "trunc', '{"a": 12', '{"a": 1}', '{"a": 1}}', "plain"])
def test_close_truncated_declines(text):
    assert close_truncated(text) is None


def test_loads_lenient_reports_repair_and_unwraps():
    assert loads_lenient('```json\n{"a": 1}\n```') == ({"a": 1}, False)
    assert loads_lenient('<think>x</think>\n{"a": [1]}') == ({"a": [1]}, False)
    assert loads_lenient('{"a": [1,') == ({"a": [1]}, True)
    with pytest.raises(ValueError, match="invalid JSON"):
        loads_lenient("not json")


def test_find_objects_in_prose():
    assert find_objects('see {"a": 1} and [2] but {bad') == [{"a": 1}, [2]]


@pytest.mark.parametrize(
    "written",
    [
        '{"name": "search", "arguments": {"q": "黄山"}}',
        '{"tool": "search", "args": {"q": "黄山"}}',
        '{"name": "search", "parameters": {"q": "黄山"}}',
        '{"type": "function", "function": {"name": "search", "arguments": "{\\"q\\": \\"黄山\\"}"}}',
        '```json\n{"name": "search", "arguments": {"q": "黄山"}}\n```',
        '<tool_call>\n{"name": "search", "arguments": {"q": "黄山"}}\n</tool_call>',
        'Sure: {"name": "search", "arguments": {"q": "黄山"}} done',
        '[{"name": "search", "arguments": {"q": "黄山"}}]',
    ],
)
def test_written_tool_call_variants(written):
    assert parse_text_tool_calls(written, NAMES) == [("search", {"q": "黄山"}, False)]


def test_written_calls_need_an_offered_name_and_object_arguments():
    assert parse_text_tool_calls('{"name": "rm", "arguments": {}}', NAMES) == []
    assert parse_text_tool_calls('{"name": "search", "arguments": [1]}', NAMES) == []
    assert parse_text_tool_calls('{"name": "search"}', set()) == []
    assert parse_text_tool_calls('{"name": "plan"}', NAMES) == [("plan", {}, False)]


def test_two_written_calls_in_tags_and_a_truncated_one():
    two = '<tool_call>{"name": "search", "arguments": {}}</tool_call><tool_call>{"name": "plan"}'
    assert [c[0] for c in parse_text_tool_calls(two, NAMES)] == ["search", "plan"]
    cut = '{"name": "plan", "arguments": {"days": 2}'
    assert parse_text_tool_calls(cut, NAMES) == [("plan", {"days": 2}, True)]


@pytest.mark.parametrize(
    ("so_far", "may"),
    [
        ("", True),
        ("  {", True),
        ("```", True),
        ("<tool", True),
        ("<tool_call>{", True),
        ("Hello", False),
        ("<b>", False),
        ("黄山", False),
    ],
)
def test_may_start_call(so_far, may):
    assert may_start_call(so_far) is may


def test_schema_check_reports_paths():
    schema = {
        "type": "object",
        "required": ["days", "stops"],
        "additionalProperties": False,
        "properties": {
            "days": {"type": "integer", "minimum": 1, "maximum": 30},
            "pace": {"enum": ["relaxed", "normal", "packed"]},
            "stops": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/stop"}},
        },
        "$defs": {
            "stop": {
                "type": "object",
                "required": ["name"],
                "properties": {"name": {"type": "string", "minLength": 1}},
            }
        },
    }
    assert validate({"days": 2, "stops": [{"name": "迎客松"}]}, schema) == []
    assert validate({"days": True, "pace": "fast", "stops": [{"name": ""}], "x": 1}, schema) == [
        "$.days: expected integer, got bool",
        "$.pace: 'fast' is not one of ['relaxed', 'normal', 'packed']",
        "$.stops[0].name: shorter than 1 characters",
        "$: unexpected property 'x'",
    ]
    assert validate({"stops": []}, schema) == [
        "$: missing required property 'days'",
        "$.stops: fewer than 1 items",
    ]
    assert validate(2.0, {"type": "integer"}) == []
    assert validate("x", {"anyOf": [{"type": "integer"}, {"type": "null"}]}) == [
        "$: does not match anyOf"
    ]


def test_token_estimate_latin_and_cjk():
    assert estimate_tokens("") == 0
    assert estimate_tokens("abcd") == 1
    assert estimate_tokens("abcde") == 2
    assert estimate_tokens("黄山两日游") == 5
    assert estimate_tokens("Day 1：黄山") == 2 + 3  # "Day 1" = 5 latin → 2; "：黄山" = 3 CJK


def test_backoff_grows_exponentially_with_jitter_and_a_cap():
    policy = RetryPolicy(base_delay=1.0, max_delay=4.0)
    rng = random.Random(0)
    for attempt, cap in [(1, 1.0), (2, 2.0), (3, 4.0), (4, 4.0), (10, 4.0)]:
        waits = [policy.backoff(attempt, rng) for _ in range(50)]
        assert all(cap / 2 <= w <= cap for w in waits)
        assert len(set(waits)) > 1, "jittered"


def test_retry_after_seconds_and_http_date():
    now = dt.datetime(2025, 5, 1, 12, 0, 0, tzinfo=dt.UTC)
    assert parse_retry_after("7", now) == 7.0
    assert parse_retry_after("1.5", now) == 1.5
    assert parse_retry_after("-3", now) == 0.0
    assert parse_retry_after("Thu, 01 May 2025 12:00:30 GMT", now) == 30.0
    assert parse_retry_after("Thu, 01 May 2025 11:00:00 GMT", now) == 0.0
    assert parse_retry_after("soon", now) is None
    assert parse_retry_after(None, now) is None
