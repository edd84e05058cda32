"""The public API is locked (as httpx does), and engine/ never imports Qt or desktop/."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import engine

ROOT = Path(__file__).resolve().parents[2]


def test_all_is_locked() -> None:
    assert sorted(engine.__all__) == [
        "Agent",
        "BackgroundOwnerClosedError",
        "CancellationToken",
        "DataHomeError",
        "Database",
        "EXPORT_FORMATS",
        "Event",
        "Itinerary",
        "ItineraryNotFoundError",
        "ItinerarySummary",
        "JobInfo",
        "JobManager",
        "JobNotFoundError",
        "JobStateError",
        "Library",
        "PROVIDER_PRESETS",
        "PlanRequest",
        "RedactingFilter",
        "RequestOptions",
        "RequestProblem",
        "TripRequest",
        "TurnInProgressError",
        "add_secret",
        "build_from_environment",
        "clean",
        "clean_name",
        "close_databases",
        "data_home",
        "default_runners",
        "export_bytes",
        "installed_packs",
        "log_path",
        "resources_dir",
        "safe_markdown",
        "submit_plan",
        "system_lang",
        "text_lang",
        "time_span",
        "to_markdown",
        "warm_up",
        "web_link",
    ]


@pytest.mark.parametrize("name", sorted(engine.__all__))
def test_every_public_name_resolves(name: str) -> None:
    assert getattr(engine, name) is not None


def test_the_desktop_imports_only_the_public_api_and_the_event_types() -> None:
    """desktop/ uses ``engine``'s exports, ``engine.events`` and the edit operations of
    ``engine.editing``; nothing else of the engine.
    The entry point (desktop/launcher.py) chooses the host: it alone names the command line's
    ``engine.cli.main``, the job worker's ``engine.jobs.worker`` and the plan turns' worker
    process ``engine.jobs.turn_child`` (a frozen app starts them through it)."""
    allowed = {"engine", "engine.events", "engine.editing"}
    entry = {"engine.cli.main", "engine.jobs.worker", "engine.jobs.turn_child"}
    offenders = []
    for path in sorted((ROOT / "desktop").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        ok = allowed | entry if path.name == "launcher.py" else allowed
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif (
                isinstance(node, ast.Call)
                and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                names = [str(node.args[0].value)]
            else:
                continue
            offenders += [
                f"{path.relative_to(ROOT)}: {name}"
                for name in names
                if name.split(".")[0] == "engine" and name not in ok
            ]
    assert offenders == []


def test_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError):
        _ = engine.Nope  # type: ignore[attr-defined, unused-ignore]


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-W", "error", "-c", textwrap.dedent(code)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def test_engine_never_imports_qt_or_desktop() -> None:
    result = run_python(
        """
        import sys, engine
        for name in engine.__all__:
            if name != "JobManager":
                getattr(engine, name)
        import engine.agent.agent, engine.agent.environment
        bad = sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6", "desktop"))
        assert not bad, bad
        """
    )
    assert result.returncode == 0, result.stderr


def test_streams_leave_no_pending_task_or_unawaited_coroutine(tmp_path: Path) -> None:
    """Break on done, break mid-stream, drop a stream, then close: stderr stays clean."""
    result = run_python(
        f"""
        import asyncio, gc, pathlib, threading
        from engine.agent.agent import Agent
        from engine.cancellation import CancellationToken
        from engine.events import EventType
        from engine.storage.db import open_database
        from tests.agent.fakes import SEED, TODAY, FakePipeline

        async def main():
            fake = FakePipeline()
            db = open_database(pathlib.Path({str(tmp_path)!r}) / "w.db")
            agent = Agent(working_directory={str(tmp_path)!r}, database=db,
                          pipeline=fake.pipeline(), today=TODAY)
            async for event in agent.astream(SEED):
                if event.type is EventType.DONE:
                    break
            async for event in agent.astream("加一天"):
                if event.type is EventType.TOOL_CALL:
                    break
            assert await agent.wait_saved()
            gate = threading.Event()
            fake.guide_gate = gate
            token = CancellationToken()
            token.on_cancel(lambda reason: gate.set())
            stream = agent.astream("第二天轻松一点", cancellation_token=token)
            await anext(stream)
            del stream
            gc.collect()
            assert await agent.wait_saved()
            await agent.aclose()
            print("ok", agent.last_turn.status)

        asyncio.run(main())
        gc.collect()
        """
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok cancelled"
    for noise in ("Task was destroyed", "never awaited", "Exception ignored", "Traceback"):
        assert noise not in result.stderr, result.stderr
