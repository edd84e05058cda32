"""川西's passes and plateaus carry their heights (issue 13, kb2): 折多山垭口 about 4298 m, 海子山
about 4500 m, 塔公草原 about 3730 m, each read from a cited page — so a 康定 stay does not cross
the pass on the day one lands, and someone who fears altitude sickness is told the pass is left
out, with its height."""

from __future__ import annotations

import datetime as dt
import re

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import TripRequest, Wish
from engine.knowledge.base import load_curated
from engine.planning import plan_trip
from engine.planning.altitude import ACCLIMATISE_M

KB = load_curated()
#: The high points of the 318 road and the 稻城 plateau, and the destination each belongs to.
HIGH = {
    "kangding-zheduoshan": "kangding",
    "kangding-tagong-grassland": "kangding",
    "daocheng-yading-haizi-mountain": "daocheng-yading",
}


def kangding(**fields: object) -> Itinerary:
    base: dict[str, object] = {
        "destinations": ("kangding",),
        "days": 3,
        "start_date": dt.date(2026, 12, 5),
        "departure": "chengdu",
    }
    base.update(fields)
    return plan_trip(TripRequest(**base), KB)  # type: ignore[arg-type]


def sights(day_items: object) -> set[str]:
    return {i.poi_id for i in day_items if i.kind == ItemKind.ATTRACTION}  # type: ignore[attr-defined]


def test_each_high_point_has_a_height_read_from_a_source() -> None:
    for sight_id, dest_id in HIGH.items():
        a = next(a for a in KB.destinations[dest_id].attractions if a.id == sight_id)
        assert a.altitude_m is not None and a.altitude_m >= ACCLIMATISE_M, sight_id
        said = re.search(rf"altitude_m {a.altitude_m} \(read (20\d\d-\d\d-\d\d)\)", a.source)
        assert said, f"{sight_id}: the source does not say where {a.altitude_m} m was read"


def test_the_pass_is_not_crossed_on_the_day_of_arrival() -> None:
    p = kangding()
    assert not sights(p.days[0].items) & {"kangding-zheduoshan", "kangding-tagong-grassland"}
    later = set().union(*(sights(d.items) for d in p.days[1:]))
    assert later, "the stay's later days hold sights"


def test_someone_who_fears_altitude_is_told_the_pass_is_left_out_with_its_height() -> None:
    wish = Wish(kind="access", value="altitude", said="怕高反")
    p = kangding(access=("altitude",), wishes=(wish,))
    assert "kangding-zheduoshan" not in set().union(*(sights(d.items) for d in p.days))
    assert p.feasibility is not None
    answer = next(w for w in p.feasibility.wishes if w.value == "altitude")
    text = answer.message + (answer.reason or "")
    assert "折多山垭口（约4298米）" in text
