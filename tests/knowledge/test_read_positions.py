"""Headline sights stand where a page someone read places them (issue 13).

Each record below was `curated` only because its position was "from memory, not checked"; its
position is now the point read in the cited page (WGS-84), and the record is `verified`.
解放碑 stood 476 m south-east of the monument: the old point is the GCJ-02 form of the read one
(a Chinese web-map reading taken as WGS-84), so a walk from it to 洪崖洞 or 来福士 was wrong.
"""

from __future__ import annotations

import pytest

from engine.knowledge.base import load_curated
from engine.knowledge.geo import haversine_m, to_wgs84

KB = load_curated()

#: (sight, the point read (WGS-84), how far the record may lie from it in metres, the page named
#: in `source`).
READ = [
    ("lhasa-jokhang", (29.653056, 91.131389), 60, "monastic-asia.wikidot.com"),
    ("xian-city-wall", (34.25306, 108.94222), 60, "burgenwelt.org"),
    ("beijing-tiananmen-rostrum", (39.907333, 116.391083), 30, "simple.wikipedia.org"),
    ("beijing-jingshan-park", (39.923611, 116.390556), 250, "Parque Jingshan"),
    ("beijing-mao-mausoleum", (39.9010, 116.3915), 90, "liquisearch.com"),
    ("chongqing-jiefangbei", (29.56017, 106.57336), 30, "aroundus.com"),
    ("shanghai-jade-buddha-temple", (31.243192, 121.440528), 30, "nearbywiki.org"),
    ("shanghai-jingan-temple", (31.225, 121.440833), 30, "wikimonde.com"),
    ("suzhou-hanshan-temple", (31.31239, 120.56481), 30, "aroundus.com"),
    ("nanjing-jiming-temple", (32.06306, 118.79000), 30, "Jiming_Temple"),
    ("guangzhou-guangxiao-temple", (23.132051, 113.251350), 30, "travel.sygic.com"),
]


@pytest.mark.parametrize(("poi_id", "point", "within_m", "page"), READ)
def test_sight_stands_where_the_read_page_places_it(
    poi_id: str, point: tuple[float, float], within_m: float, page: str
) -> None:
    a = KB.attraction(poi_id)
    assert a is not None
    assert haversine_m(a.lat, a.lon, *point) < within_m
    assert a.confidence == "verified"
    assert page in a.source and "2026-12-03" in a.source


#: (sight, its old remembered point, the point read): the old point was the read point's GCJ-02
#: form (a Chinese web-map reading taken as WGS-84), about 450–500 m off.
GCJ_MIXUPS = [
    ("chongqing-jiefangbei", (29.5572, 106.5769), (29.56017, 106.57336)),
    ("shanghai-jade-buddha-temple", (31.2418, 121.4455), (31.243192, 121.440528)),
    ("shanghai-jingan-temple", (31.2235, 121.4452), (31.225, 121.440833)),
    ("beijing-capital-museum", (39.9058, 116.3415), (39.904922, 116.335623)),
]


@pytest.mark.parametrize(("poi_id", "old", "read"), GCJ_MIXUPS)
def test_a_gcj02_map_point_is_no_longer_taken_for_wgs84(
    poi_id: str, old: tuple[float, float], read: tuple[float, float]
) -> None:
    """Converted from GCJ-02 to WGS-84, the old point lands within 70 m of the read point, so
    the old point was a map reading; the record must stand on the read point, not there."""
    a = KB.attraction(poi_id)
    assert a is not None
    assert haversine_m(*to_wgs84(*old, "GCJ-02"), *read) < 70
    assert haversine_m(a.lat, a.lon, *read) < 30
    assert haversine_m(a.lat, a.lon, *old) > 400
