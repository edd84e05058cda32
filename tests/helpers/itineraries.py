"""Small, valid itineraries for tests that need a snapshot but no planner."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import Day, Item, ItemKind, Itinerary
from engine.domain.request import TripRequest


def small_itinerary(title: str = "黄山两日", days: int = 2, itinerary_id: int = 0) -> Itinerary:
    """`days` days in 黄山 from 2026-12-05, one sight a day."""
    start = dt.date(2026, 12, 5)
    sight = Item(kind=ItemKind.ATTRACTION, name="宏村", poi_id="hongcun",
                 start=dt.time(9), end=dt.time(11), cost_cny=104)  # fmt: skip
    return Itinerary(
        id=itinerary_id,
        title=title,
        request=TripRequest(destinations=("huangshan",), days=days, text="黄山两天"),
        days=tuple(
            Day(
                index=i,
                date=start + dt.timedelta(days=i - 1),
                destination="huangshan",
                items=(sight,),
            )
            for i in range(1, days + 1)
        ),
    )
