"""CancellationToken: cooperative cancellation shared by a turn, its tools and providers."""

from __future__ import annotations

import threading
from collections.abc import Callable


class CancelledError(Exception):
    """Raised by `CancellationToken.check()` once the token is cancelled.

    Not `asyncio.CancelledError`: a turn catches this and ends with status ``cancelled``.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class CancellationToken:
    """A thread-safe, one-way cancellation flag with callbacks.

    Attributes:
        is_cancelled: whether `cancel` was called.
        reason: the reason given to the first `cancel`, else None.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._event = threading.Event()
        self._reason: str | None = None
        self._callbacks: list[Callable[[str], None]] = []

    @property
    def is_cancelled(self) -> bool:
        return self._event.is_set()

    @property
    def reason(self) -> str | None:
        return self._reason

    def cancel(self, reason: str = "cancelled") -> None:
        """Cancel (idempotent: later calls keep the first reason) and run the callbacks once."""
        with self._lock:
            if self._event.is_set():
                return
            self._reason = reason
            self._event.set()
            callbacks, self._callbacks = self._callbacks, []
        for callback in callbacks:
            callback(reason)

    def check(self) -> None:
        """Raise `CancelledError` if cancelled."""
        if self._event.is_set():
            raise CancelledError(self._reason or "cancelled")

    def on_cancel(self, callback: Callable[[str], None]) -> Callable[[], None]:
        """Call `callback(reason)` on cancellation (at once if already cancelled).

        Returns:
            A function that removes the callback.
        """
        with self._lock:
            if not self._event.is_set():
                self._callbacks.append(callback)
                return lambda: self._remove(callback)
        callback(self._reason or "cancelled")
        return lambda: None

    def wait(self, timeout: float | None = None) -> bool:
        """Block until cancelled or `timeout` seconds pass; True if cancelled."""
        return self._event.wait(timeout)

    def _remove(self, callback: Callable[[str], None]) -> None:
        with self._lock:
            if callback in self._callbacks:
                self._callbacks.remove(callback)
