"""Helpers for agent tests: read stored messages, wait for a thread-side condition."""

from __future__ import annotations

import asyncio
import threading

from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from engine.storage.tables import Message


def stored(db: Engine, turn_id: str | None = None) -> list[Message]:
    """Stored messages (of one turn, or all), in conversation and seq order."""
    with Session(db) as session:
        query = select(Message).order_by(col(Message.conversation_id), col(Message.seq))
        if turn_id is not None:
            query = query.where(Message.turn_id == turn_id)
        return list(session.exec(query).all())


def loop_event(flag: threading.Event | None = None) -> tuple[asyncio.Event, threading.Event]:
    """An asyncio.Event set (thread-safely) when the returned threading.Event-like is set.

    Returns (async_event, trigger) where ``trigger.set()`` may be called from any thread.
    """
    loop = asyncio.get_running_loop()
    async_event = asyncio.Event()

    class Trigger(threading.Event):
        def set(self) -> None:
            super().set()
            loop.call_soon_threadsafe(async_event.set)

    return async_event, Trigger()
