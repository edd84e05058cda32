"""With a young child every day ends back by 21:00 (`frames.KIDS_BACK_BY`), the last one too:
the way home arrives by `frames.KIDS_HOME_ARRIVAL` (20:30) where a service allows, and the
party row says it when none does."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Party, Wish
from engine.planning.frames import KIDS_HOME_ARRIVAL
from engine.planning.wish_party import party as party_row
from tests.helpers.plans import KB, plan

CHILD = Party(adults=1, children=1, child_ages=(6,))


def _home_leg(p: Itinerary):  # type: ignore[no-untyped-def]
    legs = [i for i in p.days[-1].items if i.kind is ItemKind.INTERCITY]
    assert legs, [i.name for i in p.days[-1].items]
    return legs[-1]


def _minutes(t: dt.time) -> int:
    return t.hour * 60 + t.minute


def test_the_way_home_with_a_six_year_old_arrives_before_bedtime() -> None:
    grown = plan(destinations=("xian",), departure="beijing", days=3, party=Party(adults=2))
    assert _minutes(_home_leg(grown).end) > KIDS_HOME_ARRIVAL  # grown-ups come home later
    p = plan(destinations=("xian",), departure="beijing", days=3, party=CHILD)
    home = _home_leg(p)
    assert _minutes(home.end) <= KIDS_HOME_ARRIVAL, home
    row = party_row(Wish(kind="party", value="1+1", said="带6岁孩子"), p, KB)
    assert "21:00前回到住处" in row.message and "晚于孩子" not in row.message


def test_a_way_home_that_cannot_arrive_in_time_is_said() -> None:
    p = plan(destinations=("xian",), departure="beijing", days=3, party=CHILD)
    home = _home_leg(p)
    late = home.model_copy(update={"start": dt.time(17, 16), "end": dt.time(21, 40)})
    last = p.days[-1]
    items = tuple(late if i is home else i for i in last.items)
    days = (*p.days[:-1], last.model_copy(update={"items": items}))
    wish = Wish(kind="party", value="1+1", said="带6岁孩子")
    row = party_row(wish, p.model_copy(update={"days": days}), KB)
    assert "回程21:40才到" in row.message and "晚于孩子21:00的作息" in row.message


def test_grown_ups_keep_a_late_service_home_beside_a_night_train() -> None:
    """The bedtime rule is the children's: for adults a timetabled service arriving at 23:00 stays
    a way home (a 3-day 成都→北京 trip went home by a night train leaving day 2 at 16:43 — the last
    evening and its dinner gone — instead of the day-3 flight it had); with a young child the
    late service is kept only when nothing arrives in time."""
    from engine.domain.request import Pace
    from engine.planning import legs
    from engine.planning.frames import LATEST_HOME_ARRIVAL
    from tests.planning.test_overnight import option, profile

    pace = profile(Pace.NORMAL)
    late = option("D1", "20:15", 165, 900)  # a timetabled service arriving 23:00
    sleeper = option("Z2", "20:00", 720, 150)  # arrives 08:00 the next morning
    grown = legs.home_legs([late, sleeper], pace, home_by=LATEST_HOME_ARRIVAL)
    assert [leg.option.service for leg in grown] == ["D1", "Z2"]
    young = legs.home_legs([late, sleeper], pace, home_by=KIDS_HOME_ARRIVAL)
    assert [leg.option.service for leg in young] == ["Z2"]
    assert [leg.option.service for leg in legs.home_legs([late], pace,
                                                         home_by=KIDS_HOME_ARRIVAL)] == ["D1"]  # fmt: skip
