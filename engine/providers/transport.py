"""HTTP details of one chat-completions attempt: status mapping, SSE reading, the client."""

from __future__ import annotations

import asyncio
import html
import json
import logging
import os
import re
from collections.abc import AsyncIterator, Callable

import httpx
from httpx_sse import EventSource

from engine.providers.assembly import ReplyAssembler
from engine.providers.base import StreamItem
from engine.providers.errors import (
    AuthError,
    BadRequestError,
    ConfigError,
    NotAnAnswer,
    ProviderError,
    RateLimitError,
    ServerError,
)
from engine.providers.retry import RETRYABLE_STATUS, parse_retry_after
from engine.providers.scope import CallScope
from engine.untrusted import clean_name

logger = logging.getLogger(__name__)

DEFAULT_TIMEOUT = httpx.Timeout(connect=10.0, read=60.0, write=30.0, pool=10.0)
"""Timeouts of a client the provider creates itself; `read` is the longest gap between bytes."""


class RetryableError(Exception):
    """An attempt failed in a way another attempt may fix.

    Attributes:
        error: the error to raise if no attempt is left.
        retry_after: seconds the server asked us to wait, if it said.
        stale: a kept-alive connection the server had closed (it hung up before answering):
            the first retry goes at once, on a new connection.
    """

    def __init__(
        self, error: ProviderError, retry_after: float | None = None, *, stale: bool = False
    ) -> None:
        super().__init__(str(error))
        self.error = error
        self.retry_after = retry_after
        self.stale = stale


async def raise_for_status(
    response: httpx.Response, scope: CallScope, *, provider: str, redact: Callable[[str], str]
) -> None:
    """Raise the error for an HTTP error `response` (status 400 or more).

    Raises:
        AuthError: 401, 403.
        RetryableError: 429 (`RateLimitError`), 408, 425 and 5xx (`ServerError`).
        BadRequestError: any other status.
    """
    status = response.status_code
    try:
        raw = await scope.run(response.aread())
    except httpx.TransportError:
        raw = b""
    detail = f"HTTP {status}: {redact(error_text(raw))}"
    retry_after = parse_retry_after(response.headers.get("retry-after"))
    if status in (401, 403):
        raise AuthError(detail, provider=provider, status_code=status)
    if status == 429:
        error = RateLimitError(detail, provider=provider, retry_after=retry_after)
        raise RetryableError(error, retry_after)
    if status in RETRYABLE_STATUS or status >= 500:
        error_5xx = ServerError(detail, provider=provider, status_code=status)
        raise RetryableError(error_5xx, retry_after)
    raise BadRequestError(detail, provider=provider, status_code=status)


def error_text(raw: bytes) -> str:
    """The server's error message from an error body, at most 300 characters (a web page:
    its title)."""
    text = raw.decode("utf-8", "replace").strip()
    if _looks_like_html(text):
        return page_title(text) or "an HTML page"
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return text[:300]
    if isinstance(data, dict):
        error = data.get("error", data)
        if isinstance(error, dict):
            text = str(error.get("message") or error.get("detail") or error)
        else:
            text = str(error)
    return text[:300]


_TITLE = re.compile(r"(?is)<title[^>]*>(.*?)</title>|<h1[^>]*>(.*?)</h1>")
_TAG = re.compile(r"(?s)<[^>]*>")
#: The most of a non-stream body read to say what it was (bytes).
SNIFF_BYTES = 64 * 1024


def _looks_like_html(text: str) -> bool:
    head = text.lstrip()[:200].lower()
    return head.startswith(("<!doctype html", "<html", "<head", "<body")) or "<html" in head


def page_title(text: str) -> str:
    """A web page's title (or first heading), cleaned and at most 80 characters; "" if none."""
    match = _TITLE.search(text)
    if match is None:
        return ""
    title = html.unescape(_TAG.sub("", match.group(1) or match.group(2) or ""))
    return clean_name(" ".join(title.split()))[:80]


async def read_unlabelled(
    response: httpx.Response, scope: CallScope, assembler: ReplyAssembler, url: str, provider: str
) -> AsyncIterator[StreamItem]:
    """A 2xx body that is neither JSON nor labelled ``text/event-stream``: an event stream sent
    without its content type is read as one; anything else — a web page (a Wi-Fi login, a
    proxy's error page), plain text — raises `NotAnAnswer`, saying what it was.

    Raises:
        NotAnAnswer: the body is not an event stream.
    """
    raw = b""
    async for piece in _pieces(response, scope):
        raw += piece
        if len(raw) >= SNIFF_BYTES:
            break
    text = raw.decode("utf-8", "replace")
    if text.lstrip().startswith(("data:", "event:", ":")):
        for block in text.replace("\r\n", "\n").split("\n\n"):
            data = "\n".join(
                line[5:].lstrip() for line in block.split("\n") if line.startswith("data:")
            ).strip()
            if data == "[DONE]":
                return
            if data:
                for item in assembler.feed_data(data):
                    yield item
        return
    kind = response.headers.get("content-type", "").split(";")[0].strip().lower()
    if _looks_like_html(text) or kind == "text/html":
        sample, what = page_title(text), "html"
    else:
        sample = clean_name(" ".join(_TAG.sub(" ", text).split()))[:80]
        what = "text" if kind.startswith("text/") or not kind else "other"
    raise NotAnAnswer(
        f"HTTP {response.status_code}, content-type {kind or 'none'}, {len(raw)} bytes",
        provider=provider,
        url=url,
        kind=what,
        sample=sample,
    )


async def _pieces(response: httpx.Response, scope: CallScope) -> AsyncIterator[bytes]:
    chunks = response.aiter_bytes()
    while True:
        try:
            yield await scope.run(anext(chunks))
        except StopAsyncIteration:
            return


async def read_sse(
    response: httpx.Response, scope: CallScope, assembler: ReplyAssembler
) -> AsyncIterator[StreamItem]:
    """Feed the SSE events of `response` to `assembler`, yielding what it produces.

    Each read goes through `scope` (deadline, cancellation). After ``[DONE]`` the rest of the
    body is drained (for at most a second) so the connection can go back to the pool.
    """
    events = EventSource(response).aiter_sse()
    try:
        while True:
            try:
                event = await scope.run(anext(events))
            except StopAsyncIteration:
                return
            data = event.data.strip()
            if data == "[DONE]":
                break
            if data:
                for item in assembler.feed_data(data):
                    yield item
        try:
            async with asyncio.timeout(min(1.0, scope.remaining())):
                async for _ in events:
                    pass
        except TimeoutError:
            logger.debug("the stream went on after [DONE]; closing it")
    finally:
        await events.aclose()


def new_client(provider: str) -> httpx.AsyncClient:
    """A client with `DEFAULT_TIMEOUT`.

    Raises:
        ConfigError: it cannot be created — typically ``SSL_CERT_FILE`` names a missing file.
    """
    try:
        return httpx.AsyncClient(timeout=DEFAULT_TIMEOUT)
    except OSError as exc:
        cert = os.environ.get("SSL_CERT_FILE")
        if cert and not os.path.exists(cert):
            raise ConfigError(
                f"SSL_CERT_FILE names a file that does not exist: {cert}",
                provider=provider,
                detail_zh=f"SSL_CERT_FILE 指向的文件不存在：{cert}",
            ) from None
        raise ConfigError(f"cannot create the HTTP client: {exc}", provider=provider) from None
