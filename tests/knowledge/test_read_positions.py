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
    ("beijing-jingshan-park", (39.923611, 116.390556), 30, "Parque Jingshan"),
    ("beijing-mao-mausoleum", (39.9010, 116.3915), 90, "liquisearch.com"),
    ("chongqing-jiefangbei", (29.56017, 106.57336), 30, "aroundus.com"),
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


def test_jiefangbei_is_no_longer_its_gcj02_map_point() -> None:
    """The old 解放碑 point (29.5572, 106.5769) was the monument's GCJ-02 reading: converted to
    WGS-84 it lands on the monument, so the record must not sit there any more."""
    a = KB.attraction("chongqing-jiefangbei")
    assert a is not None
    old = (29.5572, 106.5769)
    assert haversine_m(*to_wgs84(*old, "GCJ-02"), 29.56017, 106.57336) < 30
    assert haversine_m(a.lat, a.lon, *old) > 400
