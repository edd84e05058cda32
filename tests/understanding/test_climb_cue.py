"""「爬泰山」 names where the trip goes even when another stop is said with 去 (issue 12): 「爬泰山
看日出，顺便去曲阜」 planned 曲阜 alone and never climbed 泰山."""

from __future__ import annotations

import pytest

from engine.understanding import parse_request
from tests.helpers.plans import KB, SATURDAY


@pytest.mark.parametrize(
    ("text", "destinations"),
    [
        ("从北京出发，爬泰山看日出，顺便去曲阜，两天", ("taishan", "qufu")),
        ("爬泰山，再去曲阜，三天", ("taishan", "qufu")),
        ("登黄山看日出，再去宏村，三天", ("huangshan",)),  # 宏村 is a sight of 黄山
        ("去北京玩三天，想爬长城", ("beijing",)),
        ("不爬泰山了，去曲阜玩两天", ("qufu",)),
    ],
)
def test_a_place_climbed_is_a_stop(text: str, destinations: tuple[str, ...]) -> None:
    parsed = parse_request(text, KB, today=SATURDAY)
    assert parsed.request is not None, parsed.message()
    assert parsed.request.destinations == destinations
