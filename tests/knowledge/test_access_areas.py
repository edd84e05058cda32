"""Car-free areas reached one way only (`AccessArea`): sourced, consistent with the places."""

from __future__ import annotations

import pydantic
import pytest

from engine.knowledge.base import load_curated
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import AccessArea, Destination
from engine.planning.access import area_at

KB = load_curated()
AREAS = [(d, a) for d in KB.destinations.values() for a in d.access_areas]


def test_gulangyu_is_a_car_free_island() -> None:
    xiamen = KB.destinations["xiamen"]
    island = area_at(xiamen, (24.4475, 118.067))
    assert island is not None and island.way == "ferry"
    assert area_at(xiamen, (24.4565, 118.0818)) is None, "中山路 is across the water"


@pytest.mark.parametrize(("destination", "area"), AREAS, ids=[a.id for _, a in AREAS])
def test_an_area_holds_its_landing_and_not_its_gate(
    destination: Destination, area: AccessArea
) -> None:
    gate = next(h for h in destination.hubs if h.id == area.gate)
    assert haversine_m(area.lat, area.lon, area.landing_lat, area.landing_lon) <= area.radius_m
    assert haversine_m(area.lat, area.lon, gate.lat, gate.lon) > area.radius_m
    assert area.source and area.confidence in ("verified", "curated", "estimated")
    assert area.as_of is not None


def test_a_gate_must_be_one_of_the_destinations_hubs() -> None:
    xiamen = KB.destinations["xiamen"]
    bad = xiamen.access_areas[0].model_copy(update={"gate": "xiamen-no-such-pier"})
    data = xiamen.model_dump()
    data["access_areas"] = [bad.model_dump()]
    with pytest.raises(pydantic.ValidationError, match="gates not among the hubs"):
        type(xiamen).model_validate(data)
