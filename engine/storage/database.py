"""`Database`: the one way into the user's database — its engine, one writer thread, readers.

A host opens one `Database` and hands it to the job manager, the agents and its own views.
Storage functions take the SQLAlchemy engine first (``itineraries.load(engine, id)``);
`Database.write` runs one on the database's single writer thread (``lvtu-db-write``), so writes
in this process are serialised and never run on an event loop's thread, and `Database.read` on a
reader thread (``lvtu-db-read-N``) beside it, as SQLite's WAL mode allows. Across processes,
write transactions begin with ``BEGIN IMMEDIATE`` (`transaction`), so two processes never both
act on one row.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Concatenate, ParamSpec, TypeVar

from sqlalchemy.engine import Connection, Engine
from sqlmodel import Session

from engine.storage.db import database_path, open_database

P = ParamSpec("P")
T = TypeVar("T")
#: Reader threads: the desktop's library and a job's replay read while a turn writes.
READERS = 2


class Database:
    """The database of one process (thread-safe).

    Args:
        source: a migrated SQLAlchemy engine, or a database file (opened and migrated on first
            use, on a database thread); default: the user's ``lvtu.db``.
        readers: reader threads.

    Attributes:
        path: the database file.
        closed: True once `close` ran.
    """

    def __init__(self, source: Engine | Path | None = None, *, readers: int = READERS) -> None:
        if isinstance(source, Engine):
            self._engine: Engine | None = source
            self.path = Path(source.url.database or "")
        else:
            self._engine = None
            self.path = Path(source) if source is not None else database_path()
        self._lock = threading.Lock()
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="lvtu-db-write")
        self._readers = ThreadPoolExecutor(readers, thread_name_prefix="lvtu-db-read")
        self.closed = False

    @property
    def engine(self) -> Engine:
        """The SQLAlchemy engine, for code already on a database thread (or with no loop to
        keep free). The first use opens and migrates the file (blocking).

        Raises:
            sqlalchemy.exc.OperationalError: the file cannot be opened or migrated.
        """
        with self._lock:
            if self._engine is None:
                self._engine = open_database(self.path)
            return self._engine

    async def ready(self) -> Database:
        """Open and migrate the file on the writer thread (no-op once open); returns self."""
        await self.write(_nothing)
        return self

    # -- running work -------------------------------------------------------------------------

    async def write(
        self, fn: Callable[Concatenate[Engine, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """``fn(engine, *args, **kwargs)`` on the writer thread; returns its result."""
        return await asyncio.wrap_future(self.submit_write(fn, *args, **kwargs))

    async def read(
        self, fn: Callable[Concatenate[Engine, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """``fn(engine, *args, **kwargs)`` on a reader thread; returns its result."""
        future = self._readers.submit(lambda: fn(self.engine, *args, **kwargs))
        return await asyncio.wrap_future(future)

    def submit_write(
        self, fn: Callable[Concatenate[Engine, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> Future[T]:
        """``fn(engine, *args, **kwargs)`` queued on the writer thread, for code with no loop.

        Raises:
            RuntimeError: the database is closed.
        """
        return self._writer.submit(lambda: fn(self.engine, *args, **kwargs))

    def close(self) -> None:
        """Finish queued writes and stop the threads. Idempotent. The engine stays open (it is
        shared per file by `open_database`; `engine.storage.db.close_all` disposes it)."""
        with self._lock:
            if self.closed:
                return
            self.closed = True
        self._writer.shutdown(wait=True)
        self._readers.shutdown(wait=True)

    async def aclose(self) -> None:
        """`close`, waiting for queued writes without blocking the event loop."""
        if self.closed:
            return
        done: Future[None] = Future()

        def target() -> None:
            try:
                self.close()
                done.set_result(None)
            except BaseException as exc:
                done.set_exception(exc)

        threading.Thread(target=target, name="lvtu-db-close").start()
        await asyncio.wrap_future(done)


def _nothing(_engine: Engine) -> None:
    return None


@contextlib.contextmanager
def transaction(engine: Engine) -> Iterator[Session]:
    """A session in one ``BEGIN IMMEDIATE`` transaction: committed when the block ends, rolled
    back when it raises."""
    with engine.connect() as connection, immediate(connection):
        with Session(bind=connection) as session:
            yield session
            session.flush()


@contextlib.contextmanager
def immediate(connection: Connection) -> Iterator[Connection]:
    """``BEGIN IMMEDIATE`` … ``COMMIT`` on `connection` (``ROLLBACK`` when the block raises).

    pysqlite starts no transaction of its own before this statement, and then sees one open:
    the writes that follow belong to it (the way `engine.storage.db.migrate` takes its lock).
    """
    connection.exec_driver_sql("BEGIN IMMEDIATE")
    try:
        yield connection
    except BaseException:
        connection.rollback()
        raise
    connection.commit()
