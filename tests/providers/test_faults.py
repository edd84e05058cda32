"""Every transport fault the scripted server can play, and what the provider does about it."""

from __future__ import annotations

import email.utils
import socket
import time

import httpx
import pytest

from engine.providers import (
    AuthError,
    BadRequestError,
    ConnectError,
    DeadlineExceeded,
    EmptyResponse,
    ProtocolError,
    RateLimitError,
    ServerError,
    StreamInterrupted,
    TextDelta,
    ToolCall,
    collect,
)
from tests.helpers.scripted_server import (
    DONE,
    Drop,
    Pause,
    Reply,
    chunk,
    error_reply,
    json_reply,
    sse,
    text,
    text_stream,
    tool_delta,
    usage,
)

USER = [{"role": "user", "content": "hi"}]
TOOLS = [{"type": "function", "function": {"name": "plan_trip", "parameters": {}}}]


async def test_429_with_retry_after_seconds_waits_that_long_then_succeeds(
    server, make_provider, sleeps
):
    server.push(error_reply(429, "slow down", {"Retry-After": "2"}), text_stream("ok"))
    result = await collect(make_provider().stream_chat(USER))
    assert result.text == "ok"
    assert sleeps == [2.0]
    assert result.finish is not None and result.finish.attempts == 2
    assert len(server.requests) == 2


async def test_429_with_retry_after_http_date(server, make_provider, sleeps):
    when = email.utils.formatdate(time.time() + 3, usegmt=True)
    server.push(error_reply(429, "slow down", {"Retry-After": when}), text_stream("ok"))
    await collect(make_provider().stream_chat(USER))
    assert len(sleeps) == 1 and 1.0 < sleeps[0] <= 3.0


async def test_429_every_time_raises_rate_limit_error_after_max_attempts(
    server, make_provider, sleeps
):
    server.push(*[error_reply(429, "slow down", {"Retry-After": "1"})] * 3)
    with pytest.raises(RateLimitError) as caught:
        await collect(make_provider().stream_chat(USER))
    assert len(server.requests) == 3 and sleeps == [1.0, 1.0]
    assert caught.value.retry_after == 1.0
    assert "1 s" in caught.value.message("en") and "1 秒" in caught.value.message("zh")


async def test_retry_after_longer_than_allowed_fails_at_once(server, make_provider, sleeps):
    server.push(error_reply(429, "quota", {"Retry-After": "3600"}))
    with pytest.raises(RateLimitError) as caught:
        await collect(make_provider().stream_chat(USER))
    assert sleeps == [] and len(server.requests) == 1
    assert caught.value.retry_after == 3600


async def test_500_then_success_is_retried_with_backoff(server, make_provider, sleeps):
    server.push(error_reply(500, "boom"), error_reply(503, "busy"), text_stream("ok"))
    result = await collect(make_provider().stream_chat(USER))
    assert result.text == "ok" and len(server.requests) == 3
    assert len(sleeps) == 2 and all(0 < s <= 0.05 for s in sleeps)


async def test_500_every_time_raises_server_error(server, make_provider):
    server.push(*[error_reply(502, "bad gateway")] * 3)
    with pytest.raises(ServerError) as caught:
        await collect(make_provider().stream_chat(USER))
    assert caught.value.status_code == 502
    assert "502" in caught.value.message("zh")


async def test_connection_dropped_before_a_response_is_retried(server, make_provider):
    server.push(Reply(drop=True), text_stream("ok"))
    result = await collect(make_provider().stream_chat(USER))
    assert result.text == "ok" and len(server.requests) == 2


async def test_connection_drop_mid_stream_before_any_text_is_retried(server, make_provider):
    server.push(sse(chunk({"role": "assistant"}), Drop()), text_stream("ok"))
    result = await collect(make_provider().stream_chat(USER))
    assert result.text == "ok"


async def test_connection_drop_after_text_raises_stream_interrupted(server, make_provider):
    server.push(sse(text("黄山"), Drop()), text_stream("never asked for"))
    items = []
    with pytest.raises(StreamInterrupted) as caught:
        async for item in make_provider().stream_chat(USER):
            items.append(item)
    assert items == [TextDelta("黄山")]
    assert len(server.requests) == 1, "delivered text is never repeated by a retry"
    assert "中断" in caught.value.message("zh")


async def test_nothing_listening_raises_connect_error_after_retries(make_provider, sleeps):
    with socket.socket() as probe:  # a port that was free a moment ago
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    provider = make_provider(base_url=f"http://user:pw@127.0.0.1:{port}/v1")
    with pytest.raises(ConnectError) as caught:
        await collect(provider.stream_chat(USER))
    assert len(sleeps) == 2
    assert f"127.0.0.1:{port}/v1" in caught.value.message("en")
    assert "pw" not in caught.value.message("en"), "credentials in the URL are not shown"


async def test_401_raises_auth_error_without_retrying(server, make_provider):
    server.push(error_reply(401, "invalid api key"))
    with pytest.raises(AuthError) as caught:
        await collect(make_provider().stream_chat(USER))
    assert len(server.requests) == 1
    assert "API key" in caught.value.message("en")
    assert "API 密钥" in caught.value.message("zh")
    assert caught.value.code == "auth"


async def test_400_raises_bad_request_with_the_servers_reason(server, make_provider):
    server.push(error_reply(400, "model 'gpt-9' does not exist"))
    with pytest.raises(BadRequestError) as caught:
        await collect(make_provider().stream_chat(USER))
    assert len(server.requests) == 1
    assert "gpt-9" in caught.value.detail


