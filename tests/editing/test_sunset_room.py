"""A stop timed for the sunset makes room: the sight after it that no longer fits moves to
another day or is left out, said so ("watch the sunset on Gulangyu on day 2" was refused
because 曾厝垵 no longer fitted after it, offering a start that missed the sunset)."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import ItemKind, Itinerary, clock_minutes
from engine.domain.request import Party, TripRequest
from engine.editing import EditRefused, SetStopTime, apply_edits
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.sun import sun_times
from engine.planning import plan_trip
from engine.understanding.edits import parse_edits
from tests.editing.conftest import START, stops

GULANGYU = "xiamen-gulangyu"


@pytest.fixture(scope="module")
def xiamen(kb: KnowledgeBase) -> Itinerary:
    request = TripRequest(departure="shanghai", destinations=("xiamen",), days=3,
                          start_date=START, party=Party(adults=1), lang="en")  # fmt: skip
    plan = plan_trip(request, kb, today=dt.date(2026, 12, 1)).model_copy(update={"id": 1})
    assert GULANGYU in stops(plan, 2)
    return plan


def test_the_sunset_on_gulangyu_moves_or_drops_the_sight_that_blocks_it(
    xiamen: Itinerary, kb: KnowledgeBase
) -> None:
    edits, rest = parse_edits("Watch the sunset on Gulangyu on day 2", xiamen, kb)
    assert len(edits) == 1 and not rest
    edit = edits[0]
    assert isinstance(edit, SetStopTime) and edit.stop == GULANGYU and edit.make_room
    plain = edit.model_copy(update={"make_room": False})
    with pytest.raises(EditRefused):  # the day cannot hold all its sights with the sunset
        apply_edits(xiamen, [plain], kb)
    result = apply_edits(xiamen, [edit], kb)
    new = result.itinerary
    day = new.days[1]
    island = next(i for i in day.items if i.poi_id == GULANGYU and i.kind == ItemKind.ATTRACTION)
    place = kb.place(GULANGYU)
    assert place is not None
    sunset = sun_times(place.lat, place.lon, day.date)[1]
    assert clock_minutes(island.start) <= sunset <= clock_minutes(island.end)  # seen there
    before = {i.poi_id for i in xiamen.days[1].items if i.kind == ItemKind.ATTRACTION}
    after = {i.poi_id for i in day.items if i.kind == ItemKind.ATTRACTION}
    gone = before - after
    assert len(gone) == 1, gone  # one sight made room …
    (blocker,) = gone
    name = kb.place(str(blocker))
    assert name is not None
    said = " ".join(en for _, en in (*result.notes, *result.warnings))
    assert f"{name.name_en} no longer fits day 2" in said, said  # … and it is said where to
    elsewhere = [d.index for d in new.days if blocker in stops(new, d.index)]
    assert ("moved to day" in said) == bool(elsewhere)
    assert new.feasibility is not None and new.feasibility.passed
