"""The engine's own thread pool (``lvtu-turn-*``): where a turn's CPU work runs.

A turn is a coroutine on the host's event loop; what it awaits from here is CPU work — the
solver, knowledge loading, request parsing, guide rendering — which would otherwise hold the
loop (a GUI thread, under qasync) for hundreds of milliseconds. The database has its own threads
(`engine.storage.Database`). This work never goes to the loop's default executor: a worker held
by a solver would starve everything else that needs one (``loop.getaddrinfo``, hence every
httpx connect), and `loop.set_default_executor` must not size how much can run at once.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import os
import threading
from collections.abc import AsyncIterator, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

#: How long close(), cancellation and arun wait for a turn or sub-agent to stop, seconds.
STOP_TIMEOUT = 5.0

_lock = threading.Lock()
_turn_pool: ThreadPoolExecutor | None = None
_numbers = itertools.count(1)
_DONE = object()


def turn_workers() -> int:
    """``min(32, cpu + 4)``: the same sizing as the standard library's default executor."""
    return min(32, (os.cpu_count() or 1) + 4)


def _name_turn_thread() -> None:
    threading.current_thread().name = f"lvtu-turn-{next(_numbers)}"


def turn_pool() -> ThreadPoolExecutor:
    """The process-wide pool (threads ``lvtu-turn-N``): CPU work of turns, blocking turns of
    `Agent.chat`, background sub-agents."""
    global _turn_pool
    with _lock:
        if _turn_pool is None:
            _turn_pool = ThreadPoolExecutor(
                max_workers=turn_workers(),
                thread_name_prefix="lvtu-turn",
                initializer=_name_turn_thread,
            )
        return _turn_pool


async def in_pool(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``fn(*args, **kwargs)`` on the turn pool, awaited."""
    call = functools.partial(fn, *args, **kwargs)
    return await asyncio.get_running_loop().run_in_executor(turn_pool(), call)


async def iterate_in_pool(items: Iterable[T]) -> AsyncIterator[T]:
    """The items of a blocking iterable (a guide rendered chunk by chunk), each one produced
    on the turn pool."""
    iterator = iter(items)
    while (item := await in_pool(next, iterator, _DONE)) is not _DONE:
        yield item  # type: ignore[misc]
