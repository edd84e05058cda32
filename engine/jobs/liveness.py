"""Which process owns a job, and whether that process still lives.

An owner id is ``host:pid:birth:nonce``. On the same host the owner lives while its pid runs and,
where the OS tells a process's start time (Linux ``/proc``), that start time — its "birth" —
still matches (so a reused pid is not mistaken for the owner). Heartbeats are not needed
there, so a laptop waking from sleep never has its running jobs taken over. For another host,
only the heartbeat tells: older than `stale_after` seconds means dead.
"""

from __future__ import annotations

import datetime as dt
import os
import socket
import sys
import uuid

_NONCE = uuid.uuid4().hex[:6]


def process_birth(pid: int) -> str:
    """A token of when process `pid` started (Linux: clock ticks since boot), or ``"0"``."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return fields[19]  # field 22 of stat(5), counted after the "(comm)" field
    except (OSError, IndexError):
        return "0"


def owner_id(pid: int | None = None, nonce: str | None = None) -> str:
    """``host:pid:birth:nonce`` naming one owner (one manager) of jobs."""
    pid = pid or os.getpid()
    return f"{socket.gethostname()}:{pid}:{process_birth(pid)}:{nonce or _NONCE}"


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
    """Whether the owner of a job can still be running it (see the module docstring)."""
    if not owner:
        return False
    parts = owner.split(":")
    if len(parts) >= 3 and parts[0] == socket.gethostname() and parts[1].isdigit():
        pid, birth = int(parts[1]), parts[2]
        if not pid_alive(pid):
            return False
        return birth == "0" or process_birth(pid) in (birth, "0")
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
