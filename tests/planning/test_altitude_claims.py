"""川西 at altitude (tester F13.1): the heights of 稻城's and 康定's places are known, so the day
of landing at 稻城亚丁机场 holds none of them (海子山, about 4500 m, was visited an hour after
landing), and the altitude wish says 「到达当天不安排高海拔景点」 only when the plan keeps it."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import TripRequest, Wish
from engine.knowledge.base import load_curated
from engine.planning import plan_trip
from engine.planning.altitude import ACCLIMATISE_M
from engine.planning.wish_access import access

KB = load_curated()
WISH = Wish(kind="access", value="altitude", said="高反")


def daocheng() -> Itinerary:
    request = TripRequest(
        destinations=("daocheng-yading",),
        days=3,
        start_date=dt.date(2027, 5, 1),
        departure="chengdu",
        access=("altitude",),
        wishes=(WISH,),
    )
    return plan_trip(request, KB)


def test_the_plateau_sights_have_their_heights() -> None:
    heights = {a.id: a.altitude_m for a in KB.destinations["daocheng-yading"].attractions}
    assert heights["daocheng-yading-haizi-mountain"] == 4500
    assert all(m is not None and m >= ACCLIMATISE_M for m in heights.values())
    assert KB.attraction("kangding-zheduoshan").altitude_m == 4298  # type: ignore[union-attr]


def test_the_day_of_landing_at_daocheng_holds_no_high_sight() -> None:
    p = daocheng()
    first = p.days[0]
    assert any(i.kind == ItemKind.INTERCITY for i in first.items)
    high = [
        i.name
        for i in first.items
        if i.kind == ItemKind.ATTRACTION
        and ((a := KB.attraction(i.poi_id or "")) is not None and (a.altitude_m or 0) >= 3500)
    ]
    assert high == []
    answer = access(WISH, p, KB)
    assert "到达当天不安排高海拔景点" in answer.message


def test_a_high_sight_on_the_day_of_arrival_is_said_not_denied() -> None:
    p = daocheng()
    day2 = next(d for d in p.days if any(i.kind == ItemKind.ATTRACTION for i in d.items))
    visit = next(i for i in day2.items if i.kind == ItemKind.ATTRACTION)
    moved = p.days[0].model_copy(update={"items": (*p.days[0].items, visit)})
    broken = p.model_copy(update={"days": (moved, *p.days[1:])})
    answer = access(WISH, broken, KB)
    assert "到达当天不安排高海拔景点" not in answer.message
    assert answer.status == "partly"
    assert f"第1天{visit.name}" in (answer.reason or "")
    assert "是到达当天，没有先适应一晚" in (answer.reason or "")
