"""Pace, interests, avoid-lists and must-see places."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest

from engine.domain.request import Pace
from engine.knowledge.base import KnowledgeBase, default_knowledge
from engine.knowledge.schema import ATTRACTION_TAGS, CUISINE_TAGS, DISH_TAGS
from engine.planning.candidates import declined
from engine.understanding import ParseResult, lexicon, parse_request
from engine.understanding.food import FOOD_WORDS
from engine.understanding.prefs import find_prefs
from tests.helpers.tiny_kb import tiny_kb

TODAY = dt.date(2024, 10, 9)


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return tiny_kb()


def test_tables_use_the_knowledge_vocabulary() -> None:
    assert {t for _, tags in lexicon.INTEREST_WORDS for t in tags} <= ATTRACTION_TAGS
    assert {tag for _, tag, _meal in FOOD_WORDS} <= CUISINE_TAGS | DISH_TAGS
    assert {v for _, kind, v in lexicon.INHERENT_AVOID if kind == "tags"} <= ATTRACTION_TAGS


@pytest.mark.parametrize(
    ("text", "pace"),
    [("轻松一点", Pace.RELAXED), ("悠闲", Pace.RELAXED), ("慢节奏", Pace.RELAXED), ("带老人", Pace.RELAXED),
     ("带着父母", Pace.RELAXED), ("紧凑", Pace.PACKED), ("特种兵", Pace.PACKED), ("不要太紧凑", Pace.RELAXED),
     ("relaxed pace", Pace.RELAXED), ("not too busy", Pace.RELAXED), ("packed schedule", Pace.PACKED),
     ("as much as possible", Pace.PACKED), ("去杭州", None)],
)  # fmt: skip
def test_pace(text: str, pace: Pace | None) -> None:
    assert find_prefs(text).pace is pace


@pytest.mark.parametrize(
    ("text", "tags"),
    [("喜欢爬山", {"hiking", "mountain"}), ("想看日出", {"sunrise"}), ("博物馆", {"museum"}),
     ("美食", {"food"}), ("古镇", {"old-town"}), ("拍照", {"photography"}), ("自然风光", {"nature"}),
     ("历史", {"history", "heritage"}), ("亲子", {"kids"}), ("看油菜花", {"flowers"}),
     ("love hiking and museums", {"hiking", "outdoor", "museum"}), ("street food", {"food"}),
     ("we love hiking and photography", {"hiking", "outdoor", "photography"}),
     ("start early, smart plan", set()), ("Show me Shanghai", set())],
)  # fmt: skip
def test_interests(text: str, tags: set[str]) -> None:
    assert set(find_prefs(text).interests) == tags


def test_dates_are_not_read_as_interests(kb: KnowledgeBase) -> None:
    result = parse_request("10月12日出发去杭州", kb, today=TODAY)  # 日出 is inside the date
    assert result.request is not None and result.request.interests == ()


def test_negated_interests_become_avoided_tags() -> None:
    prefs = find_prefs("喜欢爬山，不要博物馆和寺庙")
    assert prefs.interests == ["hiking", "mountain"]
    assert prefs.avoid_tags == ["museum", "temple", "religion"]
    assert find_prefs("no museums please").avoid_tags == ["museum"]


@pytest.mark.parametrize(
    ("text", "avoided"),
    [("不爬山", ["hiking"]), ("老人不想爬山", ["hiking"]), ("no hiking please", ["hiking"]),
     ("不要徒步", ["hiking"]), ("不去山上，不要博物馆", ["museum"])],
)  # fmt: skip
def test_a_refused_climb_refuses_the_climb_not_the_hills(text: str, avoided: list[str]) -> None:
    """不爬山 avoids climbs on foot, not a temple at a hill's foot or a lake below peaks."""
    assert find_prefs(text).avoid_tags == avoided


def test_a_refused_climb_keeps_a_temple_at_the_hills_foot() -> None:
    kb = default_knowledge()
    request = parse_request("带爸妈去杭州玩两天，不爬山", kb, today=TODAY).request
    assert request is not None and request.avoid.tags == ("hiking",)
    lingyin = kb.attraction("hangzhou-lingyin-temple")  # 灵隐寺·飞来峰: tagged mountain
    assert lingyin is not None and "mountain" in lingyin.tags
    assert not declined(lingyin, request)
    huangshan = parse_request("去黄山两天，不爬山", kb, today=TODAY).request
    assert huangshan is not None and "hiking" in huangshan.avoid.tags


