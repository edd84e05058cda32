"""Cancellation — by token or by cancelling the task — closes the stream and frees its connection."""

from __future__ import annotations

import asyncio
import contextlib
import threading

import pytest

from engine.cancellation import CancellationToken, CancelledError
from engine.providers import OpenAICompatProvider, RetryPolicy, TextDelta, collect
from tests.helpers.scripted_server import Pause, Reply, sse, text, text_stream

USER = [{"role": "user", "content": "写一份黄山攻略"}]
PROMPTLY = 5.0  # seconds; far below the providers' 60 s deadline, so only cancellation ends a read


@pytest.fixture
def make_provider(make_provider):
    return lambda **kw: make_provider(**{"deadline": 60.0, **kw})


def slow_stream() -> Reply:
    """A very slow stream: one piece, then a long silence, then more."""
    return sse(text("第一天"), Pause(60), text("第二天"))


async def test_token_cancel_mid_stream_raises_and_closes_the_connection(server, make_provider):
    server.push(slow_stream())
    token = CancellationToken()
    items = []
    with pytest.raises(CancelledError, match="user pressed stop"):
        async for item in make_provider().stream_chat(USER, cancel=token):
            items.append(item)
            token.cancel("user pressed stop")
    assert items == [TextDelta("第一天")]
    await server.wait_until(lambda: server.disconnects == 1)


async def test_token_cancelled_from_another_thread_ends_a_blocked_read(server, make_provider):
    server.push(slow_stream())
    token = CancellationToken()
    started = asyncio.Event()
    loop = asyncio.get_running_loop()

    async def consume() -> None:
        async for _ in make_provider().stream_chat(USER, cancel=token):
            loop.call_soon(started.set)

    task = asyncio.create_task(consume())
    await started.wait()
    threading.Thread(target=token.cancel, args=("from a worker",)).start()
    with pytest.raises(CancelledError):
        async with asyncio.timeout(PROMPTLY):
            await task
    await server.wait_until(lambda: server.disconnects == 1)


async def test_a_cancelled_token_sends_no_request(server, make_provider):
    token = CancellationToken()
    token.cancel("too late")
    with pytest.raises(CancelledError):
        await collect(make_provider().stream_chat(USER, cancel=token))
    assert server.requests == []


async def test_token_cancel_during_backoff_stops_the_retry(server, client):
    token = CancellationToken()

    async def sleep_then_cancel(seconds: float) -> None:
        token.cancel("stop retrying")
        await asyncio.sleep(seconds)

    server.push(Reply(status=503, body=b"busy"))
    provider = OpenAICompatProvider(
        base_url=server.base_url,
        model="m",
        client=client,
        sleep=sleep_then_cancel,
        retry=RetryPolicy(base_delay=30, max_delay=30),
    )
    with pytest.raises(CancelledError, match="stop retrying"):
        await collect(provider.stream_chat(USER, cancel=token))
    assert len(server.requests) == 1


async def cancel_task_mid_stream(provider) -> None:
    """Consume a stream in a task and cancel the task once the first item arrived."""
    started = asyncio.Event()

    async def consume() -> None:
        async with contextlib.aclosing(provider.stream_chat(USER)) as stream:
            async for _ in stream:
                started.set()

    task = asyncio.create_task(consume())
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        async with asyncio.timeout(PROMPTLY):
            await task


async def test_cancelling_the_task_mid_stream_closes_the_connection(server, make_provider):
    server.push(slow_stream())
    await cancel_task_mid_stream(make_provider())
    await server.wait_until(lambda: server.disconnects == 1)


async def test_breaking_out_early_and_closing_frees_the_connection(server, make_provider):
    server.push(slow_stream())
    async with contextlib.aclosing(make_provider().stream_chat(USER)) as stream:
        async for _ in stream:
            break
    await server.wait_until(lambda: server.disconnects == 1)


async def test_the_pool_still_serves_after_50_cancelled_streams(server, make_provider, client):
    # The client's pool holds 2 connections: one leaked stream per cancel would exhaust it.
    provider = make_provider()
    for round_ in range(50):
        server.push(slow_stream())
        if round_ % 2:
            token = CancellationToken()
            with pytest.raises(CancelledError):
                async for _ in provider.stream_chat(USER, cancel=token):
                    token.cancel("stop")
        else:
            await cancel_task_mid_stream(provider)
    server.push(text_stream("still here"))
    result = await collect(provider.stream_chat(USER))
    assert result.text == "still here"
    await server.wait_until(lambda: server.disconnects == 50)
