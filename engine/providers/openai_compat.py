"""The OpenAI-compatible chat-completions provider over httpx and httpx-sse."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import httpx
from httpx_sse import SSEError

from engine.cancellation import CancellationToken
from engine.providers import structured
from engine.providers.assembly import ReplyAssembler
from engine.providers.base import Finish, StreamItem, Usage
from engine.providers.errors import (
    BadRequestError,
    ConfigError,
    ConnectError,
    MalformedStream,
    NoAnswer,
    ServerError,
    StreamInterrupted,
    redact,
    safe_url,
)
from engine.providers.messages import normalize_messages
from engine.providers.retry import RetryPolicy
from engine.providers.scope import CallScope
from engine.providers.transport import (
    RetryableError,
    new_client,
    raise_for_status,
    read_sse,
    read_unlabelled,
)
from engine.providers.usage import estimate_usage

logger = logging.getLogger(__name__)


class OpenAICompatProvider:
    """A chat provider for any OpenAI-compatible ``/chat/completions`` endpoint.

    Implements `engine.providers.base.ChatProvider`. Streams with SSE; assembles native
    ``tool_calls``; falls back to tool calls written as JSON in the text; retries 429, 5xx and
    connection failures (`RetryPolicy`, honouring ``Retry-After``) while no output has been
    delivered; enforces a total deadline per call besides httpx's read timeout, and a shorter
    window for the server's first answer (`first_byte`: a dead or hung endpoint fails in that
    long, all attempts together, not the whole deadline); cancellation (token or task) closes
    the stream, which frees its connection. A reply that is not a model's — a web page, plain
    text, an event stream of which nothing could be read — fails naming what it was
    (`NotAnAnswer`, `MalformedStream`).

    Args:
        base_url: e.g. ``https://api.deepseek.com/v1`` (``/chat/completions`` is appended).
        model: model name sent with each request.
        api_key: sent as ``Authorization: Bearer …``; None for local servers. Never logged,
            never in an error or a repr.
        name: provider or preset name, shown in messages.
        client: a shared ``httpx.AsyncClient``; it stays the caller's (`aclose` leaves it
            open). Without one the provider creates its own and `aclose` closes it.
        retry: the retry policy.
        deadline: total seconds per call, retries and back-off included.
        first_byte: seconds from the start of a call until the server must have answered
            (response headers), all attempts together; after that only `deadline` counts.
        json_mode: ``json_schema`` or ``json_object`` — what `complete_json` asks for.
        include_usage: ask for usage in the last chunk (``stream_options``).
        extra_body: more fields for every request body.
        sleep: how to wait between attempts (tests inject a recorder).

    Raises:
        ConfigError: no base URL or model, or ``SSL_CERT_FILE`` names a missing file.
    """

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        api_key: str | None = None,
        name: str = "openai-compatible",
        client: httpx.AsyncClient | None = None,
        retry: RetryPolicy | None = None,
        deadline: float = 180.0,
        first_byte: float = 15.0,
        json_mode: str = "json_schema",
        include_usage: bool = True,
        extra_body: dict[str, Any] | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        if not base_url or not model:
            raise ConfigError("a base URL and a model are required", provider=name)
        self.name = name
        self.model = model
        self.base_url = base_url.rstrip("/")
        self.retry = retry or RetryPolicy()
        self.deadline = deadline
        self.first_byte = first_byte
        self.json_mode = json_mode
        self._api_key = api_key or None
        self._include_usage = include_usage
        self._extra_body = dict(extra_body or {})
        self._sleep = sleep
        self._rng = random.Random()
        self._owns_client = client is None
        self._client = client if client is not None else new_client(name)

    def __repr__(self) -> str:
        key = "***" if self._api_key else None
        return (
            f"OpenAICompatProvider(name={self.name!r}, base_url={safe_url(self.base_url)!r}, "
            f"model={self.model!r}, api_key={key!r})"
        )

    async def aclose(self) -> None:
        """Close the HTTP client if this provider created it (idempotent)."""
        if self._owns_client and not self._client.is_closed:
            await self._client.aclose()

    async def __aenter__(self) -> OpenAICompatProvider:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    def redact(self, text: str) -> str:
        """`text` with the API key (and any bearer token) masked."""
        return redact(text, self._api_key)

    async def complete_json(
        self,
        messages: list[dict[str, Any]],
        *,
        schema: dict[str, Any],
        name: str,
        cancel: CancellationToken | None = None,
        on_usage: Callable[[Usage], None] | None = None,
        max_tokens: int | None = None,
    ) -> dict[str, Any]:
        """See `ChatProvider.complete_json` and `engine.providers.structured`."""
        return await structured.complete_json(
            self,
            messages,
            schema=schema,
            name=name,
            cancel=cancel,
            on_usage=on_usage,
            max_tokens=max_tokens,
        )

    async def stream_chat(
        self,
        messages: list[dict[str, Any]],
        *,
        tools: list[dict[str, Any]] | None = None,
        response_format: dict[str, Any] | None = None,
        max_tokens: int | None = None,
        temperature: float | None = None,
        cancel: CancellationToken | None = None,
    ) -> AsyncIterator[StreamItem]:
        """See `ChatProvider.stream_chat`."""
        body: dict[str, Any] = {"model": self.model, "messages": normalize_messages(messages)}
        body["stream"] = True
        if self._include_usage:
            body["stream_options"] = {"include_usage": True}
        for key, value in (("tools", tools), ("response_format", response_format)):
            if value:
                body[key] = value
        if max_tokens is not None:
            body["max_tokens"] = max_tokens
        if temperature is not None:
            body["temperature"] = temperature
        body.update(self._extra_body)
        tool_names = [t.get("function", {}).get("name", "") for t in tools or ()]
        with CallScope(self.deadline, cancel, provider=self.name) as scope:
            window = _AnswerWindow(asyncio.get_running_loop().time() + self.first_byte)
            attempt = 0
            while True:
                attempt += 1
                assembler = ReplyAssembler(tool_names, provider=self.name, redact=self.redact)
                delivered = False
                try:
                    async for item in self._attempt(body, scope, assembler, window):
                        delivered = True
                        yield item
                    break
                except BadRequestError as refused:
                    if "stream_options" in body and "stream_options" in refused.detail:
                        logger.info("%s: server refuses stream_options; sent without", self.name)
                        self._include_usage = False
                        del body["stream_options"]
                        continue
                    raise
                except RetryableError as failure:
                    error = failure.error
                    if delivered and isinstance(error, ConnectError):
                        raise StreamInterrupted(error.detail, provider=self.name) from None
                    if delivered:
                        raise error from None
                    await self._wait_before_retry(attempt, failure, scope, window)
            usage = assembler.usage or estimate_usage(
                body["messages"], tools, assembler.text, assembler.tool_calls
            )
            yield usage
            reason = assembler.finish_reason or ("tool_calls" if assembler.tool_calls else "stop")
            yield Finish(reason=reason, attempts=attempt, skipped_chunks=assembler.skipped)

    async def _wait_before_retry(
        self, attempt: int, failure: RetryableError, scope: CallScope, window: _AnswerWindow
    ) -> None:
        error = failure.error
        if attempt >= self.retry.max_attempts:
            raise error
        delay = 0.0 if failure.stale and attempt == 1 else self.retry.backoff(attempt, self._rng)
        if failure.retry_after is not None:
            too_long = failure.retry_after > self.retry.max_retry_after
            if too_long or failure.retry_after > scope.remaining():
                raise error
            delay = failure.retry_after
        if window.by is not None and asyncio.get_running_loop().time() + delay >= window.by:
            raise error  # no answer yet, and none could come in time: say what happened
        logger.warning(
            "%s: attempt %d failed (%s); retrying in %.2f s", self.name, attempt, error.code, delay
        )
        await scope.run(self._sleep(delay))

    async def _attempt(
        self,
        body: dict[str, Any],
        scope: CallScope,
        assembler: ReplyAssembler,
        window: _AnswerWindow,
    ) -> AsyncIterator[StreamItem]:
        headers = {"Accept": "text/event-stream"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        url = f"{self.base_url}/chat/completions"
        request = self._client.build_request("POST", url, json=body, headers=headers)
        try:
            response = await self._send(request, scope, window)
        except httpx.TransportError as exc:
            stale = isinstance(exc, httpx.RemoteProtocolError)
            raise RetryableError(self._connect_error(exc), stale=stale) from None
        try:
            if response.status_code >= 400:
                await raise_for_status(response, scope, provider=self.name, redact=self.redact)
            kind = response.headers.get("content-type", "").lower()
            if "json" in kind:
                raw = await scope.run(response.aread())  # the server ignored "stream": true
                for item in assembler.feed_data(raw.decode("utf-8", "replace")):
                    yield item
            elif "text/event-stream" in kind:
                async for item in read_sse(response, scope, assembler):
                    yield item
            else:
                async for item in read_unlabelled(
                    response, scope, assembler, self.base_url, self.name
                ):
                    yield item
            for item in assembler.finish():
                yield item
        except SSEError as exc:  # (an httpx.TransportError: caught first)
            raise MalformedStream(self.redact(str(exc)), provider=self.name) from None
        except httpx.TransportError as exc:
            raise RetryableError(self._connect_error(exc)) from None
        except ServerError as exc:  # an error event in the stream
            raise RetryableError(exc) from None
        finally:
            await response.aclose()

    async def _send(
        self, request: httpx.Request, scope: CallScope, window: _AnswerWindow
    ) -> httpx.Response:
        """Send `request`; until the server has answered once in this call, within `window`.

        Raises:
            NoAnswer: the window closed before the response headers came.
            httpx.TransportError: as `httpx.AsyncClient.send`.
        """
        send = self._client.send(request, stream=True)
        if window.by is None:
            return await scope.run(send)
        left = window.by - asyncio.get_running_loop().time()
        try:
            async with asyncio.timeout(max(0.0, left)):
                response = await scope.run(send)
        except TimeoutError:
            raise NoAnswer(
                f"no response headers within {self.first_byte:g} s",
                provider=self.name,
                url=self.base_url,
                seconds=self.first_byte,
            ) from None
        window.by = None  # it answered: from now on only the deadline counts
        return response

    def _connect_error(self, exc: httpx.TransportError) -> ConnectError:
        detail = self.redact(f"{type(exc).__name__}: {exc}")[:300]
        return ConnectError(detail, provider=self.name, url=self.base_url)


class _AnswerWindow:
    """When the server must have answered by (event-loop time), or None once it has."""

    __slots__ = ("by",)

    def __init__(self, by: float) -> None:
        self.by: float | None = by
