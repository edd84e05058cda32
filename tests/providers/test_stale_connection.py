"""A kept-alive connection the server closed is retried at once; real failures back off."""

from __future__ import annotations

from engine.providers import collect
from tests.helpers.scripted_server import Reply, text_stream

USER = [{"role": "user", "content": "hi"}]


async def test_a_hang_up_before_the_answer_is_retried_at_once_then_with_backoff(
    server, make_provider, sleeps
):
    server.push(Reply(drop=True), text_stream("ok"))
    result = await collect(make_provider().stream_chat(USER))
    assert result.text == "ok" and sleeps == [0.0]

    sleeps.clear()
    server.push(Reply(drop=True), Reply(drop=True), text_stream("ok"))
    result = await collect(make_provider().stream_chat(USER))
    assert result.text == "ok" and sleeps[0] == 0.0 and 0 < sleeps[1] <= 0.05
