"""Faults of the machine, told to the person in their language — a full disk, a file grown past
what the system allows, a read-only file or folder, a disk error, text that is not UTF-8 — never
as a traceback (the CLI exits 2 with the message).

`machine_fault(exc)` finds one in an exception, its causes and context (SQLAlchemy's ``orig``
too): ``OSError`` by errno, ``sqlite3.OperationalError`` by SQLite's words, Unicode errors.
SQLite writes a transaction whole or not at all, so when a commit fails on a full disk nothing of
it is in the database.
"""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path

#: kind → (zh, en); ``{where}`` is the file, or "the database".
_MESSAGES = {
    "disk_full": (
        "磁盘空间不足，无法写入{where}。请腾出空间后重试（已保存的内容没有改动）。",
        "The disk is full: could not write {where}. Free some space and try again (nothing "
        "saved before was changed).",
    ),
    "too_large": (
        "{where}超过了系统允许的文件大小，无法写入（已保存的内容没有改动）。",
        "{where} would pass the largest file size the system allows; it was not written "
        "(nothing saved before was changed).",
    ),
    "read_only": (
        "{where}是只读的，无法写入。请换一个可写的位置，或取消只读。",
        "{where} is read-only and cannot be written. Choose a writable place or make it writable.",
    ),
    "permission": (
        "没有权限写入{where}。",
        "No permission to write {where}.",
    ),
    "disk_error": (
        "读写{where}时出错（磁盘 I/O 错误）：磁盘可能已满或出了故障（已保存的内容没有改动）。",
        "Reading or writing {where} failed (a disk I/O error): the disk may be full or failing "
        "(nothing saved before was changed).",
    ),
    "encoding": (
        "{where}不是有效的 UTF-8 文字；请检查终端或文件的编码（例如 LANG=zh_CN.UTF-8）。",
        "{where} is not valid UTF-8 text; check the encoding of the terminal or the file (for "
        "example LANG=en_US.UTF-8).",
    ),
}
_WHERE = {"database": ("数据库", "the database"), "text": ("输入的文字", "the text given")}
_ERRNO = {
    errno.ENOSPC: "disk_full",
    errno.EDQUOT: "disk_full",
    errno.EFBIG: "too_large",
    errno.EROFS: "read_only",
    errno.EACCES: "permission",
    errno.EPERM: "permission",
    errno.EIO: "disk_error",
}
#: SQLite's words (sqlite3.OperationalError) → kind.
_SQLITE = (
    ("database or disk is full", "disk_full"),
    ("readonly database", "read_only"),
    ("disk i/o error", "disk_error"),
    ("unable to open database file", "permission"),
)


class MachineFault(Exception):
    """A fault of the machine, not of the program or the request.

    Attributes:
        kind: ``disk_full``, ``too_large``, ``read_only``, ``permission``, ``disk_error`` or
            ``encoding``.
        where: the file concerned, or ``database`` / ``text``.
    """

    def __init__(self, kind: str, where: str = "database") -> None:
        super().__init__(f"{kind}: {where}")
        self.kind = kind
        self.where = where

    @property
    def code(self) -> str:
        return self.kind

    def message(self, lang: str = "zh") -> str:
        zh = lang == "zh"
        named = _WHERE.get(self.where)
        where = named[0 if zh else 1] if named else f"“{self.where}”" if zh else self.where
        text = _MESSAGES[self.kind][0 if zh else 1].format(where=where)
        return text[:1].upper() + text[1:]


def machine_fault(exc: BaseException | None) -> MachineFault | None:
    """The machine fault `exc` is, or was caused by, or None."""
    seen: set[int] = set()
    stack = [exc]
    while stack:
        current = stack.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        found = _direct(current)
        if found is not None:
            return found
        stack += [current.__cause__, current.__context__, getattr(current, "orig", None)]
    return None


def _direct(exc: BaseException) -> MachineFault | None:
    if isinstance(exc, MachineFault):
        return exc
    if isinstance(exc, sqlite3.OperationalError):
        words = str(exc).lower()
        return next((MachineFault(kind) for text, kind in _SQLITE if text in words), None)
    if isinstance(exc, UnicodeError):
        return MachineFault("encoding", "text")
    if isinstance(exc, OSError) and exc.errno in _ERRNO:
        where = str(Path(exc.filename)) if exc.filename else "database"
        return MachineFault(_ERRNO[exc.errno], where)
    return None


def argv_fault(argv: list[str]) -> MachineFault | None:
    """A `MachineFault` when a command-line argument held bytes that were not UTF-8 (Python
    reads them as lone surrogates), else None."""
    for arg in argv:
        if any("\ud800" <= ch <= "\udfff" for ch in arg):
            return MachineFault("encoding", "text")
    return None
