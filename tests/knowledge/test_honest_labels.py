"""A `verified` label is true: every fact the record states was checked (issue 13).

`verified` means the price, hours, position and rules a traveller acts on were checked against
a cited source read on a given day. A record whose own `source` admits a fact it did not check —
"position: WGS-84 from memory, not checked", "hours estimated", "booking rule as before, not
checked" — is `curated`, not `verified` (`engine.knowledge.provenance.unchecked_admissions`
finds such clauses), and the schema refuses to load a verified place whose source has no read
date, does not say where its position comes from, or admits an unchecked fact
(`engine.knowledge.provenance.verified_gaps`).
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.knowledge.base import load_curated
from engine.knowledge.geo import haversine_m
from engine.knowledge.provenance import unchecked_admissions, verified_gaps
from engine.knowledge.schema import Attraction, Provenance, Restaurant

KB = load_curated()


def _records() -> list[tuple[str, Provenance]]:
    found: list[tuple[str, Provenance]] = []
    for d in KB.destinations.values():
        found.append((d.id, d))
        for kind in ("attractions", "restaurants", "lodging", "hubs", "access_areas"):
            found += [(getattr(r, "id", d.id), r) for r in getattr(d, kind)]
    return found + [(f"{link.a}-{link.b}", link) for link in KB.links]


@pytest.mark.parametrize(
    "source",
    [
        "verified 2026-12-01 against: cityzoom.no: free; position: WGS-84 from memory, not checked",
        "facts read 2026-12-01: free; hours estimated; position: Wikipedia geotag (read 2026-12-02)",
        "prices read 2026-12-01; booking rule as before, not checked",
        "prices read 2026-12-01; closing times as remembered (estimated)",
        "hours read 2026-12-01; the spring switch to summer hours is assumed to be 1 April",
        "price read 2026-12-01; position WGS-84 from memory, estimated (may be a few hundred metres off)",
        # "the earlier" speaks of the value still held, not of one replaced
        "per capita 153 read 2026-12-02; position WGS-84 still the earlier estimate from memory",
    ],
)
def test_a_source_admitting_an_unchecked_fact_is_found(source: str) -> None:
    assert unchecked_admissions(source)


@pytest.mark.parametrize(
    "source",
    [
        # checked later in the same clause
        "free; position: WGS-84 from memory, checked 2026-12-03 against triptipper.com: 93 m, kept",
        # a value the record no longer holds
        "hours read 2026-12-01; the 23:00 lights-off time was not confirmed and is dropped",
        "hours read 2026-12-01; the earlier closing 17:30 was not confirmed",
        "price read 2026-12-01; the note's 'about 40 (estimated)' is replaced",
        "a Plus Code converted GCJ-02 → WGS-84: 29.5229 N, 103.3373 E (was 29.5215, 103.335 from memory)",
    ],
)
def test_a_source_whose_facts_were_all_checked_admits_nothing(source: str) -> None:
    assert not unchecked_admissions(source)


def test_no_verified_record_admits_an_unchecked_fact() -> None:
    """灵隐寺, 洪崖洞, 解放碑 and 上海博物馆 said "position … from memory, not checked" while
    labelled verified; they, and every record like them, are curated until a page is read."""
    false_labels = [
        (rid, unchecked_admissions(r.source)[0][:80])
        for rid, r in _records()
        if r.confidence == "verified" and unchecked_admissions(r.source)
    ]
    assert not false_labels, false_labels


@pytest.mark.parametrize("poi_id", ["chongqing-hongyadong"])
def test_central_sights_with_unchecked_positions_are_curated(poi_id: str) -> None:
    a = KB.attraction(poi_id)
    assert a is not None and a.confidence == "curated"
    assert any("position" in clause for clause in unchecked_admissions(a.source))


def test_nanjing_road_stands_on_the_street_its_pages_place() -> None:
    """南京路步行街 stood 240 m south of the street (remembered, unchecked); the camera GPS of a
    2012 photo page (WGS-84) and a GCJ-02 map point converted agree within 41 m."""
    a = KB.attraction("shanghai-nanjing-road")
    assert a is not None and a.confidence == "verified"
    assert haversine_m(a.lat, a.lon, 31.23917, 121.47972) < 60
    assert haversine_m(a.lat, a.lon, 31.23940, 121.48006) < 80
    assert "checked 2026-12-03" in a.source and "yiningkarlli.com" in a.source


_CHECKED = (
    "price 40 and hours 08:00-17:00 read 2026-12-03 in example.org; position: WGS-84 from "
    "Wikipedia (infobox 30°00′N 120°00′E) (read 2026-12-03), record within 30 m, kept"
)


@pytest.mark.parametrize(
    ("source", "gap"),
    [
        ("price 40 and hours 08:00-17:00 read 2026-12-03 in example.org", "position"),
        (_CHECKED.replace("2026-12-03", "last week"), "date"),
        (_CHECKED.replace("(read 2026-12-03), record within 30 m, kept", "from memory, not checked"),
         "unchecked"),
    ],
)  # fmt: skip
def test_the_schema_refuses_a_verified_place_with_an_unchecked_fact(source: str, gap: str) -> None:
    """A `verified` label needs the position sourced too: 松鹤楼 was labelled verified while its
    source said "position WGS-84 still the earlier estimate from memory"."""
    base = KB.attraction("suzhou-humble-administrators-garden")
    assert base is not None
    record = base.model_dump() | {"source": _CHECKED}
    assert Attraction.model_validate(record).confidence == "verified"
    with pytest.raises(ValidationError, match=gap):
        Attraction.model_validate(record | {"source": source})
    assert Attraction.model_validate(record | {"source": source, "confidence": "curated"})
    assert any(gap in g for g in verified_gaps(source))


def test_a_restaurant_is_held_to_the_same_rule() -> None:
    found = KB.restaurant("suzhou-songhelou")
    assert found is not None and found.confidence == "curated"  # position remembered, not read
    with pytest.raises(ValidationError, match="unchecked"):
        Restaurant.model_validate(found.model_dump() | {"confidence": "verified"})


@pytest.mark.parametrize(
    ("poi_id", "lat", "lon", "within_m", "cited"),
    [
        # fr Wikipedia infobox 31°19′33″N 120°37′29″E (two mirrors)
        ("suzhou-humble-administrators-garden", 31.32583, 120.62472, 60, "frwiki.wiki"),
        # en Wikipedia's Gaode (GCJ-02) point 30.0033, 117.9905 converted to WGS-84
        ("huangshan-hongcun", 30.00584, 117.98529, 30, "source:Gaode"),
        # de Wikipedia 31° 13′ 49″ N, 121° 28′ 15″ O; the remembered point was its GCJ-02 form
        ("shanghai-museum-peoples-square", 31.23028, 121.47083, 30, "de-academic.com"),
        # de Wikipedia: the Feilaifeng carvings on the approach to the temple, same scenic area
        ("hangzhou-lingyin-temple", 30.24194, 120.09778, 150, "Feilaifeng-Felsskulpturen"),
        # de Wikipedia: the mausoleum, 32° 3′ 51,9″ N, 118° 50′ 53,8″ O
        ("nanjing-sun-yat-sen-mausoleum", 32.06442, 118.84827, 30, "de-academic.com"),
        # en Wikipedia (translated copy); de Wikipedia's point lies in Shanxi and is not used
        ("wuhan-hubei-museum", 30.56389, 114.35889, 30, "de.mgwiki.top"),
        # de Wikipedia: the Yunyan pagoda on the hill's top
        ("suzhou-tiger-hill", 31.33794, 120.57631, 30, "Pagode des Yunyan-Tempels"),
        # en Wikipedia (a copy) and aroundus agree
        ("guangzhou-chen-clan-academy", 23.12976, 113.2405, 30, "allglobal.net"),
    ],
)
def test_headline_sights_verified_with_a_read_position(
    poi_id: str, lat: float, lon: float, within_m: float, cited: str
) -> None:
    a = KB.attraction(poi_id)
    assert a is not None and a.confidence == "verified"
    assert haversine_m(a.lat, a.lon, lat, lon) < within_m
    assert cited in a.source and "2026-12-03" in a.source  # the day the page was read
