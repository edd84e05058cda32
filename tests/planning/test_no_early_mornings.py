"""「不想早起」 / "I hate early mornings" (issue 12): days set out at the hour wished — the leg
out too — and the report says so, or which day starts early and why."""

from __future__ import annotations

from engine.domain.itinerary import Itinerary
from engine.domain.request import Wish
from engine.planning.wish_hours import setting_out
from tests.helpers import plans

LATE = 9 * 60 + 30


def _late(**fields: object) -> Itinerary:
    wish = Wish(kind="day_start", value="09:30", said="不想早起")
    return plans.plan(earliest_start=LATE, wishes=(wish,), **fields)


def _starts(p: Itinerary) -> list[int]:
    return [out[0] for d in p.days if (out := setting_out(d)) is not None]


def test_every_day_and_the_flight_out_set_out_after_half_past_nine() -> None:
    usual = plans.plan(destinations=("beijing",), days=3)
    assert min(_starts(usual)) < LATE  # the usual plan has early starts to move
    p = _late(destinations=("beijing",), days=3)
    starts = _starts(p)
    assert len(starts) == 3 and min(starts) >= LATE, starts
    assert p.feasibility is not None and p.feasibility.passed
    (row,) = [w for w in p.feasibility.wishes if w.kind == "day_start"]
    assert row.status == "honoured" and "09:30" in row.message


def test_a_mountain_that_needs_the_morning_starts_early_and_the_report_says_so() -> None:
    p = _late(destinations=("huangshan",), days=2, departure=None,
              must_see=("huangshan-scenic-area",))  # fmt: skip
    assert any(i.poi_id == "huangshan-scenic-area" for d in p.days for i in d.items), (
        "the mountain is not dropped for a late start"
    )
    assert p.feasibility is not None
    (row,) = [w for w in p.feasibility.wishes if w.kind == "day_start"]
    assert row.status == "partly"
    assert "黄山" in row.message and row.reason and "黄山" in row.reason
    late_days = [s for s in _starts(p) if s >= LATE]
    assert late_days, "the other day still sleeps in"
