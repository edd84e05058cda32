"""Questions about the trip's places said the way travellers say them: in English ("the panda
base", "the Terracotta Army"), of an area of several sights ("West Lake", 西湖), of a show whose
venue the knowledge base has (「评弹在哪里听」), and how to get there — answered from the
knowledge base and the plan, never taken for a change."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.knowledge.base import KnowledgeBase
from engine.understanding.parser import parse_request
from engine.understanding.place_questions import place_question_answer
from engine.understanding.unread import clause_answer

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def chengdu() -> Itinerary:
    """A 3-day 成都 plan as the CLI made it (「成都玩三天」, 2026-12-05): 熊猫基地 on day 1,
    蜀风雅韵川剧变脸 on day 2 evening."""
    return Itinerary.model_validate_json((DATA / "chengdu-3-days.json").read_text("utf-8"))


@pytest.fixture(scope="module")
def suzhou() -> Itinerary:
    """A 2-day 苏州 plan as the CLI made it (「苏州玩两天，想听评弹」, 2026-12-05)."""
    return Itinerary.model_validate_json((DATA / "suzhou-pingtan-2-days.json").read_text("utf-8"))


def _visit(it: Itinerary, poi: str) -> tuple[int, str]:
    return next((d.index, f"{i.start:%H:%M}") for d in it.days for i in d.items
                if i.poi_id == poi and i.kind == ItemKind.ATTRACTION)  # fmt: skip


@pytest.mark.parametrize(
    "said",
    ["What time does the panda base open?", "When does the Panda Base open",
     "what time do the pandas open"],
)  # fmt: skip
def test_the_panda_base_said_in_english_is_asked_its_hours(
    chengdu: Itinerary, kb: KnowledgeBase, said: str
) -> None:
    reply = place_question_answer(said, chengdu, kb, "en")
    day, start = _visit(chengdu, "chengdu-panda-base")
    assert reply is not None and reply.startswith("Chengdu Research Base of Giant Panda"), reply
    assert "07:30–18:00" in reply and f"day {day}, {start}" in reply, reply


def test_english_price_and_booking_of_a_place_said_by_its_common_name(
    chengdu: Itinerary, kb: KnowledgeBase
) -> None:
    price = place_question_answer("How much is the panda base?", chengdu, kb, "en")
    assert price is not None and "adult ticket 55 cny" in price.lower(), price
    book = place_question_answer("Do we need to book the panda base?", chengdu, kb, "en")
    assert book is not None and "booking required" in book.lower(), book


def test_how_to_get_there_is_the_plans_own_leg(chengdu: Itinerary, kb: KnowledgeBase) -> None:
    day, _ = _visit(chengdu, "chengdu-panda-base")
    items = chengdu.days[day - 1].items
    at = next(k for k, i in enumerate(items)
              if i.poi_id == "chengdu-panda-base" and i.kind == ItemKind.ATTRACTION)  # fmt: skip
    leg = items[at - 1]
    assert leg.kind == ItemKind.TRANSIT and leg.from_name
    zh = place_question_answer("熊猫基地怎么去", chengdu, kb, "zh")
    assert zh is not None and f"第{day}天从{leg.from_name}坐地铁" in zh, zh
    en = place_question_answer("How do we get to the panda base?", chengdu, kb, "en")
    assert en is not None and f"from {leg.from_name}: metro, about" in en, en


def test_a_show_asked_by_its_kind_is_answered_from_its_venue(
    chengdu: Itinerary, kb: KnowledgeBase
) -> None:
    reply = place_question_answer("What time does the Sichuan opera start?", chengdu, kb, "en")
    assert reply is not None and reply.startswith("Sichuan Opera at Shufeng Yayun"), reply
    assert "shows 20:00–21:30" in reply.lower(), reply
    # "Sichuan opera" names no province: the question is no new trip to 乐山 and 九寨沟
    assert parse_request("Where can we see Sichuan opera face-changing?", kb).request is None


def test_pingtan_where_and_when_is_the_venue_and_its_show_time(
    suzhou: Itinerary, kb: KnowledgeBase
) -> None:
    text = "评弹在哪里听？几点开始？"
    where = clause_answer("评弹在哪里听", text, suzhou, kb, "zh")
    when = clause_answer("几点开始", text, suzhou, kb, "zh")
    assert where is not None and where.text.startswith("苏州评弹博物馆"), where
    assert "中张家巷" in where.text and not where.refusal, where
    assert when is not None and "演出时间12:00–15:30" in when.text, when


def test_west_lake_is_answered_sight_by_sight(hangzhou: Itinerary, kb: KnowledgeBase) -> None:
    for said, lang in (("西湖要门票吗", "zh"), ("Is West Lake free?", "en")):
        reply = place_question_answer(said, hangzhou, kb, lang)
        assert reply is not None, said
        lines = reply.splitlines()
        assert len(lines) >= 3 and all(line.startswith("- ") for line in lines[1:]), reply
        assert ("不是单独一个景点" if lang == "zh" else "not one sight") in lines[0], reply


@pytest.mark.parametrize(
    "said",
    ["go to the Terracotta Army first thing in the morning", "add the panda base to day 3",
     "move the panda base to day 2"],
)  # fmt: skip
def test_a_change_said_in_english_is_no_question(
    chengdu: Itinerary, kb: KnowledgeBase, said: str
) -> None:
    assert place_question_answer(said, chengdu, kb, "en") is None


def test_the_terracotta_army_said_in_english_is_the_mausoleum_museum(kb: KnowledgeBase) -> None:
    """A 2-day 西安 plan as the CLI made it (「西安玩两天」, 2026-12-05)."""
    xian = Itinerary.model_validate_json((DATA / "xian-2-days.json").read_text("utf-8"))
    reply = place_question_answer("How much is the Terracotta Army?", xian, kb, "en")
    assert reply is not None and reply.startswith("Emperor Qinshihuang's Mausoleum"), reply
    assert "adult ticket 120 cny" in reply.lower(), reply
    assert place_question_answer("go to the Terracotta Army first thing in the morning",
                                 xian, kb, "en") is None  # fmt: skip
