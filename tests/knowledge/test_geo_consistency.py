"""Positions of the big-city knowledge agree with each other (WGS-84, no datum mix-up).

A GCJ-02 position read as WGS-84 lands 300–600 m east (and some 100–300 m north or south) of
the place in these cities; a BD-09 one about 1 km off. Such a shift shows as a landmark falling
off a line or onto the wrong side of a river, so these checks compare landmarks whose layout
is certain (Beijing's central axis, the Bund on the Huangpu's west bank facing Lujiazui, the
sights round West Lake) rather than trusting any one point.
"""

from __future__ import annotations

import pytest

from engine.knowledge.base import load_curated
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Attraction, Highlight

KB = load_curated()
CITIES = (
    "beijing",
    "chengdu",
    "chongqing",
    "guangzhou",
    "hangzhou",
    "nanjing",
    "shanghai",
    "shenzhen",
    "suzhou",
    "wuhan",
)
#: Gates and halls lie inside their place: within this many metres of its point.
INNER_M = 1500
#: Places that cover a valley, not a compound (the Ming Tombs: 长陵 is 2.4 km from 定陵).
INNER_M_WIDE = {"beijing-ming-tombs": 4000}


def _att(pid: str) -> Attraction:
    dest = KB.destination_of(pid)
    assert dest is not None, pid
    return next(a for a in dest.attractions if a.id == pid)


def _spot(pid: str, name_zh: str) -> tuple[float, float]:
    spot = next(h for h in _att(pid).highlights if h.name_zh == name_zh)
    assert spot.lat is not None and spot.lon is not None, (pid, name_zh)
    return spot.lat, spot.lon


def _pos(pid: str) -> tuple[float, float]:
    a = _att(pid)
    return a.lat, a.lon


def _metres(a: tuple[float, float], b: tuple[float, float]) -> float:
    return haversine_m(a[0], a[1], b[0], b[1])


INNER = [
    (a, h)
    for city in CITIES
    if city in KB.destinations
    for a in KB.destinations[city].attractions
    for h in a.highlights
    if h.kind in ("gate", "hall") and h.lat is not None and h.lon is not None
]


@pytest.mark.parametrize(("att", "spot"), INNER, ids=[f"{a.id}-{h.name_en}" for a, h in INNER])
def test_gates_and_halls_lie_inside_their_place(att: Attraction, spot: Highlight) -> None:
    assert spot.lat is not None and spot.lon is not None
    limit = INNER_M_WIDE.get(att.id, INNER_M)
    metres = haversine_m(att.lat, att.lon, spot.lat, spot.lon)
    assert metres <= limit, f"{spot.name_zh} is {metres:.0f} m from {att.name_zh}"


def test_beijing_central_axis_is_one_north_south_line() -> None:
    """天安门—午门—太和殿—神武门—景山 stand on one meridian (longitudes within 0.001°, ~85 m),
    south to north in that order, with 钟鼓楼 further north. The whole axis, from the square and
    the mausoleum to the Drum Tower, is one straight line turned about 2° anticlockwise (its
    north end lies a little west): every point within 60 m of the fitted line."""
    core = [
        ("天安门城楼", _pos("beijing-tiananmen-rostrum")),
        ("午门", _spot("beijing-forbidden-city", "午门")),
        ("太和殿", _spot("beijing-forbidden-city", "太和殿")),
        ("神武门", _spot("beijing-forbidden-city", "神武门")),
        ("景山", _pos("beijing-jingshan-park")),
    ]
    line = [
        ("毛主席纪念堂", _pos("beijing-mao-mausoleum")),
        ("天安门广场", _pos("beijing-tiananmen-square")),
        *core,
        ("钟鼓楼", _pos("beijing-drum-bell-towers")),
    ]
    lons = [p[1] for _, p in core]
    assert max(lons) - min(lons) <= 0.001, {name: p[1] for name, p in core}
    lats = [p[0] for _, p in line]
    assert lats == sorted(lats), [name for name, _ in line]
    # Least-squares line lon = a + b * lat; metres east of it at 40°N (85 km per degree).
    n = len(line)
    mean_lat, mean_lon = sum(lats) / n, sum(p[1] for _, p in line) / n
    b = sum((p[0] - mean_lat) * (p[1] - mean_lon) for _, p in line) / sum(
        (lat - mean_lat) ** 2 for lat in lats
    )
    off = {name: round((p[1] - mean_lon - b * (p[0] - mean_lat)) * 85_000) for name, p in line}
    assert max(abs(v) for v in off.values()) <= 60, f"metres east of the axis: {off}"
    tilt_deg = b * 85 / 111 * 57.3  # b in degrees lon per degree lat, as an angle
    assert -3.5 <= tilt_deg <= 0.5, f"axis turned {tilt_deg:.1f} degrees"
    # The Forbidden City's own point lies on the axis between 午门 and 神武门.
    palace = _pos("beijing-forbidden-city")
    assert abs(palace[1] - mean_lon - b * (palace[0] - mean_lat)) * 85_000 <= 60
    assert core[1][1][0] < palace[0] < core[3][1][0]


