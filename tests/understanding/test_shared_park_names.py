"""A park name shared by several cities' parks (欢乐谷, 方特, "Universal Studios") is the one in
the destination said (issue 13 §4): 「带孩子去武汉2天，想去欢乐谷」 planned 武汉 + 深圳 with a flight
to 深圳 on day 2, because only 深圳欢乐谷 carried the short name."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.understanding import parse_request
from tests.helpers.plans import KB

TODAY = dt.date(2026, 12, 3)


@pytest.mark.parametrize(
    ("text", "destination", "park"),
    [
        ("带孩子去武汉2天，想去欢乐谷", "wuhan", "wuhan-happy-valley"),
        ("带孩子去深圳2天，想去欢乐谷", "shenzhen", "shenzhen-happy-valley"),
        ("从兰州去嘉峪关玩2天，带孩子想去方特", "jiayuguan", "jiayuguan-fantawild"),
        ("带孩子从济南去泰安玩2天，想去方特", "taishan", "taishan-fantawild"),
        (
            "3 days in Beijing from Shanghai, we want Universal Studios",
            "beijing",
            "beijing-universal",
        ),
    ],
)
def test_a_shared_park_name_is_the_park_of_the_destination_said(
    text: str, destination: str, park: str
) -> None:
    request = parse_request(text, KB, today=TODAY).request
    assert request is not None
    assert request.destinations == (destination,)
    assert park in request.must_see
