"""Lvtu 旅途 engine: everything that is not Qt.

Hosts use what this module exports; everything else is internal and may move. Names are
loaded on first use, so ``import engine`` stays light (the desktop imports it before its
first paint).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

__all__ = [
    "Agent",
    "BackgroundOwnerClosedError",
    "CancellationToken",
    "Event",
    "JobManager",
    "TripRequest",
    "TurnInProgressError",
    "build_from_environment",
]

_WHERE = {
    "Agent": "engine.agent.agent",
    "build_from_environment": "engine.agent.environment",
    "CancellationToken": "engine.agent.cancellation",
    "TurnInProgressError": "engine.agent.errors",
    "BackgroundOwnerClosedError": "engine.agent.errors",
    "JobManager": "engine.jobs",  # another helper's module (engine.jobs)
    "TripRequest": "engine.domain.request",
    "Event": "engine.events",
}

if TYPE_CHECKING:
    from engine.agent.agent import Agent
    from engine.agent.cancellation import CancellationToken
    from engine.agent.environment import build_from_environment
    from engine.agent.errors import BackgroundOwnerClosedError, TurnInProgressError
    from engine.domain.request import TripRequest
    from engine.events import Event
    from engine.jobs import JobManager  # type: ignore[import-not-found, unused-ignore]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
