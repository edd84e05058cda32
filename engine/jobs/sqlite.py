"""Raw SQLite access for the job tables: connection, write transactions, value encoding.

The job log writes thousands of rows a second; it uses the DB-API directly (not the ORM) on
one connection per thread. The schema itself belongs to `engine.storage` (Alembic).
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


def connect(path: Path | str) -> sqlite3.Connection:
    """A connection in autocommit mode with WAL, foreign keys and a 10 s busy timeout.

    Usable from one thread at a time (created with ``check_same_thread=False`` so it may be
    created on another thread than the one using it).
    """
    conn = sqlite3.connect(str(path), timeout=10, isolation_level=None, check_same_thread=False)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA busy_timeout=10000")
    return conn


@contextmanager
def write(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """``BEGIN IMMEDIATE`` … ``COMMIT`` (``ROLLBACK`` on error): one serialised write."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def enc_time(value: dt.datetime | None) -> str | None:
    """UTC datetime → the text SQLAlchemy stores (``YYYY-MM-DD HH:MM:SS.ffffff``, UTC)."""
    if value is None:
        return None
    if value.tzinfo is dt.UTC:  # the usual case, fast: drop the "+00:00"
        return value.isoformat(sep=" ", timespec="microseconds")[:26]
    if value.utcoffset() is not None:
        value = value.astimezone(dt.UTC).replace(tzinfo=None)
    return value.isoformat(sep=" ", timespec="microseconds")


def dec_time(value: str | None) -> dt.datetime | None:
    """Inverse of `enc_time`: an aware UTC datetime (None stays None)."""
    return None if value is None else parse_time(value)


def parse_time(value: str) -> dt.datetime:
    """Stored text (`enc_time`) → an aware UTC datetime."""
    return dt.datetime.fromisoformat(value + "+00:00")  # much faster than .replace(tzinfo=)


def dumps(value: Any) -> str:
    """JSON text; values JSON cannot encode are stored as their ``repr`` (logged once each)."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        log.warning("event data not JSON-serialisable, stored with repr(): %.200r", value)
        return json.dumps(value, ensure_ascii=False, default=repr)


def loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def data_version(conn: sqlite3.Connection) -> int:
    """``PRAGMA data_version``: changes when another connection commits (a cheap poll)."""
    return int(conn.execute("PRAGMA data_version").fetchone()[0])


def integrity_check(conn: sqlite3.Connection) -> str:
    """``PRAGMA integrity_check`` → ``"ok"`` or the problems found."""
    rows = conn.execute("PRAGMA integrity_check").fetchall()
    return "\n".join(str(r[0]) for r in rows)
