"""「不想早起」 / "I hate early mornings" (issue 12): days set out at the hour wished — the leg
out too — and the report says so, or which day starts early and why."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, Itinerary
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


def test_a_morning_sight_is_first_thing_for_a_late_riser() -> None:
    """「每天10点以后再出门」 in 成都: the pandas (best in the morning) are the first stop of a
    day, not left out because 10:30 cannot be reached."""
    wish = Wish(kind="day_start", value="10:00", said="10点以后再出门")
    p = plans.plan(destinations=("chengdu",), days=3, departure=None,
                   earliest_start=600, wishes=(wish,))  # fmt: skip
    pandas = [(d, i) for d in p.days for i in d.items
              if i.kind is ItemKind.ATTRACTION and i.poi_id == "chengdu-panda-base"]  # fmt: skip
    assert pandas, "the pandas are left out"
    day, visit = pandas[0]
    assert min(_starts(p)) >= 600
    first = next(i for i in day.items if i.kind is ItemKind.ATTRACTION)
    assert first is visit
