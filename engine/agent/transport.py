"""Transports: how a turn's events reach the host (CLI, desktop bridge, job log).

An agent fans every event out to its transport and to callbacks added with
`Agent.subscribe`. Delivery happens on the turn's event loop (the host's for `arun` and
`astream`, the chat thread's own for `chat`), in `seq` order:
subscribers must be quick and thread-safe (post to a queue or a Qt signal, never block).
A subscriber that raises is logged and skipped; it never breaks the turn.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from engine.events import Event

log = logging.getLogger(__name__)

Subscriber = Callable[[Event], None]


@runtime_checkable
class Transport(Protocol):
    """Receives every event of the agent's turns and background sub-agents."""

    def emit(self, event: Event) -> None: ...


class NullTransport:
    """Drops every event (the default)."""

    def emit(self, event: Event) -> None:
        return None


class CallbackTransport:
    """Calls `callback(event)` for each event."""

    def __init__(self, callback: Subscriber) -> None:
        self._callback = callback

    def emit(self, event: Event) -> None:
        self._callback(event)


class Fanout:
    """A thread-safe list of subscribers; `emit` calls each, logging (not raising) failures."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subscribers: list[Subscriber] = []

    def add(self, subscriber: Subscriber) -> Callable[[], None]:
        """Add `subscriber`; returns a function that removes it."""
        with self._lock:
            self._subscribers.append(subscriber)

        def remove() -> None:
            with self._lock:
                if subscriber in self._subscribers:
                    self._subscribers.remove(subscriber)

        return remove

    def emit(self, event: Event, *extra: Subscriber) -> None:
        with self._lock:
            subscribers = [*self._subscribers, *extra]
        for subscriber in subscribers:
            try:
                subscriber(event)
            except Exception:
                log.exception("event subscriber failed on %s #%d", event.type, event.seq)
