"""「雨季怕下雨多安排室内的」 (wish ``weather`` = ``rain``, tester F10.5) is answered as it is: no
forecast is known when planning, so the plan's indoor sights are named as the rainy-day ones and
its outdoor visits are said to stay — never a silent ✅, never dropped."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind
from engine.domain.request import TripRequest, Wish
from engine.knowledge.base import load_curated
from engine.planning import plan_trip
from engine.planning import weather as wx

KB = load_curated()


def test_the_rain_wish_names_indoor_sights_and_the_outdoor_ones_kept() -> None:
    wish = Wish(kind="weather", value="rain", said="雨季怕下雨多安排室内的")
    request = TripRequest(
        destinations=("guilin",),
        days=3,
        start_date=dt.date(2027, 6, 12),
        departure="guangzhou",
        wishes=(wish,),
    )
    p = plan_trip(request, KB)
    assert p.feasibility is not None
    answer = next(w for w in p.feasibility.wishes if w.kind == "weather")
    visits = [
        (i.name, a)
        for d in p.days
        for i in d.items
        if i.kind == ItemKind.ATTRACTION and (a := KB.attraction(i.poi_id or "")) is not None
    ]
    indoor = [n for n, a in visits if wx.indoor(a)]
    outdoor = [n for n, a in visits if not wx.indoor(a)]
    assert indoor and outdoor  # 桂林 has both: a cave or museum, and its hills
    assert answer.status == "partly"
    assert all(n in answer.message for n in indoor[:5])
    assert f"{len(outdoor)}处户外景点照常" in (answer.reason or "")
