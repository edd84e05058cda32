"""A follow-up that asks about a place of the trip is answered from the knowledge base on the
plan's dates — price, hours, booking, food nearby, which day — and changes nothing."""

from __future__ import annotations

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.knowledge.hours import fmt_minutes, place_windows
from engine.knowledge.prices import adult_price
from engine.knowledge.schema import Attraction
from engine.understanding.edits import parse_edits
from engine.understanding.place_questions import place_question_answer


def visit(it: Itinerary, kb: KnowledgeBase, n: int = 0) -> tuple[Attraction, int]:
    """The `n`-th attraction the plan visits (a ticketed one first), with its day."""
    seen = [(kb.place(i.poi_id or ""), d.index) for d in it.days for i in d.items
            if i.kind == ItemKind.ATTRACTION]  # fmt: skip
    sights = [(p, day) for p, day in seen if isinstance(p, Attraction)]
    sights.sort(key=lambda t: -t[0].ticket_cny)
    return sights[n]


def test_a_ticket_price_is_the_price_on_the_day_of_the_visit(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    place, day = visit(hangzhou, kb)
    date = hangzhou.days[day - 1].date
    reply = place_question_answer(f"{place.name_zh}门票多少钱", hangzhou, kb, "zh")
    assert reply is not None and reply.startswith(place.name_zh), reply
    price = adult_price(place, date)
    assert f"{date.month}月{date.day}日" in reply and f"{price:.0f}元" in reply, reply
    assert f"第{day}天" in reply and "资料截至" in reply, reply
    english = place_question_answer(f"How much is the {place.name_en} ticket?", hangzhou, kb, "en")
    assert english is not None and f"{price:.0f} CNY" in english and f"day {day}" in english


def test_opening_hours_on_the_date_and_booking(hangzhou: Itinerary, kb: KnowledgeBase) -> None:
    place, day = visit(hangzhou, kb)
    date = hangzhou.days[day - 1].date
    reply = place_question_answer(f"{place.name_zh}几点开门？", hangzhou, kb, "zh")
    a, b = place_windows(place, date)[0]
    assert reply is not None and f"{fmt_minutes(a)}–{fmt_minutes(b)}" in reply, reply
    booking = place_question_answer(f"{place.name_zh}要预约吗", hangzhou, kb, "zh")
    said = {"none": "不需要预约", "required": "需要提前实名预约", "recommended": "建议提前预约"}
    assert booking is not None and said[place.reservation] in booking, booking


def test_food_near_a_place_names_the_nearest_restaurants(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    place, _day = visit(hangzhou, kb, 1)
    dest = kb.destinations["hangzhou"]
    near = sorted(
        (haversine_m(r.lat, r.lon, place.lat, place.lon), r.name_zh)
        for r in dest.restaurants
        if r.serves_meals and r.inside is None and r.id != place.id
    )
    reply = place_question_answer(f"{place.name_zh}附近有什么好吃的", hangzhou, kb, "zh")
    assert reply is not None
    if near and near[0][0] <= 1500:
        assert near[0][1] in reply, reply
    else:
        assert "没有收录餐馆" in reply, reply


def test_a_place_not_in_the_plan_is_said_so(hangzhou: Itinerary, kb: KnowledgeBase) -> None:
    planned = {i.poi_id for d in hangzhou.days for i in d.items}
    other = next(a for a in kb.destinations["hangzhou"].attractions
                 if a.id not in planned and len(a.name_zh) >= 3)  # fmt: skip
    reply = place_question_answer(f"{other.name_zh}怎么样？", hangzhou, kb, "zh")
    assert reply is not None and "没有安排" in reply and other.name_zh in reply, reply


@pytest.mark.parametrize("said", ["能不能把{p}挪到第一天", "我想去{p}", "第二天不去{p}了"])
def test_a_change_is_not_a_question(hangzhou: Itinerary, kb: KnowledgeBase, said: str) -> None:
    place, _day = visit(hangzhou, kb)
    assert place_question_answer(said.format(p=place.name_zh), hangzhou, kb, "zh") is None
    edits, _rest = parse_edits(f"{place.name_zh}门票多少钱", hangzhou, kb)
    assert edits == ()  # and a question is no edit


def test_a_place_is_known_by_the_part_of_its_name_a_traveller_says(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    """「灵隐寺·飞来峰」 is asked about as "Lingyin Temple" or 灵隐寺 alone."""
    for said, lang in (("How much is the Lingyin Temple ticket?", "en"), ("灵隐寺要门票吗", "zh")):
        reply = place_question_answer(said, hangzhou, kb, lang)
        place = kb.place("hangzhou-lingyin-temple")
        assert place is not None and reply is not None and reply.startswith(place.name(lang))


def test_an_english_meal_near_a_place_is_a_meal_swap(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    from engine.editing import SwapMeal

    place, _day = visit(hangzhou, kb)
    edits, rest = parse_edits(f"have dinner near {place.name_en} on day 2", hangzhou, kb)
    assert len(edits) == 1 and isinstance(edits[0], SwapMeal), (edits, rest)
    assert edits[0].day == 2 and edits[0].meal == "dinner" and edits[0].near == place.id


def test_a_clause_naming_no_place_asks_about_the_place_said_before(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    place, _day = visit(hangzhou, kb)
    said = f"{place.name_zh}几点开门？要预约吗"
    reply = place_question_answer("要预约吗", hangzhou, kb, "zh", said)
    assert reply is not None and reply.startswith(place.name_zh) and "预约" in reply, reply
    assert place_question_answer("要预约吗", hangzhou, kb, "zh") is None  # no place anywhere


def test_a_place_open_all_day_is_said_so(hangzhou: Itinerary, kb: KnowledgeBase) -> None:
    date = hangzhou.days[0].date
    always = next(a for a in kb.destinations["hangzhou"].attractions
                  if place_windows(a, date) == ((0, 24 * 60),))  # fmt: skip
    reply = place_question_answer(f"{always.name_zh}几点开门？", hangzhou, kb, "zh")
    assert reply is not None and "全天开放" in reply and "00:00–00:00" not in reply, reply
