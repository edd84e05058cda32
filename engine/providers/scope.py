"""CallScope: one call's total deadline and cancellation, applied to each await in turn."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any, TypeVar

from engine.cancellation import CancellationToken, CancelledError
from engine.providers.errors import DeadlineExceeded

T = TypeVar("T")


class CallScope:
    """Deadline and cancellation for one provider call.

    Each await of the call goes through `run`, which wraps just that await in an
    ``asyncio.timeout`` ending at the call's deadline. Never spanning a ``yield``, it cannot
    fire in the consumer's code. Cancelling the token (from any thread) moves the running
    timeout to "now", so a blocked read ends at once and the caller closes the response.

    Use as a context manager, or call `close` (it unregisters the token callback).
    """

    def __init__(
        self, deadline: float, cancel: CancellationToken | None = None, *, provider: str = ""
    ) -> None:
        self._loop = asyncio.get_running_loop()
        self.deadline = deadline
        self._when = self._loop.time() + deadline
        self._cancel = cancel
        self._provider = provider
        self._timeout: asyncio.Timeout | None = None
        self._unregister = cancel.on_cancel(self._on_cancel) if cancel is not None else None

    def __enter__(self) -> CallScope:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        if self._unregister is not None:
            self._unregister()
            self._unregister = None

    def remaining(self) -> float:
        """Seconds left before the deadline (0 or more)."""
        return max(0.0, self._when - self._loop.time())

    def check(self) -> None:
        """Raise if the token is cancelled or the deadline has passed.

        Raises:
            CancelledError: the token was cancelled.
            DeadlineExceeded: the deadline passed.
        """
        if self._cancel is not None:
            self._cancel.check()
        if self._loop.time() >= self._when:
            raise DeadlineExceeded(provider=self._provider, deadline=self.deadline)

    async def run(self, awaitable: Awaitable[T]) -> T:
        """Await `awaitable` within the deadline, ending early on cancellation.

        Raises:
            CancelledError: the token was cancelled (before or during the await).
            DeadlineExceeded: the deadline passed.
        """
        try:
            self.check()
        except BaseException:
            _discard(awaitable)
            raise
        try:
            async with asyncio.timeout_at(self._when) as timeout:
                self._timeout = timeout
                try:
                    return await awaitable
                finally:
                    self._timeout = None
        except TimeoutError:
            if self._cancel is not None and self._cancel.is_cancelled:
                raise CancelledError(self._cancel.reason or "cancelled") from None
            raise DeadlineExceeded(provider=self._provider, deadline=self.deadline) from None

    def _on_cancel(self, _reason: str) -> None:
        try:
            self._loop.call_soon_threadsafe(self._expire_now)
        except RuntimeError:  # the loop is closed: nothing is waiting any more
            pass

    def _expire_now(self) -> None:
        if self._timeout is not None:
            try:
                self._timeout.reschedule(self._loop.time())
            except RuntimeError:  # already expiring
                pass


def _discard(awaitable: Any) -> None:
    close = getattr(awaitable, "close", None)
    if close is not None:
        close()
