"""Where the nights are spent (issue #12): near where the days are, in the centre when asked,
inside a zone when asked — asserted on whole plans on the curated base."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import LodgingWish, Party, TripRequest, Wish
from engine.knowledge.base import load_curated
from engine.knowledge.geo import haversine_m
from engine.planning import plan_trip
from engine.planning.centre import CENTRE_M, centre_of
from engine.planning.lodging_wish import preferred
from engine.understanding import read_request

KB = load_curated()
SATURDAY = dt.date(2026, 12, 5)


_PLANS: dict[str, Itinerary] = {}


def _plan(request: TripRequest) -> Itinerary:
    key = request.model_dump_json()
    if key not in _PLANS:
        _PLANS[key] = plan_trip(request, KB)
    return _PLANS[key]


def nights(p: Itinerary) -> list[str]:
    return [i.poi_id or "" for d in p.days for i in d.items if i.kind is ItemKind.LODGING]


def lodging_answer(p: Itinerary) -> list[tuple[str, str]]:
    assert p.feasibility is not None
    return [(w.status, w.message) for w in p.feasibility.wishes if w.kind == "lodging_area"]


def test_a_budget_trip_does_not_sleep_an_hour_from_its_days() -> None:
    """Xi'an on a budget: the days are in the city, so the nights are too — not in 临潼, 150 CNY
    a night cheaper and an hour's bus from every city sight."""
    for party, budget in ((Party(adults=1), 1200), (Party(adults=1, seniors=2), 4000)):
        request = TripRequest(destinations=("xian",), days=3, start_date=SATURDAY,
                              departure=None, party=party, budget_cny=budget)  # fmt: skip
        p = _plan(request)
        assert nights(p) and "xian-lodging-lintong" not in nights(p), nights(p)
        assert p.total_cost_cny <= budget


def test_downtown_means_the_city_centre_and_is_answered() -> None:
    wish = Wish(kind="lodging_area", value="市中心", said="住市中心")
    for dest in ("xian", "chengdu"):
        request = TripRequest(destinations=(dest,), days=3, start_date=SATURDAY,
                              departure="shanghai", lodging=LodgingWish(near=("市中心",)),
                              wishes=(wish,))  # fmt: skip
        p = _plan(request)
        centre = centre_of(KB.destinations[dest])
        for poi in nights(p):
            lodging = KB.lodging(poi)
            assert lodging is not None
            assert haversine_m(centre.lat, centre.lon, lodging.lat, lodging.lon) <= CENTRE_M
        [(status, message)] = lodging_answer(p)
        assert status == "honoured" and "市中心" in message and "公里" in message


def test_the_centre_of_a_scenic_area_is_where_its_sights_are_densest() -> None:
    """九寨沟's centre point has no lodging near it: the centre is the densest cluster of its
    sights, and the wish answer names it."""
    jzg = KB.destinations["jiuzhaigou"]
    centre = centre_of(jzg)
    assert not any(haversine_m(jzg.lat, jzg.lon, lo.lat, lo.lon) <= CENTRE_M for lo in jzg.lodging)
    close = [a for a in jzg.attractions
             if haversine_m(centre.lat, centre.lon, a.lat, a.lon) <= 2500]  # fmt: skip
    assert len(close) >= 3 and "景点最集中" in centre.name_zh


def test_downtown_is_read_in_both_languages() -> None:
    for text in ("去西安玩5天，住市中心", "去厦门3天，酒店订在市区", "5 days in Xi'an, stay downtown",
                 "Chengdu 3 days, hotel in the city center please", "Xi'an 4 days, we'd like to "
                 "stay centrally"):  # fmt: skip
        request = read_request(text, KB).request
        assert request is not None
        assert request.lodging.near and request.lodging.near[0] in ("市中心", "市区"), text
        assert [w.kind for w in request.wishes if w.kind == "lodging_area"] == ["lodging_area"]
        assert not request.unrecognized


def test_inside_a_zone_is_inside_it_not_outside_its_gate() -> None:
    request = read_request("Wuzhen 2 days from Shanghai, stay inside Xizha", KB).request
    assert request is not None
    p = _plan(request.model_copy(update={"start_date": SATURDAY}))
    assert set(nights(p)) == {"wuzhen-lodging-xizha"}
    assert [s for s, _ in lodging_answer(p)] == ["honoured"]


def test_a_guesthouse_by_a_lake_is_by_the_lake() -> None:
    request = read_request("Dali 3 days, a guesthouse by Erhai lake", KB).request
    assert request is not None and request.lodging.kind == "homestay"
    p = _plan(request.model_copy(update={"start_date": SATURDAY}))
    assert set(nights(p)) == {"dali-lodging-caicun"}, nights(p)


def test_a_downtown_wish_keeps_only_the_central_lodgings() -> None:
    """Xi'an: 钟楼 and 南门 are within 3 km of the centre; 大雁塔 (4.9 km), 北站 and 临潼 are not."""
    xian = KB.destinations["xian"]
    pool, here = preferred(list(xian.lodging), xian, LodgingWish(near=("市中心",)))
    assert {lo.id for lo in pool} == {"xian-lodging-bell-tower", "xian-lodging-nanmen"}
    assert here and here[0].name_zh == "西安市中心"


def test_a_kind_of_stay_and_where_it_is_are_both_read() -> None:
    """The lodging word may be a kind (hostel, guesthouse) already read; the place after it
    is read too."""
    for text, near, kind in (("Kanas 3 days, stay in a hostel in Hemu", "kanas-lodging-hemu", "hostel"),
                             ("Dali 3 days, stay in a guesthouse in the old town",
                              "dali-lodging-old-town", "homestay")):  # fmt: skip
        request = read_request(text, KB).request
        assert request is not None and request.lodging.kind == kind
        assert request.lodging.near[:1] == (near,), text


def test_rooms_for_a_family() -> None:
    """Two grown-ups a room, at most four people with the children; a baby needs no bed."""
    from engine.domain.request import Party, TripRequest
    from engine.planning.candidates import rooms

    def n(party: Party) -> int:
        return rooms(TripRequest(destinations=("hangzhou",), days=2, party=party))

    assert n(Party(adults=2, children=2, child_ages=(4, 7))) == 1
    assert n(Party(adults=2, children=3, child_ages=(4, 7, 9))) == 2  # five in a room, no
    assert n(Party(adults=2, children=3, child_ages=(1, 4, 7))) == 1  # the baby in a cot
    assert n(Party(adults=1, seniors=2, children=1)) == 2
    assert n(Party(adults=6, children=4)) == 3
