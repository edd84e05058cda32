"""Fares charged by who travels: cable cars, ferries and summit crossings (issue 13).

A ticket, a park's bus, a cable car and a crossing into an access area are all priced for the
party by one function (`prices.fare_for_party`): each adult the adult fare, each child or senior
the cheapest of that fare's own concessions they meet. 鼓浪屿's ferry lets a child under 6 or
under 1.2 m ride free and charges 6–14 half (sourced); 黄山's cable car has no sourced child fare,
so everyone pays it and the plan says a child fare may apply. Trains follow the railway's rule
(`engine.planning.fares`): a child under 6 rides free on an adult's lap.
"""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import ItemKind, Mode
from engine.domain.request import Party, TripRequest
from engine.knowledge.prices import fare_for_party, fare_on, party_price
from engine.planning.fares import child_fare_note, party_fare
from engine.planning.intercity import Point
from engine.planning.transit_items import transit_item
from tests.helpers.plans import KB, SATURDAY, plan

#: The family of the issue: the speaker, a 5-year-old and parents of 72.
FAMILY = Party(adults=1, children=1, seniors=2, child_ages=(5,), senior_ages=(72, 72))
FOUR_ADULTS = Party(adults=4)


def _ferry_leg(party: Party, date: dt.date) -> float:
    """The leg from 鼓浪屿 to 厦门's cruise-centre pier for `party`, CNY."""
    xiamen = KB.destinations["xiamen"]
    rock = next(a for a in xiamen.attractions if a.id == "xiamen-gulangyu")
    pier = next(h for h in xiamen.hubs if h.id == "xiamen-cruise-centre-pier")
    request = TripRequest(destinations=("xiamen",), days=1, party=party)
    item = transit_item(Point(rock.name_zh, rock.name_en, rock.lat, rock.lon, rock.id),
                        Point(pier.name_zh, pier.name_en, pier.lat, pier.lon, pier.id), 600,
                        destination=xiamen, request=request, date=date)  # fmt: skip
    assert item is not None and item.mode is Mode.FERRY, item
    return item.cost_cny


def test_the_gulangyu_ferry_lets_a_child_under_6_ride_free_and_charges_6_to_14_half() -> None:
    (area,) = KB.destinations["xiamen"].access_areas
    fare = fare_on(area, SATURDAY)
    assert fare > 0
    adults = _ferry_leg(FOUR_ADULTS, SATURDAY)
    # the road part is the same for four people: the difference is the child's ferry fare
    assert adults - _ferry_leg(FAMILY, SATURDAY) == pytest.approx(fare)
    ten = FAMILY.model_copy(update={"child_ages": (10,)})
    half = pytest.approx(fare / 2, abs=0.1)  # a half fare is rounded to 0.1
    assert adults - _ferry_leg(ten, SATURDAY) == half
    # the seniors pay the fare: the ferry has no senior rule
    assert _ferry_leg(Party(adults=2, seniors=2, senior_ages=(72, 72)), SATURDAY) == adults


def test_a_family_pays_huangshan_cable_car_in_full_and_is_told_a_child_fare_may_apply() -> None:
    p = plan(destinations=("huangshan",), days=2, party=FAMILY)
    (area,) = KB.destinations["huangshan"].access_areas
    rides = [(d, i) for d in p.days for i in d.items if i.mode is Mode.CABLE_CAR]
    assert rides, "the plan goes up 黄山 by the cable car"
    for day, ride in rides:  # no sourced child fare: all four pay, and the note says so
        assert ride.cost_cny >= fare_on(area, day.date) * 4, ride
        assert "儿童票价未核实" in (ride.note or ""), ride.note
    mountain = KB.attraction("huangshan-scenic-area")
    assert mountain is not None
    visit = next(i for d in p.days for i in d.items if i.poi_id == mountain.id)
    day = next(d for d in p.days if visit in d.items)
    # the ticket: the child (under 6) and the seniors (65+) free, the speaker the day's fare
    assert (
        party_price(mountain, day.date, FAMILY).total
        == party_price(mountain, day.date, Party(adults=1)).total
    )
    trains = [i for d in p.days for i in d.items if i.kind is ItemKind.INTERCITY]
    assert trains and all(i.mode is not None and i.mode.value in ("hsr", "train") for i in trains)
    for train in trains:  # three seats; the 5-year-old rides free on a grown-up's lap
        words = child_fare_note(train.cost_cny / 3, train.mode.value, FAMILY, "zh")  # type: ignore[union-attr]
        assert "未满6岁儿童免费" in words and words in (train.note or ""), train.note
    assert p.feasibility is not None and p.feasibility.passed


def test_one_function_prices_a_ticket_a_park_bus_and_a_cable_car() -> None:
    """华山's cable cars (sourced): a child up to 1.2 m free, 1.2–1.5 m or 6–18 half; the
    seniors pay the fare (no senior rule for the rides)."""
    mountain = KB.attraction("huashan-scenic-area")
    assert mountain is not None
    car = next(h for h in mountain.highlights if h.name_zh == "西峰索道")
    price = float(car.price_cny or 0)
    assert fare_for_party(price, car.concessions, FAMILY) == pytest.approx(3 * price)
    ten = Party(adults=1, children=1, child_ages=(10,))
    assert fare_for_party(price, car.concessions, ten) == pytest.approx(1.5 * price)
    # the ticket through the same function: the party's price is the sum of each one's
    date = dt.date(2027, 5, 8)
    assert party_price(mountain, date, FAMILY).total == fare_for_party(
        party_price(mountain, date, Party(adults=1)).total, mountain.concessions, FAMILY
    )


def test_a_flight_child_fare_says_what_the_sum_holds() -> None:
    """A child of 2–11 is costed at the plan's adult (discount) fare; the words say so, next to
    the rule (half the *full* fare), so the figure shown and the total agree."""
    party = Party(adults=2, children=1, child_ages=(8,))
    words = child_fare_note(800, "flight", party, "zh")
    assert "1名儿童按成人参考价计约800元" in words, words
    assert "儿童票为成人全价票的50%" in words and "5折" not in words, words
    assert words.endswith(f"共约{party_fare(800, 'flight', party):.0f}元") and "共约2400元" in words
    english = child_fare_note(800, "flight", party, "en")
    assert "costed at the adult reference fare, about 800 CNY" in english, english


@pytest.mark.parametrize("mode", ["hsr", "train"])
def test_the_rail_child_band_is_said_the_same_way_in_both_languages(mode: str) -> None:
    """The railway's band (满6岁未满14岁: 13 pays half, 14 the full fare) is said one way: the
    Chinese note said 「6–14岁」 (14 included, to a reader) and the English one "6–13"."""
    party = Party(adults=1, children=2, child_ages=(13, 14))
    zh = child_fare_note(100, mode, party, "zh")
    en = child_fare_note(100, mode, party, "en")
    assert "1名儿童买儿童票（满6岁未满14岁半价）约50元" in zh and "1名满14岁的孩子买全价票" in zh
    assert "on a child ticket (aged 6 to under 14, half fare), about 50 CNY" in en
    assert "1 child aged 14+ at the full fare" in en
    assert "6–14" not in zh + en and "6–13" not in zh + en
