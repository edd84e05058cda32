"""The `lvtu` entry point in a bundle: --version without Qt, the hidden worker entry, the CLI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import engine
from desktop import launcher
from engine.cli.main import build_parser
from engine.jobs import turn_child, turn_process, worker
from tests.packaging.conftest import ROOT


def test_version_prints_without_loading_qt_or_the_cli() -> None:
    code = (
        "import sys\n"
        "from desktop.launcher import main\n"
        "rc = main(['--version'])\n"
        "heavy = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6')"
        " or m.startswith('engine.cli')]\n"
        "print(rc, heavy)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert out.splitlines() == [f"lvtu {engine.__version__}", "0 []"]


def test_worker_command_runs_the_app_itself_when_frozen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", "/opt/lvtu/lvtu")
    command = worker.worker_command("abc123", Path("/data/lvtu.db"), "pkg.mod:factory")
    assert command == [
        "/opt/lvtu/lvtu", launcher.WORKER_FLAG, "abc123", "--db", "/data/lvtu.db",
        "--runners", "pkg.mod:factory",
    ]  # fmt: skip


def test_worker_command_uses_python_m_from_source(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(sys, "frozen", raising=False)
    command = worker.worker_command("abc123", Path("/data/lvtu.db"))
    assert command[1:3] == ["-m", "engine.jobs.worker"]
    assert command[3:] == ["abc123", "--db", "/data/lvtu.db"]


def test_the_hidden_worker_flag_runs_the_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[list[str]] = []

    def fake_main(argv: list[str]) -> int:
        seen.append(argv)
        return 7

    monkeypatch.setattr(worker, "main", fake_main)
    assert launcher.main([launcher.WORKER_FLAG, "abc123", "--db", "x.db"]) == 7
    assert seen == [["abc123", "--db", "x.db"]]


def test_the_cli_has_plan_detach_and_jobs() -> None:
    parser = build_parser()
    assert parser.parse_args(["plan", "--detach", "上海出发去黄山玩两天"]).detach is True
    assert parser.parse_args(["plan", "上海出发去黄山玩两天"]).detach is False
    assert parser.parse_args(["jobs", "watch", "abc"]).jobs_command == "watch"


def test_the_turn_worker_is_the_app_itself_when_frozen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", "/opt/lvtu/lvtu")
    assert turn_process.worker_command() == ["/opt/lvtu/lvtu", launcher.TURN_FLAG]
    monkeypatch.delattr(sys, "frozen")
    assert turn_process.worker_command()[1:] == ["-m", "engine.jobs.turn_child"]


def test_the_hidden_turn_worker_flag_runs_the_turn_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[bool] = []
    monkeypatch.setattr(turn_child, "main", lambda: ran.append(True) or 5)
    assert launcher.main([launcher.TURN_FLAG]) == 5
    assert ran == [True]
