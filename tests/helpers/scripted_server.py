"""A scripted OpenAI-compatible HTTP server on a real 127.0.0.1 socket, for provider tests.

Each request takes the next `Reply` from the script: a plain body, an SSE stream (chunked,
with `Pause` and `Drop` steps), a dropped connection or a stall. The server records every
request, and counts clients that hung up while a reply was still running (`disconnects`).
"""

from __future__ import annotations

import asyncio
import contextlib
import http
import json
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Pause:
    """Wait `seconds` in the middle of a stream (noticing if the client hangs up)."""

    seconds: float


@dataclass(frozen=True)
class Drop:
    """Close the connection abruptly, mid-stream."""


Part = dict[str, Any] | str | Pause | Drop


@dataclass
class Reply:
    """One scripted response.

    Attributes:
        status: HTTP status.
        headers: extra response headers.
        body: a plain body (sent with Content-Length) when `events` is None.
        events: an SSE body: dicts are sent as ``data: <json>``, strings as they are.
        stall: seconds to wait before the status line.
        drop: close the connection instead of answering.
    """

    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""
    events: list[Part] | None = None
    stall: float = 0.0
    drop: bool = False


@dataclass
class Recorded:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes

    @property
    def json(self) -> Any:
        return json.loads(self.body)


# --- builders ---------------------------------------------------------------------------------

DONE = "data: [DONE]\n\n"
WAIT_LIMIT = 5.0


def chunk(delta: dict[str, Any] | None = None, finish: str | None = None) -> dict[str, Any]:
    return {
        "object": "chat.completion.chunk",
        "model": "test-model",
        "choices": [{"index": 0, "delta": delta or {}, "finish_reason": finish}],
    }


def text(content: str) -> dict[str, Any]:
    return chunk({"content": content})


def tool_delta(
    index: int, *, id: str | None = None, name: str | None = None, arguments: str | None = None
) -> dict[str, Any]:
    call: dict[str, Any] = {"index": index, "function": {}}
    if id is not None:
        call.update(id=id, type="function")
    if name is not None:
        call["function"]["name"] = name
    if arguments is not None:
        call["function"]["arguments"] = arguments
    return chunk({"tool_calls": [call]})


def usage(prompt: int, completion: int) -> dict[str, Any]:
    return {
        "object": "chat.completion.chunk",
        "choices": [],
        "usage": {
            "prompt_tokens": prompt,
            "completion_tokens": completion,
            "total_tokens": prompt + completion,
        },
    }


def sse(*parts: Part, status: int = 200, headers: dict[str, str] | None = None) -> Reply:
    return Reply(status=status, headers=headers or {}, events=list(parts))


def text_stream(
    *pieces: str, finish: str = "stop", tokens: tuple[int, int] | None = (11, 7)
) -> Reply:
    """A whole streamed text reply: role chunk, pieces, finish, optional usage, [DONE]."""
    parts: list[Part] = [chunk({"role": "assistant", "content": ""})]
    parts += [text(p) for p in pieces]
    parts.append(chunk(finish=finish))
    if tokens is not None:
        parts.append(usage(*tokens))
    parts.append(DONE)
    return sse(*parts)


def json_reply(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> Reply:
    return Reply(
        status=status,
        headers={"Content-Type": "application/json", **(headers or {})},
        body=json.dumps(body).encode(),
    )


def error_reply(status: int, message: str, headers: dict[str, str] | None = None) -> Reply:
    return json_reply({"error": {"message": message, "type": "error"}}, status, headers)


# --- the server -------------------------------------------------------------------------------


class ScriptedServer:
    """The server. `start`, `push` replies, point a client at `base_url`, `close`.

    Attributes:
        requests: every request received, in order.
        disconnects: replies cut short because the client hung up.
        connections: TCP connections accepted.
        on_request: optional hook called with each request before it is answered.
    """

    def __init__(self) -> None:
        self.script: deque[Reply] = deque()
        self.requests: list[Recorded] = []
        self.disconnects = 0
        self.connections = 0
        self.on_request: Callable[[Recorded], None] | None = None
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._writers: set[asyncio.StreamWriter] = set()
        self._changed = asyncio.Event()
        self.port = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        # Abort open connections so their handlers end by themselves (cancelling a handler
        # task makes asyncio log an error).
        for writer in list(self._writers):
            writer.transport.abort()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._server is not None:
            await self._server.wait_closed()

    def push(self, *replies: Reply) -> None:
        self.script.extend(replies)

    async def wait_until(self, condition: Callable[[], bool]) -> None:
        """Wait until `condition()` holds, re-checking whenever the server's state changes.

        Raises:
            TimeoutError: still false after `WAIT_LIMIT` seconds.
        """
        async with asyncio.timeout(WAIT_LIMIT):
            while not condition():
                self._changed.clear()
                await self._changed.wait()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        self._writers.add(writer)
        self.connections += 1
        try:
            while True:
                request = await _read_request(reader)
                if request is None:
                    break
                self.requests.append(request)
                self._changed.set()
                if self.on_request is not None:
                    self.on_request(request)
                reply = self.script.popleft() if self.script else error_reply(500, "no script")
                if not await self._respond(reply, reader, writer):
                    break
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()
            self._writers.discard(writer)
            self._tasks.discard(task)

    async def _respond(
        self, reply: Reply, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> bool:
        """Send `reply`; False when the connection must close."""
        if reply.stall and await self._hung_up(reader, reply.stall):
            return False
        if reply.drop:
            return False
        head = f"HTTP/1.1 {reply.status} {http.HTTPStatus(reply.status).phrase}\r\n"
        headers = dict(reply.headers)
        if reply.events is None:
            headers.setdefault("Content-Length", str(len(reply.body)))
            writer.write(_head(head, headers) + reply.body)
            await writer.drain()
            return True
        headers.setdefault("Content-Type", "text/event-stream")
        headers["Transfer-Encoding"] = "chunked"
        writer.write(_head(head, headers))
        for part in reply.events:
            if isinstance(part, Pause):
                if await self._hung_up(reader, part.seconds):
                    return False
                continue
            if isinstance(part, Drop):
                writer.transport.abort()
                return False
            data = (f"data: {json.dumps(part)}\n\n" if isinstance(part, dict) else part).encode()
            writer.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
            try:
                await writer.drain()
            except ConnectionError:
                self.disconnects += 1
                self._changed.set()
                return False
        writer.write(b"0\r\n\r\n")
        await writer.drain()
        return True

    async def _hung_up(self, reader: asyncio.StreamReader, seconds: float) -> bool:
        """Wait up to `seconds`; True (and counted) if the client closed meanwhile."""
        try:
            async with asyncio.timeout(seconds):
                data = await reader.read(1)
        except TimeoutError:
            return False
        if data == b"":
            self.disconnects += 1
            self._changed.set()
            return True
        return False


def _head(status_line: str, headers: dict[str, str]) -> bytes:
    lines = [status_line] + [f"{k}: {v}\r\n" for k, v in headers.items()] + ["\r\n"]
    return "".join(lines).encode("latin-1")


async def _read_request(reader: asyncio.StreamReader) -> Recorded | None:
    line = await reader.readline()
    if not line:
        return None
    method, path, _ = line.decode("latin-1").split(" ", 2)
    headers: dict[str, str] = {}
    while True:
        raw = await reader.readline()
        if raw in (b"\r\n", b"\n", b""):
            break
        name, _, value = raw.decode("latin-1").partition(":")
        headers[name.strip().lower()] = value.strip()
    body = await reader.readexactly(int(headers.get("content-length", "0")))
    return Recorded(method, path, headers, body)
