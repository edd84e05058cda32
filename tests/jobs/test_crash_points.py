"""kill -9 of a worker running the real ``plan`` job (offline Agent, real planner and guide) at
23 points (`tests.jobs.crash_points`), some twice in a row, then a resume in a new
process: one trip in the library with its guide, the turn once in the conversation with its
answer, and every event once in the log as readers take it (`engine.events.Resume`).

The two faults of issue #17 this guards: a kill between storing the itinerary and the job's
checkpoint left a second, orphan "(guide pending)" trip (``save_new:after``,
``history_checkpoint:after``, ``itinerary:before``); a kill after the guide checkpoint lost the
turn's answer (``guide_written:after`` and later).
"""

from __future__ import annotations

import json
import multiprocessing
import sqlite3
import sys
from pathlib import Path

import pytest

from engine.jobs import JobManager, JobState, jobstore
from engine.jobs.liveness import owner_id
from engine.jobs.plan_runner import default_runners
from engine.jobs.states import new_job_id
from engine.jobs.worker import WORKER_NONCE
from engine.storage import itineraries
from engine.storage.database import Database
from engine.storage.db import open_database
from tests.jobs.conftest import FAST
from tests.jobs.crash_points import child

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL semantics are POSIX")
REQUEST = "杭州玩一天"

#: Each case: the points a run is killed at, one run after another (then a run to the end).
CASES = [
    ("job_started:before",),  # handed to the worker, nothing logged by it
    ("job_started:after",),
    ("thinking_step:after",),
    ("tool_call:after",),  # planning
    ("save_new:after",),  # the itinerary row is stored, the job's checkpoint is not
    ("history_checkpoint:after",),  # … and the turn's messages so far with it
    ("itinerary:before",),  # … and the itinerary event with its checkpoint is being written
    ("itinerary:after",),
    ("feasibility:before",),
    ("guide_delta:after",),
    ("update_current:after",),  # the guide is stored, its checkpoint is not
    ("guide_written:before",),
    ("guide_written:after",),  # the guide checkpoint is in, the answer is not
    ("persist:after",),  # the turn's history is stored
    ("done:before",),  # the last batch (questions, answer, usage, done) is being written
    ("done:after",),  # all is written; the process dies before it exits
    ("save_new:after", "save_new:after"),  # the re-run killed where the first run was
    ("save_new:after", "guide_written:after"),
    ("history_checkpoint:after", "itinerary:after"),
    ("itinerary:after", "guide_delta:after"),  # the guide-only run cut off
    ("itinerary:after", "update_current:after"),
    ("itinerary:after", "guide_written:after"),
    ("guide_written:after", "done:before"),  # the finishing run cut off
]


#: Workers are forked from a server that has loaded the engine once (`tests.jobs.crash_warm`).
FORKS = multiprocessing.get_context("forkserver")
FORKS.set_forkserver_preload(["tests.jobs.crash_warm"])


def run_until(db_path: Path, point: str, job_id: str | None) -> str:
    """A worker process for a new job (`job_id` None) or for interrupted `job_id`, killed
    (SIGKILL) at `point`; returns the job's id."""
    new = job_id is None
    job_id = job_id or new_job_id()
    theirs, ours = FORKS.Pipe(duplex=False)
    process = FORKS.Process(
        target=child, args=(job_id, str(db_path), point, str(db_path.parent), ours)
    )
    process.start()
    ours.close()
    try:
        if new:  # recorded with the worker as its owner, as `submit_detached` does
            payload, title, lang = jobstore.request_payload(REQUEST)
            owner = owner_id(pid=process.pid, nonce=WORKER_NONCE)
            jobstore.create_job(
                open_database(db_path), job_id=job_id, kind="plan", request=payload,
                owner=owner, title=title, lang=lang,
            )  # fmt: skip
        while not theirs.poll(0.1):
            assert process.is_alive(), f"worker exited ({process.exitcode}) before {point}"
        assert theirs.recv() == f"PAUSED {point}"
    finally:
        process.kill()  # SIGKILL: no cleanup of any kind
        process.join()
        process.close()
        theirs.close()
    return job_id


def effective_events(conn: sqlite3.Connection, job_id: str) -> list[tuple[str, dict]]:
    """The job's events as a reader takes them: at each resume, what the cut-off attempt
    logged after its checkpoint is left out (the job's own state changes stay)."""
    rows = conn.execute(
        "SELECT seq, type, data FROM job_events WHERE job_id = ? ORDER BY seq", (job_id,)
    ).fetchall()
    assert [r[0] for r in rows] == list(range(1, len(rows) + 1))  # gap-free
    events = [(seq, kind, json.loads(data)) for seq, kind, data in rows]
    for seq, kind, data in list(events):
        resume = data.get("resume") if kind == "state_changed" else None
        if resume:
            events = [
                e
                for e in events
                if not (resume["seq"] < e[0] < seq) or e[1] in ("state_changed", "job_started")
            ]
    return [(kind, data) for _, kind, data in events]


@pytest.mark.parametrize("points", CASES, ids=["+".join(c) for c in CASES])
async def test_kill_9_at_any_point_then_resume_keeps_one_trip_one_turn_one_answer(
    db_path: Path, points: tuple[str, ...]
) -> None:
    open_database(db_path)
    job_id = None
    for point in points:
        job_id = run_until(db_path, point, job_id)
    assert job_id is not None

    database = await Database(db_path).ready()
    manager = JobManager(database, runners=default_runners(database), **FAST)
    try:
        found = await manager.start()
        if points[-1] == "done:after":  # nothing left to do
            assert found == []
        else:
            assert [(j.id, j.state) for j in found] == [(job_id, JobState.INTERRUPTED)]
            await manager.resume(job_id)
        assert (await manager.wait(job_id)).state is JobState.SUCCEEDED
    finally:
        await manager.aclose()
        await database.aclose()

    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        events = effective_events(conn, job_id)
        (linked, conversation_id) = conn.execute(
            "SELECT itinerary_id, conversation_id FROM jobs WHERE id = ?", (job_id,)
        ).fetchone()
        messages = [
            {"role": role, "content": content, **json.loads(data)}
            for role, content, data in conn.execute(
                "SELECT role, content, data FROM messages WHERE conversation_id = ? ORDER BY seq",
                (conversation_id,),
            )
        ]
    kinds = [kind for kind, _ in events]
    for once in ("job_started", "itinerary", "guide_written", "suggested_questions", "done"):
        assert kinds.count(once) == 1, (once, kinds)
    assert kinds[-1] == "done" and events[-1][1]["status"] == "succeeded"
    answer = "".join(data["text"] for kind, data in events if kind == "token")

    # one trip, with its guide: the one the job names
    library = itineraries.list_summaries(open_database(db_path))
    assert [(s.id, s.has_guide) for s in library] == [(linked, True)]
    (itinerary_event,) = [data for kind, data in events if kind == "itinerary"]
    assert itinerary_event["itinerary_id"] == linked

    # the turn once: one request, one plan_trip call answered, the answer last
    assert [m["content"] for m in messages if m["role"] == "user"] == [REQUEST]
    calls = [c["id"] for m in messages for c in m.get("tool_calls") or []]
    results = [m["tool_call_id"] for m in messages if m["role"] == "tool"]
    assert len(calls) == len(set(calls)) == 1 and results == calls
    answers = [m for m in messages if m["role"] == "assistant" and not m.get("tool_calls")]
    assert len(answers) == 1 and answers[0] is messages[-1]
    assert answers[0]["content"] == answer and "杭州" in answer
    assert answers[0]["itinerary_id"] == linked
