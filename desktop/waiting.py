"""Async waits for the desktop's demo, self-test and tests: on conditions or signals, never
fixed sleeps (pytest-qt's waitUntil / waitSignal hang inside coroutines: DESIGN.md)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import SignalInstance


async def wait_until(predicate: Callable[[], Any], limit: float = 30.0, poll: float = 0.01) -> Any:
    """Poll `predicate` (yielding to the loop between polls) until it is truthy; returns it.

    Raises:
        TimeoutError: still falsy after `limit` seconds.
    """
    deadline = time.monotonic() + limit
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"condition not met in {limit} s: {predicate!r}")
        await asyncio.sleep(poll)


async def wait_signal(signal: SignalInstance, limit: float = 30.0) -> tuple[Any, ...]:
    """The arguments of the next emission of `signal`.

    Raises:
        TimeoutError: not emitted within `limit` seconds.
    """
    future: asyncio.Future[tuple[Any, ...]] = asyncio.get_running_loop().create_future()

    def fire(*args: Any) -> None:
        if not future.done():
            future.set_result(args)

    signal.connect(fire)
    try:
        return await asyncio.wait_for(future, limit)
    finally:
        signal.disconnect(fire)
