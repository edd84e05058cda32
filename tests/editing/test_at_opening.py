"""A sight entered as it opens (「环球影城那天早上一开门就进园」, "get into Universal Studios as
soon as it opens"): its start set to its opening time that day (issue 14: not understood)."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Party, TripRequest
from engine.editing import SetStopTime, apply_edits
from engine.knowledge.base import KnowledgeBase
from engine.knowledge.hours import place_windows
from engine.planning import plan_trip
from engine.understanding.edits import parse_edits


@pytest.fixture(scope="module")
def universal(kb: KnowledgeBase) -> Itinerary:
    request = TripRequest(
        departure="shanghai", destinations=("beijing",), days=3, start_date=dt.date(2026, 12, 10),
        party=Party(adults=2), must_see=("beijing-universal",), lang="zh",
    )  # fmt: skip
    return plan_trip(request, kb, today=dt.date(2026, 12, 1)).model_copy(update={"id": 1})


@pytest.mark.parametrize(
    "said",
    ["环球影城那天早上一开门就进园", "北京环球度假区一开园就进去",
     "get into Universal Beijing Resort as soon as it opens"],
)  # fmt: skip
def test_a_sight_entered_at_opening(said: str, universal: Itinerary, kb: KnowledgeBase) -> None:
    day = next(d for d in universal.days for i in d.items if i.poi_id == "beijing-universal")
    place = kb.attraction("beijing-universal")
    assert place is not None
    opens = place_windows(place, day.date)[0][0]
    edits, rest = parse_edits(said, universal, kb)
    start = dt.time(opens // 60, opens % 60)
    assert edits == (SetStopTime(stop="beijing-universal", start=start),) and rest == (), said
    new = apply_edits(universal, edits, kb).itinerary
    visit = next(i for i in new.days[day.index - 1].items
                 if i.poi_id == "beijing-universal" and i.kind == ItemKind.ATTRACTION)  # fmt: skip
    assert visit.start == start


@pytest.fixture(scope="module")
def xiamen(kb: KnowledgeBase) -> Itinerary:
    request = TripRequest(
        departure="shanghai", destinations=("xiamen",), days=3, start_date=dt.date(2026, 12, 10),
        party=Party(adults=2), must_see=("xiamen-gulangyu",), lang="en",
    )  # fmt: skip
    return plan_trip(request, kb, today=dt.date(2026, 12, 1)).model_copy(update={"id": 1})


def test_a_sight_asked_for_its_sunset_is_timed_to_it(xiamen: Itinerary, kb: KnowledgeBase) -> None:
    """Issue 14: "Watch the sunset on Gulangyu on day 2" planned the whole trip again with a
    sunset wish, 鼓浪屿 at 08:10: the visit is timed to end just after sunset that day."""
    from engine.knowledge.sun import sun_times
    from engine.understanding.place_edits import AFTER_SUNSET_MIN

    day = next(d for d in xiamen.days for i in d.items if i.poi_id == "xiamen-gulangyu")
    item = next(i for i in day.items if i.poi_id == "xiamen-gulangyu"
                and i.kind == ItemKind.ATTRACTION)  # fmt: skip
    place = kb.attraction("xiamen-gulangyu")
    assert place is not None
    sunset = sun_times(place.lat, place.lon, day.date)[1]
    visit = (item.end.hour * 60 + item.end.minute) - (item.start.hour * 60 + item.start.minute)
    start = sunset + AFTER_SUNSET_MIN - visit
    for said in (f"Watch the sunset on Gulangyu on day {day.index}",
                 f"第{day.index}天在鼓浪屿看日落", f"day {day.index}: Gulangyu for the sunset"):  # fmt: skip
        edits, rest = parse_edits(said, xiamen, kb)
        expected = SetStopTime(stop="xiamen-gulangyu", start=dt.time(start // 60, start % 60),
                               make_room=True)  # fmt: skip
        assert edits == (expected,) and rest == (), (said, edits, rest)
