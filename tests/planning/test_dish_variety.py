"""One dish a day (issue 12): a shop of one dish (noodles, dumplings) is one meal of a day, not
lunch and dinner — 桂林 on a low budget had rice noodles at both, 西安 two dumpling houses a
day — unless the dish is wished or nothing else is known at the price."""

from __future__ import annotations

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import FoodWish
from engine.knowledge.schema import Restaurant
from engine.planning.meal_groups import DAY_DISHES, day_dish_caps, day_dish_load
from tests.helpers.plans import KB, plan


def _twice(p: Itinerary) -> list[tuple[int, str, list[str]]]:
    """(day, dish, shops) for each day with two lunch/dinner shops of one `DAY_DISHES` dish."""
    found = []
    for day in p.days:
        shops = [KB.restaurant(i.poi_id or "") for i in day.items
                 if i.kind is ItemKind.MEAL and i.meal in ("lunch", "dinner")]  # fmt: skip
        for k, dish in enumerate(DAY_DISHES):
            same = [r.name_zh for r in shops if isinstance(r, Restaurant) and day_dish_load(r)[k]]
            if len(same) > 1:
                found.append((day.index, dish, same))
    return found


def test_a_dish_is_one_meal_a_day_unless_wished_or_nothing_else_is_known() -> None:
    guilin = KB.destinations["guilin"].restaurants
    noodles = [r for r in guilin if day_dish_load(r)[0]]
    assert len(noodles) >= 3  # the rice noodle shops
    assert day_dish_caps((), guilin, 3)[0] == 1
    assert day_dish_caps((FoodWish(cuisine="noodles"),), guilin, 3)[0] == 2
    assert day_dish_caps((), noodles, 3)[0] == 2  # a tight budget's only shops: a second bowl


@pytest.mark.parametrize(
    ("destination", "days", "departure"),
    [("chengdu", 3, "shanghai"), ("xian", 3, None), ("lanzhou", 2, None), ("guilin", 3, None)],
)
def test_no_day_eats_the_same_dish_at_lunch_and_dinner(
    destination: str, days: int, departure: str | None
) -> None:
    """成都 from 上海 had 钟水饺 and 龙抄手 (both dumpling houses) on one day."""
    p = plan(destinations=(destination,), days=days, departure=departure)
    assert sum(1 for d in p.days for i in d.items if i.meal in ("lunch", "dinner")) >= days
    assert not _twice(p)
