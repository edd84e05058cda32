"""「进藏」/「入藏」 said without 从 (「上海坐火车进藏」): the place before it is where the trip
starts and 拉萨 where it goes — 上海 was read as the only stop (「这次不需要城际交通」)."""

from __future__ import annotations

import pytest

from engine.understanding import parse_request
from tests.helpers.plans import KB, SATURDAY


@pytest.mark.parametrize(
    ("text", "departure", "destinations"),
    [
        ("上海坐火车进藏，玩8天", "shanghai", ("lhasa",)),
        ("西宁坐火车入藏玩6天", "xining", ("lhasa",)),
        ("从成都坐火车进藏，拉萨玩6天", "chengdu", ("lhasa",)),
    ],
)
def test_into_tibet_starts_where_it_is_said_and_goes_to_lhasa(
    text: str, departure: str, destinations: tuple[str, ...]
) -> None:
    request = parse_request(text, KB, today=SATURDAY).request
    assert request is not None
    assert (request.departure, request.destinations) == (departure, destinations)
    assert request.prefer_transport == ("train",)
