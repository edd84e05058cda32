"""A sight whose point is a show at set times (西湖音乐喷泉, one show a night at 19:30) is visited
for a show — there a little before it starts — and its row says when the show starts, or that
the visit misses it (「错过表演时间」) when it is kept at another hour."""

from __future__ import annotations

import datetime as dt

import pytest
from pydantic import ValidationError

from engine.domain.itinerary import Day, Item, ItemKind, Itinerary, clock_minutes
from engine.domain.request import TripRequest
from engine.guide.writer import write_guide
from engine.knowledge.base import load_curated
from engine.knowledge.schema import ShowTimes
from engine.knowledge.shows import SHOW_EARLY_MAX, SHOW_EARLY_MIN, show_line, starts_on
from engine.planning import plan_trip

KB = load_curated()
FOUNTAIN = "hangzhou-hubin-fountain"
DECEMBER = dt.date(2026, 12, 5)


def _fountain_plan(lang: str) -> tuple[Itinerary, Day, Item]:
    request = TripRequest(destinations=("hangzhou",), days=3, start_date=DECEMBER, lang=lang,
                          must_see=(FOUNTAIN,))  # fmt: skip
    plan = plan_trip(request, KB)
    visits = [(d, i) for d in plan.days for i in d.items
              if i.kind == ItemKind.ATTRACTION and i.poi_id == FOUNTAIN]  # fmt: skip
    assert len(visits) == 1, "the fountain named is visited once"
    day, visit = visits[0]
    return plan, day, visit


def test_the_fountain_is_visited_for_its_show_and_the_row_says_when() -> None:
    plan, day, visit = _fountain_plan("zh")
    place = KB.attraction(FOUNTAIN)
    assert place is not None
    (show, _), *_ = starts_on(place, day.date)
    assert show == 19 * 60 + 30  # the sourced show time
    start, end = clock_minutes(visit.start), clock_minutes(visit.end)
    assert show - SHOW_EARLY_MAX <= start <= show - SHOW_EARLY_MIN, (visit.start, visit.end)
    assert end > show + 10
    markdown = write_guide(plan, KB).markdown
    assert "表演19:30开始" in markdown
    assert "错过表演时间" not in markdown


def test_an_english_row_says_the_show_time_too() -> None:
    plan, _day, _visit = _fountain_plan("en")
    assert "The show starts at 19:30" in write_guide(plan, KB).markdown


def test_a_visit_kept_at_another_hour_says_it_misses_the_show() -> None:
    place = KB.attraction(FOUNTAIN)
    assert place is not None
    line = show_line(place, DECEMBER, 20 * 60 + 24, 20 * 60 + 54, "zh")
    assert line.startswith("错过表演时间") and "19:30" in line, line
    seen = show_line(place, DECEMBER, 19 * 60 + 20, 19 * 60 + 50, "zh")
    assert seen.startswith("表演19:30开始") and "提前10分钟到" in seen, seen


def test_a_show_season_limits_the_days_it_plays() -> None:
    place = KB.attraction(FOUNTAIN)
    assert place is not None
    summer = place.model_copy(
        update={
            "shows": (ShowTimes(times=("20:00", "21:00"), minutes=15, start="06-01", end="09-30"),)
        }
    )
    assert starts_on(summer, dt.date(2026, 7, 1)) == [(1200, 1215), (1260, 1275)]
    assert starts_on(summer, DECEMBER) == []
    assert show_line(summer, DECEMBER, 1190, 1220, "zh").startswith("当天没有表演")


def test_show_times_are_checked_and_sourced() -> None:
    with pytest.raises(ValidationError):
        ShowTimes(times=("7:30",), minutes=20)
    with pytest.raises(ValidationError):
        ShowTimes(times=("20:00", "19:00"), minutes=20)
    with pytest.raises(ValidationError):
        ShowTimes(times=("19:00",), minutes=20, start="06-01")
    place = KB.attraction(FOUNTAIN)
    assert place is not None and len(place.shows_source) > 10
    data = place.model_dump() | {"shows_source": ""}
    with pytest.raises(ValidationError):
        type(place).model_validate(data)
