"""A day's meal asked at a place where it already is (「第三天晚饭就在南锣鼓巷吃」 with day 3's
dinner 700 m from it, 「第三天午饭在全聚德」 with lunch there) is answered "already there":
no refusal, no new version; asked somewhere it is not, the meal moves."""

from __future__ import annotations

import json
from pathlib import Path

from engine.domain.itinerary import Itinerary
from engine.editing.fitting import NEAR_M
from engine.editing.ops import SwapMeal
from engine.knowledge.base import KnowledgeBase, default_knowledge
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Attraction, Restaurant
from engine.understanding.edits import parse_edits
from engine.understanding.unread import clause_answer
from tests.helpers.cli import lvtu_here


def meal_at(it: Itinerary, kb: KnowledgeBase, day: int, meal: str) -> Restaurant:
    item = next(i for i in it.days[day - 1].items if i.meal == meal)
    place = kb.place(item.poi_id or "")
    assert isinstance(place, Restaurant)
    return place


def sight_near(kb: KnowledgeBase, dest: str, r: Restaurant) -> Attraction | None:
    """The attraction of `dest` nearest `r`, when within `NEAR_M`."""
    far, best = min(((haversine_m(a.lat, a.lon, r.lat, r.lon), a)
                     for a in kb.destinations[dest].attractions), key=lambda t: t[0])  # fmt: skip
    return best if far <= NEAR_M else None


def test_a_meal_already_near_the_place_is_answered(hangzhou: Itinerary, kb: KnowledgeBase) -> None:
    dinner = meal_at(hangzhou, kb, 1, "dinner")
    street = sight_near(kb, "hangzhou", dinner)
    assert street is not None  # the precondition: day 1's dinner is by a sight
    for said in (f"第一天晚饭就在{street.name_zh}吃", f"第1天晚饭在{street.name_zh}吃吧"):
        assert parse_edits(said, hangzhou, kb)[0] == (), said  # no change
        reply = clause_answer(said, said, hangzhou, kb, "zh")
        assert reply is not None and not reply.refusal, said
        assert "已经" in reply.text and dinner.name_zh in reply.text, reply
        assert "不用改" in reply.text and "做不了" not in reply.text, reply
    english = f"have dinner near {street.name_en} on day 1"
    reply = clause_answer(english, english, hangzhou, kb, "en")
    assert reply is not None and "already near" in reply.text, reply


def test_a_meal_already_at_the_restaurant_named_is_answered(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    lunch = meal_at(hangzhou, kb, 2, "lunch")
    for said in (f"第二天午饭在{lunch.name_zh}", f"第二天午饭去{lunch.name_zh}吃"):
        assert parse_edits(said, hangzhou, kb)[0] == (), said
        reply = clause_answer(said, said, hangzhou, kb, "zh")
        assert reply is not None and reply.text == f"第2天的午饭已经在{lunch.name_zh}了，行程不用改"
    other = meal_at(hangzhou, kb, 1, "lunch")  # elsewhere on day 2: the meal moves
    edits, _ = parse_edits(f"第二天午饭在{other.name_zh}", hangzhou, kb)
    assert edits == (SwapMeal(day=2, meal="lunch", restaurant=other.id),), edits


def test_a_dish_asked_there_is_not_already_there(hangzhou: Itinerary, kb: KnowledgeBase) -> None:
    dinner = meal_at(hangzhou, kb, 1, "dinner")
    street = sight_near(kb, "hangzhou", dinner)
    assert street is not None
    said = f"第一天晚饭在{street.name_zh}吃叫花鸡"
    reply = clause_answer(said, said, hangzhou, kb, "zh")
    assert reply is None or "已经" not in reply.text, reply


def test_revise_says_already_there_and_keeps_the_version(tmp_path: Path) -> None:
    planned = lvtu_here(tmp_path, "plan", "从上海去北京玩三天", "--date", "2026-12-05", "--json")
    assert planned.returncode == 0, planned.stderr
    it = Itinerary.model_validate(json.loads(planned.stdout)["itinerary"])
    kb = default_knowledge()
    found = [(d.index, r, a) for d in it.days for i in d.items if i.meal == "dinner"
             if isinstance(r := kb.place(i.poi_id or ""), Restaurant)
             and (a := sight_near(kb, "beijing", r)) is not None]  # fmt: skip
    assert found, "no dinner by a sight in the plan"  # the precondition
    day, restaurant, place = found[0]
    said = lvtu_here(tmp_path, "revise", "1", f"第{day}天晚饭就在{place.name_zh}吃", "--json")
    assert said.returncode == 0, said.stdout  # no refusal
    answer = json.loads(said.stdout)
    assert "refused" not in answer, answer
    assert "已经" in answer["answer"] and restaurant.name_zh in answer["answer"], answer
    said = lvtu_here(tmp_path, "revise", "1", f"第{day}天晚饭在{restaurant.name_zh}", "--json")
    assert (
        said.returncode == 0 and f"已经在{restaurant.name_zh}" in json.loads(said.stdout)["answer"]
    )
    shown = json.loads(lvtu_here(tmp_path, "show", "1", "--json").stdout)["itinerary"]
    assert shown["version"] == 1  # no new version
