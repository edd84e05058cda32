"""The first run on a fresh data folder: several processes migrating one new database at once."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: Each child says "ready", waits for the go (a line on stdin), then opens the database.
CHILD = """
import sys
from pathlib import Path
from engine.storage.db import open_database
print("ready", flush=True)
sys.stdin.readline()
open_database(Path(sys.argv[1]))
print("ok", flush=True)
"""


def test_processes_opening_a_new_database_at_once_all_succeed(tmp_path: Path) -> None:
    db = tmp_path / "fresh" / "lvtu.db"
    env = {**os.environ, "LVTU_HOME": str(tmp_path / "fresh")}
    children = [
        subprocess.Popen(
            [sys.executable, "-c", CHILD, str(db)],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(6)
    ]
    for child in children:  # all started and imported: now release them together
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
    for child in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    results = [child.communicate(timeout=120) for child in children]
    for child, (out, err) in zip(children, results, strict=True):
        assert child.returncode == 0 and out.strip() == "ok", err
    with sqlite3.connect(db) as conn:
        (version,) = conn.execute("SELECT version_num FROM alembic_version").fetchall()
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert version[0]


def test_a_current_database_is_opened_without_migrating_again(tmp_path: Path) -> None:
    from engine.storage import db as storage

    path = tmp_path / "lvtu.db"
    storage.open_database(path)
    storage.close_all()
    with sqlite3.connect(path) as conn:  # hold a write lock: an upgrade would have to wait
        conn.execute("BEGIN IMMEDIATE")
        engine = storage.create_db_engine(path)
        try:
            storage.migrate(engine)  # returns at once: the schema is current
        finally:
            engine.dispose()
        conn.rollback()
