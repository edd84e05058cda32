"""A plan job's Agent turn in a worker process: ``python -m engine.jobs.turn_child`` (a frozen
app: ``lvtu --turn-worker``), started and spoken to by `engine.jobs.turn_process`.

It imports the Agent's runtime and loads the knowledge base once, then runs one turn at a
time — understanding, solver, validation, guide, the Agent's own saves of the itinerary and the
conversation — and sends the turn's events back. Messages are pickled frames
(`engine.jobs.frames`) on stdin (parent → child) and on the process's
original stdout (child → parent; ``print`` goes to stderr):

- parent → child: ``("turn", task, env, reload, order)`` — run `order` (`TurnOrder`); `env`
  are the parent's ``LVTU_*`` variables (provider settings, data folder) and `reload` says
  that the parent reloaded its knowledge base since this child loaded its own;
  ``("cancel", task, reason)`` — cancel that turn (through its `CancellationToken`).
- child → parent: ``("ready",)`` once loaded; for each task ``("event", task, event)`` per
  event of the turn (`engine.events.Event`, ``done`` last), then ``("end", task)`` once the
  Agent has stored the turn's history and closed, or ``("failed", task, description)``.

The child ends when stdin closes (the parent closed it, or the parent died); a turn still
running then is cancelled first, so a crashed host's job is left to its resume.
"""

from __future__ import annotations

import asyncio
import functools
import os
import sys
import threading
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from engine.jobs.frames import read_frame, write_frame

EXIT_GRACE_S = 5.0  # after the parent has gone, how long a cancelled turn may take to stop


@dataclass(frozen=True)
class TurnOrder:
    """What one turn does (pickled to the child).

    Attributes:
        job_id: the job the turn runs for (its turn ids and the itinerary's link).
        conversation_id: the conversation it continues, if any.
        database: the database file the job's Agent uses.
        request: the job's request (`PlanRequest` or `TripRequest`), for a whole turn.
        guide_for: a saved itinerary's id, for a turn that only writes its guide.
    """

    job_id: str
    conversation_id: int | None
    database: Path
    request: Any = None
    guide_for: int | None = None


def use_env(env: dict[str, str]) -> None:
    """Make the process environment's ``LVTU_*`` variables exactly `env` (the parent's)."""
    for name in [n for n in os.environ if n.startswith("LVTU_") and n not in env]:
        del os.environ[name]
    os.environ.update(env)


def lower_priority() -> None:
    """Yield the CPU to the host: on a 2-core machine the solver's two seed threads would
    otherwise take both cores from the GUI thread whenever it has work (nice 10: the kernel
    gives a normal process about ten times its share)."""
    if hasattr(os, "nice"):
        os.nice(10)
    elif sys.platform == "win32":  # pragma: no cover
        import ctypes

        below_normal = 0x4000
        kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
        kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), below_normal)


class _Inbox:
    """Reads stdin on its own thread: turns queue up on the loop, a cancel reaches its token
    at once (on the loop's thread)."""

    def __init__(self, stream: IO[bytes], loop: asyncio.AbstractEventLoop) -> None:
        self.turns: asyncio.Queue[tuple[Any, ...] | None] = asyncio.Queue()
        self.tokens: dict[int, Any] = {}
        self._loop = loop
        self._stream = stream
        threading.Thread(target=self._read, name="lvtu-turn-inbox", daemon=True).start()

    def _read(self) -> None:
        while (message := read_frame(self._stream)) is not None:
            if message[0] == "cancel":
                self._loop.call_soon_threadsafe(self._cancel, message[1], message[2])
            else:
                self._loop.call_soon_threadsafe(self.turns.put_nowait, message)
        self._loop.call_soon_threadsafe(self._parent_gone)

    def _cancel(self, task: int, reason: str) -> None:
        token = self.tokens.get(task)
        if token is not None:
            token.cancel(reason)

    def _parent_gone(self) -> None:
        for token in self.tokens.values():
            token.cancel("the app closed")
        self.turns.put_nowait(None)
        timer = threading.Timer(EXIT_GRACE_S, os._exit, args=(0,))
        timer.daemon = True
        timer.start()


async def _run_turn(
    order: TurnOrder, token: Any, databases: dict[Path, Any], out: IO[bytes], task: int
) -> None:
    from engine.agent.environment import build_from_environment
    from engine.agent.pool import turn_pool
    from engine.jobs.plan_runner import AgentSession
    from engine.paths import data_home
    from engine.storage.database import Database

    database = databases.get(order.database)
    if database is None:
        database = databases[order.database] = await Database(order.database).ready()
    create = functools.partial(
        build_from_environment,
        working_directory=data_home(),
        database=database,
        conversation_id=order.conversation_id,
    )
    agent = await asyncio.get_running_loop().run_in_executor(turn_pool(), create)
    session = AgentSession(agent, order.job_id)
    try:
        if order.guide_for is not None:
            stream = session.astream_guide(order.guide_for, cancellation_token=token)
        else:
            stream = session.astream(order.request, cancellation_token=token)
        async for event in stream:
            write_frame(out, ("event", task, event))
    finally:
        await session.aclose()  # the Agent stores the turn's history before it closes


async def _serve(out: IO[bytes]) -> None:
    from engine.cancellation import CancellationToken
    from engine.knowledge.base import default_knowledge
    from engine.knowledge.packs import reload_knowledge

    inbox = _Inbox(sys.stdin.buffer, asyncio.get_running_loop())
    databases: dict[Path, Any] = {}
    while (message := await inbox.turns.get()) is not None:
        _, task, env, reload, order = message
        token = inbox.tokens[task] = CancellationToken()
        try:
            use_env(env)
            if reload:
                reload_knowledge()
                default_knowledge()
            await _run_turn(order, token, databases, out, task)
            reply: tuple[Any, ...] = ("end", task)
        except Exception:
            reply = ("failed", task, traceback.format_exc())
        finally:
            del inbox.tokens[task]
        write_frame(out, reply)
    for database in databases.values():
        await database.aclose()


def main() -> int:
    lower_priority()
    out = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # stray output goes to stderr
    from engine.warmup import warm_up

    warm_up()  # the Agent's runtime, the knowledge base, the gazetteer
    write_frame(out, ("ready",))
    asyncio.run(_serve(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
