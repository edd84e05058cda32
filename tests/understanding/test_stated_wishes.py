"""Wishes a tester saw dropped or split (issue 12, findings F4, F10, F15, F16, F22, F38): a dog
along, an anniversary, a hotel by its name, rock climbing, "art museums" and "jazz bars", "safety
matters to me" — each read as one wish in the person's words, none dropped."""

from __future__ import annotations

import datetime as dt

from engine.domain.request import TripRequest
from engine.knowledge.base import load_curated
from engine.understanding import parse_request

KB = load_curated()
TODAY = dt.date(2026, 12, 3)


def _read(text: str) -> TripRequest:
    said = parse_request(text, KB, today=TODAY)
    assert said.request is not None, said.message()
    return said.request


def _rows(request: TripRequest) -> list[tuple[str, str, str]]:
    return [(w.kind, w.value, w.said) for w in request.wishes]


def test_a_dog_along_is_a_wish_and_not_when_refused() -> None:
    rows = _rows(_read("带狗从上海自驾去莫干山玩2天，两个人一条狗"))
    assert ("other", "pet:dog", "带狗") in rows, rows
    assert ("other", "pet:cat", "with our cat") in _rows(
        _read("3 days in Hangzhou from Shanghai with our cat")
    )
    assert not [r for r in _rows(_read("不带狗，从上海去莫干山玩2天")) if r[1].startswith("pet:")]


def test_an_anniversary_and_a_named_hotel_are_both_said_back() -> None:
    rows = _rows(_read("结婚十周年纪念，和老婆从南京去杭州玩3天，住西湖国宾馆"))
    assert ("other", "occasion:anniversary", "结婚十周年纪念") in rows, rows
    # a hotel by its name is a where-to-stay wish, though no place of the trip is called so
    assert ("lodging_area", "西湖国宾馆", "住西湖国宾馆") in rows, rows


def test_safety_said_in_english_is_a_wish() -> None:
    rows = _rows(
        _read("A solo female traveller, 5 days in Kashgar from Urumqi. Safety matters to me.")
    )
    assert ("other", "concern:safety", "Safety matters to me") in rows, rows


def test_rock_climbing_in_yangshuo_is_the_climbing_record() -> None:
    request = _read("从广州出发去阳朔攀岩、漂流，3天")
    assert "yangshuo-rock-climbing" in request.must_see
    assert ("must_see", "yangshuo-rock-climbing", "攀岩") in _rows(request)


def test_art_museums_are_one_wish_and_jazz_bars_a_jazz_venue() -> None:
    request = _read(
        "I'm visiting Shanghai for 4 days in late March. I love art museums and jazz bars."
    )
    rows = _rows(request)
    interests = [r for r in rows if r[0] == "interest"]
    assert interests == [("interest", "gallery", "art museums")], rows  # not art + museums
    assert "museum" not in request.interests
    assert ("must_see", "shanghai-peace-hotel-jazz-bar", "jazz bars") in rows, rows
    # 美术馆 in Chinese is the same one wish
    zh = [r for r in _rows(_read("上海玩3天，想去美术馆")) if r[0] == "interest"]
    assert zh == [("interest", "gallery", "想去美术馆")], zh
