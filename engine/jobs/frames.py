"""Messages between the host and its turn worker processes (`engine.jobs.turn_process`,
`engine.jobs.turn_child`): pickled frames, a 4-byte big-endian length then the pickle, on a
pipe. Both ends are this same program, so pickles of our own types are safe to load."""

from __future__ import annotations

import pickle
import struct
from typing import IO, Any

__all__ = ["read_frame", "write_frame"]

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
