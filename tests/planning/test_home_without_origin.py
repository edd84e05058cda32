"""A way home asked with no home said ("… then Shanghai for 2 days, fly home from Pudong"): the
plan has no flight home to show, and the wishes row says so and why (it was ✅ 「fly home: no
way home in this plan」, a tick for a flight that is not there)."""

from __future__ import annotations

from engine.planning import plan_trip
from engine.understanding import parse_request
from tests.helpers.plans import KB, SATURDAY


def test_fly_home_with_no_home_city_is_said_not_ticked() -> None:
    result = parse_request(
        "2 days in Beijing then bullet train to Shanghai for 2 days, fly home from Pudong",
        KB,
        today=SATURDAY,
    )
    assert result.request is not None, result.message()
    assert result.request.departure is None
    plan = plan_trip(result.request, KB)
    assert plan.home_leg() is None
    assert plan.feasibility is not None
    row = next(w for w in plan.feasibility.wishes if w.kind == "home_transport")
    assert row.status == "partly", row
    assert "day 4 in Shanghai" in row.message, row
    assert row.reason is not None and "no home city was said" in row.reason, row
