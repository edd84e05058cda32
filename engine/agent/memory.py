"""Long-term memory: preferences in SQLite, searchable in Chinese and English (FTS5 trigram).

Kept across `Agent.clear_history` and restarts; applied to later plans
(`engine.understanding.remembered.apply_preferences`).
"""

from __future__ import annotations

import datetime as dt
import threading
from dataclasses import dataclass

from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError
from sqlmodel import Session, col, or_, select

from engine.events import utcnow
from engine.storage.tables import MemoryRow
from engine.understanding.habits import keys_for_term

#: The trigram tokenizer cannot match fewer characters than this (SQLite 3.40).
TRIGRAM = 3


@dataclass(frozen=True)
class Memory:
    """A stored preference: `kind`/`key` from the preference vocabulary, what was said."""

    id: int
    kind: str
    key: str
    content: str
    updated_at: dt.datetime


class MemoryClosedError(RuntimeError):
    """The memory store was closed."""


class MemoryStore:
    """Preferences in the ``memories`` table, one row per (kind, key).

    Thread-safe (a session per call). Passed to `Agent(memory=...)` it belongs to the caller;
    an agent closes only a store it created.
    """

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._lock = threading.Lock()
        self._closed = False

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        """Refuse further use (idempotent). The database engine stays open: it is shared."""
        self._closed = True

    def remember(self, kind: str, key: str, content: str) -> Memory:
        """Insert or refresh the (kind, key) preference; returns the stored row.

        Raises:
            MemoryClosedError: the store is closed.
        """
        self._check()
        with self._lock, Session(self._engine) as session:
            row = session.exec(
                select(MemoryRow).where(MemoryRow.kind == kind, MemoryRow.key == key)
            ).first()
            if row is None:
                row = MemoryRow(kind=kind, key=key, content=content)
            else:
                row.content = content
                row.updated_at = utcnow()
            session.add(row)
            session.commit()
            session.refresh(row)
            return _memory(row)

    def all(self) -> list[Memory]:
        """Every preference, most recently said first."""
        self._check()
        with Session(self._engine) as session:
            rows = session.exec(
                select(MemoryRow).order_by(
                    col(MemoryRow.updated_at).desc(), col(MemoryRow.id).desc()
                )
            ).all()
            return [_memory(r) for r in rows]

    def search(self, query: str, *, limit: int = 20) -> list[Memory]:
        """Preferences whose words contain `query` (substring, any language), newest first.

        Queries of 3+ characters use the FTS5 trigram index; shorter ones (``辣``) scan with LIKE,
        since trigrams cannot match them. Known words also match their key in the other
        language (``辣`` finds "I don't eat spicy food").
        """
        self._check()
        query = query.strip()
        if not query:
            return []
        ids: set[int] = set()
        with Session(self._engine) as session:
            indexed = len(query) >= TRIGRAM
            if indexed:
                phrase = '"' + query.replace('"', '""') + '"'
                try:
                    ids.update(
                        r[0]
                        for r in session.connection().execute(
                            text("SELECT rowid FROM memories_fts WHERE memories_fts MATCH :q"),
                            {"q": phrase},
                        )
                    )
                except OperationalError:  # no FTS table (a schema not made by the migrations)
                    session.rollback()
                    indexed = False
            if not indexed:
                pattern = (
                    "%" + query.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
                )
                like = or_(
                    col(MemoryRow.content).like(pattern, escape="\\"),
                    col(MemoryRow.key).like(pattern, escape="\\"),
                )
                ids.update(
                    i for i in session.exec(select(MemoryRow.id).where(like)) if i is not None
                )
            keys = keys_for_term(query)
            if keys:
                ids.update(
                    i
                    for i in session.exec(select(MemoryRow.id).where(col(MemoryRow.key).in_(keys)))
                    if i is not None
                )
            if not ids:
                return []
            rows = session.exec(
                select(MemoryRow)
                .where(col(MemoryRow.id).in_(ids))
                .order_by(col(MemoryRow.updated_at).desc(), col(MemoryRow.id).desc())
                .limit(limit)
            ).all()
            return [_memory(r) for r in rows]

    def forget(self, memory_id: int) -> bool:
        """Delete one preference; True if it existed."""
        self._check()
        with self._lock, Session(self._engine) as session:
            row = session.get(MemoryRow, memory_id)
            if row is None:
                return False
            session.delete(row)
            session.commit()
            return True

    def _check(self) -> None:
        if self._closed:
            raise MemoryClosedError("the memory store is closed")


def _memory(row: MemoryRow) -> Memory:
    assert row.id is not None
    return Memory(row.id, row.kind, row.key, row.content, row.updated_at)
