"""The planner's worker process: ``python -m engine.planning.solver_child`` (a frozen app:
``lvtu --solver-worker``), started and spoken to by `engine.planning.solver_process`.

It loads the knowledge base once, then plans one request at a time. Messages are pickled
frames (a 4-byte big-endian length, then the pickle) on stdin (parent → child) and on the
process's original stdout (child → parent; ``print`` goes to stderr so it cannot corrupt them):

- parent → child: ``("plan", task, env, reload, request, today)`` — plan `request` (a
  `TripRequest`) from `today`; `env` are the parent's ``LVTU_*`` variables and `reload` says
  that the parent reloaded its knowledge base since this child loaded its own;
  ``("cancel", task)`` — make the solver stop (the best plan so far is returned, as with the
  ``stop`` callback of `plan_trip`).
- child → parent: ``("ready",)`` once the knowledge base is loaded; then for each task
  ``("done", task, itinerary)``, ``("planning_error", task, code, zh, en)`` or
  ``("failed", task, description)``.

The child ends when stdin closes (the parent closed it, or the parent died).
"""

from __future__ import annotations

import functools
import os
import pickle
import queue
import struct
import sys
import threading
import traceback
from typing import IO, Any

HEADER = struct.Struct("!I")


def write_frame(stream: IO[bytes], message: Any) -> None:
    """Send one message (pickled) on `stream`."""
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(HEADER.pack(len(data)) + data)
    stream.flush()


def read_frame(stream: IO[bytes]) -> Any | None:
    """The next message on `stream`; None at the end of the stream (the other side is gone)."""
    header = _read_exact(stream, HEADER.size)
    if header is None:
        return None
    data = _read_exact(stream, HEADER.unpack(header)[0])
    return None if data is None else pickle.loads(data)


def _read_exact(stream: IO[bytes], size: int) -> bytes | None:
    chunks, left = [], size
    while left:
        chunk = stream.read(left)
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


class _Inbox:
    """Reads stdin on its own thread: plans queue up, a cancel flags its task at once."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.tasks: queue.Queue[tuple[Any, ...] | None] = queue.Queue()
        self.cancelled = 0
        self._stream = stream
        threading.Thread(target=self._read, name="lvtu-solver-inbox", daemon=True).start()

    def _read(self) -> None:
        while (message := read_frame(self._stream)) is not None:
            if message[0] == "cancel":
                self.cancelled = message[1]
            else:
                self.tasks.put(message)
        self.tasks.put(None)

    def cancels(self, task: int) -> bool:
        """Whether `task` was cancelled (the solver's ``stop``)."""
        return self.cancelled == task


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


def main() -> int:
    lower_priority()
    out = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # stray output goes to stderr
    from engine.knowledge.base import default_knowledge
    from engine.knowledge.packs import reload_knowledge
    from engine.planning.errors import PlanningError
    from engine.planning.planner import plan_trip

    default_knowledge()
    write_frame(out, ("ready",))
    inbox = _Inbox(sys.stdin.buffer)
    while (message := inbox.tasks.get()) is not None:
        _, task, env, reload, request, today = message
        try:
            if reload:
                use_env(env)
                reload_knowledge()
            itinerary = plan_trip(
                request,
                default_knowledge(),
                stop=functools.partial(inbox.cancels, task),
                today=today,
            )
            reply: tuple[Any, ...] = ("done", task, itinerary)
        except PlanningError as exc:
            reply = ("planning_error", task, exc.code, exc.zh, exc.en)
        except Exception:
            reply = ("failed", task, traceback.format_exc())
        write_frame(out, reply)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
