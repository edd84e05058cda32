"""The checks behind the model policy, without a server: reading the model's JSON, merging it
with the parser's draft, judging a written guide, and grounding the places it names."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from engine.agent import model_guide
from engine.agent.grounding import ungrounded_places
from engine.agent.model_merge import merge
from engine.agent.model_understanding import read, schema
from engine.domain.itinerary import Itinerary
from engine.knowledge.gazetteer import gazetteer_for
from engine.providers.schemacheck import validate
from engine.understanding.parser import understand
from tests.agent.fakes import SEED, TODAY, FakePipeline, knowledge
from tests.agent.model_helpers import GOOD_GUIDE, GOOD_READING


@pytest.fixture(scope="module")
def kb() -> Any:
    return knowledge()


@pytest.fixture
def plan(kb: Any) -> Itinerary:
    from engine.understanding import parse_request

    request = parse_request(SEED, kb, today=TODAY).request
    assert request is not None
    return FakePipeline(kb=kb).plan(request, kb, today=TODAY)


def _read(kb: Any, text: str, **fields: Any) -> Any:
    return read({**GOOD_READING, **fields}, text, gazetteer_for(kb), TODAY)


# -- reading --------------------------------------------------------------------------------------


def test_the_schema_is_strict_and_the_example_reading_matches_it() -> None:
    for lang in ("zh", "en"):
        spec = schema(lang)
        assert set(spec["required"]) == set(spec["properties"])
        assert spec["additionalProperties"] is False
        assert validate(GOOD_READING, spec) == []
    assert schema("zh")["properties"]["departure"]["maxLength"] < 20


def test_values_are_kept_only_with_a_cue_in_the_text(kb: Any) -> None:
    said = "我们两个大人从上海去黄山，12月12日出发玩三天，预算3000元，轻松一点"
    got = _read(kb, said, departure="上海", days=3, start_date="2026-12-12", adults=2,
                budget_cny=3000, pace="relaxed")  # fmt: skip
    assert (got.days, got.start_date, got.party, got.budget_cny, got.pace.value) == (
        3, dt.date(2026, 12, 12), (2, 0, 0), 3000, "relaxed",
    )  # fmt: skip
    assert got.departure.name_zh == "上海" and not got.dropped
    guessed = _read(kb, "上海去黄山", days=3, start_date="2026-12-12", adults=2,
                    budget_cny=3000, pace="relaxed")  # fmt: skip
    assert (guessed.days, guessed.start_date, guessed.party, guessed.budget_cny) == (None,) * 4
    assert guessed.dropped == ["days", "start_date", "party", "budget", "pace"]


@pytest.mark.parametrize(
    ("fields", "dropped"),
    [
        ({"days": 0}, []),  # out of range: nothing usable, nothing claimed
        ({"start_date": "2020-01-01"}, []),  # in the past
        ({"start_date": "上海"}, []),
        ({"departure": "上海出发去黄山"}, ["departure"]),  # two places inside: not safe
        ({"destinations": ["火星"]}, ["destinations"]),
        ({"interests": ["上海", "museum", "Hiking"]}, []),
    ],
)
def test_invalid_values_are_dropped(kb: Any, fields: dict[str, Any], dropped: list[str]) -> None:
    got = _read(kb, "上海出发去黄山玩两天，喜欢博物馆", **fields)
    assert got.dropped == dropped
    assert got.days is None or 1 <= got.days <= 30
    assert got.start_date is None
    assert got.interests == (["museum", "hiking"] if "interests" in fields else [])


def test_avoid_words_are_sorted_into_cuisines_transport_tags_and_places(kb: Any) -> None:
    text = "去黄山玩两天，不吃辣，不坐飞机，不要博物馆，不去西递"
    got = _read(kb, text, avoid=["spicy", "flight", "museum", "西递", "外星人"])
    assert (got.avoid_cuisines, got.avoid_transport, got.avoid_tags) == (
        ["spicy"], ["flight"], ["museum"],
    )  # fmt: skip
    assert got.avoid_places == ["西递"] and got.dropped == ["avoid"]
    assert _read(kb, "去黄山玩两天", avoid=["spicy"]).avoid_cuisines == []  # no negation


def test_must_see_places_must_be_named_and_known(kb: Any) -> None:
    got = _read(kb, "去黄山玩两天，一定要去宏村", must_see=["宏村", "西递", "上海"])
    assert got.must_see == ["宏村"] and got.dropped == ["must_see"]


# -- merging --------------------------------------------------------------------------------------


def _draft(kb: Any, text: str) -> Any:
    return understand(text, gazetteer_for(kb), TODAY)


def test_the_parser_wins_what_it_found_and_the_model_fills_the_rest(kb: Any) -> None:
    text = "从上海去黄山，两个人，3000块"
    draft = _draft(kb, text)
    assert draft.days is None and draft.departure is not None
    got = _read(kb, text, departure="上海", destinations=["黄山"], days=3, adults=3,
                budget_cny=3000)  # fmt: skip
    assert got.dropped == ["days"]  # 两个人, 3000块: no word about the trip's length
    merged, notes = merge(draft, got)
    assert notes.filled == [] and notes.overruled == ["party"]  # the parser read 两个人 as 2
    assert merged.party == draft.party and merged.budget_cny == 3000
    assert [p.name_zh for p in merged.destinations] == ["黄山"]


def test_a_place_the_parser_could_not_resolve_may_come_from_the_model(kb: Any) -> None:
    draft = _draft(kb, "去黄衫玩两天")
    assert not draft.destinations and draft.unknown_places == ["黄衫"]
    merged, notes = merge(draft, _read(kb, "去黄衫玩两天", destinations=["黄山"]))
    assert notes.filled == ["destinations"]
    assert [p.destination_id for p in merged.destinations] == ["huangshan"]
    # Without an unresolved name, a place the text does not name is a guess.
    draft = _draft(kb, "想出去玩两天")
    merged, notes = merge(draft, _read(kb, "想出去玩两天", destinations=["黄山"]))
    assert not merged.destinations and notes.unnamed == ["destinations"]


# -- the guide ------------------------------------------------------------------------------------


def test_the_guide_prompt_holds_the_plan_and_the_facts_within_its_budget(
    kb: Any, plan: Itinerary
) -> None:
    messages = model_guide.messages(plan, kb, budget_tokens=2000)
    facts = messages[1]["content"]
    assert "黄山风景区" in facts and "开放08:00-17:30" in facts and "门票¥190" in facts
    assert "臭鳜鱼" in facts and "不要编造其他地点" in messages[0]["content"]
    short = model_guide.messages(plan, kb, budget_tokens=200)[1]["content"]
    assert short.startswith("行程：") and "门票" not in short


def test_guide_problems(kb: Any, plan: Itinerary) -> None:
    good = "".join(GOOD_GUIDE)
    assert model_guide.problem(good, plan, kb) is None
    assert model_guide.problem("   ", plan, kb) == "empty"
    assert model_guide.problem("黄山风景区很好。", plan, kb) == "short"
    assert model_guide.problem("Mount Huangshan is lovely. " * 10, plan, kb) == "language"
    assert model_guide.problem("黄山风景区真好玩。\n" * 40, plan, kb) == "repetitive"
    off_topic = "出门旅行要带好身份证件和充电宝。山区天气多变，记得准备雨具与外套。早睡早起，量力而行，照顾好同行的老人孩子，路上多喝热水。"
    assert model_guide.problem(off_topic, plan, kb) == "off_topic"
    assert model_guide.problem(
        "上海虹桥站的上海虹桥站\n\n上海虹桥站上海虹桥站\n" * 3, plan, kb
    ) == ("repetitive")  # short, but looping
    facts = model_guide.messages(plan, kb, budget_tokens=2000)[1]["content"]
    echo = "\n".join(facts.splitlines()[:6]) + "\n黄山风景区很美。"
    assert model_guide.problem(echo, plan, kb, facts) == "copied"
    assert model_guide.problem(good + "\n" + facts.splitlines()[1], plan, kb, facts) is None


# -- grounding ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "flagged"),
    [
        ("第一天游黄山风景区，第二天去宏村和西递，晚上逛屯溪老街。", []),
        ("黄山景区很美，宏村古镇值得一去，住在屯溪的酒店。", []),  # known names + a type word
        ("安徽省歙县一带都是徽派建筑，上海出发坐高铁。", []),  # areas of the trip's provinces
        ("顺路去呈坎村和九华山，再去西湖。", ["呈坎村", "九华山", "西湖"]),
        ("美丽的棠樾牌坊群旁边有一座鲍家花园。", ["鲍家花园"]),
        ("爬山很累，这座山的风景区很大，去景区前吃饭。", []),  # no names, only words
        ("十二月山上可能结冰，三月山里还冷，注意防滑。", []),  # months, not places
        ("晚餐尝尝问政山笋和臭鳜鱼，再来一份毛豆腐。", []),  # dishes named after places
        ("十二月去九华山，尝尝九华山笋。", ["九华山"]),  # the place itself is still flagged
        ("Visit Mount Huangshan and Hongcun, then the Flying Dragon Temple.", ["Flying Dragon Temple"]),
    ],
)  # fmt: skip
def test_places_neither_planned_nor_known_are_flagged(
    kb: Any, plan: Itinerary, text: str, flagged: list[str]
) -> None:
    assert ungrounded_places(text, plan, kb) == flagged
