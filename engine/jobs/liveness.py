"""Which process owns a job, and whether that process still lives (pid check + heartbeat)."""

from __future__ import annotations

import datetime as dt
import os
import socket
import sys
import uuid

_NONCE = uuid.uuid4().hex[:6]


def owner_id(pid: int | None = None, nonce: str | None = None) -> str:
    """``host:pid:nonce`` naming one owner (one manager) of jobs."""
    return f"{socket.gethostname()}:{pid or os.getpid()}:{nonce or _NONCE}"


def pid_alive(pid: int) -> bool:
    """Whether process `pid` exists on this machine (a zombie counts as alive)."""
    if pid <= 0:
        return False
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
        return _win_pid_alive(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def owner_alive(
    owner: str | None,
    heartbeat_at: dt.datetime | None,
    *,
    stale_after: float,
    now: dt.datetime | None = None,
) -> bool:
    """Whether the owner of a job can still be running it.

    Dead when: no owner; on this host and its pid is gone; or its heartbeat is older than
    `stale_after` seconds (a reused pid, a hung process, another host).
    """
    if not owner:
        return False
    host, _, rest = owner.partition(":")
    pid_text = rest.split(":", 1)[0]
    if host == socket.gethostname() and pid_text.isdigit() and not pid_alive(int(pid_text)):
        return False
    if heartbeat_at is None:
        return False
    now = now or dt.datetime.now(dt.UTC)
    return (now - heartbeat_at).total_seconds() < stale_after


def _win_pid_alive(pid: int) -> bool:  # pragma: no cover - Windows only
    import ctypes

    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined,unused-ignore]
    handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return False
    try:
        code = ctypes.c_ulong()
        ok = kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
        return bool(ok) and code.value == 259  # STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)
