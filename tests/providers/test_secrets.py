"""The API key never shows: not in logs, errors, messages, tracebacks or reprs."""

from __future__ import annotations

import logging
import socket
import traceback

import pytest

from engine.providers import ProviderError, build_provider, collect, load_config
from tests.helpers.scripted_server import Drop, Reply, error_reply, sse, text, text_stream

from .conftest import SENTINEL_KEY

USER = [{"role": "user", "content": "hi"}]


def everything_about(error: BaseException) -> str:
    """All text an exception can show: str, repr, messages, detail, traceback, causes."""
    parts = ["".join(traceback.format_exception(error))]
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        parts += [str(current), repr(current), repr(current.args)]
        if isinstance(current, ProviderError):
            parts += [current.message("zh"), current.message("en"), current.detail]
        current = current.__cause__ or current.__context__
    return "\n".join(parts)


async def test_the_key_never_appears_in_logs_errors_or_reprs(
    server, make_provider, caplog, tmp_path
):
    caplog.set_level(logging.DEBUG)
    echo = f"Incorrect API key provided: {SENTINEL_KEY}; header was Bearer {SENTINEL_KEY}"
    provider = make_provider()
    server.push(
        error_reply(401, echo),
        error_reply(400, echo),
        *[error_reply(429, echo, {"Retry-After": "0"})] * 3,
        *[error_reply(500, echo)] * 3,
        sse({"error": {"message": echo}}),
        sse({"error": {"message": echo}}),
        sse({"error": {"message": echo}}),
        sse(text("a"), Drop()),
        Reply(status=503, body=echo.encode()),
        Reply(status=503, body=echo.encode()),
        Reply(status=503, body=echo.encode()),
    )
    texts = [repr(provider)]
    for _ in range(7):
        with pytest.raises(ProviderError) as caught:
            await collect(provider.stream_chat(USER))
        texts.append(everything_about(caught.value))
    assert len(server.requests) == 15
    assert all(r.headers["authorization"] == f"Bearer {SENTINEL_KEY}" for r in server.requests)

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    refused = make_provider(base_url=f"http://127.0.0.1:{port}/v1")
    with pytest.raises(ProviderError) as caught:
        await collect(refused.stream_chat(USER))
    texts.append(everything_about(caught.value))

    (tmp_path / ".env").write_text(f"LVTU_PROVIDER=deepseek\nLVTU_API_KEY={SENTINEL_KEY}\n")
    config = load_config(tmp_path, environ={})
    assert config.api_key is not None and config.api_key.get() == SENTINEL_KEY
    built = build_provider(config)
    texts += [repr(config), str(config), f"{config.api_key}", repr(built)]
    logging.getLogger("test").info("config %s %r", config, config)
    await built.aclose()

    server.push(text_stream("ok"))
    await collect(provider.stream_chat(USER))
    texts.append(caplog.text)
    everything = "\n".join(texts)
    assert "retrying" in caplog.text, "the logs were captured"
    assert SENTINEL_KEY not in everything
    assert SENTINEL_KEY[3:15] not in everything
