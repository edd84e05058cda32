"""Whole requests: every wish recognised is in `TripRequest.wishes` with the person's words,
must-sees resolve to POIs, options are wishes too, and the one-line summary names them."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.knowledge.base import KnowledgeBase
from engine.understanding import ParseResult, RequestOptions, read_request
from tests.understanding.conftest import TODAY

Read = Callable[[str], ParseResult]


@pytest.mark.parametrize(
    ("text", "must_see"),
    [
        ("北京三天，一定要去故宫", ("forbidden-city",)),
        ("北京三天，故宫一定要去", ("forbidden-city",)),
        ("北京三天，想看故宫和长城", ("forbidden-city", "great-wall-badaling")),
        ("北京三天，想去故宫和长城", ("forbidden-city", "great-wall-badaling")),
        ("3 days in Beijing, must see the Forbidden City", ("forbidden-city",)),
        ("3 days in Beijing, the Forbidden City is a must", ("forbidden-city",)),
        ("北京三天，看故宫", ("forbidden-city",)),
        ("北京三天，想看故宫日落", ("forbidden-city",)),
        ("3 days in Beijing, Forbidden City please", ("forbidden-city",)),
        ("3 days in Beijing: the Forbidden City and the Great Wall", ("forbidden-city", "great-wall-badaling")),
        ("3 days in Beijing, want to see the Great Wall", ("great-wall-badaling",)),
    ],
)  # fmt: skip
def test_must_see(read: Read, text: str, must_see: tuple[str, ...]) -> None:
    request = read(text).request
    assert request is not None
    assert request.must_see == must_see
    assert [w.value for w in request.wishes if w.kind == "must_see"] == list(must_see)


def test_a_must_see_not_found_is_kept_by_name(read: Read) -> None:
    result = read("杭州两天，一定要去雷峰塔")
    assert result.request is not None and result.request.must_see == ()
    assert result.unmatched_must_see == ("雷峰塔",)
    wish = next(w for w in result.request.wishes if w.kind == "must_see")
    assert (wish.value, wish.said) == ("雷峰塔", "一定要去雷峰塔")


def test_everything_said_is_a_wish_in_the_persons_words(read: Read) -> None:
    text = (
        "我带爸妈四月初从上海坐高铁去北京玩4天，不坐飞机，住王府井附近，要含早，"
        "想吃烤鸭，故宫一定要去，老人腿脚不好，别太赶，预算1万，想体验骑马"
    )
    result = read(text)
    request = result.request
    assert request is not None, result.message()
    wishes = {(w.kind, w.value): w.said for w in request.wishes}
    assert wishes[("party", "1+0+2")] == "带爸妈"
    assert wishes[("date", "2026-04-04")] == "四月初"
    assert wishes[("transport", "hsr")] == "坐高铁去"
    assert wishes[("avoid_transport", "flight")] == "不坐飞机"
    assert wishes[("lodging_area", "beijing-lodging-wangfujing")] == "住王府井附近"
    assert wishes[("lodging_feature", "breakfast")] == "含早"
    assert wishes[("food", "roast-duck")] == "想吃烤鸭"
    assert wishes[("must_see", "forbidden-city")] == "故宫一定要去"
    assert wishes[("access", "limited-mobility")] == "腿脚不好"
    assert wishes[("pace", "relaxed")] in ("别太赶", "带爸妈")
    assert wishes[("budget", "10000")] == "预算1万"
    assert wishes[("days", "4")] == "4天"
    assert wishes[("other", "activity:horse-riding")] == "想体验骑马"  # answered, not 「没看懂」
    assert request.unrecognized == ()
    assert not any(w.remembered for w in request.wishes)


def test_budget_with_wishes(read: Read) -> None:
    """A budget said next to wishes (五星, 人均) is read as a budget, the wishes as wishes."""
    request = read("杭州三天，两个人，人均预算两千五，想住五星酒店，吃海鲜").request
    assert request is not None
    assert request.budget_cny == 5000 and request.lodging.kind == "luxury"
    assert [f.cuisine for f in request.food] == ["seafood"]


def test_summary_names_the_main_wishes(read: Read) -> None:
    line = read("从杭州坐高铁去北京三天，不坐飞机，想吃烤鸭，想住树屋").message()
    assert "想要：坐高铁去、不坐飞机、想吃烤鸭" in line and "没看懂：想住树屋" in line
    line = read("3 days in Beijing by high-speed train, try Peking duck").message("en")
    assert "wishes: by high-speed train; try Peking duck" in line


def test_options_are_wishes_and_override_the_text(wkb: KnowledgeBase) -> None:
    options = RequestOptions(people=3, days=4, pace="relaxed")
    result = read_request("我们两个人去杭州玩两天，想吃火锅", wkb, today=TODAY, options=options)
    request = result.request
    assert request is not None
    assert (request.party.adults, request.days) == (3, 4)
    wishes = {(w.kind, w.value): w.said for w in request.wishes}
    assert wishes[("party", "3+0")] == "3人" and wishes[("days", "4")] == "4天"  # with units
    assert wishes[("pace", "relaxed")] == "轻松" and ("food", "hotpot") in wishes
    assert len([w for w in request.wishes if w.kind == "party"]) == 1


def test_interests_picked_in_a_form(wkb: KnowledgeBase) -> None:
    options = RequestOptions(interests=("museum",))
    request = read_request("去杭州两天", wkb, today=TODAY, options=options).request
    assert request is not None and "museum" in request.interests
    assert ("interest", "museum") in {(w.kind, w.value) for w in request.wishes}


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("杭州两天，想看日出", {"experience": ["sunrise"]}),
        ("Hangzhou 2 days, the sunset over the lake", {"experience": ["sunset"], "interest": ["lake"]}),
        ("杭州两天，晚上看夜景", {"experience": ["night-view"]}),
    ],
)  # fmt: skip
def test_a_moment_is_one_wish_not_also_an_interest(
    read: Read, text: str, kinds: dict[str, list[str]]
) -> None:
    request = read(text).request
    assert request is not None
    got: dict[str, list[str]] = {}
    for w in request.wishes:
        if w.kind in ("experience", "interest"):
            got.setdefault(w.kind, []).append(w.value)
    assert got == kinds


def test_a_pace_read_from_who_travels_says_so(read: Read) -> None:
    request = read("带爸妈去杭州玩三天").request
    assert request is not None
    (pace,) = [w for w in request.wishes if w.kind == "pace"]
    (party,) = [w for w in request.wishes if w.kind == "party"]
    assert pace.value == "relaxed" and pace.said != party.said and "放慢" in pace.said
