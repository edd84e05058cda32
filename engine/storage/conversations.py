"""Conversations and their messages: create, append in order, read back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import func
from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from engine.events import utcnow
from engine.storage.tables import Conversation, Message


def create_conversation(engine: Engine, *, title: str = "", lang: str = "zh") -> int:
    """Insert a conversation; returns its id."""
    with Session(engine) as session:
        conversation_id = add_conversation(session, title=title, lang=lang)
        session.commit()
        return conversation_id


def add_conversation(session: Session, *, title: str = "", lang: str = "zh") -> int:
    """Insert a conversation inside the caller's transaction (a job created with its
    conversation, say); returns its id."""
    row = Conversation(title=title, lang=lang)
    session.add(row)
    session.flush()
    assert row.id is not None
    return row.id


def append_messages(
    engine: Engine, conversation_id: int, messages: Sequence[dict[str, Any]], *, turn_id: str = ""
) -> list[int]:
    """Append OpenAI-style message dicts (``role``, ``content`` and extras) in one transaction.

    Returns:
        The `seq` numbers given to the messages (consecutive, after the last stored one).

    Raises:
        ValueError: the conversation does not exist.
    """
    with Session(engine) as session:
        conversation = session.get(Conversation, conversation_id)
        if conversation is None:
            raise ValueError(f"conversation {conversation_id} does not exist")
        last = session.exec(
            select(func.max(Message.seq)).where(Message.conversation_id == conversation_id)
        ).one()
        seqs: list[int] = []
        seq = last or 0
        for message in messages:
            seq += 1
            extras = {k: v for k, v in message.items() if k not in ("role", "content")}
            session.add(
                Message(
                    conversation_id=conversation_id,
                    seq=seq,
                    role=message["role"],
                    content=message.get("content"),
                    turn_id=turn_id,
                    data=extras,
                )
            )
            seqs.append(seq)
        conversation.updated_at = utcnow()
        session.add(conversation)
        session.commit()
        return seqs


def load_messages(engine: Engine, conversation_id: int) -> list[dict[str, Any]]:
    """All messages of a conversation in order, as OpenAI-style dicts."""
    with Session(engine) as session:
        rows = session.exec(
            select(Message)
            .where(Message.conversation_id == conversation_id)
            .order_by(col(Message.seq))
        ).all()
        return [{"role": r.role, "content": r.content, **r.data} for r in rows]


def turn_saved(engine: Engine, conversation_id: int, turn_id: str) -> bool:
    """Whether any message of `turn_id` is stored (used to make saves idempotent)."""
    with Session(engine) as session:
        row = session.exec(
            select(Message.id).where(
                Message.conversation_id == conversation_id, Message.turn_id == turn_id
            )
        ).first()
        return row is not None


def drop_turn(
    engine: Engine, conversation_id: int, turn_id: str, *, answer_only: bool = False
) -> int:
    """Delete the messages of `turn_id` (a turn cut off by a crash, run again from its start:
    what it had stored is replaced by the new run's) — or, with `answer_only`, only its final
    answer (its last message, when that is the assistant's text: a part of the turn that runs
    again gives the answer anew). Returns how many were deleted."""
    with Session(engine) as session:
        rows = _turn_rows(session, conversation_id, turn_id)
        if answer_only:
            last = rows[-1:] if rows else []
            rows = [r for r in last if r.role == "assistant" and not r.data.get("tool_calls")]
        for row in rows:
            session.delete(row)
        session.commit()
        return len(rows)


def turn_messages(engine: Engine, conversation_id: int, turn_id: str) -> list[dict[str, Any]]:
    """The stored messages of `turn_id`, in order, as OpenAI-style dicts."""
    with Session(engine) as session:
        rows = _turn_rows(session, conversation_id, turn_id)
        return [{"role": r.role, "content": r.content, **r.data} for r in rows]


def _turn_rows(session: Session, conversation_id: int, turn_id: str) -> list[Message]:
    """The stored messages of `turn_id`, in order."""
    return list(
        session.exec(
            select(Message)
            .where(Message.conversation_id == conversation_id, Message.turn_id == turn_id)
            .order_by(col(Message.seq))
        ).all()
    )
