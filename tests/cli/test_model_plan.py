"""``lvtu plan`` with a model (the scripted server): progress lines, usage in ``lvtu show``, and
the API key nowhere on disk — not in the database, the log, or an exported file."""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from engine.export import export_bytes
from engine.storage import itineraries
from engine.storage.db import close_all, open_database
from tests.agent.model_helpers import GOOD_GUIDE, SENTINEL_KEY, TYPO, guide, reading
from tests.cli.model_cli import lvtu
from tests.helpers.scripted_server import ScriptedServer, error_reply


@pytest.fixture
async def server() -> AsyncIterator[ScriptedServer]:
    srv = ScriptedServer()
    await srv.start()
    yield srv
    await srv.close()


def _env(home: Path, server: ScriptedServer) -> dict[str, str]:
    return {
        "LVTU_HOME": str(home),
        "LVTU_PROVIDER": "openai-compatible",
        "LVTU_BASE_URL": server.base_url,
        "LVTU_API_KEY": SENTINEL_KEY,
        "LVTU_MODEL": "test-model",
        "LVTU_MAX_ATTEMPTS": "2",
    }


async def test_the_key_is_nowhere_on_disk_after_model_turns_and_exports(
    server: ScriptedServer, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    echo = f"Incorrect API key provided: {SENTINEL_KEY}; header was Bearer {SENTINEL_KEY}"
    env = _env(home, server)
    # A turn with a retried 503 that echoes the key, then a model reading and guide.
    server.push(error_reply(503, echo, {"Retry-After": "0"}), reading(), guide())
    first = await lvtu("plan", TYPO, env=env)
    assert first.code == 0, first.stderr
    assert "模型补充了目的地" in first.progress
    assert GOOD_GUIDE[0] in first.stdout
    # A turn whose key is refused (the server echoes it): the error is shown, redacted.
    server.push(error_reply(401, echo))
    second = await lvtu("plan", "上海出发去黄山玩三天", env=env)
    assert second.code == 0, second.stderr
    assert any("请在设置或 LVTU_API_KEY 中检查你的 API 密钥" in line for line in second.progress)
    assert all(r.headers["authorization"] == f"Bearer {SENTINEL_KEY}" for r in server.requests)

    engine = open_database(home / "lvtu.db")
    exported = tmp_path / "exports"
    exported.mkdir()
    for summary in itineraries.list_summaries(engine):
        itinerary = itineraries.load(engine, summary.id)
        for fmt in ("md", "ics", "gpx"):
            (exported / f"{summary.id}.{fmt}").write_bytes(export_bytes(itinerary, fmt))
    close_all()
    files = [*home.rglob("*"), *exported.iterdir()]
    names = {f.name for f in files}
    assert {"lvtu.db", "lvtu.log", "1.md", "1.ics", "1.gpx", "2.md"} <= names
    assert "retrying" in (home / "lvtu.log").read_text()  # the log did record the faults
    for path in (f for f in files if f.is_file()):  # the database's WAL file included
        data = path.read_bytes()
        assert SENTINEL_KEY.encode() not in data, path
        assert SENTINEL_KEY[3:15].encode() not in data, path


async def test_show_reports_the_tokens_spent_on_an_itinerary(
    server: ScriptedServer, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    server.push(reading(), guide())
    planned = await lvtu("plan", TYPO, env=_env(home, server))
    assert planned.code == 0, planned.stderr
    assert "模型用量：输入 131 / 输出 67 tokens" in planned.progress
    shown = await lvtu("show", "1", env={"LVTU_HOME": str(home)})
    assert shown.code == 0
    assert "模型用量（所有版本合计）：输入 131 / 输出 67 tokens" in shown.stdout
    as_json = await lvtu("show", "1", "--json", env={"LVTU_HOME": str(home)})
    assert json.loads(as_json.stdout)["usage"] == {"input_tokens": 131, "output_tokens": 67}
    with contextlib.closing(sqlite3.connect(home / "lvtu.db")) as conn:  # and per job
        assert conn.execute("SELECT input_tokens, output_tokens FROM jobs").fetchall() == [
            (131, 67)
        ]
