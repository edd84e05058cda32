"""Lunch and dinner at places that serve a meal (issue 12): never a shop of sweets, drinks or
one treat (马迭尔冰棍, 十八街麻花, 赖汤圆 were whole lunches), and a restaurant inside a ticketed
site only as that visit's meal, never before it."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.knowledge.schema import Restaurant
from tests.helpers.plans import KB, plan


def _meals(p: Itinerary) -> list[tuple[int, Restaurant]]:
    found = [(d.index, KB.restaurant(i.poi_id or "")) for d in p.days for i in d.items
             if i.kind is ItemKind.MEAL and i.meal in ("lunch", "dinner")]  # fmt: skip
    return [(k, r) for k, r in found if isinstance(r, Restaurant)]


@pytest.mark.parametrize("destination", ["harbin", "tianjin", "chengdu", "macau"])
@pytest.mark.parametrize("budget", [None, 1500.0])
def test_no_lunch_or_dinner_at_a_shop_of_sweets_or_tea(
    destination: str, budget: float | None
) -> None:
    p = plan(destinations=(destination,), days=3, departure=None, budget_cny=budget)
    meals = _meals(p)
    assert len(meals) >= 3  # a plan with its meals (a thin, capped base may miss one)
    treats = [(k, r.name_zh) for k, r in meals if not r.serves_meals]
    assert not treats, treats


@pytest.mark.parametrize(
    ("destination", "start"), [("wuzhen", dt.date(2027, 3, 14)), ("harbin", dt.date(2027, 1, 15))]
)
def test_an_eatery_inside_a_ticketed_site_is_eaten_only_during_that_visit(
    destination: str, start: dt.date
) -> None:
    """西栅景区内临河饭庄 was lunch at 11:06, four hours before the 西栅 ticket let one in."""
    p = plan(destinations=(destination,), days=2, departure="shanghai", start_date=start)
    for day in p.days:
        visits = {i.poi_id: i for i in day.items if i.kind is ItemKind.ATTRACTION}
        for item in day.items:
            place = KB.restaurant(item.poi_id or "") if item.kind is ItemKind.MEAL else None
            if isinstance(place, Restaurant) and place.inside:
                visit = visits.get(place.inside)
                assert visit is not None and visit.start <= item.start <= visit.end, (
                    day.index,
                    item.name,
                )
    sites = {r.inside for r in KB.destinations[destination].restaurants if r.inside}
    inside_meals = [i for d in p.days for i in d.items if i.poi_id in sites and i.meal]
    assert inside_meals, "the night visit with its dinner inside"
