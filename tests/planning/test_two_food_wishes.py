"""Two food wishes for the same meals: one moves to lunch so both are eaten. 「周末去潮汕…想吃牛肉
火锅和生腌」 put 火锅 at 汕头's one dinner; the 生腌 house opens at 17:00, so 生腌 was refused —
with a false reason, 「离每天的行程太远」, though it is 1 km from the hotpot."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind
from engine.knowledge.schema import Restaurant
from engine.planning import plan_trip
from engine.planning.candidates import serves
from engine.understanding import parse_request
from tests.helpers.plans import KB, SATURDAY


def test_a_wish_said_without_a_meal_takes_lunch_when_another_needs_the_dinner() -> None:
    parsed = parse_request("周末从深圳去潮汕吃吃吃，两天，想吃牛肉火锅和生腌", KB, today=SATURDAY)
    assert parsed.request is not None, parsed.message()
    request = parsed.request
    assert len(request.food) >= 2 and all(f.meal is None for f in request.food)
    p = plan_trip(request, KB)
    assert p.feasibility is not None
    eaten = [(i.meal, r) for d in p.days for i in d.items if i.kind is ItemKind.MEAL
             and isinstance(r := KB.restaurant(i.poi_id or ""), Restaurant)]  # fmt: skip
    for wish in request.food:
        assert any(serves(r, wish.cuisine) for _, r in eaten), wish
    rows = [w for w in p.feasibility.wishes if w.kind == "food"]
    assert rows and all(w.status == "honoured" for w in rows), rows
    # 火锅 is still a dinner when nothing else needs one
    single = parse_request("周末从深圳去汕头两天，想吃牛肉火锅", KB, today=SATURDAY).request
    assert single is not None
    hotpot = plan_trip(single, KB)
    meals = [i.meal for d in hotpot.days for i in d.items if i.kind is ItemKind.MEAL
             and isinstance(r := KB.restaurant(i.poi_id or ""), Restaurant) and "hotpot" in r.cuisines]  # fmt: skip
    assert meals == ["dinner"], meals
