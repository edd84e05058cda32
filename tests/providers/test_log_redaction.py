"""No log line carries a secret (issue #17): URL user-info, Authorization headers, bearer tokens,
key parameters and the registered key are masked by the filter on the log handlers — for our
records and the libraries' (httpx, httpcore at DEBUG); a key written into the base URL is taken
out of it and used as the key."""

from __future__ import annotations

import io
import logging

import pytest

from engine.cli.main import _Brief
from engine.providers import collect, load_config
from engine.providers.config import notice, split_credentials
from engine.redaction import RedactingFilter, add_secret, redact
from tests.helpers.scripted_server import text_stream

from .conftest import SENTINEL_KEY

USER = [{"role": "user", "content": "hi"}]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("HTTP Request: POST http://me:sk-abc123@host:8080/v1/chat", "POST http://***@host:8080/v1/chat"),
        ("GET https://token-only@api.example.com/v1/models", "GET https://***@api.example.com/v1/models"),
        ("headers=[(b'Host', b'x'), (b'Authorization', b'Bearer sk-abc123')]", "(b'Authorization', b'***')"),
        ("Authorization: Basic bWU6c2stYWJjMTIz", "Authorization: ***"),
        ("sent with Bearer sk-abc123 to the server", "sent with Bearer *** to the server"),
        ("x-api-key: sk-abc123", "x-api-key: ***"),
        ("GET /v1/models?api_key=sk-abc123&x=1", "GET /v1/models?api_key=***&x=1"),
    ],
)  # fmt: skip
def test_credentials_of_every_shape_are_masked(line: str, expected: str) -> None:
    assert expected in redact(line) and "sk-abc123" not in redact(line)
    assert "bWU6c2stYWJjMTIz" not in redact(line)


def test_a_registered_secret_is_masked_anywhere() -> None:
    add_secret("my-own-secret-value")
    assert redact("the key is my-own-secret-value, really") == "the key is ***, really"
    add_secret("abc")  # too short to be a secret: ordinary words stay
    assert redact("abc def") == "abc def"


def _handler(formatter: logging.Formatter) -> tuple[logging.Handler, io.StringIO]:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(formatter)
    handler.addFilter(RedactingFilter(formatter))
    return handler, stream


def test_the_filter_masks_messages_arguments_and_tracebacks() -> None:
    handler, stream = _handler(logging.Formatter("%(name)s: %(message)s"))
    log = logging.getLogger("test.redaction")
    log.addHandler(handler)
    try:
        log.warning(
            "calling %s with %r",
            f"http://u:{SENTINEL_KEY}@h/v1",
            {"Authorization": f"Bearer {SENTINEL_KEY}"},
        )
        try:
            raise ValueError(f"server said: Incorrect API key Bearer {SENTINEL_KEY}")
        except ValueError:
            log.exception("failed at http://u:%s@h/v1", SENTINEL_KEY)
    finally:
        log.removeHandler(handler)
    written = stream.getvalue()
    assert "Traceback" in written and "ValueError" in written
    assert SENTINEL_KEY not in written and "u:" not in written


def test_a_one_line_handler_stays_one_line_with_the_filter() -> None:
    handler, stream = _handler(_Brief("lvtu: %(levelname)s: %(message)s"))
    log = logging.getLogger("test.redaction.brief")
    log.addHandler(handler)
    try:
        try:
            raise OSError(28, f"No space left on device: Bearer {SENTINEL_KEY}")
        except OSError:
            log.exception("write failed")
    finally:
        log.removeHandler(handler)
    lines = stream.getvalue().splitlines()
    assert lines == [
        "lvtu: ERROR: write failed",
        "OSError: [Errno 28] No space left on device: Bearer ***",
    ]


def test_a_key_in_the_base_url_becomes_the_key_and_leaves_the_url(tmp_path) -> None:
    assert split_credentials("http://me:k%40y@host:8080/v1?x=1") == (
        "http://host:8080/v1?x=1",
        "k@y",
    )
    assert split_credentials("https://tok@host/v1") == ("https://host/v1", "tok")
    assert split_credentials("http://host/v1") == ("http://host/v1", None)
    environ = {"LVTU_BASE_URL": f"http://me:{SENTINEL_KEY}@127.0.0.1:9/v1", "LVTU_MODEL": "m"}
    config = load_config(tmp_path, environ=environ)
    assert config.base_url == "http://127.0.0.1:9/v1" and config.notices == ("url_key_used",)
    assert config.api_key is not None and config.api_key.get() == SENTINEL_KEY
    assert redact(f"anything {SENTINEL_KEY}") == "anything ***"  # registered as a secret
    both = load_config(tmp_path, environ={**environ, "LVTU_API_KEY": "sk-the-real-one-42"})
    assert both.api_key is not None and both.api_key.get() == "sk-the-real-one-42"
    assert both.notices == ("url_key_dropped",) and both.base_url == "http://127.0.0.1:9/v1"
    assert "改作 API 密钥使用" in notice("url_key_used", "zh")
    assert "used as the API key" in notice("url_key_used", "en")


async def test_httpx_and_httpcore_debug_lines_carry_no_key(server, make_provider) -> None:
    handler, stream = _handler(logging.Formatter("%(name)s %(levelname)s: %(message)s"))
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    try:
        server.push(text_stream("ok"))
        await collect(make_provider().stream_chat(USER))  # Bearer SENTINEL_KEY on the wire
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
    written = stream.getvalue()
    assert "httpx INFO: HTTP Request: POST" in written and "httpcore" in written
    assert SENTINEL_KEY not in written and SENTINEL_KEY[3:15] not in written
    assert server.requests[0].headers["authorization"] == f"Bearer {SENTINEL_KEY}"
