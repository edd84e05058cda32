"""Provider errors, each with a user-facing message in zh and en.

Hierarchy (after httpx's ``_exceptions.py``)::

    ProviderError                 base; `code`, `message(lang)`, never contains the API key
    ├── ConfigError               bad configuration (unknown preset, no base URL/model/key)
    ├── AuthError                 HTTP 401/403 — "check your API key"; never retried
    ├── BadRequestError           other HTTP 4xx (400, 404, 422 …); never retried
    ├── RateLimitError            HTTP 429 still after the retries; `retry_after` (seconds)
    ├── ServerError               HTTP 5xx (or an error event in the stream) after the retries
    ├── NetworkError              the transport failed
    │   ├── ConnectError          could not connect, or the connection dropped before any output
    │   ├── NoAnswer              no answer (response headers) within the first-byte window
    │   └── StreamInterrupted     the connection broke or stalled after output was delivered
    ├── DeadlineExceeded          the call's total deadline passed
    ├── ProtocolError             malformed stream or JSON that repair could not fix
    │   ├── MalformedStream       an event stream (SSE) none of whose events could be read
    │   ├── NotAnAnswer           a web page or plain text where a model's reply should be
    │   └── StructuredOutputError structured output invalid for its schema after one re-ask
    └── EmptyResponse             no choices, no text and no tool call

Cancellation is not a provider error: a cancelled `CancellationToken` raises
`engine.cancellation.CancelledError`; a cancelled task raises `asyncio.CancelledError`.

Whoever raises passes a `detail` that is already redacted (`redact`); messages never show a
traceback.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit, urlunsplit

_BEARER = re.compile(r"(?i)(bearer\s+)\S+")


def redact(text: str, *secrets: str | None) -> str:
    """Return `text` with every secret and any ``Bearer <token>`` replaced by ``***``."""
    for secret in secrets:
        if secret:
            text = text.replace(secret, "***")
    return _BEARER.sub(r"\1***", text)


def safe_url(url: str) -> str:
    """`url` without user info, query or fragment (they may carry credentials)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "<invalid URL>"
    host = parts.hostname or ""
    if parts.port:
        host = f"{host}:{parts.port}"
    return urlunsplit((parts.scheme, host, parts.path, "", ""))


def _lang(lang: str) -> str:
    return "zh" if lang.lower().startswith("zh") else "en"


class ProviderError(Exception):
    """Base of every provider failure.

    Attributes:
        code: stable machine-readable code (the `error` event's ``code``).
        detail: extra technical detail (English, redacted), may be empty.
        provider: the provider's name, e.g. ``deepseek``.
        status_code: the HTTP status, when there was one.
    """

    code = "provider_error"
    _en = "The model service{provider} failed."
    _zh = "模型服务{provider}出错。"

    def __init__(
        self, detail: str = "", *, provider: str = "", status_code: int | None = None
    ) -> None:
        self.detail = detail
        self.provider = provider
        self.status_code = status_code
        super().__init__(self._text())

    def _text(self) -> str:
        text = self.message("en")
        return f"{text} ({self.detail})" if self.detail else text

    def _fields(self) -> dict[str, object]:
        return {"status": self.status_code if self.status_code is not None else "?"}

    def message(self, lang: str = "en") -> str:
        """The user-facing message in ``zh`` or ``en`` (any ``zh_*`` counts as zh)."""
        template = self._zh if _lang(lang) == "zh" else self._en
        provider = f" {self.provider}" if self.provider else ""
        if _lang(lang) == "zh" and self.provider:
            provider = f"（{self.provider}）"
        return template.format(provider=provider, **self._fields())


class ConfigError(ProviderError):
    """Bad configuration; `message` adds the detail (`detail_zh` for zh, when given)."""

    code = "config"
    _en = "The model provider is not configured correctly."
    _zh = "模型服务的配置有误。"

    def __init__(self, detail: str = "", *, provider: str = "", detail_zh: str = "") -> None:
        self.detail_zh = detail_zh
        super().__init__(detail, provider=provider)

    def _text(self) -> str:
        return self.message("en")

    def message(self, lang: str = "en") -> str:
        base = super().message(lang)
        detail = self.detail_zh if _lang(lang) == "zh" and self.detail_zh else self.detail
        return f"{base}{'' if _lang(lang) == 'zh' else ' '}{detail}" if detail else base


class AuthError(ProviderError):
    code = "auth"
    _en = (
        "The model service{provider} rejected the API key (HTTP {status}). "
        "Check your API key in Settings or LVTU_API_KEY."
    )
    _zh = "模型服务{provider}拒绝了 API 密钥（HTTP {status}）。请在设置或 LVTU_API_KEY 中检查你的 API 密钥。"


class BadRequestError(ProviderError):
    code = "bad_request"
    _en = (
        "The model service{provider} refused the request (HTTP {status}). "
        "Check the model name and the endpoint address."
    )
    _zh = "模型服务{provider}拒绝了请求（HTTP {status}）。请检查模型名称和服务地址。"


class RateLimitError(ProviderError):
    """HTTP 429 after the retries.

    Attributes:
        retry_after: seconds the server asked us to wait, when it said.
    """

    code = "rate_limit"
    _en = "The model service{provider} is limiting requests; try again {when}."
    _zh = "模型服务{provider}请求过于频繁，请{when}重试。"

    def __init__(
        self, detail: str = "", *, provider: str = "", retry_after: float | None = None
    ) -> None:
        self.retry_after = retry_after
        super().__init__(detail, provider=provider, status_code=429)

    def message(self, lang: str = "en") -> str:
        template = self._zh if _lang(lang) == "zh" else self._en
        seconds = None if self.retry_after is None else max(1, round(self.retry_after))
        if _lang(lang) == "zh":
            when = "稍后" if seconds is None else f"在 {seconds} 秒后"
            provider = f"（{self.provider}）" if self.provider else ""
        else:
            when = "later" if seconds is None else f"in {seconds} s"
            provider = f" {self.provider}" if self.provider else ""
        return template.format(provider=provider, when=when)


