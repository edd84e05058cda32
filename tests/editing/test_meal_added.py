"""A meal asked for on a day without one (「第一天加上午饭」, "add lunch on day 1") is added where it
fits — or refused with the reason: the day has it already, or its hours leave no time for it."""

from __future__ import annotations

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing import AddMeal, RemoveStop, SwapMeal, apply_edit, apply_edits
from engine.editing.errors import EditRefused
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.schema import Restaurant
from engine.planning.pace import LUNCH_WINDOW
from engine.understanding.edits import parse_edits
from tests.editing.conftest import stops


def _lunch(it: Itinerary, day: int) -> str | None:
    return next((i.poi_id for i in it.days[day - 1].items
                 if i.kind == ItemKind.MEAL and i.meal == "lunch"), None)  # fmt: skip


@pytest.fixture(scope="module")
def no_lunch(hangzhou: Itinerary, kb: KnowledgeBase) -> Itinerary:
    """The 杭州 plan with day 1's lunch taken out."""
    lunch = _lunch(hangzhou, 1)
    assert lunch is not None and isinstance(kb.place(lunch), Restaurant)
    new = apply_edit(hangzhou, RemoveStop(stop=lunch), kb).itinerary
    assert _lunch(new, 1) is None
    return new


@pytest.mark.parametrize("said", ["第一天加上午饭", "add lunch on day 1", "第一天没有午饭"])
def test_words_that_add_a_meal(said: str, no_lunch: Itinerary, kb: KnowledgeBase) -> None:
    edits, rest = parse_edits(said, no_lunch, kb)
    assert edits == (AddMeal(day=1, meal="lunch"),) and rest == (), (said, edits, rest)


def test_words_that_add_no_meal(hangzhou: Itinerary, kb: KnowledgeBase) -> None:
    for said in ("第一天不吃午饭", "skip lunch on day 1", "第一天换个地方吃午饭"):
        edits, _ = parse_edits(said, hangzhou, kb)
        assert not any(isinstance(e, AddMeal) for e in edits), (said, edits)


def test_lunch_added_where_it_fits(no_lunch: Itinerary, kb: KnowledgeBase) -> None:
    result = apply_edit(no_lunch, AddMeal(day=1, meal="lunch"), kb)
    new = result.itinerary
    lunch = next(i for i in new.days[0].items if i.kind == ItemKind.MEAL and i.meal == "lunch")
    assert isinstance(kb.place(lunch.poi_id or ""), Restaurant)
    start = lunch.start.hour * 60 + lunch.start.minute
    assert LUNCH_WINDOW[0] <= start <= LUNCH_WINDOW[1]
    assert lunch.name in result.summary("zh") and "午饭" in result.summary("zh")
    sights = [s for s in stops(no_lunch, 1) if kb.restaurant(s) is None]
    assert [s for s in stops(new, 1) if kb.restaurant(s) is None] == sights  # sights kept
    assert [stops(new, d) for d in (2, 3)] == [stops(no_lunch, d) for d in (2, 3)]
    assert new.feasibility is not None and new.feasibility.passed


def test_a_meal_the_day_has_is_said_with_where(hangzhou: Itinerary, kb: KnowledgeBase) -> None:
    lunch = kb.place(_lunch(hangzhou, 1) or "")
    assert lunch is not None
    with pytest.raises(EditRefused) as refused:
        apply_edit(hangzhou, AddMeal(day=1, meal="lunch"), kb)
    assert lunch.name_zh in refused.value.message("zh")
    assert isinstance(refused.value.alternative, SwapMeal)  # somewhere else, if that is meant


def test_a_meal_after_the_train_home_is_refused_with_the_train(
    huangshan: Itinerary, kb: KnowledgeBase
) -> None:
    last = huangshan.days[-1]
    leg = next(i for i in last.items if i.kind == ItemKind.INTERCITY)
    # no dinner in town: the train home rides through it, and says it is eaten aboard
    assert leg.start.hour < 18 and not any(
        i.meal == "dinner" for i in last.items if i.kind is not ItemKind.INTERCITY
    )
    assert leg.meal == "dinner" and "晚餐在车上吃" in (leg.note or ""), leg.note
    with pytest.raises(EditRefused) as refused:
        apply_edits(huangshan, parse_edits("最后一天加上晚饭", huangshan, kb)[0], kb)
    message = refused.value.message("zh")
    assert f"{leg.start:%H:%M}" in message and "晚饭时间" in message, message


@pytest.mark.parametrize(
    ("said", "dish"),
    [("第一天中午想吃西湖醋鱼", "西湖醋鱼"), ("I want Dongpo pork for lunch on day 1", "dongpo pork"),
     ("第1天午饭想吃龙井虾仁", "龙井虾仁")],
)  # fmt: skip
def test_a_meal_asked_for_on_a_day_without_it_is_added(
    said: str, dish: str, no_lunch: Itinerary, kb: KnowledgeBase
) -> None:
    """Issue 14: "I want Suzhou noodles for lunch on day 2" on a day whose lunch was dropped
    was refused ("no lunch at a restaurant"): the lunch is given, serving what was asked."""
    edits, _ = parse_edits(said, no_lunch, kb)
    result = apply_edits(no_lunch, edits, kb)
    place = kb.place(_lunch(result.itinerary, 1) or "")
    assert isinstance(place, Restaurant), (said, edits)
    dishes = [d.lower() for d in (*place.signature_dishes_zh, *place.signature_dishes_en)]
    assert dish in dishes, (said, place.id)
    assert "午饭" in result.summary("zh"), result.summary("zh")
    assert result.itinerary.feasibility is not None and result.itinerary.feasibility.passed
