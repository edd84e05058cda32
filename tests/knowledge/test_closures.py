"""Yearly closures: a whole closure empties the date's windows, a part closure does not."""

from __future__ import annotations

import datetime as dt

from engine.knowledge.hours import closure_on, part_closures_on, place_windows
from engine.knowledge.schema import Closure
from engine.knowledge.ticket_words import closure_text
from tests.helpers.synthetic_kb import attraction

MEMORIAL = Closure(start="12-01", end="12-06", note_zh="国家公祭日前闭馆布展")
WINTER = Closure(start="12-20", end="01-05")
CANYON = Closure(start="12-01", end="02-28", part_zh="西海大峡谷", part_en="West Sea Grand Canyon")


def test_a_yearly_closure_removes_the_date_inside_it_only() -> None:
    hall = attraction("n", 1, 32.0, 118.8, hours="Tu-Su 08:30-17:00", closures=(MEMORIAL,))
    assert place_windows(hall, dt.date(2026, 12, 3)) == ()
    assert closure_on(hall, dt.date(2026, 12, 3)) == MEMORIAL
    assert place_windows(hall, dt.date(2026, 12, 8)) == ((510, 1020),)  # a Tuesday after it
    assert place_windows(hall, dt.date(2026, 12, 7)) == ()  # Monday: the weekly closure still
    assert closure_on(hall, dt.date(2026, 12, 7)) is None


def test_a_closure_may_wrap_the_new_year() -> None:
    park = attraction("n", 2, 32.0, 118.8, closures=(WINTER,))
    assert place_windows(park, dt.date(2027, 1, 3)) == ()
    assert place_windows(park, dt.date(2026, 12, 25)) == ()
    assert place_windows(park, dt.date(2027, 1, 6)) == ((480, 1080),)


def test_a_part_closure_keeps_the_place_open() -> None:
    mountain = attraction("n", 3, 30.1, 118.1, closures=(CANYON,))
    winter, summer = dt.date(2026, 12, 12), dt.date(2026, 7, 12)
    assert place_windows(mountain, winter) == ((480, 1080),)
    assert part_closures_on(mountain, winter) == (CANYON,)
    assert part_closures_on(mountain, summer) == ()
    assert closure_text(CANYON, "zh") == "西海大峡谷每年12月1日–2月底关闭"
    assert closure_text(MEMORIAL, "zh") == "每年12月1日–12月6日闭馆（国家公祭日前闭馆布展）"
