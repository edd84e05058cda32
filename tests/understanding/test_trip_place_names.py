"""Place names read as the place meant: a mountain is not a county of the same first characters
(武功山 is in 江西, 武功县 in 陕西), an arrival airport is not the destination (天府机场 →
成都), and a follow-up's words are looked up in the trip's own places first (解放西 of 长沙,
"Panxi Restaurant" of 广州, "Nanshan" of 三亚, 山顶 of 泰山)."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.editing.places import find_place
from engine.knowledge.base import KnowledgeBase, default_knowledge
from engine.understanding import read_request
from engine.understanding.trip_names import full_words, in_trip, restated

TODAY = dt.date(2026, 12, 3)


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return default_knowledge()


def test_a_mountain_is_not_the_county_its_name_starts_with(kb: KnowledgeBase) -> None:
    """「去武功山徒步」 was read as 武功县 (陕西咸阳) and answered with 西安/华山/延安."""
    said = read_request("我们8个朋友从长沙出发去武功山徒步，两天一夜，想在金顶看日出，坐高铁去",
                        kb, today=TODAY).message("zh")  # fmt: skip
    assert "武功山（江西萍乡）" in said, said
    assert "陕西" not in said and "西安" not in said, said


def test_an_unknown_mountain_is_named_whole_not_as_a_county(kb: KnowledgeBase) -> None:
    """灵寿 is a county of 河北; 「灵寿山」 names no place we know, and is said so whole (not
    refused as 「我们还没有灵寿（河北石家庄）的景点数据」); 灵寿 may be one suggestion."""
    result = read_request("从长沙去灵寿山徒步两天", kb, today=TODAY)
    said = result.message("zh")
    assert result.request is None and said.startswith("没找到“灵寿山”"), said


def test_the_arrival_airport_is_not_the_destination(kb: KnowledgeBase) -> None:
    """Saying "I land at Chengdu Tianfu airport" made the airport (资阳) the destination, refused."""
    result = read_request(
        "Flying from Shanghai, I land at Chengdu Tianfu airport at 22:00 on Friday 18 December, "
        "3 days, Sichuan opera one evening",
        kb,
        today=TODAY,
    )
    assert result.request is not None, result.message("en")
    assert result.request.destinations == ("chengdu",)
    assert result.request.departure == "shanghai"


@pytest.mark.parametrize(
    ("said", "trip", "place", "named"),
    [
        ("解放西酒吧街", "changsha", "changsha-taiping-street", False),  # 「…连着解放西路」
        ("Panxi Restaurant", "guangzhou", "guangzhou-panxi-restaurant", True),
        ("Nanshan", "sanya", "sanya-nanshan", True),
        ("山顶", "taishan", None, False),
    ],
)
def test_a_follow_ups_words_are_read_in_the_trip_first(
    kb: KnowledgeBase, said: str, trip: str, place: str | None, named: bool
) -> None:
    found = in_trip(said, [trip], kb)
    assert found is not None and found.destination.id == trip
    assert (found.place.id if found.place else None) == place
    assert found.named is named


def test_words_of_another_city_are_not_read_in_the_trip(kb: KnowledgeBase) -> None:
    assert in_trip("云台山", ["changsha"], kb) is None
    assert in_trip("Leshan Giant Buddha", ["guangzhou"], kb) is None


def test_a_county_name_is_carried_on_to_the_whole_name() -> None:
    assert full_words("第三天晚上想去解放西酒吧街", "解放") == "解放西酒吧街"
    assert full_words("去解放西吧", "解放") == "解放西"
    assert full_words("does Panxi Restaurant use peanuts?", "Panxi") == "Panxi Restaurant"


def test_an_edit_takes_the_trips_own_place_before_an_exact_name_elsewhere(
    kb: KnowledgeBase,
) -> None:
    """Saying "visit Nanshan on day 2" on a 三亚 plan was refused: "Nanshan (Zhaoyin Temple) is in
    Zhenjiang" — 镇江's 南山 carries the exact name, 三亚's 南山文化旅游区 starts with it."""
    assert find_place("Nanshan", kb, ["sanya"]).id == "sanya-nanshan"
    assert find_place("南山", kb, ["sanya"]).id == "sanya-nanshan"
    assert find_place("Nanshan", kb, ["zhenjiang"]).id.startswith("zhenjiang")


def test_a_restated_trip_keeps_the_open_trips_dates_and_party(kb: KnowledgeBase) -> None:
    """Saying "we want 3 days in Beijing and then 3 days in Shanghai, we start in Beijing" to
    fix a mid-April 2027 plan for two, was planned for next Saturday for the same two places."""
    current = read_request(
        "6 days in Beijing and Shanghai, mid-April 2027, my wife and I", kb, today=TODAY
    ).request
    assert current is not None and current.start_date is not None
    said = read_request(
        "we want 3 days in Beijing and then 3 days in Shanghai, we start in Beijing",
        kb,
        today=TODAY,
    )
    request = restated(said, current).request
    assert request is not None
    assert request.start_date == current.start_date
    assert request.party == current.party
    assert request.destination_days == (3, 3)
    elsewhere = read_request("3 days in Xi'an", kb, today=TODAY)
    assert restated(elsewhere, current).request == elsewhere.request  # another trip: as said
