"""The local transit model: mode by distance, duration and fares."""

from engine.domain.itinerary import Mode
from engine.domain.request import TripRequest as Request
from engine.knowledge.base import load_curated
from engine.planning import transit
from engine.planning.hubs import Point, point_of
from engine.planning.transit_items import transit_item


def test_short_hops_are_walked_for_free() -> None:
    leg = transit.leg(800, metro=True, party=2)
    assert leg.mode is Mode.WALK
    assert leg.cost_cny == 0
    assert leg.minutes == 14  # 800 m × 1.3 / 75 m per min, rounded up


def test_same_place_needs_no_time() -> None:
    assert transit.leg(30, metro=True, party=2).minutes == 0


def test_metro_in_metro_cities_taxi_elsewhere() -> None:
    assert transit.leg(8000, metro=True, party=2).mode is Mode.METRO
    assert transit.leg(8000, metro=False, party=2).mode is Mode.TAXI
    assert transit.leg(20_000, metro=False, party=2, city_metro=True).mode is Mode.TAXI


def test_no_taxi_on_long_legs() -> None:
    """A remote sight (兵马俑 43 km out) is reached by bus, or by a chartered car when the party
    needs comfort or the road is long and rural — never a 50 km taxi."""
    for meters in (25_000, 43_000, 60_000):
        for city_metro in (True, False):
            leg = transit.leg(meters, metro=False, party=2, city_metro=city_metro)
            assert leg.mode in (Mode.BUS, Mode.CHARTER), (meters, city_metro, leg)
    assert transit.leg(43_000, metro=False, party=2, city_metro=True).mode is Mode.BUS
    rural = transit.leg(60_000, metro=False, party=2, city_metro=False)
    assert rural.mode is Mode.CHARTER
    comfort = transit.Style(comfort=True)
    assert transit.leg(43_000, metro=False, party=2, style=comfort).mode is Mode.CHARTER
    public = transit.Style(prefer="public", comfort=True)
    assert transit.leg(60_000, metro=False, party=2, style=public).mode is Mode.BUS


def test_bus_and_charter_share_a_duration() -> None:
    bus = transit.leg(43_000, metro=False, party=2, city_metro=True)
    car = transit.leg(43_000, metro=False, party=2, style=transit.Style(comfort=True))
    assert bus.minutes == car.minutes
    assert car.cost_cny > bus.cost_cny


def test_local_transport_wishes() -> None:
    assert transit.leg(2000, metro=True, party=1, style=transit.Style(prefer="walk")).mode is (
        Mode.WALK
    )
    comfort = transit.Style(comfort=True)
    assert transit.leg(1000, metro=True, party=1, style=comfort).mode is Mode.TAXI  # no stairs
    assert transit.leg(8000, metro=True, party=1, style=comfort).mode is Mode.METRO
    taxi = transit.Style(prefer="taxi")
    assert transit.leg(8000, metro=True, party=1, style=taxi).mode is Mode.TAXI
    public = transit.Style(prefer="public")
    assert transit.leg(8000, metro=False, party=1, style=public).mode is Mode.BUS
    drive = transit.leg(8000, metro=True, party=1, style=transit.Style(prefer="drive"))
    assert drive.drive and drive.mode is Mode.DRIVE  # driving oneself is not a taxi ride
    hail = transit.leg(8000, metro=False, party=1)
    assert drive.minutes >= hail.minutes + transit.DRIVE_PARK_MIN - transit.TAXI_WAIT_MIN  # parking


def test_metro_fare_is_per_person_and_taxi_per_car() -> None:
    one = transit.leg(8000, metro=True, party=1)
    three = transit.leg(8000, metro=True, party=3)
    assert three.cost_cny == 3 * one.cost_cny
    taxi_4 = transit.leg(8000, metro=False, party=4)
    taxi_5 = transit.leg(8000, metro=False, party=5)
    assert taxi_5.cost_cny == 2 * taxi_4.cost_cny
    # 8 km straight -> 10.4 km route: 14 + (10.4 - 3) × 2.5 = 32.5 CNY per car
    assert taxi_4.cost_cny == 32.5


def test_avoided_modes_are_not_used() -> None:
    assert transit.leg(8000, metro=True, party=1, avoid=frozenset({"metro"})).mode is Mode.TAXI
    assert transit.leg(40_000, metro=True, party=1, avoid=frozenset({"taxi"})).mode is Mode.METRO
    assert transit.leg(40_000, metro=False, party=1, avoid=frozenset({"bus"})).mode is Mode.CHARTER
    assert transit.leg(8000, metro=False, party=1, avoid=frozenset({"taxi"})).mode is Mode.BUS


def test_longer_legs_take_longer() -> None:
    times = [transit.leg(m, metro=False, party=1).minutes for m in (2000, 5000, 20_000, 60_000)]
    assert times == sorted(times)
    assert len(set(times)) == 4


