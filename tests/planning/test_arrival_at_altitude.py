"""Lhasa (about 3650 m): the day of arrival is a rest, said as such, and the altitude-sickness
wish names the plan's heights instead of claiming the knowledge base has none."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import TripRequest, Wish
from engine.knowledge.base import load_curated
from engine.planning import plan_trip

KB = load_curated()


def lhasa(**fields: object) -> Itinerary:
    base: dict[str, object] = {
        "destinations": ("lhasa",),
        "days": 4,
        "start_date": dt.date(2026, 10, 12),
        "departure": "shanghai",
    }
    base.update(fields)
    return plan_trip(TripRequest(**base), KB)  # type: ignore[arg-type]


def test_the_day_of_arrival_in_lhasa_is_a_rest_said_as_one() -> None:
    p = lhasa()
    first = p.days[0]
    assert any(i.kind == ItemKind.INTERCITY for i in first.items)
    assert not any(i.kind == ItemKind.ATTRACTION for i in first.items)
    free = [i for i in first.items if i.kind == ItemKind.FREE]
    assert free and all("适应海拔" in i.name for i in free)
    assert all("逛逛" not in (i.note or "") for i in free)  # no sight offered on a rest day
    assert any(i.kind == ItemKind.ATTRACTION for d in p.days[1:] for i in d.items)


def test_the_altitude_wish_names_the_heights() -> None:
    wish = Wish(kind="access", value="altitude", said="怕高反")
    p = lhasa(access=("altitude",), wishes=(wish,))
    assert p.feasibility is not None
    answer = next(w for w in p.feasibility.wishes if w.value == "altitude")
    text = answer.message + (answer.reason or "")
    assert "没有海拔数据" not in text
    assert "布达拉宫约3700米" in text and answer.status == "partly"
