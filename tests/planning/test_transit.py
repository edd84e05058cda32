"""The local transit model: mode by distance, duration and fares."""

from engine.domain.itinerary import Mode
from engine.planning import transit


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
    assert transit.leg(40_000, metro=True, party=2).mode is Mode.TAXI


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
    assert transit.leg(8000, metro=False, party=1, avoid=frozenset({"taxi"})).mode is Mode.BUS


def test_longer_legs_take_longer() -> None:
    times = [transit.leg(m, metro=False, party=1).minutes for m in (2000, 5000, 20_000, 60_000)]
    assert times == sorted(times)
    assert len(set(times)) == 4
