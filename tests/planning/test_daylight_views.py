"""A sight whose point is a view is seen in daylight (issue 12): 景山 was visited at 19:02 on
a December evening, two hours after sunset, when the palace roofs below are dark. A night view
(太平山顶) keeps its evening."""

from __future__ import annotations

import datetime as dt

from engine.domain.itinerary import ItemKind
from engine.knowledge.sun import sun_times
from engine.planning.frames import DayFrame
from engine.planning.intercity import Point
from engine.planning.pace import profile
from engine.planning.visit_windows import DUSK_MIN, day_windows, daylight_view
from tests.helpers.plans import KB, plan

DECEMBER = dt.date(2026, 12, 5)


def _latest_end(destination: str, sight: str) -> tuple[int, int]:
    """(latest end of a visit the solver may plan, dusk) for `sight` on `DECEMBER`."""
    dest = KB.destinations[destination]
    place = next(a for a in dest.attractions if a.id == sight)
    lodging = dest.lodging[0]
    home = Point(lodging.name_zh, lodging.name_en, lodging.lat, lodging.lon, lodging.id)
    frame = DayFrame(0, DECEMBER, dest, profile("normal"), home, 7 * 60, home, 23 * 60, lodging)
    windows = day_windows(place, frame, place.visit_minutes, 0, 1440)
    dusk = sun_times(place.lat, place.lon, DECEMBER)[1] + DUSK_MIN
    return max(late for _, late in windows) + place.visit_minutes, dusk


def test_a_view_ends_by_dusk_and_a_night_view_may_go_on() -> None:
    end, dusk = _latest_end("beijing", "beijing-jingshan-park")
    jingshan = KB.attraction("beijing-jingshan-park")
    assert jingshan is not None and daylight_view(jingshan)
    assert end <= dusk
    end, dusk = _latest_end("hongkong", "hongkong-victoria-peak")  # sunset and night view
    assert end > dusk + 120


def test_jingshan_wished_in_december_is_seen_before_dark() -> None:
    p = plan(destinations=("beijing",), days=2, must_see=("beijing-jingshan-park",))
    day, visit = next((d, i) for d in p.days for i in d.items
                      if i.kind is ItemKind.ATTRACTION and i.poi_id == "beijing-jingshan-park")  # fmt: skip
    place = KB.attraction("beijing-jingshan-park")
    assert place is not None
    _, sunset = sun_times(place.lat, place.lon, day.date)
    assert visit.end.hour * 60 + visit.end.minute <= sunset + DUSK_MIN, visit
