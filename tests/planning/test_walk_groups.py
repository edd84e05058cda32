"""Sights one walk from a headline sight's gates are seen on its day (`walk_groups`): 天安门城楼,
570 m from 故宫's 午门, on 故宫's day, not on a day of its own."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, Itinerary
from engine.knowledge.schema import Attraction
from engine.planning.walk_groups import _walk
from tests.helpers import plans
from tests.helpers.plans import KB


def day_of(p: Itinerary, poi: str) -> int | None:
    return next((d.index for d in p.days for i in d.items
                 if i.kind is ItemKind.ATTRACTION and i.poi_id == poi), None)  # fmt: skip


def test_the_gate_in_front_of_the_palace_is_seen_on_its_day() -> None:
    p = plans.plan(destinations=("beijing",), days=4, departure=None)
    palace = day_of(p, "beijing-forbidden-city")
    assert palace is not None
    assert day_of(p, "beijing-tiananmen-rostrum") == palace  # not a day of its own (tester)


def test_one_walk_is_measured_from_the_gates_not_only_the_centre() -> None:
    palace, rostrum = (
        KB.attraction("beijing-forbidden-city"),
        KB.attraction("beijing-tiananmen-rostrum"),
    )
    assert isinstance(palace, Attraction) and isinstance(rostrum, Attraction)
    assert _walk(palace, rostrum)  # 570 m from 午门, 1 km from the palace's centre
    gateless = palace.model_copy(update={"highlights": ()})
    assert not _walk(gateless, rostrum)
    temple = KB.attraction("beijing-temple-of-heaven")
    assert isinstance(temple, Attraction) and not _walk(palace, temple)
