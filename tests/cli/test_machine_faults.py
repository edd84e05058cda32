"""Faults of the machine (issue #17): a full disk, a file grown past the system's limit, a
read-only database, bytes that are not UTF-8 — exit 2 with the reason in the person's language,
no traceback on stderr, what was saved before unchanged and the database intact.

A full disk is played without root: the child process runs under ``RLIMIT_FSIZE`` with
``SIGXFSZ`` ignored, so a write past the limit fails with ``EFBIG`` (SQLite: "disk I/O error");
``ENOSPC`` and a read-only database are raised by a patched write path.
"""

from __future__ import annotations

import errno
import json
import os
import resource
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
REQUEST = "上海出发去黄山玩两天"


def lvtu(
    home: Path, *argv: str | bytes, file_limit: int | None = None
) -> subprocess.CompletedProcess[str]:
    """``lvtu ARGV`` in a child; with `file_limit`, no file may grow past that many bytes."""

    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        if file_limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_limit, file_limit))

    env = {k: v for k, v in os.environ.items() if not k.startswith("LVTU_")}
    env |= {"LVTU_HOME": str(home), "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "engine.cli.main", *argv], cwd=ROOT, env=env, preexec_fn=limited,
        capture_output=True, text=True, errors="replace", timeout=600,
    )  # fmt: skip


def saved(home: Path) -> list[tuple[int, str, int, str]]:
    """(id, title, version, updated) of every saved itinerary, read straight from the database."""
    with sqlite3.connect(home / "lvtu.db") as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        return conn.execute(
            "SELECT id, title, current_version, updated_at FROM itineraries ORDER BY id"
        ).fetchall()


@pytest.fixture(scope="module")
def home_with_a_plan(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("faults") / "home"
    done = lvtu(home, "plan", "杭州玩一天", "--json")
    assert done.returncode == 0, done.stderr
    return home


def test_request_text_that_is_not_utf8_exits_2_and_writes_nothing(tmp_path: Path) -> None:
    home = tmp_path / "home"
    done = lvtu(home, "plan", "上海出发去".encode() + b"\xff\xfe" + "黄山玩两天".encode())
    assert done.returncode == 2
    assert done.stderr.startswith("输入的文字不是有效的 UTF-8 文字；请检查终端或文件的编码")
    assert "Traceback" not in done.stderr and not (home / "lvtu.db").exists()


def test_a_disk_that_fills_while_planning_exits_2_and_keeps_what_was_saved(
    home_with_a_plan: Path,
) -> None:
    home = home_with_a_plan
    before = saved(home)
    size = (home / "lvtu.db").stat().st_size
    done = lvtu(home, "plan", REQUEST, file_limit=size + 4096)
    assert done.returncode == 2, done.stderr
    last = done.stderr.strip().splitlines()[-1]
    assert (
        last
        == "读写数据库时出错（磁盘 I/O 错误）：磁盘可能已满或出了故障（已保存的内容没有改动）。"
    )
    assert "Traceback" not in done.stderr and "Logging error" not in done.stderr
    after = saved(home)  # intact (integrity_check), and the plans saved before are as they were
    assert after[: len(before)] == before
    listed = lvtu(home, "list", "--json")  # with room again, everything works
    assert listed.returncode == 0 and [p["id"] for p in json.loads(listed.stdout)][-1] == 1


def test_a_pack_that_cannot_be_written_installs_nothing(tmp_path: Path) -> None:
    home = tmp_path / "home"
    places = tmp_path / "mine.csv"
    rows = "".join(f"地点{i},30.25{i:02d},120.14,attraction,lake,0\n" for i in range(60))
    places.write_text("name,lat,lon,kind,tags,price\n" + rows, encoding="utf-8")
    done = lvtu(home, "data", "import", "csv", str(places), "--name", "mine", "--lang", "en",
                file_limit=8000)  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert "would pass the largest file size the system allows" in done.stderr
    assert "Traceback" not in done.stderr
    assert sorted(p.name for p in (home / "packs").iterdir()) == []  # no pack, no temporary folder


def _raise(error: BaseException) -> Callable[..., None]:
    def fail(*_args: object, **_kwargs: object) -> None:
        raise error

    return fail


@pytest.mark.parametrize(
    ("error", "message"),
    [
        (errno.ENOSPC, "The disk is full: could not write"),
        (errno.EFBIG, "would pass the largest file size the system allows; it was not written"),
    ],
)
def test_an_export_that_cannot_be_written_leaves_the_old_file_and_no_half_file(
    lvtu_home: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    error: int,
    message: str,
) -> None:
    from engine.cli import export_cmd
    from engine.storage import itineraries
    from engine.storage.db import open_database
    from tests.export.test_export import plan

    itinerary_id = itineraries.save_new(open_database(), plan())
    folder = tmp_path / "out"
    folder.mkdir()
    target = folder / "x.ics"
    target.write_text("an older export\n", encoding="utf-8")
    monkeypatch.setattr(export_cmd.os, "fsync", _raise(OSError(error, os.strerror(error))))
    argv = ["export", str(itinerary_id), "--format", "ics", "-o", str(target), "--lang", "en"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert target.read_text(encoding="utf-8") == "an older export\n"  # as it was
    assert [p.name for p in folder.iterdir()] == ["x.ics"]  # no hidden part left


def test_a_read_only_database_is_named_and_nothing_is_half_written(
    lvtu_home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from engine.jobs import writer

    assert main(["list"]) == 0
    capsys.readouterr()
    monkeypatch.setattr(
        writer,
        "apply_batch",
        _raise(sqlite3.OperationalError("attempt to write a readonly database")),
    )
    assert main(["plan", "I want 2 days in Hangzhou from Shanghai", "--json"]) == 2
    out, err = capsys.readouterr()
    message = "the database is read-only and cannot be written. Choose a writable place or make it writable."
    assert err.strip().splitlines()[-1] == message[0].upper() + message[1:]
    assert json.loads(out)["error"]["code"] == "read_only"
    assert "Traceback" not in err
