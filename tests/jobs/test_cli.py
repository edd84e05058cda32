"""``lvtu jobs …`` and ``lvtu plan --detach`` across processes (worker subprocesses)."""

from __future__ import annotations

import argparse
import io
import json
import sqlite3
import sys
from pathlib import Path

import pytest

from engine.cli.jobs_cmd import add_detach_argument, add_jobs_parser, run_plan_detached
from engine.jobs import worker
from tests.jobs.test_crash import kill_mid_job, spawn_paused, wait_for_line

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="uses POSIX signals")
RUNNERS = "tests.jobs.fakes:worker_runners"


@pytest.fixture
def cli(db_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Run ``lvtu <argv>`` through the sub-parsers; returns (exit code, output)."""
    monkeypatch.delenv("LVTU_FAKE_PAUSE", raising=False)
    parser = argparse.ArgumentParser(prog="lvtu")
    commands = parser.add_subparsers(dest="command")
    add_jobs_parser(commands)
    plan = commands.add_parser("plan")
    plan.add_argument("text")
    plan.add_argument("--runners", default=RUNNERS)
    plan.add_argument("--db", type=Path, default=db_path)
    add_detach_argument(plan)

    def run(*argv: str) -> tuple[int, str]:
        args = parser.parse_args(list(argv))
        out = io.StringIO()
        if args.command == "plan":
            assert args.detach
            code = run_plan_detached(args, args.text, out)
        else:
            args.db, args.runners = args.db or db_path, RUNNERS
            code = args.handler(args, out)
        return code, out.getvalue()

    return run


def job_state(db_path: Path, job_id: str) -> str:
    with sqlite3.connect(db_path) as conn:
        return conn.execute("SELECT state FROM jobs WHERE id = ?", (job_id,)).fetchone()[0]


def test_list_when_empty_and_unknown_ids(cli, capsys: pytest.CaptureFixture[str]):
    assert cli("jobs", "--lang", "zh") == (0, "没有任务。\n")
    assert cli("jobs", "--lang", "en") == (0, "No jobs.\n")
    capsys.readouterr()
    assert cli("jobs", "watch", "nope", "--lang", "en") == (2, "")  # a request, not a crash
    assert capsys.readouterr().err.startswith("No job nope ")
    assert cli("jobs", "resume", "nope", "--lang", "zh") == (2, "")
    assert capsys.readouterr().err.startswith("找不到任务 nope")


def test_plan_detach_returns_at_once_and_watch_follows_from_another_process(
    cli, children, db_path: Path
):
    code, out = cli("plan", "--detach", "上海出发去黄山玩两天")
    assert code == 0
    job_id = out.split("任务 ")[1].split("。")[0]  # the request is Chinese: so is the answer
    assert out.startswith("已在后台开始任务")
    assert len(children) == 1

    code, watched = cli("jobs", "watch", job_id[:6], "--lang", "en")
    lines = watched.splitlines()
    assert code == 0
    assert [int(line[1:5]) for line in lines] == list(range(1, len(lines) + 1))
    assert lines[-1].endswith("Done: itinerary #41")
    assert any(line.endswith("Itinerary #41 ready: 黄山两日 (2 days)") for line in lines)
    assert job_state(db_path, job_id) == "succeeded"

    code, listed = cli("jobs", "--lang", "en")
    assert code == 0 and job_id in listed and "succeeded" in listed and "#41" in listed
    code, zh = cli("jobs", "--all", "--lang", "zh")
    assert "已完成" in zh and "上海出发去黄山玩两天" in zh
    code, json_lines = cli("jobs", "watch", job_id, "--json")
    events = [json.loads(line) for line in json_lines.splitlines()]
    assert code == 0 and [e["seq"] for e in events] == list(range(1, len(lines) + 1))
    assert events[-1]["type"] == "done" and events[-1]["data"]["status"] == "succeeded"


def test_cancel_from_another_process(cli, db_path: Path):
    paused, spawn = spawn_paused("after_itinerary")
    info, _ = worker.submit_detached(db_path, "x", runners=RUNNERS, spawn=spawn)
    wait_for_line(paused[0], b"PAUSED after_itinerary")
    code, out = cli("jobs", "cancel", info.id, "--lang", "en", "--timeout", "60")
    assert code == 0, out
    assert "Cancel requested" in out and out.splitlines()[-1] == f"Job {info.id}: cancelled"
    assert paused[0].wait(timeout=60) == 0
    assert paused[0].stdout is not None
    paused[0].stdout.close()
    assert job_state(db_path, info.id) == "cancelled"
    assert cli("jobs", "cancel", info.id, "--lang", "en")[1] == (
        f"Job {info.id} has already ended (cancelled); there is nothing to cancel.\n"
    )


def test_the_same_key_twice_while_live_is_one_detached_job(db_path: Path):
    paused, spawn = spawn_paused("started")
    first, created = worker.submit_detached(
        db_path, "x", idempotency_key="k", spawn=spawn, runners=RUNNERS
    )
    second, again = worker.submit_detached(
        db_path, "x", idempotency_key="k", spawn=spawn, runners=RUNNERS
    )
    assert created and not again and first.id == second.id and len(paused) == 1
    wait_for_line(paused[0], b"PAUSED started")
    paused[0].kill()
    paused[0].wait()
    assert paused[0].stdout is not None
    paused[0].stdout.close()


def test_resume_here_after_a_kill(cli, db_path: Path, capsys: pytest.CaptureFixture[str]):
    job_id = kill_mid_job(db_path, "after_itinerary")
    code, listed = cli("jobs", "--lang", "en")
    assert "interrupted" in listed  # the dead process's job is found at once
    code, out = cli("jobs", "resume", job_id, "--lang", "en")
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0] == f"Resuming job {job_id}…"
    assert lines[1].endswith("Resuming: the itinerary is kept")
    assert lines[-1].endswith("Done: itinerary #41")
    assert job_state(db_path, job_id) == "succeeded"
    capsys.readouterr()
    assert cli("jobs", "resume", job_id, "--lang", "en")[0] == 2  # finished: nothing to resume
    assert capsys.readouterr().err == (
        f"Job {job_id} has already succeeded; only interrupted jobs can be resumed.\n"
    )
    assert cli("jobs", "resume", job_id, "--lang", "zh")[0] == 2
    assert capsys.readouterr().err == f"任务 {job_id} 已经完成，只有已中断的任务可以继续。\n"


def test_resume_detached(cli, children, db_path: Path):
    job_id = kill_mid_job(db_path, "mid_guide")
    code, out = cli("jobs", "resume", job_id, "--detach", "--lang", "zh")
    assert code == 0 and out.startswith(f"已在后台继续任务 {job_id}。")
    children[0].wait(timeout=60)
    assert job_state(db_path, job_id) == "succeeded"


def test_cancel_an_interrupted_job_directly(cli, db_path: Path):
    job_id = kill_mid_job(db_path, "started")
    code, out = cli("jobs", "cancel", job_id, "--lang", "zh")
    assert (code, out) == (0, f"已取消任务 {job_id}。\n")
    assert job_state(db_path, job_id) == "cancelled"
    code, watched = cli("jobs", "watch", job_id, "--lang", "zh")
    assert code == 1 and watched.splitlines()[-1].endswith("已停止")
