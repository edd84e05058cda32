"""Where the person wants to go, read right: an English word never stands for a sight by itself,
each sight of a listed wish is answered by itself, 长城 on a city's trip is that city's wall,
a listed place the knowledge base lacks is answered rather than dropped, and "after the Golden
Week" starts the trip after the holiday."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.knowledge.base import KnowledgeBase, default_knowledge
from engine.knowledge.gazetteer import gazetteer_for
from engine.understanding import parse_request
from engine.understanding.attractions import find_attraction
from engine.understanding.dates import find_dates

TODAY = dt.date(2026, 9, 1)


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return default_knowledge()


def _must_see(text: str, kb: KnowledgeBase) -> dict[str, str]:
    """The must-see wishes of `text`: value → the words answered."""
    result = parse_request(text, kb, today=TODAY)
    assert result.request is not None, result.message()
    return {w.value: w.said for w in result.request.wishes if w.kind == "must_see"}


@pytest.mark.parametrize("word", ["First", "Great", "Giant", "Summer", "Best", "Highlights"])
def test_an_english_word_alone_names_no_sight(kb: KnowledgeBase, word: str) -> None:
    gaz = gazetteer_for(kb)
    assert gaz.partial(word) is None
    assert gaz.partial("Great Wall") is not None  # a name of several words still does


def test_first_time_in_china_is_no_sight_of_qinhuangdao(kb: KnowledgeBase) -> None:
    result = parse_request("First time in China: 5 days, Great Wall and Forbidden City", kb)
    assert result.request is not None, result.message()
    assert result.request.destinations == ("beijing",)
    wishes = _must_see("First time in China: 5 days, Great Wall and Forbidden City", kb)
    assert wishes == {"beijing-badaling": "Great Wall", "beijing-forbidden-city": "Forbidden City"}


def test_famous_sights_named_as_goals_bring_their_cities(kb: KnowledgeBase) -> None:
    text = "2 weeks, want the highlights: Great Wall, Terracotta Army, Guilin, Shanghai"
    result = parse_request(text, kb, today=TODAY)
    assert result.request is not None, result.message()
    assert result.request.destinations == ("beijing", "xian", "guilin", "shanghai")
    assert result.request.unrecognized == ()  # the sights said were understood, not echoed


def test_each_sight_of_one_wish_is_answered_by_itself(kb: KnowledgeBase) -> None:
    wishes = _must_see("第一次来中国，想看长城和故宫，5天", kb)
    assert wishes == {"beijing-badaling": "长城", "beijing-forbidden-city": "故宫"}


def test_the_great_wall_on_a_city_trip_is_that_citys(kb: KnowledgeBase) -> None:
    wishes = _must_see("北京4天，想看长城", kb)
    assert set(wishes) & {"beijing-badaling", "beijing-mutianyu"}


@pytest.mark.parametrize(
    ("text", "unknown", "known"),
    [
        ("拉萨5天，想去布达拉宫、羊卓雍措", "羊卓雍措", {"lhasa-potala": "布达拉宫"}),
        ("伊宁4天，去赛里木湖、那拉提、喀赞其", "那拉提", {"yining-sayram": "赛里木湖"}),
    ],
)
def test_a_listed_place_the_knowledge_base_lacks_is_answered(
    kb: KnowledgeBase, text: str, unknown: str, known: dict[str, str]
) -> None:
    wishes = _must_see(text, kb)
    assert wishes.get(unknown) == unknown  # answered (as not known), never dropped
    assert known.items() <= wishes.items()  # labels without the list's 、


@pytest.mark.parametrize(
    ("text", "start", "said"),
    [
        (
            "2 weeks in October (after the Golden Week)",
            dt.date(2026, 10, 8),
            "after the Golden Week",
        ),
        ("国庆后去北京", dt.date(2026, 10, 8), "国庆后"),
        ("国庆去北京", dt.date(2026, 10, 1), "国庆"),
    ],
)
def test_after_a_holiday_starts_the_day_after_its_days_off(
    text: str, start: dt.date, said: str
) -> None:
    found = find_dates(text, TODAY)
    assert (found.start, found.said) == (start, said)


def test_the_month_that_holds_the_start_is_the_same_trip() -> None:
    found = find_dates("2 weeks in October (after the Golden Week)", TODAY)
    assert found.start == dt.date(2026, 10, 8)
    assert found.unused == []  # "in October" is not a second start to refuse


@pytest.mark.parametrize("words", ["长城", "Great Wall", "the Great Wall"])
def test_a_follow_up_names_the_open_trips_own_sight(kb: KnowledgeBase, words: str) -> None:
    # 「第二天想去长城」 on a Beijing trip: Beijing's wall, not a longer name in another city
    assert find_attraction(words, kb, ["beijing"]) == ("beijing-badaling", "beijing")


def test_an_english_listed_name_the_knowledge_base_lacks_is_answered(kb: KnowledgeBase) -> None:
    wishes = _must_see("Lhasa 5 days: Potala Palace, Jokhang Temple, Namtso", kb)
    assert wishes.get("Namtso") == "Namtso"
    assert {"lhasa-potala", "lhasa-jokhang"} <= set(wishes)
    closing = _must_see("Hangzhou 3 days, West Lake, Lingyin Temple, Thanks", kb)
    assert "Thanks" not in closing  # a closing word is no place


@pytest.mark.parametrize("text", ["想看大熊猫，玩三天", "I want to see pandas, 3 days"])
def test_pandas_said_alone_bring_chengdu_and_its_panda_base(kb: KnowledgeBase, text: str) -> None:
    """Issue 12: 「想看大熊猫，玩三天」 asked where to go; pandas have one home to plan for, as a
    famous sight picks its city."""
    result = parse_request(text, kb, today=TODAY)
    assert result.request is not None, result.message()
    assert result.request.destinations == ("chengdu",)
    assert result.request.must_see == ("chengdu-panda-base",)


def test_pandas_on_a_trip_elsewhere_stay_an_interest_there(kb: KnowledgeBase) -> None:
    result = parse_request("北京三天，想看熊猫", kb, today=TODAY)
    assert result.request is not None, result.message()
    assert result.request.destinations == ("beijing",) and "giant-panda" in result.request.interests
    refused = parse_request("不看熊猫，玩三天", kb, today=TODAY)
    assert refused.request is None  # still asked where to go: no panda trip for a refusal


@pytest.mark.parametrize(
    "text",
    ["想看兵马俑和大熊猫，一共6天", "I'd like to see the Terracotta Army and the pandas, 6 days"],
)
def test_pandas_listed_beside_a_famous_sight_bring_chengdu_too(
    kb: KnowledgeBase, text: str
) -> None:
    """Issue 12: the pandas listed after 兵马俑 were dropped silently (a 6-day 西安 trip)."""
    result = parse_request(text, kb, today=TODAY)
    assert result.request is not None, result.message()
    assert result.request.destinations == ("xian", "chengdu")
    assert result.request.must_see == ("xian-terracotta-army", "chengdu-panda-base")


def test_pandas_on_a_named_citys_list_stay_an_interest_answered(kb: KnowledgeBase) -> None:
    result = parse_request("西安三天，想看兵马俑和熊猫", kb, today=TODAY)
    assert result.request is not None, result.message()
    assert result.request.destinations == ("xian",)
    assert [w.said for w in result.request.wishes if w.kind == "interest"] == ["熊猫"]
