"""What a sunrise moment says about the cold: 「山顶清晨很冷」 only up a mountain — a lakeside
pier 3.5 km from 苍山 is no summit (it was told so, by a mountain's tag nearby)."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import Item, ItemKind, Itinerary
from tests.helpers.plans import plan


def dawns(p: Itinerary) -> list[Item]:
    return [i for d in p.days for i in d.items if i.kind is ItemKind.FREE and "日出" in i.name]


def test_a_lakeside_sunrise_is_not_told_the_summit_is_cold() -> None:
    p = plan(destinations=("dali",), days=3, departure=None, experiences=("sunrise",),
             start_date=dt.date(2027, 6, 5))  # fmt: skip
    seen = dawns(p)
    assert seen and all("码头" in i.name or "洱海" in i.name for i in seen), seen
    assert all("山顶" not in (i.note or "") for i in seen), [i.note for i in seen]


def test_a_summit_sunrise_is_told_the_top_is_cold() -> None:
    p = plan(destinations=("huangshan",), days=2, departure=None, experiences=("sunrise",),
             start_date=dt.date(2027, 6, 5))  # fmt: skip
    seen = dawns(p)
    assert seen and all("山顶清晨很冷" in (i.note or "") for i in seen), [i.note for i in seen]
