"""Ride fares and re-sourced facts (issue 13, kb13): a cable car's fare is the one its sight's
note quotes for it, and the prices and positions read on 2026-12-02 are the ones recorded.

A ride's `price_cny` (one way, CNY) is what a plan charges; the ticket note is what the traveller
reads. 黄龙's highlight said "about 80 up (estimated)" while the record's verified note, from the
same page as its ticket prices, said 「索道单程40元」 and the visit counted 40.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest

from engine.knowledge.base import load_curated
from engine.knowledge.geo import haversine_m
from engine.knowledge.prices import car_price, fare_on
from engine.knowledge.schema import Attraction

KB = load_curated()

RIDE_WORDS = "索道|缆车|天梯|观光车|电瓶车|扶梯|小火车"
#: 「<name>索道…单程/上行约N元」: the name before the ride word (up to 6 characters, empty when
#: the note says only 「索道」), then within the clause the one-way or uphill fare.
QUOTED_FARE = re.compile(
    r"([\u4e00-\u9fff]{0,6}?)("
    + RIDE_WORDS
    + r")([^，。；、]{0,8}?)(?:单程|上行)约?(\d+(?:\.\d+)?)元"
)
_NOT_NAME = re.compile(r"（.*?）|\(.*?\)|" + RIDE_WORDS)


def _stem(name: str) -> str:
    """「南岳索道（半山亭—南天门）」 → 「南岳」: the name without its ride word and bracket."""
    return _NOT_NAME.sub("", name)


def quoted_fares(note: str, rides: list[str]) -> dict[str, list[float]]:
    """The one-way fares (CNY) `note` quotes for each of `rides` (names of a sight's rides):
    a fare after a ride's name, or after a bare 「索道」 when the sight has one ride. A fare
    after another name (「三叠泉缆车」 in 庐山's note) belongs to no ride of the list."""
    found: dict[str, list[float]] = {}
    for m in QUOTED_FARE.finditer(note):
        prefix, fare = m.group(1), float(m.group(4))
        if prefix:
            owners = [
                r
                for r in rides
                if _stem(r) and (_stem(r).endswith(prefix) or prefix.endswith(_stem(r)))
            ]
        else:
            owners = list(rides) if len(rides) == 1 else []
        if len(owners) == 1:
            found.setdefault(owners[0], []).append(fare)
    return found


def test_a_fare_is_given_to_the_ride_the_note_names() -> None:
    assert quoted_fares("门票170元；索道单程40元、往返80元。", ["黄龙索道"]) == {"黄龙索道": [40.0]}
    assert quoted_fares("观光车70元；三叠泉缆车另付（单程约55元）。", ["庐山索道"]) == {}
    two = ["云谷索道", "玉屏索道"]
    assert quoted_fares("云谷索道上行80元 + 玉屏索道下行", two) == {"云谷索道": [80.0]}
    assert quoted_fares("索道单程80元", two) == {}  # two rides: a bare 「索道」 is neither


def _rides(place: Attraction) -> dict[str, float]:
    return {
        h.name_zh: h.price_cny for h in place.highlights if h.kind == "cable_car" and h.price_cny
    }


def test_a_ride_costs_what_its_sight_note_quotes_for_it() -> None:
    wrong = []
    checked = 0
    for dest in KB.destinations.values():
        for place in dest.attractions:
            rides = _rides(place)
            for name, fares in quoted_fares(place.ticket_note_zh, list(rides)).items():
                checked += 1
                if rides[name] not in fares:
                    wrong.append(f"{place.id} {name}: {rides[name]:g} charged, note says {fares}")
    assert checked >= 20  # the rule reads the notes it is meant to
    assert not wrong, "\n".join(wrong)


def _a(poi_id: str) -> Attraction:
    found = KB.attraction(poi_id)
    assert found is not None, poi_id
    return found


def test_huanglong_charges_the_cable_car_of_its_verified_note() -> None:
    ride = next(h for h in _a("jiuzhaigou-huanglong").highlights if h.name_zh == "黄龙索道")
    assert ride.price_cny == 40
    assert "估计" not in ride.note_zh


@pytest.mark.parametrize(
    ("poi_id", "ride", "fare"),
    [
        ("emeishan-mount-emei", "金顶索道", 65),  # bs178.com 2025: 上行65 / 下行55
        ("emeishan-mount-emei", "万年寺索道", 65),  # 上行65 / 下行45
        ("lushan-scenic-area", "庐山索道", 70),  # a March 2024 ride
        ("qingdao-laoshan", "太清索道", 40),
        ("kunming-western-hills", "滇池索道", 40),
        ("dali-cangshan", "中和索道", 40),  # china-travel-guide.net: 40 single / 70 return
        ("lijiang-jade-dragon-snow-mountain", "云杉坪索道", 40),  # Lonely Planet
        ("lijiang-jade-dragon-snow-mountain", "牦牛坪索道", 45),
        ("qiandaohu-central-lake", "梅峰索道", 30),  # thetravelbrief.com, August 2019
        ("shangrila-shika-snow-mountain", "石卡雪山索道", 160),  # entry + return car
        ("urumqi-tianchi", "马牙山索道", 105),  # 210 at the counter, taken as the return
    ],
)
def test_sourced_ride_fares_no_longer_say_estimated(poi_id: str, ride: str, fare: float) -> None:
    found = next(h for h in _a(poi_id).highlights if h.name_zh == ride)
    assert found.price_cny == fare
    assert "估计" not in found.note_zh and "estimated" not in found.note_en
    assert "kb13" in _a(poi_id).source  # the reading is cited with its date


@pytest.mark.parametrize(
    ("poi_id", "lat", "lon"),
    [
        # Wikipedia: 22°32'15.05"N 113°58'11.12"E
        ("shenzhen-window-of-the-world", 22.53751, 113.96976),
        ("zhuhai-chimelong-ocean-kingdom", 22.1001, 113.5300),  # Wikipedia infobox
    ],
)
def test_positions_are_the_encyclopedia_coordinates(poi_id: str, lat: float, lon: float) -> None:
    place = _a(poi_id)
    assert haversine_m(place.lat, place.lon, lat, lon) < 30
    assert "Wikipedia" in place.source


def test_sourced_prices_are_not_marked_as_guesses() -> None:
    chen = _a("shantou-chen-cihong-residence")
    assert chen.ticket_cny == 35 and chen.confidence == "curated"
    window = _a("shenzhen-window-of-the-world")
    assert window.ticket_cny == 220 and window.confidence == "curated"
    for place in (chen, window):
        assert "估计" not in place.ticket_note_zh and "约" not in place.ticket_note_zh[:4]


def test_the_golden_summit_cable_car_costs_less_in_the_mountains_low_season() -> None:
    """金顶索道: 65 up in peak season, 30 in the off-season (china-travelnote.com, xigushan.com);
    the off-season taken as the mountain's 淡季, 15 December – 15 January."""
    car = next(h for h in _a("emeishan-mount-emei").highlights if h.name_zh == "金顶索道")
    assert car_price(car, dt.date(2026, 12, 20)) == 30
    assert car_price(car, dt.date(2027, 1, 15)) == 30
    assert car_price(car, dt.date(2027, 1, 16)) == 65
    assert car_price(car, dt.date(2027, 7, 1)) == 65


def test_the_way_up_emei_is_charged_the_winter_cable_car_in_the_low_season() -> None:
    """The bus half (45) plus the 金顶 car: 65 in peak season, 30 from 15 December to 15 January."""
    area = next(
        a for a in KB.destinations["emeishan"].access_areas if a.id == "emeishan-golden-summit"
    )
    assert fare_on(area, dt.date(2026, 12, 21)) == 75
    assert fare_on(area, dt.date(2027, 7, 1)) == 110
