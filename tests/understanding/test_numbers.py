"""One number reader for requests and follow-ups: 2k, 俩, 仨, 两千, 1.5万, "Four", ordinals."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.understanding import ParseResult
from engine.understanding.numbers import parse_int, parse_number

Read = Callable[[str], ParseResult]


@pytest.mark.parametrize(
    ("text", "value"),
    [("2k", 2000), ("2K", 2000), ("1.5w", 15000), ("1.5万", 15000), ("两千", 2000), ("俩", 2),
     ("仨", 3), ("2,000", 2000), ("Four", 4), ("second", 2), ("十天", None), ("两千五", 2500)],
)  # fmt: skip
def test_numbers(text: str, value: int | None) -> None:
    assert parse_int(text) == value


def test_the_follow_up_reader_is_the_request_reader() -> None:
    """The agent's follow-ups read numbers with the same function (once two disagreed on 2k)."""
    from engine.understanding import revision

    assert revision.parse_int is parse_int and parse_number("2k") == 2000.0


@pytest.mark.parametrize(
    ("text", "days", "people", "budget"),
    [
        ("Four days in Hangzhou", 4, 1, None), ("去杭州一周", 7, 1, None), ("去杭州十天", 10, 1, None),
        ("去杭州半个月", 15, 1, None), ("我们俩去杭州玩三天，预算两千", 3, 2, 2000),
        ("我们仨去杭州玩三天，预算2k", 3, 3, 2000), ("去杭州三天，预算1.5万", 3, 1, 15000),
    ],
)  # fmt: skip
def test_word_numbers_in_requests(
    read: Read, text: str, days: int, people: int, budget: int | None
) -> None:
    request = read(text).request
    assert request is not None
    assert (request.days, request.party.size, request.budget_cny) == (days, people, budget)
