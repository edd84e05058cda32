"""The conversation history of one agent: messages in memory, and which of them are stored.

Saving is idempotent and ordered: `flush` appends exactly the messages not stored yet, so a
save scheduled twice, or a later save that catches up an earlier one, never duplicates or
reorders anything. `clear` starts a new conversation; the old one is still flushed.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any

from sqlalchemy.engine import Engine

from engine.agent.texts import detect_lang
from engine.storage import conversations


@dataclass
class _Conversation:
    id: int | None
    messages: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # (turn_id, message)
    stored: int = 0


class History:
    """Thread-safe; `flush` runs on the database thread, the rest on any thread."""

    def __init__(self, engine: Engine, conversation_id: int | None = None) -> None:
        self._engine = engine
        self._lock = threading.Lock()
        self._flush_lock = threading.Lock()
        self._current = _Conversation(conversation_id)
        self._retired: list[_Conversation] = []
        if conversation_id is not None:
            stored = conversations.load_messages(engine, conversation_id)
            self._current.messages = [("", m) for m in stored]
            self._current.stored = len(stored)

    @property
    def messages(self) -> list[dict[str, Any]]:
        """The current conversation's messages (copies), oldest first."""
        with self._lock:
            return [dict(m) for _, m in self._current.messages]

    def extend(self, turn_id: str, messages: list[dict[str, Any]]) -> None:
        with self._lock:
            self._current.messages.extend((turn_id, m) for m in messages)

    def clear(self) -> None:
        """Start a new (empty) conversation; the old one's unsaved messages are still flushed."""
        with self._lock:
            if self._current.stored < len(self._current.messages):
                self._retired.append(self._current)
            self._current = _Conversation(None)

    def conversation_id(self, lang: str = "zh") -> int:
        """The current conversation's id, creating its row on first use."""
        with self._flush_lock:
            return self._ensure(self._current, lang)

    def unsaved(self) -> int:
        """How many messages are not stored yet."""
        with self._lock:
            return sum(len(c.messages) - c.stored for c in [*self._retired, self._current])

    def flush(self) -> int:
        """Store every message not stored yet, in order; returns how many were stored."""
        with self._flush_lock:
            with self._lock:
                pending = [*self._retired, self._current]
            total = 0
            for conversation in pending:
                with self._lock:
                    new = conversation.messages[conversation.stored :]
                if not new:
                    continue
                conversation_id = self._ensure(conversation, _lang_of(new))
                for turn_id, group in groupby(new, key=lambda pair: pair[0]):
                    batch = [m for _, m in group]
                    conversations.append_messages(
                        self._engine, conversation_id, batch, turn_id=turn_id
                    )
                    with self._lock:
                        conversation.stored += len(batch)
                    total += len(batch)
            with self._lock:
                self._retired = [c for c in self._retired if c.stored < len(c.messages)]
            return total

    def _ensure(self, conversation: _Conversation, lang: str) -> int:
        if conversation.id is None:
            with self._lock:
                first = next((m for _, m in conversation.messages if m.get("role") == "user"), None)
            title = str(first.get("content") or "")[:60] if first else ""
            conversation.id = conversations.create_conversation(
                self._engine, title=title, lang=lang
            )
        return conversation.id


def _lang_of(messages: list[tuple[str, dict[str, Any]]]) -> str:
    first = next((m for _, m in messages if m.get("role") == "user"), None)
    return detect_lang(str(first.get("content") or "")) if first else "zh"
