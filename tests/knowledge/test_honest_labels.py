"""A `verified` label is true: every fact the record states was checked (issue 13).

`verified` means the price, hours, position and rules a traveller acts on were checked against
a cited source read on a given day (/work/wt/KBVERIFY.md). A record whose own `source` admits a
fact it did not check — "position: WGS-84 from memory, not checked", "hours estimated",
"booking rule as before, not checked" — is `curated`, not `verified`
(`bench.kb_facts.unchecked_admissions` finds such clauses).
"""

from __future__ import annotations

import pytest

from bench.kb_facts import unchecked_admissions
from engine.knowledge.base import load_curated
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Provenance

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


@pytest.mark.parametrize(
    "poi_id", ["hangzhou-lingyin-temple", "chongqing-hongyadong", "chongqing-jiefangbei",
               "shanghai-museum-peoples-square"],
)  # fmt: skip
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
