"""A curated sight with seasonal prices is charged the price of the visit's date (issue #13).

Done-when of issue 13: "the 黄山 trip on 12 December costs the 淡季 price". The curated base is
planned as a traveller would ask (from Shanghai, two days, two adults), once in the low season and
once in the peak season; the visit costs each adult the ticket of that day, the in-park transport
and, when eaten there, lunch.
"""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import Item, ItemKind, Itinerary
from engine.domain.request import Party, TripRequest
from engine.knowledge.base import load_curated
from engine.knowledge.prices import adult_price
from engine.planning import plan_trip

KB = load_curated()
SIGHT = "huangshan-scenic-area"


def visit(start: dt.date) -> tuple[Item, Itinerary]:
    request = TripRequest(
        destinations=("huangshan",),
        departure="shanghai",
        days=2,
        start_date=start,
        party=Party(adults=2),
        must_see=(SIGHT,),
    )
    plan: Itinerary = plan_trip(request, KB, time_limit_s=1.0)
    found = [i for d in plan.days for i in d.items
             if i.kind is ItemKind.ATTRACTION and i.poi_id == SIGHT]  # fmt: skip
    assert found, "the must-see 黄山 is not in the plan"
    return found[0], plan


@pytest.mark.parametrize(
    ("start", "adult", "words"),
    [(dt.date(2026, 12, 12), 150, "淡季票价150元"), (dt.date(2026, 7, 11), 190, "门票190元")],
    ids=["12 December: low season", "11 July: peak season"],
)
def test_huangshan_is_charged_the_price_of_its_date(start: dt.date, adult: int, words: str) -> None:
    sight = KB.attraction(SIGHT)
    assert sight is not None and sight.seasons
    assert adult_price(sight, start) == adult
    item, plan = visit(start)
    note = item.note or ""
    # Beside the ticket: lunch when it is eaten inside; the scenic bus and cable cars are the
    # legs up and down (the summit is an access area), charged there.
    lunch = (sight.meal_inside_cny or 0) if "午餐在景区内" in note else 0
    assert item.cost_cny == pytest.approx(2 * (adult + lunch))
    ways = [
        i for d in plan.days for i in d.items if i.kind is ItemKind.TRANSIT and "索道" in i.name
    ]
    assert ways and all(i.cost_cny > 0 for i in ways)
    assert words in note
