"""The ``jobs`` rows: idempotency is the database's (`create_job` is where every submit meets,
from any manager or process), and a job's first event and conversation come with its row."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy.engine import Engine
from sqlmodel import Session

from engine.jobs import jobstore
from engine.jobs.eventlog import read_events, update_job
from engine.jobs.liveness import owner_id
from engine.jobs.states import JobState
from engine.storage import conversations
from engine.storage.database import transaction
from engine.storage.db import open_database
from engine.storage.tables import JobRow

ME = owner_id(nonce="test")
GONE = "elsewhere:1:1:x"  # another host, never a heartbeat: presumed dead at once


def create(engine: Engine, job_id: str, key: str | None, owner: str = ME):
    return jobstore.create_job(
        engine, job_id=job_id, kind="plan", request={"text": "黄山两天"}, owner=owner,
        idempotency_key=key, title="黄山两天", stale_after=30.0,
    )  # fmt: skip


def test_a_key_already_live_gives_back_that_job_and_writes_nothing(db_path: Path) -> None:
    engine = open_database(db_path)
    first, event = create(engine, "a1", "k")
    assert event is not None and first.state is JobState.QUEUED
    again, none = create(engine, "b2", "k")
    assert none is None and again.id == "a1"
    with Session(engine) as session:
        assert session.get(JobRow, "b2") is None  # no second row, no second conversation
    assert [e.seq for e in read_events(engine, "a1")] == [1]
    other, created = create(engine, "c3", "other-key")
    assert created is not None and other.id == "c3"


def test_a_key_is_free_again_once_its_job_ended_or_its_owner_is_gone(db_path: Path) -> None:
    engine = open_database(db_path)
    create(engine, "a1", "k")
    with transaction(engine) as session:
        update_job(session, "a1", {"state": JobState.SUCCEEDED.value})
    after_end, created = create(engine, "b2", "k")
    assert created is not None and after_end.id == "b2"
    create(engine, "c3", "dead", owner=GONE)
    with transaction(engine) as session:
        update_job(session, "c3", {"heartbeat_at": None})
    orphaned, created = create(engine, "d4", "dead")
    assert created is not None and orphaned.id == "d4"


def test_a_job_starts_queued_in_its_own_conversation(db_path: Path) -> None:
    engine = open_database(db_path)
    info, first = create(engine, "a1", None)
    assert first is not None and first.seq == 1 and first.payload.state == "queued"
    assert info.conversation_id is not None
    assert conversations.load_messages(engine, info.conversation_id) == []
    given = conversations.create_conversation(engine, title="黄山")
    info, _ = jobstore.create_job(
        engine, job_id="b2", kind="plan", request={}, owner=ME, conversation_id=given
    )
    assert info.conversation_id == given