@pytest.mark.parametrize(
    ("text", "cuisines", "transport"),
    [("不吃辣", ["spicy"], []), ("no spicy food", ["spicy"], []), ("不想坐飞机", [], ["flight"]),
     ("no flights", [], ["flight"]), ("We don't want to fly", [], ["flight"]), ("海鲜过敏", ["seafood"], []),
     ("晕机", [], ["flight"]), ("不坐高铁", [], ["hsr"]), ("想吃辣的，坐飞机去", [], [])],
)  # fmt: skip
def test_avoid(text: str, cuisines: list[str], transport: list[str]) -> None:
    prefs = find_prefs(text)
    assert (prefs.avoid_cuisines, prefs.avoid_transport) == (cuisines, transport)


def test_must_see_and_excluded_attractions(kb: KnowledgeBase) -> None:
    result = parse_request("黄山三天，一定要去宏村和西递，不去屯溪老街", kb, today=TODAY)
    assert result.request is not None
    assert result.request.must_see == ("hongcun", "xidi")
    assert result.request.avoid.places == ("tunxi-old-street",)
    assert "old-town" not in result.request.avoid.tags  # 老街 is part of a name


def test_english_must_see_with_fuzzy_names(kb: KnowledgeBase) -> None:
    result = parse_request("2 days in Shanghai, must see the Bund and Yu Gardn", kb, today=TODAY)
    assert result.request is not None
    assert result.request.must_see == ("the-bund", "yu-garden")
    assert result.unmatched_must_see == ()


def test_unmatched_must_see_is_reported(kb: KnowledgeBase) -> None:
    result = parse_request("杭州两天，一定要去雷峰塔", kb, today=TODAY)
    assert result.request is not None and result.request.must_see == ()
    assert result.unmatched_must_see == ("雷峰塔",)


def test_full_request_with_everything(kb: KnowledgeBase) -> None:
    text = "下周六从上海出发去黄山玩3天2晚，一家三口，预算5000元，喜欢爬山看日出，不吃辣，不想坐飞机，轻松一点"
    result = parse_request(text, kb, today=TODAY)
    request = result.request
    assert request is not None
    assert request.departure == "shanghai" and request.destinations == ("huangshan",)
    assert request.days == 3 and request.start_date == dt.date(2024, 10, 19)
    assert (request.party.adults, request.party.children, request.party.seniors) == (2, 1, 0)
    assert request.budget_cny == 5000 and request.pace is Pace.RELAXED
    assert set(request.interests) == {"hiking", "mountain", "sunrise"}
    assert request.avoid.cuisines == ("spicy",) and request.avoid.transport == ("flight",)
    assert result.defaulted == frozenset()


@pytest.mark.parametrize(
    ("text", "avoid"),
    [
        ("I don't want to take the plane, 3 days in Hangzhou", ("avoid_transport", "flight")),
        ("3 days in Hangzhou, we don't want to visit any museums", ("avoid_tag", "museum")),
        ("3 days in Hangzhou, I'd rather not eat spicy food", ("avoid_food", "spicy")),
    ],
)
def test_a_refusal_said_before_a_long_verb_phrase_is_a_refusal(
    read: Callable[[str], ParseResult], text: str, avoid: tuple[str, str]
) -> None:
    """ "don't want to take the plane": the 不 reaches past four words — never a wish for it."""
    request = read(text).request
    assert request is not None
    wishes = {(w.kind, w.value) for w in request.wishes}
    assert avoid in wishes
    assert not wishes & {("transport", "flight"), ("must_see", "any museums"), ("food", "spicy")}


@pytest.mark.parametrize(
    "text",
    [
        "去重庆2天，可以吃肉",
        "去杭州2天，我现在吃肉了",
        "去杭州2天，不忌口了",
        "2 days in Hangzhou, meat is fine",
    ],
)
def test_a_preference_taken_back_is_understood_not_echoed(
    read: Callable[[str], ParseResult], text: str
) -> None:
    """Issue 12: 「可以吃肉」 (the phrase the app suggests) dropped 素食 and was also shown as
    「没看懂：可以吃肉」."""
    request = read(text).request
    assert request is not None and request.unrecognized == ()


def test_a_whole_roast_lamb_is_a_lamb_wish(read: Callable[[str], ParseResult]) -> None:
    request = read("去杭州3天，想吃烤全羊").request
    assert request is not None and request.unrecognized == ()
    assert [f.cuisine for f in request.food] == ["lamb"]
