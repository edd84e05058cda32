"""Getting there through real stations (issue #12): a destination with no station of its own is
reached through the nearest real hub of the knowledge base — its gateway's first — never an
invented 「X站」, and the leg says how the last stretch goes."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import ItemKind, Mode
from engine.domain.request import Avoid, TripRequest
from engine.knowledge.base import load_curated
from engine.knowledge.geo import haversine_m
from engine.planning import intercity, plan_trip, rail_network
from engine.understanding import read_request
from tests.helpers.synthetic_kb import city, two_city_kb

KB = load_curated()
#: Destinations of the curated base with no railway station of their own.
NO_RAIL = sorted(d.id for d in KB.destinations.values() if all(h.kind != "rail" for h in d.hubs))


def test_some_destinations_have_no_station() -> None:
    assert {"siguniangshan", "lugu-lake", "dengfeng", "zhagana"} <= set(NO_RAIL)


@pytest.mark.parametrize("origin", ["shanghai", "beijing", "xian", "chengdu", "guangzhou"])
def test_every_hub_of_every_option_is_a_real_one(origin: str) -> None:
    for dest in NO_RAIL:
        for option in intercity.options(KB, KB.destinations[origin], KB.destinations[dest]):
            for hub in (option.a_hub, option.b_hub):
                assert hub.poi_id and KB.hub(hub.poi_id) is not None, (origin, dest, hub)
            back = intercity.options(KB, KB.destinations[dest], KB.destinations[origin])
            assert all(o.a_hub.poi_id and KB.hub(o.a_hub.poi_id) for o in back), (dest, origin)


def test_a_gateway_station_first_and_the_last_stretch_said() -> None:
    """四姑娘山 has no station; 成都 (its coach link's other end) has: 西安 → 成都 by rail, and
    the leg says a coach or a chartered car goes on from there."""
    rail = [o for o in intercity.options(KB, KB.destinations["xian"],
                                         KB.destinations["siguniangshan"]) if o.mode == "hsr"]  # fmt: skip
    assert rail and rail[0].b_hub.poi_id in {h.id for h in KB.destinations["chengdu"].hubs}
    assert "四姑娘山" in rail[0].onward_zh and "包车" in rail[0].onward_zh


def test_a_plan_to_a_place_without_a_station_names_only_real_stations() -> None:
    request = TripRequest(departure="xian", destinations=("zhagana",), days=3,
                          start_date=dt.date(2026, 12, 5))  # fmt: skip
    plan = plan_trip(request, KB)
    legs = [i for d in plan.days for i in d.items if i.kind is ItemKind.INTERCITY]
    names = {h.name_zh for d in KB.destinations.values() for h in d.hubs}
    assert legs
    for leg in legs:
        a, b = leg.name.split(" → ")
        assert a in names and b in names, leg.name
    assert "换乘大巴或包车" in legs[0].note
    assert plan.feasibility is not None and plan.feasibility.passed


def test_no_station_or_airport_in_reach_means_a_coach_estimate_from_a_real_place() -> None:
    kb = two_city_kb()
    remote = city("gamma", 40.0, 90.0).model_copy(update={"hubs": ()})
    kb.add(remote)
    found = intercity.options(kb, kb.destinations["alpha"], kb.destinations["gamma"])
    assert [o.mode for o in found] == ["coach"]
    assert found[0].confidence == "estimated" and found[0].a_hub.poi_id is not None


def test_high_speed_rail_only_where_one_network_joins_the_two() -> None:
    """The base's hsr links make one mainland network; Hainan's ring and 拉萨—林芝 are apart."""
    assert rail_network.same_network(KB, "beijing", "guangzhou") is True
    assert rail_network.same_network(KB, "guangzhou", "sanya") is False
    assert rail_network.same_network(KB, "chengdu", "lhasa") is False
    no_fly = frozenset({"flight"})
    to_lhasa = intercity.options(KB, KB.destinations["chengdu"], KB.destinations["lhasa"],
                                 avoid=no_fly)  # fmt: skip
    assert to_lhasa and all(o.mode != "hsr" for o in to_lhasa)
    far = intercity.options(KB, KB.destinations["guangzhou"], KB.destinations["beijing"],
                            avoid=no_fly)  # fmt: skip
    assert far[0].mode == "hsr" and far[0].minutes <= 12 * 60


def test_no_train_between_two_stations_of_one_city() -> None:
    """成都 to 四姑娘山, high-speed rail wished: the coach, never 成都东站 → 成都西站."""
    found = intercity.options(KB, KB.destinations["chengdu"], KB.destinations["siguniangshan"],
                              prefer=("hsr",))  # fmt: skip
    assert [o.mode for o in found] == ["coach"]


def test_guangzhou_to_beijing_without_flying_is_planned_by_high_speed_rail() -> None:
    request = TripRequest(departure="guangzhou", destinations=("beijing",), days=3,
                          start_date=dt.date(2026, 12, 5),
                          avoid=Avoid(transport=("flight",)))  # fmt: skip
    plan = plan_trip(request, KB)
    legs = [i for d in plan.days for i in d.items if i.kind is ItemKind.INTERCITY]
    assert len(legs) == 2 and all(i.mode is Mode.HSR for i in legs)
    assert plan.feasibility is not None and plan.feasibility.passed


def test_a_wished_high_speed_train_where_none_runs_is_answered_without_more_days() -> None:
    request = read_request("坐高铁从上海去拉萨玩5天", KB).request
    assert request is not None
    plan = plan_trip(request.model_copy(update={"start_date": dt.date(2026, 12, 5)}), KB)
    assert plan.feasibility is not None
    [answer] = [w for w in plan.feasibility.wishes if w.kind == "transport"]
    assert answer.status == "not" and answer.reason is not None
    assert "上海—拉萨" in answer.reason and "多留几天" not in answer.reason


def test_the_last_stretch_names_the_coach_the_base_knows() -> None:
    """登封 by high-speed rail to 郑州: the leg names the 郑州—登封 coach of the base, in the
    direction travelled."""
    [there] = [o for o in intercity.options(KB, KB.destinations["beijing"],
                                            KB.destinations["dengfeng"]) if o.mode == "hsr"]  # fmt: skip
    [back] = [o for o in intercity.options(KB, KB.destinations["dengfeng"],
                                           KB.destinations["beijing"]) if o.mode == "hsr"]  # fmt: skip
    assert "大巴郑州长途汽车中心站—登封" in there.onward_zh
    assert "大巴登封" in back.onward_zh and "—郑州长途汽车中心站" in back.onward_zh


@pytest.mark.parametrize("pair", [("xining", "qinghai-lake"), ("qinghai-lake", "xining")])
def test_no_train_from_a_station_to_itself(pair: tuple[str, str]) -> None:
    """西宁 and 青海湖 are both reached at 西宁站 (two records of one station): the way between
    them is by road, never a train from 西宁站 to 西宁站."""
    a, b = (KB.destinations[p] for p in pair)
    found = intercity.options(KB, a, b)
    assert found and all(o.mode not in ("train", "hsr", "flight") for o in found), found
    for option in found:
        gap = haversine_m(option.a_hub.lat, option.a_hub.lon, option.b_hub.lat, option.b_hub.lon)
        assert gap > intercity.SAME_STATION_M, option
