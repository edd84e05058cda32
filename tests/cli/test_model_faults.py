"""``lvtu plan`` against endpoints that misbehave (issue #17): a key written into the base URL,
a hung endpoint, a web page instead of an answer. The plan falls back offline, the person is
told what happened, and no log line carries a secret — ours or httpx's/httpcore's at DEBUG."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.agent.model_helpers import SENTINEL_KEY, guide, reading
from tests.cli.model_cli import lvtu
from tests.helpers.scripted_server import Reply, ScriptedServer

REQUEST = "上海出发去黄山玩两天"


@pytest.fixture
async def server() -> AsyncIterator[ScriptedServer]:
    srv = ScriptedServer()
    await srv.start()
    yield srv
    await srv.close()


def _env(home: Path, base_url: str, **more: str) -> dict[str, str]:
    return {"LVTU_HOME": str(home), "LVTU_BASE_URL": base_url, "LVTU_MODEL": "test-model",
            "LVTU_MAX_ATTEMPTS": "2", **more}  # fmt: skip


async def test_a_key_in_the_base_url_is_used_as_the_key_and_never_logged(
    server: ScriptedServer, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    with_key = server.base_url.replace("http://", f"http://me:{SENTINEL_KEY}@")
    server.push(reading(), guide())
    done = await lvtu("plan", REQUEST, env=_env(home, with_key, LVTU_LOG_LEVEL="DEBUG"))
    assert done.code == 0, done.stderr
    assert (
        "LVTU_BASE_URL 里带着用户名和密码；已从地址中去掉，改作 API 密钥使用（以后请用 LVTU_API_KEY）。"
        in done.progress
    )
    assert [r.headers["authorization"] for r in server.requests] == [f"Bearer {SENTINEL_KEY}"] * 2
    log = (home / "lvtu.log").read_text(encoding="utf-8")
    assert "HTTP Request: POST" in log and "httpcore" in log  # the libraries' lines are there
    for text in (log, done.stdout, done.stderr):
        assert SENTINEL_KEY not in text and SENTINEL_KEY[3:15] not in text
        assert "me:" not in text and not re.search(
            r"(?i)authorization['\"]?[:,]\s*b?['\"]?bearer", text
        )


async def test_a_hung_endpoint_falls_back_within_the_first_answer_window(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.push(Reply(stall=120), Reply(stall=120))
    env = _env(tmp_path / "home", server.base_url, LVTU_FIRST_BYTE_TIMEOUT="2")
    done = await lvtu("plan", REQUEST, env=env)
    assert done.code == 0, done.stderr
    assert f"⚠ 模型服务（{server.base_url}）在 2 秒内没有应答。" in done.progress
    assert "模型服务不可用，改用离线攻略" in done.progress  # the guide did not wait again
    assert len(server.requests) == 1 and "第1天" in done.stdout


async def test_a_web_page_is_named_and_the_plan_falls_back(
    server: ScriptedServer, tmp_path: Path
) -> None:
    page = b"<html><head><title>Hotel Wi-Fi</title></head><body>Log in</body></html>"
    server.push(Reply(status=200, headers={"Content-Type": "text/html"}, body=page))
    done = await lvtu("plan", REQUEST, env=_env(tmp_path / "home", server.base_url))
    assert done.code == 0, done.stderr
    assert (
        f"⚠ 模型服务（{server.base_url}）返回的是一个网页（HTML），不是模型的回答：“Hotel Wi-Fi”。"
        in done.progress
    )
    assert len(server.requests) == 1 and "第1天" in done.stdout
