"""Owners' liveness, and a job whose log another process took over."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
from pathlib import Path

from engine.events import StateChanged
from engine.jobs import JobState
from engine.jobs.eventlog import append_now, update_job
from engine.jobs.liveness import owner_alive, owner_id
from engine.storage.database import transaction
from engine.storage.db import open_database
from tests.jobs.conftest import stored
from tests.jobs.fakes import PLAN, ScriptedRunner

NOW = dt.datetime.now(dt.UTC)


def test_owner_liveness():
    me = owner_id()
    host, pid, birth, nonce = me.split(":")
    assert owner_alive(me, None, stale_after=1)
    assert not owner_alive(None, NOW, stale_after=1)
    if birth != "0":  # a reused pid: same number, another process
        assert not owner_alive(f"{host}:{pid}:{int(birth) + 1}:{nonce}", NOW, stale_after=1)
    child = subprocess.Popen(
        [sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE
    )
    owner = owner_id(pid=child.pid)  # taken while it runs: its birth is known, as in real use
    assert owner_alive(owner, NOW, stale_after=60)
    assert child.stdin is not None
    child.stdin.close()
    child.wait()
    assert not owner_alive(owner, NOW, stale_after=60)  # exited (even if the pid is reused)
    elsewhere = "another-host:1:0:x"
    # `now` given: NOW was taken at import, maybe long before this test runs in a full suite.
    assert owner_alive(elsewhere, NOW - dt.timedelta(seconds=5), stale_after=30, now=NOW)
    assert not owner_alive(elsewhere, NOW - dt.timedelta(seconds=31), stale_after=30, now=NOW)
    assert not owner_alive(elsewhere, None, stale_after=30)
    assert os.getpid() == int(pid)


async def test_a_job_taken_over_elsewhere_stops_here_and_the_others_go_on(
    make_manager, db_path: Path
):
    runner = ScriptedRunner(PLAN)
    gate = runner.gate("started")
    manager = make_manager(runner)
    taken = await manager.submit("taken")
    await runner.reached["started"].wait()
    await manager._writer.flush()
    before = stored(db_path, taken.id)
    with transaction(open_database(db_path)) as session:  # another process takes the job over
        append_now(session, taken.id, StateChanged("interrupted"))  # (as a recovery would)
        update_job(session, taken.id, {"state": "interrupted", "owner": None})
    gate.set()
    final = await manager.wait(taken.id)

    assert final.state is JobState.INTERRUPTED  # stopped here, nothing more written
    assert stored(db_path, taken.id) == [*before, (len(before) + 1, "state_changed")]
    assert runner.running == 0
    other = await manager.submit("other")  # the writer goes on for everyone else
    assert (await manager.wait(other.id)).state is JobState.SUCCEEDED
    assert stored(db_path, other.id)[-1][1] == "done"
