"""SQLModel table definitions. Shapes handed out to hosts live in `engine.domain`."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, Column, Index, UniqueConstraint
from sqlmodel import Field, SQLModel

from engine.events import utcnow


class Conversation(SQLModel, table=True):
    """One chat session (an `Agent`'s history)."""

    __tablename__ = "conversations"

    id: int | None = Field(default=None, primary_key=True)
    title: str = ""
    lang: str = "zh"
    created_at: dt.datetime = Field(default_factory=utcnow)
    updated_at: dt.datetime = Field(default_factory=utcnow)


class Message(SQLModel, table=True):
    """One message of a conversation, in order (`seq` from 1).

    `data` holds OpenAI-style extras: ``tool_calls``, ``tool_call_id``, ``name``, ``itinerary_id``.
    """

    __tablename__ = "messages"
    __table_args__ = (UniqueConstraint("conversation_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    conversation_id: int = Field(foreign_key="conversations.id", index=True)
    seq: int
    role: str  # system | user | assistant | tool
    content: str | None = None
    turn_id: str = Field(default="", index=True)
    data: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    created_at: dt.datetime = Field(default_factory=utcnow)


class ItineraryRow(SQLModel, table=True):
    """An itinerary in the library; its content lives in versions."""

    __tablename__ = "itineraries"

    id: int | None = Field(default=None, primary_key=True)
    conversation_id: int | None = Field(default=None, foreign_key="conversations.id", index=True)
    title: str
    destinations: str = ""  # comma-separated destination ids, for search
    start_date: dt.date | None = None
    days: int = 0
    current_version: int = 1
    lang: str = "zh"
    created_at: dt.datetime = Field(default_factory=utcnow)
    updated_at: dt.datetime = Field(default_factory=utcnow)
    deleted_at: dt.datetime | None = None  # soft delete, so "undo" can restore


class ItineraryVersion(SQLModel, table=True):
    """One version of an itinerary: the full `engine.domain.Itinerary` as JSON, and the model
    tokens spent on it."""

    __tablename__ = "itinerary_versions"
    __table_args__ = (UniqueConstraint("itinerary_id", "version"),)

    id: int | None = Field(default=None, primary_key=True)
    itinerary_id: int = Field(foreign_key="itineraries.id", index=True)
    version: int
    data: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    change_note: str = ""
    created_at: dt.datetime = Field(default_factory=utcnow)
    # Migration 0004: model tokens the turns that produced or changed this version spent.
    input_tokens: int = 0
    output_tokens: int = 0


class JobRow(SQLModel, table=True):
    """A generation job (state machine; see `engine.jobs`)."""

    __tablename__ = "jobs"
    __table_args__ = (Index("ix_jobs_state", "state"),)

    id: str = Field(primary_key=True)
    kind: str = "plan"
    state: str = "queued"
    idempotency_key: str | None = Field(default=None, index=True)
    conversation_id: int | None = Field(default=None, foreign_key="conversations.id")
    itinerary_id: int | None = Field(default=None, index=True)
    request: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    checkpoint: str = ""  # "" | "itinerary" | "guide"
    last_seq: int = 0
    error: str | None = None
    input_tokens: int = 0
    output_tokens: int = 0
    created_at: dt.datetime = Field(default_factory=utcnow)
    started_at: dt.datetime | None = None
    finished_at: dt.datetime | None = None
    # Control (migration 0002): which process runs it ("host:pid:nonce"), its last sign of life,
    # a cancel request from another process, the checkpoint's details, the compaction summary.
    owner: str | None = None
    heartbeat_at: dt.datetime | None = None
    cancel_requested: str | None = None
    # None is SQL NULL (``summary IS NULL`` finds the jobs not compacted yet), not JSON null.
    checkpoint_data: dict[str, Any] | None = Field(
        default=None, sa_column=Column(JSON(none_as_null=True))
    )
    summary: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON(none_as_null=True)))


class JobEventRow(SQLModel, table=True):
    """One event of a job's event log; (`job_id`, `seq`) is unique and gap-free from 1."""

    __tablename__ = "job_events"

    job_id: str = Field(primary_key=True, foreign_key="jobs.id")
    seq: int = Field(primary_key=True)
    type: str
    at: dt.datetime
    data: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))


class MemoryRow(SQLModel, table=True):
    """A long-term preference ("我不吃辣"); searchable through the `memories_fts` FTS5 table."""

    __tablename__ = "memories"

    id: int | None = Field(default=None, primary_key=True)
    kind: str  # e.g. avoid_cuisine, party, avoid_transport, pace, interest, note
    key: str = ""  # normalised value, e.g. "spicy"
    content: str  # what the person said
    created_at: dt.datetime = Field(default_factory=utcnow)
    updated_at: dt.datetime = Field(default_factory=utcnow)


class SettingRow(SQLModel, table=True):
    """A setting (never an API key: those live in the OS keyring)."""

    __tablename__ = "settings"

    key: str = Field(primary_key=True)
    value: Any = Field(default=None, sa_column=Column(JSON))