def test_beijing_museum_and_temple_sides() -> None:
    """The National Museum is east of the square and the axis; the Temple of Heaven east of the
    axis south of Qianmen; the Summer Palace far north-west."""
    square, museum = _pos("beijing-tiananmen-square"), _pos("beijing-national-museum")
    assert 0.002 <= museum[1] - square[1] <= 0.008 and abs(museum[0] - square[0]) <= 0.003
    heaven, qianmen = _pos("beijing-temple-of-heaven"), _pos("beijing-qianmen-street")
    assert heaven[0] < qianmen[0] and 0.008 <= heaven[1] - qianmen[1] <= 0.025


def test_shanghai_bund_faces_lujiazui_across_the_huangpu() -> None:
    """The Bund runs along the Huangpu's west bank: north of Yu Garden, south of the Garden
    Bridge, east of Nanjing Road and People's Square; Lujiazui's towers stand across the river,
    400–1600 m east of it."""
    bund, bridge = _pos("shanghai-the-bund"), _pos("shanghai-garden-bridge-north-bund")
    yu, road = _pos("shanghai-yu-garden"), _pos("shanghai-nanjing-road")
    assert yu[0] < bund[0] < bridge[0]
    assert road[1] < bund[1] and _pos("shanghai-museum-peoples-square")[1] < road[1]
    for tower in ("shanghai-oriental-pearl-tower", "shanghai-shanghai-tower"):
        east_m = (_pos(tower)[1] - bund[1]) * 95_000  # metres per degree of longitude at 31°N
        assert 400 <= east_m <= 1600, f"{tower}: {east_m:.0f} m east of the Bund"
    assert abs(bridge[1] - bund[1]) <= 0.003  # the bank runs north-south here


