"""The SQLite database: one engine per file, WAL mode, migrated to the newest schema."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine
from sqlmodel import create_engine

from engine.paths import data_home

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
_lock = threading.Lock()
_engines: dict[str, Engine] = {}


def database_path(home: Path | None = None) -> Path:
    """``lvtu.db`` in `home` (default: `engine.paths.data_home()`)."""
    return (home or data_home()) / "lvtu.db"


#: How long a new connection keeps retrying to switch a fresh file to WAL (seconds).
WAL_SWITCH_TIMEOUT_S = 10.0


def _use_wal(cursor: sqlite3.Cursor) -> None:
    """Put the file in WAL mode, waiting out other processes doing the same.

    The switch needs an exclusive lock, and SQLite answers ``database is locked`` at once —
    without calling the busy handler — when another connection holds a lock it is waiting
    on (several ``lvtu`` processes opening one new database together). A file already in WAL
    is left as it is; otherwise the switch is retried with backoff for `WAL_SWITCH_TIMEOUT_S`.

    Raises:
        sqlite3.OperationalError: still locked after the timeout, or any other SQLite error.
    """
    deadline = time.monotonic() + WAL_SWITCH_TIMEOUT_S
    pause = 0.005
    while True:
        try:
            (mode,) = cursor.execute("PRAGMA journal_mode").fetchone()
            if str(mode).lower() != "wal":
                cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as err:
            if "locked" not in str(err) or time.monotonic() >= deadline:
                raise
            time.sleep(pause)
            pause = min(pause * 2, 0.2)


def _on_connect(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA busy_timeout=10000")
    _use_wal(cursor)
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def create_db_engine(path: Path) -> Engine:
    """A new SQLAlchemy engine on `path` with WAL, foreign keys and a 10 s busy timeout."""
    engine = create_engine(
        f"sqlite:///{path}", connect_args={"check_same_thread": False, "timeout": 10}
    )
    event.listen(engine, "connect", _on_connect)
    return engine


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def _current(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision (no-op when current).

    Safe when several processes open a new database at once (two ``lvtu`` commands on a fresh
    data folder): the upgrade runs inside SQLite's ``BEGIN EXCLUSIVE`` — one process migrates
    while the others wait (up to the 10 s busy timeout), then find the schema current. A
    database already at the newest revision is only read.

    Raises:
        sqlalchemy.exc.OperationalError: the file cannot be read or written, or stayed locked.
    """
    config = _config()
    head = ScriptDirectory.from_config(config).get_current_head()
    with engine.connect() as connection:
        if _current(connection) == head:
            return
        connection.rollback()
        connection.exec_driver_sql("BEGIN EXCLUSIVE")  # released by the commit or rollback
        try:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
        except BaseException:
            connection.rollback()
            raise
        connection.commit()


def open_database(path: Path | None = None) -> Engine:
    """The migrated engine for `path` (default: `database_path()`), shared per process.

    Raises:
        sqlalchemy.exc.OperationalError: the file cannot be opened or migrated.
    """
    path = (path or database_path()).resolve()
    key = str(path)
    with _lock:
        engine = _engines.get(key)
        if engine is None:
            path.parent.mkdir(parents=True, exist_ok=True)
            engine = create_db_engine(path)
            migrate(engine)
            _engines[key] = engine
        return engine


def close_all() -> None:
    """Dispose every engine opened by `open_database` (tests, shutdown)."""
    with _lock:
        for engine in _engines.values():
            engine.dispose()
        _engines.clear()
