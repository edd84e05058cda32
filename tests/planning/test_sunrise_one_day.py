"""A sunrise wished on a mountain that a several-stop trip gives one day (issue 12): the plan
says why — the morning after the night there is spent moving on — and what helps (a day more
there), instead of claiming the place has no night or no sunrise spot; given that day, the night
is on the summit and the sunrise is seen."""

from __future__ import annotations

from engine.domain.itinerary import Itinerary
from engine.planning import plan_trip
from engine.understanding import parse_request
from tests.helpers.plans import KB, SATURDAY


def _sunrise(text: str):  # type: ignore[no-untyped-def]
    parsed = parse_request(text, KB, today=SATURDAY)
    assert parsed.request is not None, parsed.message()
    plan: Itinerary = plan_trip(parsed.request.model_copy(update={"start_date": SATURDAY}), KB)
    assert plan.feasibility is not None
    return next(w for w in plan.feasibility.wishes if "日出" in w.said)


def test_one_day_at_taishan_says_the_move_takes_the_sunrise_morning() -> None:
    row = _sunrise("从北京出发，爬泰山看日出，顺便去曲阜，两天")
    assert row.status == "not"
    why = row.reason or ""
    assert "泰山" in why and "只排了1天" in why, why
    assert "多留一天" in why


def test_a_second_day_at_taishan_sees_the_sunrise_from_the_summit() -> None:
    row = _sunrise("从北京出发，爬泰山看日出，顺便去曲阜，三天")
    assert row.status == "honoured", row.message
    assert "日观峰" in row.message and "山顶" in row.message
