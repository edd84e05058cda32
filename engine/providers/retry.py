"""Retry policy: exponential back-off with jitter, and ``Retry-After`` parsing."""

from __future__ import annotations

import datetime as dt
import email.utils
import random
from dataclasses import dataclass

RETRYABLE_STATUS = frozenset({408, 425, 429})
"""Statuses below 500 worth another attempt (every 5xx is retried too)."""


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """When and how long to wait before another attempt.

    Attributes:
        max_attempts: attempts in all, the first included (1 = never retry).
        base_delay: back-off before the second attempt, in seconds; doubles each time.
        max_delay: back-off cap, in seconds.
        max_retry_after: the longest server-requested wait (``Retry-After``) we honour, in
            seconds; asked to wait longer, the call fails at once with the server's figure.
    """

    max_attempts: int = 3
    base_delay: float = 0.5
    max_delay: float = 8.0
    max_retry_after: float = 30.0

    def backoff(self, attempt: int, rng: random.Random | None = None) -> float:
        """Seconds to wait after failed attempt number `attempt` (1-based).

        "Equal jitter": half the capped exponential delay plus a uniform random half, so
        clients that failed together do not retry together (AWS Architecture Blog,
        "Exponential Backoff And Jitter", 2015).
        """
        cap = min(self.max_delay, self.base_delay * 2 ** max(0, attempt - 1))
        return cap / 2 + (rng or random).uniform(0, cap / 2)


def parse_retry_after(value: str | None, now: dt.datetime | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header: delay-seconds or an HTTP date (RFC 9110).

    Returns:
        Seconds (0 or more), or None when absent or unreadable.
    """
    if value is None or not value.strip():
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.UTC)
    now = now or dt.datetime.now(dt.UTC)
    return max(0.0, (when - now).total_seconds())
