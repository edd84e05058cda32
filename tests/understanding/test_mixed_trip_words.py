"""Trips said in English with several cities, and requests that mix English and Chinese:
"3 days Beijing then bullet train to Shanghai for 3 days, fly home from Pudong" is Beijing
then Shanghai with no departure (the way home starts at Pudong, it is not where the trip
starts); 「I want 去成都 eat 火锅 three天」 is three days in 成都."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.knowledge.base import KnowledgeBase, default_knowledge
from engine.understanding import read_request

TODAY = dt.date(2026, 12, 3)


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return default_knowledge()


def test_two_cities_in_english_with_an_open_jaw_way_home(kb: KnowledgeBase) -> None:
    """It was 「Beijing in 6 days from Shanghai」: "from Pudong" was the departure, and Beijing,
    read only through "Great Wall at Mutianyu", came after Shanghai."""
    result = read_request(
        "First time in China: 6 days, arrive Beijing, 3 days Beijing then bullet train to "
        "Shanghai for 3 days, fly home from Pudong. Great Wall at Mutianyu please, a nicer "
        "hotel, my wife and I, mid-April 2027",
        kb,
        today=TODAY,
    )
    request = result.request
    assert request is not None, result.message("en")
    assert request.departure is None
    assert request.destinations == ("beijing", "shanghai")
    assert request.destination_days == (3, 3)
    assert request.home_transport == ("flight",)
    assert request.start_date is not None and request.start_date.month == 4


@pytest.mark.parametrize(
    "text",
    [
        "Fly into Beijing, 2 days in Beijing, then Xi'an for 2 days, flying back from Xi'an",
        "2 days in Beijing and 2 days in Xi'an, returning from Xi'an",
    ],
)
def test_where_the_way_home_starts_is_not_the_departure(kb: KnowledgeBase, text: str) -> None:
    request = read_request(text, kb, today=TODAY).request
    assert request is not None
    assert request.departure is None
    assert request.destinations == ("beijing", "xian")


def test_a_real_departure_from_is_kept(kb: KnowledgeBase) -> None:
    request = read_request("3 days in Hangzhou from Shanghai", kb, today=TODAY).request
    assert request is not None and request.departure == "shanghai"


def test_a_mixed_language_request_finds_its_city_and_days(kb: KnowledgeBase) -> None:
    """It was "Where would you like to go?" though 成都 was said after 去."""
    result = read_request("I want 去成都 eat 火锅 three天 with my 爸妈 next周末", kb, today=TODAY)
    request = result.request
    assert request is not None, result.message("en")
    assert request.destinations == ("chengdu",)
    assert request.days == 3
    assert any(f.cuisine == "hotpot" for f in request.food)


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("6 days in Beijing, mid-April 2027", dt.date(2027, 4, 17)),
        ("2027年4月中旬去北京玩6天", dt.date(2027, 4, 17)),
        ("4 days in Beijing from May 5, 2027", dt.date(2027, 5, 5)),
    ],
)
def test_a_year_said_with_a_month_is_kept(kb: KnowledgeBase, text: str, start: dt.date) -> None:
    """Said in March 2026, "mid-April 2027" was read as 2026-04-11: the year was dropped."""
    request = read_request(text, kb, today=dt.date(2026, 3, 2)).request
    assert request is not None and request.start_date == start
