"""Time to fall back, and faults named for what they are (issue #17): a dead or hung endpoint
fails within the first-answer window, not the whole deadline; a web page, plain text or an
unreadable event stream is said to be that — not a network failure, not an empty answer."""

from __future__ import annotations

import socket

import httpx
import pytest

from engine.providers import (
    ConnectError,
    MalformedStream,
    NoAnswer,
    NotAnAnswer,
    OpenAICompatProvider,
    RetryPolicy,
    ServerError,
    build_provider,
    collect,
    load_config,
)
from engine.providers.config import DEFAULT_FIRST_BYTE
from tests.helpers.scripted_server import Reply, error_reply, sse, text, text_stream

USER = [{"role": "user", "content": "hi"}]
PORTAL = (
    b"<!DOCTYPE html><html><head><title>Hotel Wi-Fi &amp; Login</title></head>"
    b"<body><h1>Welcome</h1><form>...</form></body></html>"
)


async def test_a_hung_endpoint_fails_in_the_first_answer_window_not_the_deadline(
    server, make_provider
):
    server.push(Reply(stall=60))
    provider = make_provider(deadline=60.0, first_byte=0.3)
    with pytest.raises(NoAnswer) as caught:
        await collect(provider.stream_chat(USER))
    error = caught.value
    assert (
        error.message("en")
        == f"The model service at {server.base_url} did not answer within 0.3 s."
    )
    assert error.message("zh") == f"模型服务（{server.base_url}）在 0.3 秒内没有应答。"
    assert len(server.requests) == 1  # the window is for the whole call: no second try
    await server.wait_until(lambda: server.disconnects == 1)


async def test_once_the_server_answered_only_the_deadline_counts(server, make_provider):
    server.push(error_reply(503, "busy"), sse(text("黄"), text("山")))
    provider = make_provider(deadline=30.0, first_byte=5.0)
    result = await collect(provider.stream_chat(USER))
    assert result.text == "黄山" and result.finish is not None and result.finish.attempts == 2


async def test_retries_stop_when_no_answer_could_come_within_the_window(make_provider):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    waits: list[float] = []

    async def slow_sleep(seconds: float) -> None:
        waits.append(seconds)

    provider = make_provider(
        base_url=f"http://127.0.0.1:{port}/v1",
        first_byte=2.0,
        retry=RetryPolicy(max_attempts=3, base_delay=5.0, max_delay=5.0),  # waits of 2.5-5 s
        sleep=slow_sleep,
    )
    with pytest.raises(ConnectError):  # refused: said as it is, not as "no answer"
        await collect(provider.stream_chat(USER))
    assert waits == []  # no back-off wait past the window


def test_the_window_defaults_to_15_s_and_lvtu_first_byte_timeout_changes_it(tmp_path):
    environ = {"LVTU_BASE_URL": "http://127.0.0.1:9/v1", "LVTU_MODEL": "m"}
    provider = build_provider(load_config(tmp_path, environ=environ))
    assert provider.first_byte == DEFAULT_FIRST_BYTE == 15.0 and provider.deadline == 180.0
    config = load_config(tmp_path, environ={**environ, "LVTU_FIRST_BYTE_TIMEOUT": "120"})
    assert build_provider(config).first_byte == 120.0


async def test_a_web_page_is_said_to_be_one_with_its_title(server, make_provider):
    server.push(
        Reply(status=200, headers={"Content-Type": "text/html; charset=utf-8"}, body=PORTAL)
    )
    with pytest.raises(NotAnAnswer) as caught:
        await collect(make_provider().stream_chat(USER))
    assert caught.value.message("en") == (
        f"The model service at {server.base_url} answered with a web page (HTML), not a model's "
        "reply: 'Hotel Wi-Fi & Login'."
    )
    assert caught.value.message("zh") == (
        f"模型服务（{server.base_url}）返回的是一个网页（HTML），不是模型的回答：“Hotel Wi-Fi & Login”。"
    )
    assert len(server.requests) == 1  # a login page does not change in a second


async def test_plain_text_and_an_unlabelled_page_are_not_answers(server, make_provider):
    server.push(
        Reply(status=200, headers={"Content-Type": "text/plain"}, body=b"upstream connect error"),
        Reply(status=200, body=PORTAL),  # no content type at all
    )
    for kind, sample in (("text", "upstream connect error"), ("html", "Hotel Wi-Fi & Login")):
        with pytest.raises(NotAnAnswer) as caught:
            await collect(make_provider().stream_chat(USER))
        assert (caught.value.kind, caught.value.sample) == (kind, sample)


async def test_an_event_stream_without_its_content_type_is_still_read(server, make_provider):
    body = b'data: {"choices":[{"delta":{"content":"ok"}}]}\n\ndata: [DONE]\n\n'
    server.push(Reply(status=200, headers={"Content-Type": "application/octet-stream"}, body=body))
    assert (await collect(make_provider().stream_chat(USER))).text == "ok"


async def test_an_unreadable_event_stream_is_named(server, make_provider):
    server.push(sse("data: {not json\n\n", "data: <html>\n\n"))
    with pytest.raises(MalformedStream) as caught:
        await collect(make_provider().stream_chat(USER))
    assert caught.value.message("en").endswith(
        "sent an event stream (SSE) that could not be read (2 event(s) were not JSON)."
    )
    assert "事件流（SSE）格式错误（2 段无法解析）" in caught.value.message("zh")


async def test_a_proxy_error_page_reports_its_title_not_its_markup(server, make_provider):
    page = b"<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>"
    server.push(*[Reply(status=502, headers={"Content-Type": "text/html"}, body=page)] * 3)
    with pytest.raises(ServerError) as caught:
        await collect(make_provider().stream_chat(USER))
    assert caught.value.detail == "HTTP 502: 502 Bad Gateway"


async def test_mock_transport_html_is_not_taken_for_a_network_failure() -> None:
    transport = httpx.MockTransport(
        lambda request: httpx.Response(200, headers={"content-type": "text/html"}, content=PORTAL)
    )
    async with httpx.AsyncClient(transport=transport) as client:
        provider = OpenAICompatProvider(base_url="http://x/v1", model="m", client=client)
        with pytest.raises(NotAnAnswer):  # today: ConnectError "Could not reach", after retries
            await collect(provider.stream_chat(USER))


async def test_a_good_stream_still_streams(server, make_provider):
    server.push(text_stream("黄山"))
    assert (await collect(make_provider(first_byte=5.0).stream_chat(USER))).text == "黄山"
