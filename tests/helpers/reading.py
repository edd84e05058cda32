"""Reading a request in the understanding tests: the type of their `read` fixture, the request
read from a text and one wish of it."""

from __future__ import annotations

from collections.abc import Callable

from engine.domain.request import TripRequest, Wish
from engine.understanding import ParseResult

#: The `read` fixture of tests/understanding/conftest.py: ``read(text) -> ParseResult``.
Read = Callable[[str], ParseResult]


def read_trip(read: Read, text: str) -> TripRequest:
    """The request `read` makes of `text`; the test fails with the parser's message when none."""
    result = read(text)
    assert result.request is not None, result.message()
    return result.request


def wish_of(request: TripRequest, kind: str) -> Wish:
    """The first wish of `kind` (``date``, ``party`` …) of `request`; the test fails when none."""
    wish = next((w for w in request.wishes if w.kind == kind), None)
    assert wish is not None, f"no {kind} wish among {[w.kind for w in request.wishes]}"
    return wish
