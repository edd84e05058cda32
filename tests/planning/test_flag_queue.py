"""The flag-raising on a public holiday allows for the security queue (issue 12, F41): 国庆 北京
had the family at 天安门广场 at 05:46 for a 06:11 flag, though on a holiday the checks start
about an hour before and the crowd is the year's largest; now about 2 hours early, said why.
An ordinary day keeps the short wait."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import Itinerary, clock_minutes
from engine.knowledge.sun import sun_times
from engine.planning.moments import FLAG_HOLIDAY_EARLY_MIN
from tests.helpers import plans
from tests.helpers.plans import KB


def _flag(start: dt.date) -> tuple[Itinerary, int, int, str]:
    """(plan, minutes from the moment's start to the flag, the flag's hour, the note)."""
    p = plans.plan(destinations=("beijing",), days=3, start_date=start,
                   experiences=("flag-raising",))  # fmt: skip
    for day in p.days:
        for item in day.items:
            if "升旗" in item.name or "Flag-raising" in item.name:
                square = KB.attraction("beijing-tiananmen-square")
                assert square is not None
                rise, _ = sun_times(square.lat, square.lon, day.date)
                return p, rise - clock_minutes(item.start), rise, item.note or ""
    raise AssertionError([i.name for d in p.days for i in d.items])


def test_on_national_day_the_family_is_there_two_hours_before_the_flag() -> None:
    _, early, _, note = _flag(dt.date(2027, 10, 1))
    assert early >= FLAG_HOLIDAY_EARLY_MIN - 15, early  # the square a short ride away
    assert "2小时" in note and "安检" in note, note


def test_on_an_ordinary_day_the_wait_stays_short() -> None:
    _, early, _, note = _flag(dt.date(2027, 10, 16))
    assert early <= 40, early
    assert "2小时" not in note, note