def test_hangzhou_sights_ring_west_lake() -> None:
    """The West Lake sights lie within 2.6 km of the lake's middle, on their known sides: the
    Broken Bridge and Baoshi Hill on the north shore, Leifeng Pagoda on the south, the Su
    Causeway west of the island Three Pools, Gushan between the Broken Bridge and the Yue Fei
    temple, Hubin (the city shore) east of all of them."""
    centre = (30.2445, 120.1435)
    ring = [
        "hangzhou-broken-bridge",
        "hangzhou-bai-causeway",
        "hangzhou-su-causeway",
        "hangzhou-three-pools",
        "hangzhou-leifeng-pagoda",
        "hangzhou-huagang",
        "hangzhou-quyuan",
        "hangzhou-gushan",
        "hangzhou-yue-fei-temple",
        "hangzhou-baochu-pagoda",
    ]
    far = {p: round(_metres(_pos(p), centre)) for p in ring if _metres(_pos(p), centre) > 2600}
    assert not far, far
    bridge, leifeng = _pos("hangzhou-broken-bridge"), _pos("hangzhou-leifeng-pagoda")
    assert leifeng[0] < _pos("hangzhou-three-pools")[0] < _pos("hangzhou-gushan")[0] < bridge[0]
    assert bridge[0] < _pos("hangzhou-baochu-pagoda")[0]
    assert _pos("hangzhou-su-causeway")[1] < _pos("hangzhou-three-pools")[1]
    assert _pos("hangzhou-yue-fei-temple")[1] < _pos("hangzhou-gushan")[1] < bridge[1]
    hubin = _pos("hangzhou-hubin-fountain")[1]
    assert all(_pos(p)[1] < hubin for p in ring)
    # The Broken Bridge, at the lake's north-east corner, lies 0.5-1.2 km west of the Hubin
    # fountain on the city shore (a GCJ-02 shift would put it some 450 m closer).
    west_m = (hubin - bridge[1]) * 96_000  # metres per degree of longitude at 30°N
    assert 500 <= west_m <= 1200, f"Broken Bridge {west_m:.0f} m west of Hubin"


@pytest.mark.parametrize(
    ("a", "b", "metres"),
    [
        ("nanjing-sun-yat-sen-mausoleum", "nanjing-ming-xiaoling", 3000),
        ("nanjing-sun-yat-sen-mausoleum", "nanjing-linggu-temple", 3000),
        ("nanjing-fuzimiao-qinhuai", "nanjing-jiangnan-examination-hall", 500),
        ("suzhou-humble-administrators-garden", "suzhou-museum", 500),
        ("suzhou-humble-administrators-garden", "suzhou-lion-grove", 700),
        ("chengdu-wuhou-shrine", "chengdu-jinli", 800),
        ("chengdu-kuanzhai-alley", "chengdu-peoples-park", 1800),
        ("chongqing-jiefangbei", "chongqing-hongyadong", 1200),
        ("wuhan-yellow-crane-tower", "wuhan-hubu-alley", 900),
        ("shenzhen-window-of-the-world", "shenzhen-splendid-china", 1500),
        ("shenzhen-window-of-the-world", "shenzhen-happy-valley", 1800),
        ("guangzhou-canton-tower", "guangzhou-huacheng-square", 2500),
    ],
)
def test_neighbouring_sights_are_neighbours(a: str, b: str, metres: float) -> None:
    assert _metres(_pos(a), _pos(b)) <= metres


def test_city_sides_of_rivers_and_lines() -> None:
    """Sides that a datum shift or a typo would flip."""
    # Nanjing: 中华门 south of 夫子庙, 总统府 north of it.
    assert _pos("nanjing-zhonghua-gate")[0] < _pos("nanjing-fuzimiao-qinhuai")[0]
    assert _pos("nanjing-presidential-palace")[0] > _pos("nanjing-fuzimiao-qinhuai")[0]
    # Guangzhou: the Canton Tower south of the Pearl River, Huacheng Square north of it;
    # Shamian south of Shangxiajiu.
    assert _pos("guangzhou-canton-tower")[0] < _pos("guangzhou-huacheng-square")[0]
    assert _pos("guangzhou-shamian")[0] < _pos("guangzhou-shangxiajiu")[0]
    # Wuhan: Hankou's riverside north of the Yellow Crane Tower (Wuchang).
    assert _pos("wuhan-hankou-riverside")[0] > _pos("wuhan-yellow-crane-tower")[0] + 0.02
    # Suzhou: Pingjiang Road east of Guanqian Street; Tiger Hill north-west of the old town.
    assert _pos("suzhou-pingjiang-road")[1] > _pos("suzhou-guanqian-street")[1]
    tiger, guanqian = _pos("suzhou-tiger-hill"), _pos("suzhou-guanqian-street")
    assert tiger[0] > guanqian[0] and tiger[1] < guanqian[1]
