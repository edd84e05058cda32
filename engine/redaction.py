"""Secrets kept out of every log line — ours and the libraries' (httpx logs each request's URL at
INFO; httpcore logs at DEBUG).

`redact` masks, in any text: user-info in a URL (``http://user:KEY@host`` → ``http://***@host``),
an ``Authorization`` / ``Proxy-Authorization`` / ``X-Api-Key`` / ``Api-Key`` header's value
(written ``Name: value`` or as httpx/httpcore show header pairs, ``(b'authorization',
b'Bearer …')``), ``Bearer``/``Basic`` credentials, ``api_key=``-style query parameters, and every
secret registered with `add_secret` (the API key in use: `engine.providers.load_config` adds it).

`RedactingFilter` applies `redact` to a record's message, arguments and traceback; the CLI's and
the desktop's log handlers carry it (a filter on the handler sees records of every logger,
libraries' included).
"""

from __future__ import annotations

import functools
import logging
import re
import threading
from collections.abc import Callable

MASK = "***"
_SECRETS: set[str] = set()
_LOCK = threading.Lock()
#: The shortest value taken as a secret (a shorter one would mask ordinary words).
MIN_SECRET = 6


@functools.cache
def _patterns() -> tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...]:
    """The credential patterns, compiled on the first record (not at import: the desktop
    imports this before its first paint, and compiling them took 2-3 ms of its CPU)."""
    return (
        # scheme://user:password@host → scheme://***@host (also user@host: a token as the user name)
        (re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)[^\s/@'\"<>]+@"), r"\1***@"),
        # header pairs as httpx/httpcore print them: (b'authorization', b'Bearer …')
        (
            re.compile(
                r"(?i)(['\"]?(?:proxy-)?authorization['\"]?\s*,\s*b?['\"])[^'\"]*(['\"])"
                r"|(['\"]?x-api-key['\"]?\s*,\s*b?['\"])[^'\"]*(['\"])"
            ),
            lambda m: (m.group(1) or m.group(3)) + MASK + (m.group(2) or m.group(4)),
        ),
        # Name: value headers
        (re.compile(r"(?im)\b((?:proxy-)?authorization|x-api-key|api-key)(\s*[:=]\s*)[^\r\n,;}]+"),
         rf"\1\2{MASK}"),
        (re.compile(r"(?i)\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]{4,}"), rf"\1 {MASK}"),
        # query parameters: ?api_key=…, &key=…, access_token=…
        (re.compile(r"(?i)([?&](?:api[_-]?key|key|access[_-]?token|token|secret)=)[^&\s'\"]+"),
         rf"\1{MASK}"),
    )  # fmt: skip


def add_secret(value: str | None) -> None:
    """Mask `value` wherever it appears in a log line from now on (values shorter than
    `MIN_SECRET` characters are ignored)."""
    if value and len(value.strip()) >= MIN_SECRET:
        with _LOCK:
            _SECRETS.add(value.strip())


def redact(text: str) -> str:
    """`text` with credentials and registered secrets masked (see the module docstring)."""
    with _LOCK:
        secrets = sorted(_SECRETS, key=len, reverse=True)
    for secret in secrets:
        if secret in text:
            text = text.replace(secret, MASK)
    for pattern, replacement in _patterns():
        text = pattern.sub(replacement, text)
    return text


class RedactingFilter(logging.Filter):
    """A handler filter that runs `redact` over each record before it is written: the message
    with its arguments, and the traceback (formatted here, once, by `formatter` — the handler's,
    so a one-line formatter stays one line — then masked).

    Args:
        formatter: formats a record's exception (default: `logging.Formatter`).
    """

    def __init__(self, formatter: logging.Formatter | None = None) -> None:
        super().__init__()
        self.formatter = formatter or logging.Formatter()

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a broken format string: let the handler report it as usual
            return True
        clean = redact(message)
        if clean != message or record.args:
            record.msg, record.args = clean, None
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatter.formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True
