"""``lvtu plan --detach`` submitted twice is one job (issue #17 item 9): the key is
``--idempotency-key`` or one made from the request; when two submits race, the worker of the
one that lost exits at once and quietly (before: it waited 10 s and logged an ERROR
traceback)."""

from __future__ import annotations

import argparse
import io
import sqlite3
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from engine.cli.jobs_cmd import add_detach_argument, run_plan_detached
from engine.jobs import jobstore, worker
from tests.jobs.test_cli import RUNNERS

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="uses POSIX signals")


def detach(db_path: Path, *argv: str) -> str:
    """``lvtu plan --detach ARGV`` (with the scripted runners); returns what it printed."""
    parser = argparse.ArgumentParser(prog="lvtu plan")
    parser.add_argument("text")
    parser.add_argument("--runners", default=RUNNERS)
    parser.add_argument("--db", type=Path, default=db_path)
    add_detach_argument(parser)
    args = parser.parse_args(["--detach", *argv])
    out = io.StringIO()
    assert run_plan_detached(args, args.text, out) == 0
    return out.getvalue()


def jobs(db_path: Path) -> list[str]:
    with sqlite3.connect(db_path) as conn:
        return [row[0] for row in conn.execute("SELECT id FROM jobs ORDER BY created_at")]


def test_the_same_request_twice_is_one_job_and_the_second_names_it(
    db_path: Path, children: list[subprocess.Popen[bytes]]
) -> None:
    first = detach(db_path, "上海出发去黄山玩两天")
    second = detach(db_path, "上海出发去黄山玩两天")
    (job_id,) = jobs(db_path)
    assert first.startswith(f"已在后台开始任务 {job_id}。")
    assert second.startswith(f"相同的请求刚才已经提交：任务 {job_id}（")
    assert len(children) == 1  # no second worker either
    other = detach(db_path, "上海出发去黄山玩三天")  # another request: another job
    assert other.startswith("已在后台开始任务") and len(jobs(db_path)) == 2


def test_an_explicit_key_wins_over_the_words(
    db_path: Path, children: list[subprocess.Popen[bytes]]
) -> None:
    detach(db_path, "上海出发去黄山玩两天", "--idempotency-key", "trip-42")
    again = detach(db_path, "2 days in Huangshan", "--idempotency-key", "trip-42")
    (job_id,) = jobs(db_path)
    assert again.startswith(f"The same request was just submitted as job {job_id} (")


def test_a_request_key_depends_on_the_words_and_options_only() -> None:
    key = jobstore.request_key
    payload = jobstore.request_payload("上海出发去黄山玩两天")[0]
    assert key(payload) == key(dict(reversed(list(payload.items()))))
    assert key(payload) != key(jobstore.request_payload("上海出发去黄山玩三天")[0])


def test_racing_submits_are_one_job_and_the_losing_worker_exits_quietly(db_path: Path) -> None:
    """Both submits pass the early check and start a worker before either records its job."""
    both_spawned = threading.Barrier(2, timeout=60)
    spawned: list[subprocess.Popen[bytes]] = []

    def spawn(job_id: str, path: Path, runners: str | None) -> subprocess.Popen[bytes]:
        child = worker.spawn_worker(job_id, path, runners)
        spawned.append(child)
        both_spawned.wait()
        return child

    def submit() -> tuple[str, bool]:
        info, created = worker.submit_detached(
            db_path, "x", idempotency_key="k", spawn=spawn, runners=RUNNERS
        )
        return info.id, created

    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(lambda _: submit(), range(2)))
    assert sorted(created for _, created in results) == [False, True]
    assert results[0][0] == results[1][0] == jobs(db_path)[0] and len(jobs(db_path)) == 1
    codes = sorted(child.wait(timeout=60) for child in spawned)  # the loser: at once, too
    assert codes in ([0, 0], [-15, 0])  # (SIGTERM before its handler was set: no word at all)
    log = (db_path.parent / "worker.log").read_text(encoding="utf-8")
    assert "ERROR" not in log and "Traceback" not in log, log
    assert f"job {results[0][0]} ended succeeded" in log
