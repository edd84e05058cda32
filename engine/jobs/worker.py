"""Detached jobs: ``python -m engine.jobs.worker JOB_ID`` runs one job in its own process.

`submit_detached` starts the worker first, then records the job with the worker as its owner,
so the job is never without a live owner; the worker waits for the row, runs the job (or resumes
it if interrupted) and exits. SIGTERM/SIGINT leave the job ``interrupted``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path

from sqlmodel import Session

from engine.jobs import jobstore
from engine.jobs.liveness import owner_id
from engine.jobs.manager import JobManager
from engine.jobs.runner import JobRunner
from engine.jobs.states import JobInfo, JobState, ManagerClosedError, new_job_id
from engine.storage.database import Database
from engine.storage.db import database_path, open_database

DEFAULT_RUNNERS = "engine.jobs.plan_runner:default_runners"
WORKER_NONCE = "worker"
log = logging.getLogger(__name__)
_children: list[subprocess.Popen[bytes]] = []  # strong references: no warning while they run

Spawn = Callable[[str, Path, str | None], "subprocess.Popen[bytes]"]


def load_runners(spec: str, database: Database) -> Mapping[str, JobRunner]:
    """Runners from ``module:factory`` where ``factory(database) -> {kind: JobRunner}``."""
    module, _, attr = spec.partition(":")
    factory = getattr(importlib.import_module(module), attr)
    return dict(factory(database))


def worker_command(job_id: str, db_path: Path, runners: str | None = None) -> list[str]:
    """The command line of a worker for `job_id`.

    In a frozen app (PyInstaller: ``sys.frozen``) ``sys.executable`` is the app itself, which
    has no ``-m``: its hidden ``--jobs-worker`` entry (desktop/launcher.py) runs `main` instead.
    """
    if getattr(sys, "frozen", False):
        command = [sys.executable, "--jobs-worker", job_id, "--db", str(db_path)]
    else:
        command = [sys.executable, "-m", "engine.jobs.worker", job_id, "--db", str(db_path)]
    return [*command, "--runners", runners] if runners else command


def worker_env() -> dict[str, str]:
    """The environment for a worker: ours, with this `engine` package first on the path."""
    root = str(Path(__file__).resolve().parents[2])  # the folder holding the `engine` package
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
    return env


def spawn_worker(job_id: str, db_path: Path, runners: str | None = None) -> subprocess.Popen[bytes]:
    """Start a detached worker (own session; output to ``worker.log`` next to the database)."""
    for child in list(_children):
        if child.poll() is not None:
            _children.remove(child)
    log_file = open(db_path.parent / "worker.log", "ab")
    kwargs: dict[str, object] = {}
    if sys.platform == "win32":  # pragma: no cover
        kwargs["creationflags"] = subprocess.DETACHED_PROCESS | subprocess.CREATE_NEW_PROCESS_GROUP
    else:
        kwargs["start_new_session"] = True
    with log_file:
        child = subprocess.Popen(
            worker_command(job_id, db_path, runners),
            stdin=subprocess.DEVNULL,
            stdout=log_file,
            stderr=subprocess.STDOUT,
            env=worker_env(),
            close_fds=True,
            **kwargs,  # type: ignore[call-overload]
        )
    _children.append(child)
    return child


def submit_detached(
    db_path: Path,
    request: jobstore.RequestLike,
    *,
    idempotency_key: str | None = None,
    conversation_id: int | None = None,
    kind: str = "plan",
    runners: str | None = None,
    spawn: Spawn | None = None,
    stale_after: float = 30.0,
    key_window: float = 0.0,
) -> tuple[JobInfo, bool]:
    """Submit a job to a new worker process and return at once (blocking, for the CLI).

    With `idempotency_key`, a job submitted with that key that is still live, or at most
    `key_window` seconds old, is returned instead (`jobstore.live_by_key`). Two such submits at
    once both start a worker; the one whose job was not recorded stops its worker (SIGTERM),
    which exits quietly (`run_job`).

    Returns:
        (the job, True) — or (the job with that key, False) when one exists.
    """
    engine = open_database(db_path)
    if idempotency_key:  # (create_job checks again: this only spares starting a worker)
        with Session(engine) as session:
            existing = jobstore.live_by_key(
                session, idempotency_key, stale_after=stale_after, window=key_window
            )
        if existing is not None:
            return existing, False
    job_id = new_job_id()
    child = (spawn or spawn_worker)(job_id, db_path, runners)
    payload, title, lang = jobstore.request_payload(request)
    info, first = jobstore.create_job(
        engine,
        job_id=job_id,
        kind=kind,
        request=payload,
        owner=owner_id(pid=child.pid, nonce=WORKER_NONCE),
        conversation_id=conversation_id,
        idempotency_key=idempotency_key,
        title=title,
        lang=lang,
        stale_after=stale_after,
        key_window=key_window,
    )
    if first is None:  # a submit with the same key won: this worker has nothing to run
        with contextlib.suppress(OSError):
            child.terminate()
    return info, first is not None


async def run_job(
    job_id: str, db_path: Path, runners: str, *, wait: float = 10.0
) -> JobState | None:
    """Run (or resume) `job_id` in this process until it ends; returns its final state — None
    when the job was never recorded (its submit lost to one with the same idempotency key) or
    this worker was stopped before it was.

    Raises:
        JobStateError: the job is neither handed to this worker nor interrupted.
    """
    database = await Database(db_path).ready()
    manager = JobManager(
        database,
        runners=load_runners(runners, database),
        owner=owner_id(nonce=WORKER_NONCE),
        retention=None,
    )
    loop = asyncio.get_running_loop()
    stopping: set[asyncio.Task[None]] = set()
    if sys.platform != "win32":
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(
                signum, lambda: stopping.add(loop.create_task(manager.aclose(keep=True)))
            )
    try:
        await manager.start()
        deadline = time.monotonic() + wait
        while await manager.get(job_id) is None:
            if time.monotonic() > deadline or stopping:
                return None
            await asyncio.sleep(0.05)
        await manager.adopt(job_id)
        return (await manager.wait(job_id)).state
    except ManagerClosedError:  # stopped by a signal: the job was left interrupted
        recorded = await database.read(jobstore.get_job, job_id) is not None
        return JobState.INTERRUPTED if recorded else None
    finally:
        await manager.aclose(keep=True)
        await database.aclose()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.jobs.worker")
    parser.add_argument("job_id")
    parser.add_argument("--db", type=Path, default=None, help="database file")
    parser.add_argument("--runners", default=DEFAULT_RUNNERS, help="module:factory")
    parser.add_argument("--wait", type=float, default=10.0, help="seconds to wait for the job")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    db_path = args.db or database_path()
    try:
        state = asyncio.run(run_job(args.job_id, db_path, args.runners, wait=args.wait))
    except Exception:
        log.exception("worker for job %s failed", args.job_id)
        return 1
    if state is None:
        log.info("job %s was not recorded (a duplicate submit): nothing to run", args.job_id)
    else:
        log.info("job %s ended %s", args.job_id, state)
    return 0


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(main())
