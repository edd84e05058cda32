"""The engine's own thread pool for turns (``lvtu-turn-*``); the database has its own threads
(`engine.storage.Database`).

Turns never run on the event loop's default executor: a turn holding a default-executor worker
would starve everything else that needs one (``loop.getaddrinfo``, hence every httpx connect),
and `loop.set_default_executor` must not size how many turns can run.
"""

from __future__ import annotations

import itertools
import os
import threading
from concurrent.futures import ThreadPoolExecutor

#: How long close(), cancellation and arun wait for a turn or sub-agent to stop, seconds.
STOP_TIMEOUT = 5.0

_lock = threading.Lock()
_turn_pool: ThreadPoolExecutor | None = None
_numbers = itertools.count(1)


def turn_workers() -> int:
    """``min(32, cpu + 4)``: the same sizing as the standard library's default executor."""
    return min(32, (os.cpu_count() or 1) + 4)


def _name_turn_thread() -> None:
    threading.current_thread().name = f"lvtu-turn-{next(_numbers)}"


def turn_pool() -> ThreadPoolExecutor:
    """The process-wide pool that runs turns and background sub-agents (threads ``lvtu-turn-N``)."""
    global _turn_pool
    with _lock:
        if _turn_pool is None:
            _turn_pool = ThreadPoolExecutor(
                max_workers=turn_workers(),
                thread_name_prefix="lvtu-turn",
                initializer=_name_turn_thread,
            )
        return _turn_pool
