"""「每天都想吃X」 is answered day by day: a fresh user's 「每天都想吃烤鸭」 read ✅ with duck on
three of five days."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind
from engine.knowledge.schema import Restaurant
from engine.planning import plan_trip
from engine.planning.candidates import serves
from engine.understanding import parse_request
from tests.helpers.plans import KB, SATURDAY


def test_a_food_wished_every_day_is_not_honoured_on_some_days_only() -> None:
    request = parse_request("从上海去北京玩5天，每天都想吃烤鸭", KB, today=SATURDAY).request
    assert request is not None
    wanted = next(f for f in request.food if f.every_day)
    p = plan_trip(request, KB)
    assert p.feasibility is not None
    row = next(w for w in p.feasibility.wishes if w.kind == "food")
    days_out = {d.index for d in p.days
                if any(i.kind is ItemKind.MEAL and i.meal in ("lunch", "dinner") and i.poi_id
                       for i in d.items)}  # fmt: skip
    served = {d.index for d in p.days for i in d.items
              if i.kind is ItemKind.MEAL and isinstance(r := KB.restaurant(i.poi_id or ""), Restaurant)
              and serves(r, wanted.cuisine)}  # fmt: skip
    if days_out <= served:
        assert row.status == "honoured", row
    else:
        assert row.status == "partly", row
        missing = sorted(days_out - served)
        assert f"第{missing[0]}" in row.message, (row.message, missing)
