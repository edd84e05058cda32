"""A sight wished at a part of the day is one row of 你的要求, not two: 「晚上去大唐不夜城逛逛」 was
read as a must-see and as an evening wish, and 「大唐不夜城 — 第1天19:12」 was said twice (bench
w2-08's said-once check)."""

from __future__ import annotations

from engine.planning import plan_trip
from engine.understanding import parse_request
from tests.helpers.plans import KB, SATURDAY


def test_an_evening_wish_for_a_named_sight_is_one_row() -> None:
    parsed = parse_request("西安玩三天，白天看兵马俑，晚上去大唐不夜城逛逛", KB, today=SATURDAY)
    assert parsed.request is not None, parsed.message()
    p = plan_trip(parsed.request, KB)
    assert p.feasibility is not None
    rows = [w for w in p.feasibility.wishes if w.value == "xian-datang-everbright"]
    assert [(w.kind, w.status) for w in rows] == [("evening", "honoured")], rows
    assert any(w.kind == "must_see" and w.value == "xian-terracotta-army"
               for w in p.feasibility.wishes)  # fmt: skip