async def test_server_rejecting_stream_options_is_asked_again_without(server, make_provider):
    server.push(error_reply(400, "unknown field: stream_options"), text_stream("ok", tokens=None))
    provider = make_provider()
    result = await collect(provider.stream_chat(USER))
    assert result.text == "ok" and result.usage is not None and result.usage.estimated
    assert "stream_options" not in server.requests[1].json
    server.push(text_stream("again", tokens=None))
    await collect(provider.stream_chat(USER))
    assert "stream_options" not in server.requests[2].json, "remembered"


async def test_malformed_sse_lines_are_skipped_and_counted(server, make_provider):
    server.push(
        sse(
            text("黄"),
            "data: {not json\n\n",
            ": a comment line\n\n",
            "garbage without a colon\n\n",
            'data: ["a list"]\n\n',
            text("山"),
            chunk(finish="stop"),
            DONE,
        )
    )
    result = await collect(make_provider().stream_chat(USER))
    assert result.text == "黄山"
    assert result.finish is not None and result.finish.skipped_chunks == 2


async def test_events_without_blank_lines_between_them_are_split(server, make_provider):
    joined = "".join(
        f"data: {c}\n"
        for c in (
            '{"choices":[{"delta":{"content":"a"}}]}',
            '{"choices":[{"delta":{"content":"b"}}]}',
        )
    )
    server.push(sse(joined + "\n", chunk(finish="stop"), DONE))
    result = await collect(make_provider().stream_chat(USER))
    assert result.text == "ab"


async def test_only_malformed_chunks_raise_protocol_error(server, make_provider):
    server.push(sse("data: {oops\n\n", "data: <html>\n\n", DONE))
    with pytest.raises(ProtocolError, match="malformed"):
        await collect(make_provider().stream_chat(USER))


async def test_truncated_tool_arguments_are_closed_when_safe(server, make_provider):
    server.push(
        sse(
            tool_delta(
                0, id="c1", name="plan_trip", arguments='{"days": 2, "city": {"name": "黄山"'
            ),
            chunk(finish="length"),
            DONE,
        )
    )
    result = await collect(make_provider().stream_chat(USER, tools=TOOLS))
    assert result.tool_calls == [
        ToolCall("c1", "plan_trip", {"days": 2, "city": {"name": "黄山"}}, repaired=True)
    ]


async def test_tool_arguments_cut_inside_a_value_raise_protocol_error(server, make_provider):
    server.push(
        sse(
            tool_delta(0, id="c1", name="plan_trip", arguments='{"city": "黄'),
            chunk(finish="length"),
            DONE,
        )
    )
    with pytest.raises(ProtocolError, match="plan_trip"):
        await collect(make_provider().stream_chat(USER, tools=TOOLS))


async def test_empty_choices_and_no_content_raise_empty_response(server, make_provider):
    server.push(sse({"choices": []}, {"choices": []}, usage(3, 0), DONE))
    with pytest.raises(EmptyResponse) as caught:
        await collect(make_provider().stream_chat(USER))
    assert "空" in caught.value.message("zh")


async def test_non_streamed_reply_with_empty_choices_raises_empty_response(server, make_provider):
    server.push(json_reply({"choices": [], "usage": {"prompt_tokens": 1, "completion_tokens": 0}}))
    with pytest.raises(EmptyResponse):
        await collect(make_provider().stream_chat(USER))


async def test_error_event_before_output_is_retried(server, make_provider):
    server.push(sse({"error": {"message": "overloaded"}}), text_stream("ok"))
    result = await collect(make_provider().stream_chat(USER))
    assert result.text == "ok"


async def test_error_event_after_output_raises_server_error(server, make_provider):
    server.push(sse(text("a"), {"error": {"message": "model crashed"}}))
    with pytest.raises(ServerError, match="model crashed"):
        await collect(make_provider().stream_chat(USER))


async def test_a_stalled_stream_hits_the_deadline(server, make_provider):
    server.push(sse(text("黄"), Pause(60)))
    provider = make_provider(deadline=0.3)
    items = []
    with pytest.raises(DeadlineExceeded) as caught:
        async for item in provider.stream_chat(USER):
            items.append(item)
    assert items == [TextDelta("黄")]
    assert "0.3" in caught.value.message("en")
    await server.wait_until(lambda: server.disconnects == 1)


async def test_a_server_that_never_answers_hits_the_deadline(server, make_provider):
    server.push(Reply(stall=60))
    with pytest.raises(DeadlineExceeded):
        await collect(make_provider(deadline=0.3).stream_chat(USER))
    assert len(server.requests) == 1
    await server.wait_until(lambda: server.disconnects == 1)


async def test_the_deadline_covers_backoff_waits(server, make_provider):
    server.push(error_reply(503, "busy", {"Retry-After": "10"}))
    with pytest.raises(ServerError):  # the server's wait would pass the deadline: fail now
        await collect(make_provider(deadline=1.0).stream_chat(USER))
    assert len(server.requests) == 1


async def test_httpx_read_timeout_after_text_raises_stream_interrupted(server, make_provider):
    server.push(sse(text("黄"), Pause(60)))
    async with httpx.AsyncClient(timeout=httpx.Timeout(5.0, read=0.2)) as impatient:
        provider = make_provider(client=impatient, deadline=30.0)
        with pytest.raises(StreamInterrupted, match="ReadTimeout"):
            await collect(provider.stream_chat(USER))
    assert len(server.requests) == 1
