"""Whole plans of requests whose names are read by the rest of the request (issues 12/13 §4):
a summit word keeps the trip on the named mountain, a declined area keeps all its sights out and
its row is true, "the Great Wall at Mutianyu" is one wall and a hutong stay sleeps in the
hutongs. Asserted on the plans' content (destinations, sights, nights, wish rows)."""

from __future__ import annotations

import datetime as dt
from functools import cache

from engine.domain.itinerary import ItemKind, Itinerary
from engine.planning import plan_trip
from engine.understanding import read_request
from tests.helpers.plans import KB

TODAY = dt.date(2026, 11, 20)


@cache
def _plan(text: str) -> Itinerary:
    request = read_request(text, KB, today=TODAY).request
    assert request is not None
    return plan_trip(request, KB)


def _visits(p: Itinerary) -> list[str]:
    return [i.poi_id for d in p.days for i in d.items if i.kind == ItemKind.ATTRACTION and i.poi_id]


def _row(p: Itinerary, said: str):  # type: ignore[no-untyped-def]
    assert p.feasibility is not None
    return next(w for w in p.feasibility.wishes if w.said == said)


def test_a_summit_night_on_huangshan_stays_on_huangshan() -> None:
    p = _plan("从上海去黄山玩3天，想在山顶住一晚看日出，两个人")
    assert {d.destination for d in p.days} == {"huangshan"}
    assert all(not poi.startswith("hongkong") for poi in _visits(p))
    assert "huangshan-scenic-area" in _visits(p)
    assert _row(p, "在山顶住").status == "honoured"
    assert _row(p, "看日出").status == "honoured"


def test_no_west_lake_means_none_of_its_sights_and_the_row_says_so() -> None:
    p = _plan("从上海去杭州一日游，不去西湖，想喝龙井茶")
    lake = {"hangzhou-broken-bridge", "hangzhou-su-causeway", "hangzhou-leifeng-pagoda",
            "hangzhou-hubin-fountain", "hangzhou-three-pools", "hangzhou-bai-causeway"}  # fmt: skip
    assert not lake & set(_visits(p))
    row = _row(p, "不去西湖")
    assert row.status == "honoured" and "西湖一带" in row.message


def test_the_great_wall_at_mutianyu_is_one_trip_to_the_wall_and_nights_in_the_hutongs() -> None:
    p = _plan(
        "Beijing 4 days from Guangzhou, I want the Great Wall at Mutianyu, Peking duck, "
        "and a hutong stay, budget 5000"
    )
    walls = [poi for poi in _visits(p) if poi in ("beijing-mutianyu", "beijing-badaling")]
    assert walls == ["beijing-mutianyu"]
    nights = {d.lodging_id for d in p.days if d.lodging_id}
    assert nights == {"beijing-lodging-gulou"}
    assert _row(p, "hutong stay").status == "honoured"


def test_a_hutong_stay_where_there_are_no_hutongs_is_answered_with_why() -> None:
    p = _plan("从上海去西安3天，想住胡同")
    row = _row(p, "住胡同")
    assert row.status == "not"
    assert row.reason is not None and "西安没有胡同" in row.reason
