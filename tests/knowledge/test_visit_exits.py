"""One-way visits (`Attraction.exit`): the exit lies where the record says, the way back is a hub."""

from __future__ import annotations

import pydantic
import pytest

from engine.knowledge.base import load_curated
from engine.knowledge.geo import haversine_m
from engine.knowledge.schema import Attraction, Destination

KB = load_curated()
EXITS = [(d, a) for d in KB.destinations.values() for a in d.attractions if a.exit is not None]


def test_the_one_way_rides_are_modelled() -> None:
    assert {a.id for _, a in EXITS} >= {"guilin-li-river-cruise", "wuyishan-nine-bend-rafting"}


@pytest.mark.parametrize(("destination", "place"), EXITS, ids=[a.id for _, a in EXITS])
def test_an_exit_is_elsewhere_and_in_the_town_it_names(
    destination: Destination, place: Attraction
) -> None:
    exit_ = place.exit
    assert exit_ is not None
    assert haversine_m(place.lat, place.lon, exit_.lat, exit_.lon) > 1000  # not where it starts
    town = KB.destinations[exit_.destination] if exit_.destination else destination
    assert haversine_m(town.lat, town.lon, exit_.lat, exit_.lon) <= town.radius_km * 1000
    if exit_.back_hub is not None:
        assert exit_.back_minutes > 0 and exit_.back_zh and exit_.back_en
    assert "land" in place.source or "ends" in place.source  # where it comes out is sourced


def test_a_way_back_must_reach_one_of_the_destinations_hubs() -> None:
    guilin = KB.destinations["guilin"]
    data = guilin.model_dump()
    cruise = next(a for a in data["attractions"] if a["id"] == "guilin-li-river-cruise")
    cruise["exit"]["back_hub"] = "guilin-no-such-station"
    with pytest.raises(pydantic.ValidationError, match="exit hubs"):
        Destination.model_validate(data)
