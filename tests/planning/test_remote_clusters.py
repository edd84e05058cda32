"""A remote cluster seen in one trip out (issue 12, bench acc-02): nights in 周庄 with the parents
rode 40 km to 苏州's gardens on day 1 and again on day 2 (苏州博物馆 and 拙政园, then 平江路 next
to them, 留园 and 寒山寺). The city is one day out; the other days are spent near the lodging."""

from __future__ import annotations

import datetime as dt
import itertools

from engine.domain.itinerary import Item, ItemKind
from engine.knowledge.geo import haversine_m
from engine.planning import plan_trip
from engine.understanding import parse_request
from tests.helpers.plans import KB, SATURDAY

#: Sights this far from the night's lodging (km) …
REMOTE_KM = 25.0
#: … and this close to each other (km) are one trip out.
CLUSTER_KM = 12.0


def _km(a: Item, b: Item) -> float:
    assert a.lat is not None and a.lon is not None and b.lat is not None and b.lon is not None
    return haversine_m(a.lat, a.lon, b.lat, b.lon) / 1000


def test_nights_in_a_water_town_see_the_city_in_one_trip_out() -> None:
    text = "陪父母苏州三日游，想住在古镇里面"
    parsed = parse_request(text, KB, today=SATURDAY - dt.timedelta(days=7))
    assert parsed.request is not None, parsed.message()
    p = plan_trip(parsed.request.model_copy(update={"start_date": SATURDAY}), KB)
    assert {d.lodging_id for d in p.days if d.lodging_id} == {"suzhou-lodging-zhouzhuang"}
    lodging = next(i for d in p.days for i in d.items if i.kind is ItemKind.LODGING)
    far = [(d.index, i) for d in p.days for i in d.items
           if i.kind is ItemKind.ATTRACTION and _km(lodging, i) > REMOTE_KM]  # fmt: skip
    assert far  # the city is seen
    split = [(a.name, b.name) for (d1, a), (d2, b) in itertools.combinations(far, 2)
             if d1 != d2 and _km(a, b) <= CLUSTER_KM]  # fmt: skip
    assert not split
    seen = {i.poi_id for d in p.days for i in d.items if i.kind is ItemKind.ATTRACTION}
    assert "suzhou-zhouzhuang" in seen
    assert p.feasibility is not None and p.feasibility.passed


def test_a_stay_with_little_near_it_keeps_the_town_for_its_other_days() -> None:
    """呼伦贝尔's yurt camp has one sight beside it and every meal is in 海拉尔, 35 km away: the
    town's sights are not kept to one day there (day 3 rode to 海拉尔 to eat and sat idle)."""
    parsed = parse_request("呼伦贝尔玩3天，晚上住草原上的蒙古包", KB,
                           today=SATURDAY - dt.timedelta(days=7))  # fmt: skip
    assert parsed.request is not None, parsed.message()
    p = plan_trip(parsed.request.model_copy(update={"start_date": dt.date(2027, 7, 10)}), KB)
    assert "hulunbuir-lodging-yurt-camp" in {d.lodging_id for d in p.days}
    for day in p.days:
        assert any(i.kind is ItemKind.ATTRACTION for i in day.items), day.index


def _set_out_from(p: object) -> list[tuple[int, Item, Item]]:
    """(day, lodging the day sets out from, sight) for every sight of `p` (an Itinerary)."""
    out = []
    before: Item | None = None
    for day in p.days:  # type: ignore[attr-defined]
        own = next((i for i in day.items if i.kind is ItemKind.LODGING), None)
        base = before or own
        for i in day.items:
            if i.kind is ItemKind.ATTRACTION and base is not None:
                out.append((day.index, base, i))
        before = own
    return out


def test_a_stay_that_moves_sees_each_remote_cluster_in_one_trip_out() -> None:
    """三亚 for five days: a first night in 海棠湾 (蜈支洲岛), then 三亚湾. 南山 and 大小洞天 are 6 km
    apart and 40 km west of 三亚湾; the stay moved, so no cluster was pinned and they were seen
    on days 3 and 5, two 80-km round trips. The last day, with no leg home, rode 37 km back
    to the first night's hotel in 海棠湾; it ends where the bags are."""
    parsed = parse_request("去三亚玩五天，不去免税店", KB, today=SATURDAY - dt.timedelta(days=7))
    assert parsed.request is not None, parsed.message()
    p = plan_trip(parsed.request.model_copy(update={"start_date": SATURDAY}), KB)
    nights = [d.lodging_id for d in p.days if d.lodging_id]
    assert len(set(nights)) > 1  # the premise: the stay moves
    far = [(d, s) for d, base, s in _set_out_from(p) if _km(base, s) > REMOTE_KM]
    split = [(a.name, b.name) for (d1, a), (d2, b) in itertools.combinations(far, 2)
             if d1 != d2 and _km(a, b) <= CLUSTER_KM]  # fmt: skip
    assert not split
    last_ride = [i for i in p.days[-1].items if i.kind is ItemKind.TRANSIT][-1]
    last_night = [i for i in p.days[-2].items if i.kind is ItemKind.LODGING][-1]
    assert last_night.name in last_ride.name, (last_ride.name, last_night.name)
    assert p.feasibility is not None and p.feasibility.passed