def test_no_metro_up_a_hill_however_central() -> None:
    """龙井村 lies 6 km from the West Lake, inside 杭州's metro area on the map, but up in the
    tea hills where no line runs: the leg there is by road and says so (not "metro to
    Longjing Village"); a leg between two central places still rides the metro; 南山一棵树
    above 重庆 likewise."""
    kb = load_curated()

    def at(poi: str) -> tuple[float, float]:
        place = kb.attraction(poi)
        assert place is not None
        return place.lat, place.lon

    hz, cq = kb.destinations["hangzhou"], kb.destinations["chongqing"]
    bridge = at("hangzhou-broken-bridge")
    for hill in ("hangzhou-longjing-village", "hangzhou-jiuxi"):
        leg = transit.between(hz, bridge, at(hill), party=2)
        assert leg.mode is not Mode.METRO, (hill, leg)
        matrix = transit.minutes_matrix(hz, [bridge, at(hill)])
        assert matrix[0][1] == leg.minutes  # the solver's times agree with the leg
    wetland = transit.between(hz, bridge, at("hangzhou-xixi-wetland"), party=2)
    assert wetland.mode is Mode.METRO
    centre = at("chongqing-jiefangbei")
    up = transit.between(cq, centre, at("chongqing-nanshan-yikeshu"), party=2)
    assert up.mode is not Mode.METRO, up


def test_a_party_needing_comfort_rides_a_car_not_a_long_metro() -> None:
    """Seniors or small children across town: a car door to door beyond 12 km, not a 22 km
    metro ride with changes and stairs (the chartered car on long legs); the metro still for
    shorter rides, and for everyone else."""
    comfort = transit.Style(comfort=True)
    for meters in (13_000, 17_000, 22_000):
        assert transit.leg(meters, metro=True, party=3, style=comfort).mode is Mode.TAXI
        assert transit.leg(meters, metro=True, party=3).mode is Mode.METRO
    assert transit.leg(8_000, metro=True, party=3, style=comfort).mode is Mode.METRO
    assert transit.leg(30_000, metro=True, party=3, style=comfort).mode is Mode.CHARTER
    public = transit.Style(comfort=True, prefer="public")  # a wish for buses still holds
    assert transit.leg(17_000, metro=True, party=3, style=public).mode is Mode.METRO


def test_a_long_bus_from_a_station_is_not_called_an_airport_bus() -> None:
    """西安北站 → 兵马俑 was labelled 「机场大巴/地铁」."""
    kb = load_curated()
    xian = kb.destinations["xian"]
    hubs = {h.id: point_of(h) for h in xian.hubs}
    army = kb.attraction("xian-terracotta-army")
    assert army is not None
    sight = Point(army.name_zh, army.name_en, army.lat, army.lon, army.id)
    request = Request(destinations=("xian",), days=2)
    station = transit_item(hubs["xian-xianbei-station"], sight, 8 * 60, destination=xian,
                           request=request)  # fmt: skip
    airport = transit_item(hubs["xian-xianyang-airport"], sight, 8 * 60, destination=xian,
                           request=request)  # fmt: skip
    assert station is not None and airport is not None
    assert "机场" not in (station.note or "") and "公里" in (station.note or "")
    assert "机场大巴" in (airport.note or "")


def test_a_station_far_out_is_left_by_the_coach_not_a_charter() -> None:
    """普陀山's station is 宁波站, about 108 km of road from 朱家尖: coaches meet the trains
    (the destination has a coach station, 沈家门), so the leg is the coach — a chartered car
    only for a party that needs comfort; a long rural leg between two sights stays a car."""
    kb = load_curated()
    putuo = kb.destinations["putuoshan"]
    hubs = {h.id: (h.lat, h.lon) for h in putuo.hubs}
    station, pier = hubs["putuoshan-ningbo-station"], hubs["putuoshan-wugongzhi-pier"]
    assert transit.coach_runs(putuo, station, pier)
    assert transit.between(putuo, station, pier, party=2).mode is Mode.BUS
    assert transit.between(putuo, pier, station, party=2).mode is Mode.BUS
    comfort = transit.Style(comfort=True)
    assert transit.between(putuo, station, pier, party=2, style=comfort).mode is Mode.CHARTER
    away = (pier[0] + 0.6, pier[1] - 0.3)  # no hub: no coach known to run
    assert not transit.coach_runs(putuo, away, pier)
    assert transit.between(putuo, away, pier, party=2).mode is Mode.CHARTER


def test_a_group_rides_its_chartered_coach_priced_per_coach() -> None:
    """Issue 12: a company outing of 20 was sent by five taxis at a time; a group of ten or more
    rides a chartered coach, whose price is per coach, not per head; a group that wishes public
    transport still takes the metro."""
    request = Request(destinations=("hangzhou",), days=2, party={"adults": 20})
    group = transit.style_of(request)
    assert group.group and not transit.style_of(Request(destinations=("hangzhou",), days=2,
                                                        party={"adults": 4})).group  # fmt: skip
    for meters in (3000, 8000, 40_000):
        coach = transit.leg(meters, metro=True, party=20, style=group)
        assert coach.mode is Mode.CHARTER, (meters, coach)
    short = transit.leg(3000, metro=True, party=20, style=group)
    assert short.cost_cny == transit.COACH_LEG_MIN_CNY  # an hour of the day's hire
    assert transit.leg(3000, metro=True, party=40, style=group).cost_cny == short.cost_cny
    assert transit.leg(3000, metro=True, party=50, style=group).cost_cny == 2 * short.cost_cny
    public = transit.Style(prefer="public", group=True)
    assert transit.leg(8000, metro=True, party=20, style=public).mode is Mode.METRO
