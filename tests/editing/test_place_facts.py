"""A follow-up asking how to get up or around a place, how high it is or when its lights are
seen is answered from the place's record — what the record lacks said so — and is never read as
a change or a wish."""

from __future__ import annotations

import json
from pathlib import Path

from engine.domain.itinerary import Itinerary
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.hours import fmt_minutes, place_windows
from engine.knowledge.schema import Attraction
from engine.knowledge.sun import sun_times
from engine.planning.visit_windows import DUSK_MIN
from engine.understanding.edits import parse_edits
from engine.understanding.place_questions import place_question_answer
from engine.understanding.unread import clause_answer
from tests.helpers.cli import lvtu_here


def sight(kb: KnowledgeBase, poi_id: str) -> Attraction:
    place = kb.place(poi_id)
    assert isinstance(place, Attraction)
    return place


def test_access_is_read_from_the_record(hangzhou: Itinerary, kb: KnowledgeBase) -> None:
    temple = sight(kb, "hangzhou-lingyin-temple")
    assert temple.step_free == "partly"  # the precondition: a record that says
    for said in ("灵隐寺轮椅能上去吗", "灵隐寺推婴儿车能不能进"):
        assert parse_edits(said, hangzhou, kb)[0] == (), said  # no change read
        reply = clause_answer(said, said, hangzhou, kb, "zh")
        assert reply is not None and not reply.refusal, said
        assert "只有一部分不用走台阶" in reply.text, reply
        assert temple.access_note_zh.rstrip("。") in reply.text, reply
        assert "第3天" in reply.text, reply  # where the plan has it
    english = place_question_answer("Is Lingyin Temple wheelchair accessible", hangzhou, kb, "en")
    assert english is not None and "partly step-free" in english.lower(), english
    assert temple.access_note_en.rstrip(".") in english, english


def test_access_a_record_does_not_give_is_said_unknown(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    causeway = sight(kb, "hangzhou-bai-causeway")
    assert causeway.step_free is None  # the precondition: nothing known of its steps
    reply = place_question_answer("白堤有台阶吗", hangzhou, kb, "zh")
    assert reply is not None and "知识库没有这项信息" in reply, reply
    assert "不用走台阶" not in reply and "轮椅上不去" not in reply, reply  # nothing guessed
    island = sight(kb, "hangzhou-three-pools")
    reply = place_question_answer(f"{island.name_zh}轮椅方便吗", hangzhou, kb, "zh")
    area = next(a for a in kb.destinations["hangzhou"].access_areas if a.way == "ferry")
    assert reply is not None and f"在{area.name_zh}" in reply and "进出" in reply, reply


def test_when_the_lights_are_seen(hangzhou: Itinerary, kb: KnowledgeBase) -> None:
    balcony = sight(kb, "hangzhou-city-balcony")
    date = hangzhou.days[2].date  # the plan's day 3 visits it
    sunset = sun_times(balcony.lat, balcony.lon, date)[1]
    for said in ("城市阳台几点亮灯", "城市阳台夜景几点"):
        reply = place_question_answer(said, hangzhou, kb, "zh")
        assert reply is not None and f"日落约{fmt_minutes(sunset)}" in reply, reply
        assert f"{date.month}月{date.day}日" in reply, reply
        assert "开放到21:30" in reply and "开放时间" not in reply, reply  # 几点: of the lights
        lit = "灯" in balcony.description_zh
        assert lit or "知识库没有这项信息（几点亮灯）" in reply, reply
    english = place_question_answer(
        "What time do the lights come on at Qianjiang New Town City Balcony?", hangzhou, kb, "en"
    )
    assert english is not None and f"sunset about {fmt_minutes(sunset)}" in english.lower(), english


def test_a_place_closed_by_dark_says_no_night_view(hangzhou: Itinerary, kb: KnowledgeBase) -> None:
    pools = sight(kb, "hangzhou-three-pools")
    date = hangzhou.days[1].date  # the plan's day 2 visits it
    close = place_windows(pools, date)[-1][1]
    assert (
        close <= sun_times(pools.lat, pools.lon, date)[1] + DUSK_MIN
    )  # precondition: shut by dusk
    reply = place_question_answer(f"{pools.name_zh}夜景几点", hangzhou, kb, "zh")
    assert reply is not None and f"这天{fmt_minutes(close)}关门" in reply, reply
    assert "看不到夜景" in reply, reply


def test_a_change_asked_with_may_is_still_a_change(hangzhou: Itinerary, kb: KnowledgeBase) -> None:
    for said in ("能不能把灵隐寺挪到第一天", "可不可以第一天去灵隐寺？"):
        assert place_question_answer(said, hangzhou, kb, "zh") is None, said
    assert parse_edits("能不能把灵隐寺挪到第一天", hangzhou, kb)[0]


def test_a_small_child_up_a_snow_mountain_is_answered_not_wished(tmp_path: Path) -> None:
    planned = lvtu_here(tmp_path, "plan", "从昆明去丽江玩三天，带1岁宝宝", "--date", "2026-12-05")
    assert planned.returncode == 0, planned.stderr
    asked = lvtu_here(tmp_path, "revise", "1", "1岁宝宝能上玉龙雪山吗？会不会高反", "--json")
    assert asked.returncode == 0, asked.stdout  # a question answered: no refusal
    answer = json.loads(asked.stdout)["answer"]
    from engine.knowledge.base import default_knowledge

    kb = default_knowledge()
    mountain = sight(kb, "lijiang-jade-dragon-snow-mountain")
    note = next(n.zh for n in kb.destinations["lijiang"].notes if "高原反应" in n.zh)
    assert f"海拔约{mountain.altitude_m}米" in answer, answer
    assert note.rstrip("。") in answer and "咨询医生" in answer, answer  # the record's advice
    assert "知识库没有几岁孩子能上去的规定" in answer, answer  # no age rule invented
    assert answer.count("玉龙雪山：") == 1, answer  # both clauses ask one thing: said once
    assert "记下了" not in answer and "高反」" not in answer, answer  # never a wish
    shown = json.loads(lvtu_here(tmp_path, "show", "1", "--json").stdout)["itinerary"]
    assert shown["version"] == 1 and "altitude" not in shown["request"]["access"]
