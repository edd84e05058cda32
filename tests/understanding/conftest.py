"""Fixtures of the understanding tests: a knowledge base with the places wishes name."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.knowledge.base import KnowledgeBase
from engine.understanding import ParseResult, read_request
from tests.helpers.wish_kb import wish_kb

#: A Tuesday; every relative date in these tests counts from it.
TODAY = dt.date(2026, 3, 10)


@pytest.fixture(scope="session")
def wkb() -> KnowledgeBase:
    return wish_kb()


@pytest.fixture(scope="session")
def read(wkb: KnowledgeBase):  # type: ignore[no-untyped-def]
    """``read(text) -> ParseResult`` through the one entry point, on `wish_kb`, at `TODAY`."""

    def read(text: str) -> ParseResult:
        return read_request(text, wkb, today=TODAY)

    return read
