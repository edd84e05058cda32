"""A meal near the hotel said with a change of the day ("make day 1 less rushed and find
somewhere for hotpot near the hotel"): read as that day's dinner near its lodging — not a
wish that plans the whole trip again (issue 14: day 1 went from 2 sights to 5) — and a part
the plan already holds is said, not a refusal of the rest."""

from __future__ import annotations

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Pace
from engine.editing import RegenerateDay, SwapMeal, apply_edits
from engine.editing.errors import EditRefused
from engine.knowledge.base import KnowledgeBase
from engine.understanding.edits import parse_edits


@pytest.mark.parametrize(
    ("said", "day", "dish"),
    [("make day 1 less rushed and find somewhere for hotpot near the hotel", 1, "hotpot"),
     ("第一天轻松一点，酒店附近找家火锅", 1, "火锅"),
     ("第二天晚饭在酒店附近吃小笼包", 2, "小笼包"),
     ("day 2 seafood near the hotel for dinner", 2, "seafood")],
)  # fmt: skip
def test_a_meal_near_the_hotel_is_that_days_dinner(
    said: str, day: int, dish: str, hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    edits, rest = parse_edits(said, hangzhou, kb)
    lodging = hangzhou.days[day - 1].lodging_id
    swap = SwapMeal(day=day, meal="dinner", dish=dish, near=lodging)
    assert rest == () and edits[-1] == swap, (said, edits, rest)
    if "rushed" in said or "轻松" in said:
        assert edits[0] == RegenerateDay(day=day, pace=Pace.RELAXED)


def test_a_part_the_plan_holds_is_said_and_the_rest_made(
    hangzhou: Itinerary, kb: KnowledgeBase
) -> None:
    dinner = next(i for i in hangzhou.days[1].items if i.kind == ItemKind.MEAL
                  and i.meal == "dinner")  # fmt: skip
    place = kb.restaurant(dinner.poi_id or "")
    assert place is not None
    held = SwapMeal(day=2, meal="dinner", dish=place.signature_dishes_zh[0])
    with pytest.raises(EditRefused) as alone:
        apply_edits(hangzhou, [held], kb)
    assert alone.value.code == "unchanged"
    result = apply_edits(hangzhou, [held, RegenerateDay(day=2, pace=Pace.RELAXED)], kb)
    assert result.itinerary.request.day_pace.get(2) == Pace.RELAXED
    assert place.name_zh in result.summary("zh") and "已经在" in result.summary("zh")
