"""Climbs as a traveller means them (issue 12, tester findings F3, F16, F18, F21): a hill
reached only by stone steps left out for a wheelchair and a palace whose peak is 306 steps
said; 「爬山」 on a mountain ridden up and down by cable car is not claimed as a climb;
「玻璃栈道」 is the skywalk that bears the name, not another glass bridge; a long afternoon with nothing left to see is
said so, and a night market is not suggested at 14:00 (F3); nights in a water town for
「住古镇里」 come with a visit to it (F18)."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Party
from engine.planning import plan_trip
from engine.understanding import parse_request
from engine.understanding.activities import resolve_activity
from tests.helpers.plans import KB, SATURDAY

NOVEMBER = dt.date(2027, 11, 13)


def _plan(text: str, start: dt.date = SATURDAY) -> Itinerary:
    parsed = parse_request(text, KB, today=start - dt.timedelta(days=7))
    assert parsed.request is not None, parsed.message()
    return plan_trip(parsed.request.model_copy(update={"start_date": start}), KB)


def _wish(p: Itinerary, said: str):  # type: ignore[no-untyped-def]
    assert p.feasibility is not None
    return next(w for w in p.feasibility.wishes if said in w.said)


def _sights(p: Itinerary) -> list[str]:
    return [i.poi_id or "" for d in p.days for i in d.items if i.kind is ItemKind.ATTRACTION]


def test_a_wheelchair_in_guilin_skips_the_stair_hill_and_says_the_peak_steps() -> None:
    p = _plan("My parents, both 72, and I want to visit Guilin for 4 days from Guangzhou, "
              "my mother uses a wheelchair")  # fmt: skip
    assert "guilin-fubo-hill" not in _sights(p)
    row = _wish(p, "wheelchair")
    assert "Wave-Subduing Hill" in row.message and "stone steps" in row.message
    palace = [i for d in p.days for i in d.items
              if i.kind is ItemKind.ATTRACTION and i.poi_id == "guilin-jingjiang-palace"]  # fmt: skip
    if palace:  # the palace is on the flat; its peak is said as steps
        assert "300 stone steps" in (palace[0].note or "")


def test_a_long_rest_with_nothing_left_says_so_and_suggests_no_night_market_by_day() -> None:
    p = _plan("My parents, both 72, and I want to visit Guilin for 4 days from Guangzhou, "
              "my mother uses a wheelchair")  # fmt: skip
    free = [i for d in p.days for i in d.items if i.kind is ItemKind.FREE]
    long = [i for i in free if i.minutes >= 150]
    assert long and all("all in the plan" in i.name for i in long), [i.name for i in long]
    for i in free:
        if i.end.hour < 18:
            assert "night snacks" not in (i.note or ""), (i.start, i.note)


def test_climbing_taishan_ridden_up_and_down_is_not_claimed_as_a_climb() -> None:
    p = _plan("想去泰山爬山看日出，从济南出发，2天")
    rides = [i for d in p.days for i in d.items if i.mode == "cable_car"]
    assert rides  # the plan goes up and down by the cable car
    row = _wish(p, "爬山")
    assert row.status == "partly", row
    assert "索道" in row.message and row.reason and "步道" in row.reason


def test_a_glass_skywalk_wished_is_the_one_of_that_name() -> None:
    said = resolve_activity("glass-walk", KB, ("zhangjiajie",), "想坐玻璃栈道")
    assert said == "zhangjiajie-tianmen-mountain"
    bridge = resolve_activity("glass-walk", KB, ("zhangjiajie",), "想走玻璃桥")
    assert bridge == "zhangjiajie-grand-canyon-glass-bridge"


def test_the_seniors_rest_stays_a_rest_when_sights_are_left() -> None:
    p = _plan("带爸妈从上海去杭州玩3天")
    assert Party(adults=1, seniors=2) == p.request.party
    long = [i for d in p.days for i in d.items if i.kind is ItemKind.FREE and i.minutes >= 150]
    assert all("休息一下" in i.name or "都已安排" in i.name for i in long)


def test_sleeping_in_a_water_town_visits_it() -> None:
    p = _plan("江南水乡4天，从北京出发，带两个老人（68岁和75岁），想住古镇里")
    nights = {d.index for d in p.days if d.lodging_id == "suzhou-lodging-zhouzhuang"}
    assert nights  # the wish chose the 周庄 guesthouses
    seen = [d.index for d in p.days for i in d.items
            if i.kind is ItemKind.ATTRACTION and i.poi_id == "suzhou-zhouzhuang"]  # fmt: skip
    assert seen and (seen[0] in nights or seen[0] - 1 in nights), (seen, nights)