class ServerError(ProviderError):
    code = "server"
    _en = "The model service{provider} had an internal error (HTTP {status}); try again later."
    _zh = "模型服务{provider}内部出错（HTTP {status}），请稍后重试。"


class NetworkError(ProviderError):
    code = "network"
    _en = "The network connection to the model service{provider} failed."
    _zh = "与模型服务{provider}的网络连接失败。"


class ConnectError(NetworkError):
    """Could not connect, or the connection dropped before any output.

    Attributes:
        url: the endpoint, without credentials (`safe_url`).
    """

    code = "connect"
    _en = "Could not reach the model service at {url}. Check the network and the endpoint address."
    _zh = "无法连接模型服务（{url}）。请检查网络和服务地址。"

    def __init__(self, detail: str = "", *, provider: str = "", url: str = "") -> None:
        self.url = safe_url(url) if url else "?"
        super().__init__(detail, provider=provider)

    def _fields(self) -> dict[str, object]:
        return {"url": self.url}


class NoAnswer(NetworkError):
    """The server did not answer — no response headers — within the first-byte window
    (`seconds`, all attempts together): a dead or hung endpoint.

    Attributes:
        url: the endpoint, without credentials (`safe_url`).
        seconds: the window.
    """

    code = "no_answer"
    _en = "The model service at {url} did not answer within {seconds:g} s."
    _zh = "模型服务（{url}）在 {seconds:g} 秒内没有应答。"

    def __init__(
        self, detail: str = "", *, provider: str = "", url: str = "", seconds: float = 0.0
    ) -> None:
        self.url = safe_url(url) if url else "?"
        self.seconds = seconds
        super().__init__(detail, provider=provider)

    def _fields(self) -> dict[str, object]:
        return {"url": self.url, "seconds": self.seconds}


class StreamInterrupted(NetworkError):
    code = "stream_interrupted"
    _en = "The connection to the model service{provider} broke while it was answering."
    _zh = "模型服务{provider}回答时连接中断。"


class DeadlineExceeded(ProviderError):
    """The call's total deadline passed.

    Attributes:
        deadline: the deadline, in seconds.
    """

    code = "deadline"
    _en = "The model service{provider} did not finish within {deadline:g} s."
    _zh = "模型服务{provider}未能在 {deadline:g} 秒内完成。"

    def __init__(self, detail: str = "", *, provider: str = "", deadline: float = 0.0) -> None:
        self.deadline = deadline
        super().__init__(detail, provider=provider)

    def _fields(self) -> dict[str, object]:
        return {"deadline": self.deadline}


class ProtocolError(ProviderError):
    code = "protocol"
    _en = "The model service{provider} sent a reply that could not be understood."
    _zh = "模型服务{provider}返回的内容无法解析。"


class MalformedStream(ProtocolError):
    """An event stream (SSE) whose events were none of them JSON chunks (`count` of them)."""

    code = "malformed_stream"
    _en = (
        "The model service{provider} sent an event stream (SSE) that could not be read "
        "({count} event(s) were not JSON)."
    )
    _zh = "模型服务{provider}发来的事件流（SSE）格式错误（{count} 段无法解析）。"

    def __init__(self, detail: str = "", *, provider: str = "", count: int = 0) -> None:
        self.count = count
        super().__init__(detail, provider=provider)

    def _fields(self) -> dict[str, object]:
        return {"count": self.count}


#: What `NotAnAnswer` says it got, by kind: (zh, en).
_ANSWER_KINDS = {
    "html": ("一个网页（HTML）", "a web page (HTML)"),
    "text": ("一段文字", "plain text"),
    "other": ("无法识别的内容", "something unrecognisable"),
}


class NotAnAnswer(ProtocolError):
    """The server answered with something that is not a model's reply — a web page (a login
    portal, a proxy's error page), plain text — over a successful status.

    Attributes:
        url: the endpoint, without credentials.
        kind: ``html``, ``text`` or ``other``.
        sample: the page's title or first words (cleaned, at most 80 characters), or "".
    """

    code = "not_an_answer"
    _en = "The model service at {url} answered with {what}, not a model's reply{sample}."
    _zh = "模型服务（{url}）返回的是{what}，不是模型的回答{sample}。"

    def __init__(
        self, detail: str = "", *, provider: str = "", url: str = "", kind: str = "other",
        sample: str = "",
    ) -> None:  # fmt: skip
        self.url = safe_url(url) if url else "?"
        self.kind = kind if kind in _ANSWER_KINDS else "other"
        self.sample = sample
        super().__init__(detail, provider=provider)

    def message(self, lang: str = "en") -> str:
        zh = _lang(lang) == "zh"
        what = _ANSWER_KINDS[self.kind][0 if zh else 1]
        sample = (f"：“{self.sample}”" if zh else f": {self.sample!r}") if self.sample else ""
        template = self._zh if zh else self._en
        return template.format(url=self.url, what=what, sample=sample)


class StructuredOutputError(ProtocolError):
    code = "structured_output"
    _en = "The model{provider} did not reply in the expected format, even after being asked again."
    _zh = "模型{provider}的回复不符合要求的格式（已重新询问一次）。"


class EmptyResponse(ProviderError):
    code = "empty_response"
    _en = "The model service{provider} returned an empty reply."
    _zh = "模型服务{provider}返回了空回复。"
