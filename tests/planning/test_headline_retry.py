"""A headline sight the first solve left out is planned when a second solve, with it required,
keeps everything else a traveller counts (`engine.planning.headline_retry`): 西安 in three days
from 广州 lit up 城墙 and 回民街 on the two evenings and left out 大唐不夜城, whose point is after
dark, although 回民街 or 城墙 by day and 大唐不夜城 by night fit."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind, clock_minutes
from engine.knowledge.sun import sun_times
from engine.planning.candidates import ScoredAttraction
from engine.planning.headline_retry import Seen, better, missing
from tests.helpers.plans import KB, plan

MARCH = dt.date(2026, 3, 7)


def test_xian_in_three_days_has_every_headline_and_the_night_street_after_dark() -> None:
    p = plan(destinations=("xian",), days=3, departure="guangzhou", start_date=MARCH)
    xian = KB.destinations["xian"]
    seen = {i.poi_id for d in p.days for i in d.items if i.kind == ItemKind.ATTRACTION}
    assert set(xian.headline) <= seen, set(xian.headline) - seen
    night = KB.attraction("xian-datang-everbright")
    assert night is not None
    day, visit = next((d, i) for d in p.days for i in d.items
                      if i.poi_id == night.id and i.kind == ItemKind.ATTRACTION)  # fmt: skip
    assert clock_minutes(visit.end) > sun_times(night.lat, night.lon, day.date)[1]
    for d in p.days[:-1]:  # lunch and dinner kept on the full days
        assert {i.meal for i in d.items if i.meal} >= {"lunch", "dinner"}, d.index


def _scored(*ids: str) -> list[ScoredAttraction]:
    places = [KB.attraction(i) for i in ids]
    return [ScoredAttraction(a, 1.0, False, headline=k)
            for k, a in enumerate(places) if a is not None]  # fmt: skip


def test_a_second_plan_is_kept_only_when_it_loses_no_headline_must_see_or_meal() -> None:
    scored = _scored("xian-city-wall", "xian-muslim-quarter", "xian-datang-everbright")
    first = Seen(frozenset({"xian-city-wall", "xian-muslim-quarter", "xian-bell-drum-tower"}), 4)
    all_three = frozenset({"xian-city-wall", "xian-muslim-quarter", "xian-datang-everbright"})
    named = frozenset({"xian-bell-drum-tower"})
    lit = frozenset({"xian-datang-everbright"})
    assert better(scored, first, Seen(all_three | named, 4, lit), must=named)
    assert not better(scored, first, Seen(all_three | named, 3, lit), must=named)  # a meal less
    assert not better(scored, first, Seen(all_three, 4, lit), must=named)  # the named sight went
    swapped = frozenset({"xian-city-wall", "xian-datang-everbright"}) | named
    assert not better(scored, first, Seen(swapped, 4, lit), must=named)  # a headline for another


def test_a_night_street_added_by_day_or_a_second_great_wall_is_no_gain() -> None:
    scored = _scored("xian-city-wall", "xian-datang-everbright")
    first = Seen(frozenset({"xian-city-wall"}), 4, lit=frozenset({"xian-city-wall"}))
    both = frozenset({"xian-city-wall", "xian-datang-everbright"})
    by_day = Seen(both, 4, lit=frozenset({"xian-city-wall"}))
    assert not better(scored, first, by_day, must=frozenset())  # 大唐不夜城 at 17:00
    lit = Seen(both, 4, lit=frozenset({"xian-datang-everbright"}))
    assert better(scored, first, lit, must=frozenset())  # the wall by day, the street lit
    walls = _scored("beijing-badaling", "beijing-mutianyu", "beijing-forbidden-city")
    named = Seen(frozenset({"beijing-mutianyu"}), 4)
    assert missing(walls, named, KB.destinations["beijing"]) == ["beijing-forbidden-city"]


def test_a_higher_headline_may_take_the_place_of_a_lower_one() -> None:
    """故宫 for 天安门广场 on a short trip for seniors: the model's own ranking decides."""
    scored = _scored("xian-city-wall", "xian-muslim-quarter", "xian-datang-everbright")
    lit = frozenset({"xian-datang-everbright"})
    first = Seen(frozenset({"xian-muslim-quarter", "xian-datang-everbright"}), 4, lit)
    second = Seen(frozenset({"xian-city-wall", "xian-datang-everbright"}), 4, lit)
    assert better(scored, first, second, must=frozenset())
    assert not better(scored, second, first, must=frozenset())
