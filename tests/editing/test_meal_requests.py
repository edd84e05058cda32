"""A meal asked for in words changes that meal and nothing else: near a place (「晚饭就在河坊街吃」,
never read as a sight skipped), with a dish (「想吃片儿川」: the new restaurant serves it), or
refused with the reason (no restaurant serves it; the meal is already there)."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.feasibility import FeasibilityReport
from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing.apply import apply_edits
from engine.editing.errors import EditRefused
from engine.editing.fitting import NEAR_M
from engine.editing.ops import SwapMeal
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Restaurant
from engine.planning.candidates import serves
from engine.planning.validator import validate
from engine.understanding.edits import parse_edits
from engine.understanding.revision import parse_revision
from tests.editing.conftest import stops


def _meal(it: Itinerary, day: int, meal: str) -> str:
    return next(i.poi_id or "" for i in it.days[day - 1].items
                if i.kind == ItemKind.MEAL and i.meal == meal)  # fmt: skip


def _sights(it: Itinerary, day: int) -> list[str]:
    return [i.poi_id or "" for i in it.days[day - 1].items if i.kind == ItemKind.ATTRACTION]


def _swap(text: str, it: Itinerary, kb: KnowledgeBase) -> SwapMeal:
    edits, rest = parse_edits(text, it, kb)
    assert len(edits) == 1 and isinstance(edits[0], SwapMeal) and rest == (), (text, edits, rest)
    return edits[0]


def test_a_meal_near_a_place_moves_that_meal_only(hangzhou: Itinerary, kb: KnowledgeBase) -> None:
    assert _meal(hangzhou, 2, "dinner") == "hangzhou-zhiweiguan"
    swap = _swap("第2天不去知味观吃饭，晚饭就在河坊街吃", hangzhou, kb)
    assert (swap.day, swap.meal, swap.near) == (2, "dinner", "hangzhou-hefang-street")
    new = apply_edits(hangzhou, [swap], kb).itinerary
    dinner = kb.place(_meal(new, 2, "dinner"))
    street = kb.place("hangzhou-hefang-street")
    assert isinstance(dinner, Restaurant) and street is not None
    used = {i.poi_id for d in hangzhou.days for i in d.items}
    free = [r for r in kb.destinations["hangzhou"].restaurants if r.id not in used]
    nearest = min(free, key=lambda r: haversine_m(r.lat, r.lon, street.lat, street.lon))
    assert dinner.id == nearest.id  # the nearest free one, and it fits this evening
    assert haversine_m(dinner.lat, dinner.lon, street.lat, street.lon) <= NEAR_M, dinner.id
    assert _sights(new, 2) == _sights(hangzhou, 2)  # no sight skipped or added
    assert [stops(new, d) for d in (1, 3)] == [stops(hangzhou, d) for d in (1, 3)]


def test_a_place_not_to_eat_at_is_never_a_sight_skipped(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    revision = parse_revision("不去河坊街吃饭", hangzhou.request, kb, "zh")
    assert revision is not None and not revision.request.avoid.places, revision
    assert "哪一天" in revision.problems[0], revision.problems
    # Said with its meal's place, the day is found (day 1's dinner is at 河坊街小吃).
    swap = _swap("不去河坊街小吃吃晚饭", hangzhou, kb)
    assert (swap.day, swap.meal) == (1, "dinner")


@pytest.mark.parametrize(
    ("text", "meal", "dish"),
    [
        ("第二天中午想吃片儿川", "lunch", "片儿川"),
        ("have seafood for dinner on day 2", "dinner", "seafood"),
    ],
)
def test_a_dish_asked_for_a_meal_is_served_there(
    hangzhou: Itinerary, kb: KnowledgeBase, text: str, meal: str, dish: str
) -> None:
    swap = _swap(text, hangzhou, kb)
    assert (swap.day, swap.meal, swap.dish) == (2, meal, dish)
    result = apply_edits(hangzhou, [swap], kb)
    new = kb.restaurant(_meal(result.itinerary, 2, meal))
    assert new is not None and new.id != _meal(hangzhou, 2, meal)
    dishes = " ".join((*new.signature_dishes_zh, *new.signature_dishes_en)).lower()
    assert dish in dishes or serves(new, dish), (new.id, dishes)
    assert dish in result.summary("zh")


def test_a_dish_nobody_serves_or_already_served_is_refused_with_the_reason(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    with pytest.raises(EditRefused) as refused:
        apply_edits(hangzhou, [_swap("第二天中午想吃烤鸭", hangzhou, kb)], kb)
    assert "烤鸭" in refused.value.zh and "外婆家" in refused.value.alternative_zh
    with pytest.raises(EditRefused) as refused:  # 知味观 makes 小笼包
        apply_edits(hangzhou, [_swap("第二天晚饭想吃小笼包", hangzhou, kb)], kb)
    assert "已经在知味观" in refused.value.zh and "小笼包" in refused.value.zh


def test_a_full_day_without_dinner_is_caught(hangzhou: Itinerary, kb: KnowledgeBase) -> None:
    day = hangzhou.days[1]
    assert validate(hangzhou, kb).passed and _check(validate(hangzhou, kb), "meals_planned")
    # Day 2 cut short after 三潭印月 (back at the hotel at 16:40): a relaxed day still eats.
    at = next(n for n, i in enumerate(day.items) if i.name == "三潭印月")
    night = day.items[-1].model_copy(update={"start": dt.time(16, 40), "end": dt.time(16, 40)})
    short = day.model_copy(update={"items": [*day.items[: at + 1], night]})
    cut = hangzhou.model_copy(update={"days": [hangzhou.days[0], short, hangzhou.days[2]]})
    report = validate(cut, kb)
    meals = next(c for c in report.checks if c.code == "meals_planned")
    assert not meals.passed and "第2天没有安排晚餐" in meals.message, meals


def _check(report: FeasibilityReport, code: str) -> bool:
    return next(c for c in report.checks if c.code == code).passed
