"""The agent runtime's errors.

Hierarchy::

    RuntimeError
    ├── TurnInProgressError         a second turn while one runs on the same agent
    ├── BackgroundOwnerClosedError  a background sub-agent started after close()
    └── AgentClosedError            a turn started after close()
"""

from __future__ import annotations


class TurnInProgressError(RuntimeError):
    """A turn is already running on this agent (an agent runs one turn at a time; hosts keep a
    per-session lock or wait for the running turn's ``done``)."""


class BackgroundOwnerClosedError(RuntimeError):
    """The agent that would own a background sub-agent is closed (or closing)."""


class AgentClosedError(RuntimeError):
    """The agent is closed; start a new one."""
